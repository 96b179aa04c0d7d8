#!/bin/sh
# t-fmnist.sh -- Biswas et al.'s Section IV-A experiment at its own setting on Fashion-MNIST
# (tests/papers/t-fmnist.py: a 13,691-parameter network, one image's gradient clipped to 1 and
# released through the Gaussian and the VMF mechanisms at the paper's 9 epsilons, the Inverting
# Gradients attack, the MSE against leakproof's Bayes capacity).  Not in make check (about 30 s of
# CPU): make verify runs it as make check would (check-TESTS TESTS=tests/papers/t-fmnist.sh, no check
# program built; `make check TESTS=tests/papers/t-fmnist.sh` by hand), so that its log is the
# one leakproof claims and make report read; LP_FMNIST_SIZE=full (make verify-long) runs IG's 4800
# iterations on 100 images.  TAP; skipped with the reason when no Python 3 with numpy and torch
# (Debian: python3-torch) or no Fashion-MNIST (Debian: dataset-fashion-mnist) is found;
# LP_FMNIST_DIR names another copy of the four idx files.
srcdir=${srcdir:-$(dirname "$0")/../..}
top_srcdir=$(cd "$srcdir" && pwd)
L=${LEAKPROOF:-$top_srcdir/src/leakproof}
builddir=${LP_BUILDDIR:-$(cd "$(dirname "$L")/.." && pwd)}
library=$builddir/src/.libs/libleakproof.so

. "$top_srcdir/tests/python-env.sh"
python=$(python_with numpy,torch)
if [ -z "$python" ]; then
    echo "1..0 # SKIP no Python 3 with numpy and torch (Debian: python3-numpy python3-torch)"
    exit 0
fi
if [ -z "${LP_FMNIST_DIR:-}" ]; then
    images=$(dpkg -L dataset-fashion-mnist 2>/dev/null | grep '/t10k-images-idx3-ubyte\.gz$' | head -n 1)
    LP_FMNIST_DIR=$(dirname "${images:-/nonexistent/x}")
fi
for f in t10k-images-idx3-ubyte.gz t10k-labels-idx1-ubyte.gz; do
    if [ ! -r "$LP_FMNIST_DIR/$f" ]; then
        echo "1..0 # SKIP no Fashion-MNIST ($LP_FMNIST_DIR/$f; Debian: dataset-fashion-mnist)"
        exit 0
    fi
done
if [ ! -f "$library" ]; then
    echo "1..1"
    echo "not ok 1 - the shared library $library was not built"
    exit 0
fi
python_sanitizer_env "$library"
# glibc's malloc hands the attack's large tensors back to the kernel and takes them again every
# iteration (mmap above 128 KiB, trimmed at the top): 12 s of system time zeroing pages in a
# 33 s run; kept in the process instead, 0.6 s (the results are the same)
MALLOC_MMAP_THRESHOLD_=2000000000 MALLOC_TRIM_THRESHOLD_=4000000000 MALLOC_TOP_PAD_=536870912
export MALLOC_MMAP_THRESHOLD_ MALLOC_TRIM_THRESHOLD_ MALLOC_TOP_PAD_
LP_FMNIST_DIR=$LP_FMNIST_DIR LEAKPROOF_LIBRARY=$library \
PYTHONPATH=$top_srcdir/python${PYTHONPATH:+:$PYTHONPATH} PYTHONDONTWRITEBYTECODE=1 \
    exec "$python" "$top_srcdir/tests/papers/t-fmnist.py"
