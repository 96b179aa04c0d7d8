#!/bin/bash
# t-host.sh -- the program in a hostile environment (issue 21): a thread count
# from the environment beyond what libgomp survives, a memory limit, a reader
# that goes away with SIGPIPE ignored, and valgrind on the personalized channel.
. "$(dirname "$0")/../cli-lib.sh"
srcdir=${srcdir:-$(dirname "$0")/../..}
builddir=$(cd "$(dirname "$L")/.." && pwd)
# a sanitizer build reserves terabytes of address space: no memory limit there
sanitized=$(ldd "$builddir/src/.libs/leakproof" 2>/dev/null | grep -c -E 'lib(asan|tsan)')

# OMP_NUM_THREADS=100000 crashed libgomp (from 65,410 threads up): capped as --threads
OMP_NUM_THREADS=100000 timeout 120 "$L" mc gauss --p 6 --sigma 0.8 --radius 1.2 --samples 300000 --seed 77 --json \
    >"$out" 2>"$err"; rc=$?
grep -q '"threads":1024' "$out"
ok $(( rc != 0 || $? != 0 )) "OMP_NUM_THREADS=100000 mc: exit $rc, threads capped at 1024 ($(grep -o '"threads":[0-9]*' "$out"))"

# out of memory: exit 4, one line on stderr, nothing on stdout -- never FLINT's
# "Exception" on stdout and an abort.  The limit is walked up from the least
# at which the program starts, so the allocations fail at many points.
if [ "$sanitized" -gt 0 ]; then
    echo "ok $((n += 1)) # SKIP out of memory: a sanitizer build cannot run under ulimit -v"
else
    bin=$builddir/src/.libs/leakproof
    [ -x "$bin" ] || bin=$builddir/src/leakproof
    bad_runs="" fours=0 zeros=0 loads=0
    for kb in $(seq 8000 1000 120000); do
        (ulimit -v "$kb"; LD_LIBRARY_PATH="$builddir/src/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
            exec "$bin" eval gauss --p 2147483647 --sigma 1 --radius 1 --digits 1000 --json) >"$out" 2>"$err"
        rc=$?
        if [ "$rc" -eq 127 ] && grep -q "error while loading" "$err"; then loads=$((loads + 1))   # too little to start
        # libgomp's own start-up (its constructor, before main: `leakproof
        # --version` fails the same way at that limit) failing to allocate:
        # the runtime could not start either, nothing of leakproof ran
        elif [ "$rc" -eq 1 ] && [ ! -s "$out" ] && [ "$(tr -d '\n' <"$err")" = "libgomp: Out of memory allocating 8 bytes" ]; then loads=$((loads + 1))
        elif [ "$rc" -eq 4 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ]; then fours=$((fours + 1))
        elif [ "$rc" -eq 0 ] && grep -q '"certified":true' "$out"; then zeros=$((zeros + 1)); break
        else bad_runs="$bad_runs [ulimit -v $kb: exit $rc, stdout '$(head -c 80 "$out")', stderr '$(head -c 120 "$err")']"
        fi
    done
    ok $(( ${#bad_runs} > 0 || fours == 0 || zeros == 0 )) "eval at p = 2^31-1, 1000 digits under ulimit -v from 8000 KB up by 1000: exit 4 with nothing on stdout ($fours limits), then the answer; too little to load $loads times$bad_runs"
fi

# a reader that goes away, SIGPIPE ignored: verify stops at the first failed write
start=$(date +%s)
(trap '' PIPE; exec timeout 300 "$L" verify --threads 2 "$srcdir/cases/check.cases" 2>"$err") | head -1 >/dev/null
grep -q "stopped" "$err"
ok $? "verify with SIGPIPE ignored stops at the first write error ($(( $(date +%s) - start )) s: $(head -c 150 "$err"))"

# LP_PLD_DEBUG: the program's diagnostics on its error stream, the record unchanged
# (a host's lp_call writes none: t-trace)
LP_PLD_DEBUG=1 "$L" account --accountant pld --noise-multiplier 1.1 --sampling-rate 0.01 --steps 1000 \
    --delta 1e-5 --json >"$out" 2>"$err"; rc=$?
"$L" account --accountant pld --noise-multiplier 1.1 --sampling-rate 0.01 --steps 1000 --delta 1e-5 --json \
    >"$out.plain" 2>/dev/null
cmp -s "$out" "$out.plain" && grep -q '^pld: h ' "$err"
ok $(( rc != 0 || $? != 0 )) "LP_PLD_DEBUG=1 account --accountant pld: exit $rc, $(grep -c '^pld' "$err") diagnostic lines on stderr, the record the same as without it"
rm -f "$out.plain"

# valgrind: channel personalized read an uninitialised message buffer
if command -v valgrind >/dev/null && [ "$sanitized" -eq 0 ] && [ -x "$builddir/libtool" ]; then
    timeout 300 "$builddir/libtool" --mode=execute valgrind -q --error-exitcode=99 "$L" channel personalized \
        --covariance "$srcdir/cases/tan/cov-4.csv" --beta "$srcdir/cases/tan/beta-4.csv" --capacity 1 \
        >"$out" 2>"$err"; rc=$?
    ok $(( rc != 0 )) "valgrind: channel personalized reads nothing uninitialised (exit $rc$(grep -m1 -o 'Conditional jump[^(]*' "$err"))"
else
    echo "ok $((n += 1)) # SKIP valgrind: not installed, or a sanitizer build"
fi
echo "1..$n"
