#!/bin/sh
# t-python.sh -- the Python binding's tests (python/tests, pytest) as TAP, one
# line per test, against this build's library and program.  Skips, visibly,
# when no Python 3 with pytest is found.
srcdir=${srcdir:-$(dirname "$0")/../..}
L=${LEAKPROOF:-$(dirname "$0")/../../src/leakproof}
builddir=${LP_BUILDDIR:-$(cd "$(dirname "$L")/.." && pwd)}
top_srcdir=$(cd "$srcdir" && pwd)

. "$srcdir/tests/python-env.sh"
# configure's Python first, then the system's: the first one with pytest
python=$(python_with pytest)
if [ -z "$python" ]; then
    echo "1..0 # SKIP no Python 3 with pytest (Debian: python3-pytest)"
    exit 0
fi

library=$builddir/src/.libs/libleakproof.so
if [ ! -f "$library" ]; then
    echo "1..1"
    echo "not ok 1 - the shared library $library was not built"
    exit 0
fi

python_sanitizer_env "$library"

tap=$(mktemp)
log=$(mktemp)
trap 'rm -f "$tap" "$log"' EXIT
# pytest's own report goes to the log (shown as TAP comments); the cache would
# write into the source tree
LEAKPROOF_TAP=$tap LEAKPROOF_LIBRARY=$library LEAKPROOF=$L \
PYTHONPATH=$top_srcdir/python${PYTHONPATH:+:$PYTHONPATH} PYTHONDONTWRITEBYTECODE=1 \
    "$python" -m pytest -p no:cacheprovider -q -rs "$top_srcdir/python/tests" >"$log" 2>&1
status=$?
if [ -s "$tap" ]; then
    cat "$tap"
else
    echo "1..1"
    echo "not ok 1 - pytest wrote no results (exit status $status)"
fi
sed 's/^/# /' "$log"
exit 0
