#!/bin/bash
# t-host.sh -- the program in a hostile environment (issue 21): a thread count
# from the environment beyond what libgomp survives, a memory limit, a reader
# that goes away with SIGPIPE ignored, and valgrind on the personalized channel.
. "$(dirname "$0")/../cli-lib.sh"
srcdir=${srcdir:-$(dirname "$0")/../..}
builddir=${LP_BUILDDIR:-$(cd "$(dirname "$L")/.." && pwd)}
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

# ---- issue 41: no host harmed ---------------------------------------------------------
# threads the host cannot start: libgomp ended the process (exit 1, its message
# only); now the run takes one thread and says so, the same estimate
if [ "$sanitized" -gt 0 ]; then
    echo "ok $((n += 1)) # SKIP threads under ulimit -v: a sanitizer build cannot run under it"
else
    for run in "reconstruct gauss --p 4 --sigma 1 --samples 20000 --seed 1" \
               "mc gauss --p 4 --sigma 1 --radius 1 --samples 20000 --seed 1"; do
        # shellcheck disable=SC2086
        (ulimit -v 200000; exec "$L" $run --threads 32 --json) >"$out" 2>"$err"; rc=$?
        # shellcheck disable=SC2086
        "$L" $run --threads 1 --json >"$out.one" 2>/dev/null
        field=$(grep -o '"\(mse\|estimate\)":[^,]*' "$out")
        grep -q '"threads":1,"threads_note"' "$out" && [ -n "$field" ] \
            && [ "$field" = "$(grep -o '"\(mse\|estimate\)":[^,]*' "$out.one")" ]
        ok $(( rc != 0 || $? != 0 )) "${run%% --*} --threads 32 under ulimit -v 200000: exit $rc, one thread, the same $field as --threads 1 ($(head -c 120 "$err"))"
    done
    rm -f "$out.one"
fi

# Wood's sampler at kappa 1e17 never accepted (the run never returned, deaf to SIGTERM)
start=$(date +%s)
timeout 60 "$L" reconstruct vmf --p 8 --kappa 1e17 --samples 200 --seed 1 --threads 1 --json >"$out" 2>"$err"; rc=$?
grep -q '"success":1' "$out"
ok $(( rc != 0 || $? != 0 )) "reconstruct vmf --kappa 1e17: exit $rc in $(( $(date +%s) - start )) s, success 1"
timeout 60 "$L" reconstruct vmf --p 8 --kappa 1e17 --samples 1e10 --seed 1 --threads 2 --max-seconds 1e9 \
    >"$out" 2>"$err" & pid=$!
sleep 2; kill -TERM $pid; start=$(date +%s); wait $pid; rc=$?
[ "$rc" -eq 143 ] && [ ! -s "$out" ]
ok $? "reconstruct vmf --kappa 1e17, 1e10 samples, SIGTERM: exit $rc within $(( $(date +%s) - start )) s, no record"

# --plot onto a full disk exited 0 and left a cut figure: now exit 1, one line, no
# record, and the file as it was (written beside it, renamed only when whole)
if command -v gnuplot >/dev/null; then
    dir=$(mktemp -d)
    echo "old figure" >"$dir/p.svg"
    # gnuplot's write beyond the file-size limit fails (SIGXFSZ): the cut figure
    (ulimit -f 16; exec "$L" account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5 \
        --plot "$dir/p.svg" --json) >"$out" 2>"$err"; rc=$?
    [ "$rc" -eq 1 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] && [ "$(cat "$dir/p.svg")" = "old figure" ] \
        && [ "$(ls -A "$dir" | wc -l)" -eq 1 ]
    ok $? "account --plot past a file-size limit: exit $rc, the old file kept, no part left ($(head -c 120 "$err"))"
    rm -rf "$dir"
    # a full file system (a 16 KB tmpfs, where this may mount one)
    dir=$(mktemp -d)
    if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=16k tmpfs "$dir" 2>/dev/null; then
        echo "old figure" >"$dir/p.svg"
        for ext in svg png; do
            "$L" account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5 \
                --plot "$dir/p.$ext" --json >"$out" 2>"$err"; rc=$?
            [ "$rc" -eq 1 ] && [ ! -s "$out" ] && grep -q "not written" "$err" \
                && [ "$(cat "$dir/p.svg")" = "old figure" ] && [ "$(ls -A "$dir" | wc -l)" -eq 1 ]
            ok $? "account --plot p.$ext onto a full 16 KB tmpfs: exit $rc, nothing cut left ($(head -c 120 "$err"))"
        done
        umount "$dir"
    else
        echo "ok $((n += 1)) # SKIP --plot onto a full tmpfs: cannot mount one here (not root)"
    fi
    rmdir "$dir"
else
    echo "ok $((n += 1)) # SKIP --plot onto a full disk: gnuplot is not installed (README: gnuplot-nox)"
fi

# a ledger file replaced by a directory: exit 0 and 4 Biswas claims of 70 before
dir=$(mktemp -d)
cp "$srcdir"/cases/claims/*.claims "$dir/"
rm "$dir/biswas.claims" && mkdir "$dir/biswas.claims"
"$L" claims --ledger "$dir" --no-logs --json >"$out" 2>"$err"; rc=$?
[ "$rc" -eq 2 ] && [ ! -s "$out" ] && grep -q "biswas.claims" "$err"
ok $? "claims with a ledger file replaced by a directory: exit $rc, no record ($(head -c 120 "$err"))"
rm -rf "$dir"

# --estimate declines what the run declines (it said 'within budget' for them)
for run in "dp gauss --p 5 --sigma 1 --radius 1 --epsilon -1" "dp vmf --p 5 --kappa 1 --delta 2" \
           "calibrate vmf --p 5 --epsilon 1 --delta 0" "channel natural --eigenvalues 1,-2 --capacity 1" \
           "channel capacity --eigenvalues 1,2 --noise-variance 0"; do
    # shellcheck disable=SC2086
    "$L" $run --estimate --json >"$out" 2>"$err"; rc=$?
    ok $(( rc != 2 )) "$run --estimate: exit $rc as the run's 2 ($(head -c 100 "$err"))"
done
echo "1..$n"
