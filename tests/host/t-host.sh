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
# "Exception" on stdout and an abort.  The limit is walked up by 1000 KB from
# 8000, so the allocations fail at many points, and by 100 KB across the last
# 2000 KB below the least limit at which the program starts, where the
# loader and the runtimes' constructors fail in their different words.
# Whether leakproof's own code could start at a limit is asked of the program,
# not read from those words (glibc says "error while loading", "cannot
# allocate TLS data structures", libgomp's constructor "Out of memory", ...
# depending on what else the machine has installed): `leakproof --version`
# with the same arguments at the same limit.  Where it cannot print its
# version, nothing got as far as main, and the eval run must have failed
# with nothing on stdout; where it can, the eval run reached main and must
# give exit 4 or the answer.
if [ "$sanitized" -gt 0 ]; then
    echo "ok $((n += 1)) # SKIP out of memory: a sanitizer build cannot run under ulimit -v"
else
    bin=$builddir/src/.libs/leakproof
    [ -x "$bin" ] || bin=$builddir/src/leakproof
    libs="$builddir/src/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    args="eval gauss --p 2147483647 --sigma 1 --radius 1 --digits 1000 --json"
    bad_runs="" fours=0 zeros=0 loads=0 messages="" last_load=0 answer=""
    # judge KB: 0 while the walk goes on, 1 at the answer
    judge() {
        local kb=$1 started=1 rc word
        # shellcheck disable=SC2086
        (ulimit -v "$kb"; LD_LIBRARY_PATH=$libs exec "$bin" --version $args) >"$out" 2>"$err"
        grep -q '^leakproof ' "$out" || started=0
        # shellcheck disable=SC2086
        (ulimit -v "$kb"; LD_LIBRARY_PATH=$libs exec "$bin" $args) >"$out" 2>"$err"
        rc=$?
        if [ "$started" -eq 0 ]; then
            if [ "$rc" -ne 0 ] && [ ! -s "$out" ]; then
                loads=$((loads + 1)) last_load=$kb
                # the words, for the record only (never judged)
                word=$(grep -m 1 . "$err" | sed -e "s/^[^:]*: //" -e "s/:.*//" | cut -c1-60)
                case "|$messages|" in *"|$word|"*) ;; *) messages="$messages${messages:+|}$word" ;; esac
            else bad_runs="$bad_runs [ulimit -v $kb: --version could not start, yet eval: exit $rc, stdout '$(head -c 80 "$out")']"
            fi
        elif [ "$rc" -eq 4 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ]; then fours=$((fours + 1))
        elif [ "$rc" -eq 0 ] && grep -q '"certified":true' "$out"; then zeros=$((zeros + 1)) answer=$kb; return 1
        else bad_runs="$bad_runs [ulimit -v $kb: exit $rc, stdout '$(head -c 80 "$out")', stderr '$(head -c 120 "$err")']"
        fi
        return 0
    }
    refined=0
    for kb in $(seq 8000 1000 120000); do
        before=$loads
        judge "$kb" || break
        if [ "$refined" -eq 0 ] && [ "$loads" -eq "$before" ] && [ "$last_load" -gt 0 ]; then
            refined=1      # the first limit that started: the 2000 KB below it by 100
            for fine in $(seq $((last_load - 900)) 100 $((kb - 100))); do judge "$fine" || break 2; done
        fi
    done
    ok $(( ${#bad_runs} > 0 || fours == 0 || zeros == 0 || loads == 0 )) "eval at p = 2^31-1, 1000 digits under ulimit -v from 8000 KB up: $loads limits too little for the program to start (--version could not; the words: $messages), $fours reached main and gave exit 4 with one line on stderr and nothing on stdout, then the answer at $answer KB$bad_runs"
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
