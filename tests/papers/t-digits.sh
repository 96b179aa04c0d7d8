#!/bin/sh
# t-digits.sh -- the claims that need a trained model and an attack, as small CPU experiments on
# scikit-learn's 8x8 digits (tests/papers/t-digits.py: Tan et al.'s Figs. 9, 11, 12, 15, 16 and
# Section 6.2, Balunovic et al.'s Fig. 7, Soteria and ATS).  make check runs the small size (a few
# seconds); make verify LP_DIGITS_FULL=1 (more seeds, longer training).  TAP; skipped with the
# reason when no Python 3 with numpy and scikit-learn is found (Debian: python3-numpy,
# python3-sklearn).
top=$(cd "$(dirname "$0")/../.." && pwd)
for py in "${PYTHON:-}" /usr/bin/python3 python3; do
    [ -n "$py" ] && [ "$py" != : ] || continue
    if "$py" -c 'import numpy, sklearn.datasets' >/dev/null 2>&1; then
        exec "$py" "$top/tests/papers/t-digits.py"
    fi
done
echo "1..0 # SKIP no Python 3 with numpy and scikit-learn (Debian: python3-numpy python3-sklearn)"
