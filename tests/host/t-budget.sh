#!/bin/bash
# t-budget.sh -- the budget matrix (issue 21, item 4): for each command with a
# work estimate, (a) a small run's printed estimate (--estimate, the key
# estimated_seconds) against its measured wall time, within a factor of 10
# either way (with a floor of 0.5 s for tiny runs); (b) a huge legal input
# declined at once (< 1 s of CPU time) with exit 2, one message naming the option and
# --max-seconds; (c) the same input with --max-seconds raised starts, and
# SIGINT once it is at work (0.25 s of its CPU time: wait_cpu in cli-lib.sh)
# stops it cleanly: exit 130, "interrupted; no result" on stderr, nothing on
# stdout.  Fast: a few seconds per command.
. "$(dirname "$0")/../cli-lib.sh"

now() { date +%s.%N; }
at_work=0.25    # CPU seconds a started run has had when it is signalled
cpu_file=$(mktemp)      # bash's time report of a decline (CPU seconds)
trap 'rm -f "$out" "$err" "$cpu_file"' EXIT
num() { sed -n "s/.*\"$1\":\([-0-9.eE+]*\).*/\1/p" "$out"; }

# (a): ARGS... run with --estimate --json, then for real
estimate_vs_run() {
    local name=$1; shift
    "$L" "$@" --estimate --json >"$out" 2>"$err"; rc=$?
    est=$(num estimated_seconds)
    t0=$(now); "$L" "$@" >/dev/null 2>&1; rc2=$?; t1=$(now)
    wall=$(echo "$t1 - $t0" | bc -l)
    within=$(echo "e = $est; w = $wall; f = 0.5; if (e < f) e = f; if (w < f) w = f; (w <= 10 * e) && (e <= 10 * w)" | bc -l)
    ok $(( rc != 0 || rc2 != 0 || within != 1 )) "$name: estimate $est s, measured $wall s (within 10x, floor 0.5 s; exits $rc, $rc2)"
}

# ARGS started in the background and sent SIGINT once at work: sets running (0
# when it was still running then), rc, secs (from the signal to the exit) and
# quick (secs < 10)
interrupt_at_work() {
    "$L" "$@" >"$out" 2>"$err" &
    pid=$!
    wait_cpu "$pid" "$at_work"; running=$?
    t0=$(now); kill -INT "$pid" 2>/dev/null
    wait "$pid"; rc=$?; t1=$(now)
    secs=$(echo "$t1 - $t0" | bc -l)
    quick=$(echo "$secs < 10" | bc -l)
}

# (b) and (c): OPTION (named in the message), RAISED (a --max-seconds that lets it start), ARGS...
decline_then_interrupt() {
    local name=$1 opt=$2 raised=$3; shift 3
    # "at once" is judged on the CPU time spent before declining (user +
    # system): wall time on a loaded 2-core machine is a multiple of it
    local TIMEFORMAT='%3U + %3S'
    # decline_budget: a --max-seconds for the declined run (else the default)
    t0=$(now); { time timeout -k 2 10 "$L" "$@" ${decline_budget:+--max-seconds "$decline_budget"} >"$out" 2>"$err"; } 2>"$cpu_file"; rc=$?; t1=$(now)
    secs=$(echo "$t1 - $t0" | bc -l)
    cpu=$(bc -l <"$cpu_file")
    lines=$(wc -l <"$err")
    fast=$(echo "$cpu < ${decline_limit:-1}" | bc -l)
    ok $(( rc != 2 || lines != 1 || fast != 1 )) "$name: declined after $cpu s of CPU ($secs s wall), exit $rc ($(head -c 300 "$err"))"
    grep -q -- "$opt" "$err" && grep -q -- "--max-seconds" "$err"
    ok $? "$name: the message names $opt and --max-seconds"
    interrupt_at_work "$@" --max-seconds "$raised"
    ok $(( running != 0 || rc != 130 || quick != 1 )) "$name: --max-seconds $raised starts; SIGINT after $at_work s of CPU: exit $rc in $secs s"
    lines=$(wc -l <"$err")
    # nothing on stdout but, for verify, TAP's "Bail out!" (no plan: t-verify-interrupt.sh)
    grep -q "interrupted; no result" "$err" && [ "$lines" -eq 1 ] && ! grep -qv '^Bail out! interrupted (SIGINT) after case 0 of [0-9]*$' "$out"
    ok $? "$name: one clean line on stderr, nothing on stdout (verify: its Bail out line only) ($(head -c 200 "$err"); stdout: $(head -c 100 "$out"))"
}

acct="account --noise-multiplier 1 --sampling-rate 0.01 --steps 1000 --delta 1e-5"

# account: a fractional order near 1000 (the certified integral, ~265 s)
estimate_vs_run "account --orders 150.5" $acct --orders 150.5
decline_then_interrupt "account --orders 999.5" --orders 1000 $acct --orders 999.5
# the least multiplier: about 4 accountants near the multiplier the doubles
# place (0.5 here: the target sets it, so the message names --epsilon), each
# with a fractional order 450.5
decline_then_interrupt "account --epsilon 17 --orders 2,450.5" --epsilon 1e6 \
    account --epsilon 17 --sampling-rate 0.01 --steps 1000 --delta 1e-5 --orders 2,450.5
# a target that puts the least multiplier near 0.003 (the default grid's certified integrals
# there cost days): declined at once, costed where the doubles place it (it ran unbounded
# when the estimate took M = 1)
bad "--epsilon" account --epsilon 1000000 --sampling-rate 0.01 --steps 10 --delta 1e-5
# the budget is the user's: a lower --max-seconds declines a small run
bad "--max-seconds" $acct --orders 150.5 --max-seconds 0.01
bad "--max-seconds" $acct --max-seconds 0

# account --phase: the sum of each phase's estimate at its own multiplier
estimate_vs_run "account --phase x2 --orders 150.5" account --phase 1,0.01,1000 --phase 0.7,0.02,500 \
    --delta 1e-5 --orders 150.5
decline_then_interrupt "account --phase x2 --orders 300.5 (M = 0.5)" --orders 1000 \
    account --phase 1,0.01,1000 --phase 0.5,0.01,1000 --delta 1e-5 --orders 300.5

# account --mechanism vmf: every integer order up to the largest, per order in log p
vmf="account --mechanism vmf --sampling-rate 0.5 --steps 1000 --delta 1e-5"
estimate_vs_run "account --mechanism vmf --orders 200 (p = 13,700)" $vmf --kappa 173 --p 13700 --orders 200
decline_then_interrupt "account --mechanism vmf --orders 10000 (p = 1e9)" --orders 1000 \
    $vmf --kappa 1000 --p 1000000000 --orders 10000

# account --accountant pld: the grid it will choose (n, K), planned in doubles
# (account/pld_plan.c); M 0.8, q 1e-5, T 1e6, delta 1e-8 takes 10 s of CPU (estimated 11 s,
# inside the default budget), and at --width 1e-4 is estimated at 13 s: declined under
# --max-seconds 5 (issue 31: no PLD run is now estimated beyond the default 60 s)
pld="account --accountant pld --noise-multiplier 1 --sampling-rate 0.01 --steps 1000 --delta 1e-5"
estimate_vs_run "account --accountant pld --width 1e-3" $pld --width 1e-3
# the estimate is the grid choice itself (doubles, both relations): 1.2 s on an idle machine
decline_budget=5 decline_limit=3 decline_then_interrupt "account --accountant pld (T = 1e6, q = 1e-5)" --width 1000 \
    account --accountant pld --noise-multiplier 0.8 --sampling-rate 0.00001 --steps 1000000 --delta 1e-8 --width 1e-4
"$L" $pld --estimate --json >"$out" 2>"$err"
grep -q '"grid_size":[1-9]' "$out" && grep -q '"estimated_bytes":[1-9]' "$out"
ok $? "account --accountant pld --estimate: the grid and its memory ($(head -c 300 "$out"))"

# account --accountant pld in a host's conditions (issue 31): the thread
# count capped (OMP_NUM_THREADS=100000 segfaulted, 50000 ended the process),
# out of memory a status (ulimit -v 80000 at T 1e6, --width 1e-4 segfaulted),
# a run the grid cannot hold declined at once with its reason (it hung,
# deaf to SIGINT and SIGTERM), SIGTERM stopping a long run cleanly
for threads in 100000 50000; do
    OMP_NUM_THREADS=$threads "$L" $pld --width 0.1 --json >"$out" 2>"$err"; rc=$?
    grep -q '"certified":true' "$out"
    ok $(( rc != 0 || $? != 0 )) "account --accountant pld with OMP_NUM_THREADS=$threads: exit $rc ($(head -c 120 "$err"))"
done
# a sanitizer build reserves terabytes of address space: no memory limit there
builddir=${LP_BUILDDIR:-$(cd "$(dirname "$L")/.." && pwd)}
if [ "$(ldd "$builddir/src/.libs/leakproof" 2>/dev/null | grep -c -E 'lib(asan|tsan)')" -gt 0 ]; then
    echo "ok $((n += 1)) # SKIP out of memory: a sanitizer build cannot run under ulimit -v"
    echo "ok $((n += 1)) # SKIP out of memory: a sanitizer build cannot run under ulimit -v"
else
    ( ulimit -v 80000; exec "$L" account --accountant pld --noise-multiplier 1.1 --sampling-rate 0.01 \
        --steps 1000000 --delta 1e-5 --width 1e-4 ) >"$out" 2>"$err"; rc=$?
    ok $(( rc != 4 )) "account --accountant pld under ulimit -v 80000 (T 1e6, --width 1e-4): exit $rc ($(head -c 160 "$err"))"
    [ ! -s "$out" ]
    ok $? "account --accountant pld out of memory: nothing on stdout ($(head -c 100 "$out"))"
fi
decline_limit=3
# "at once" judged on CPU time (user + system), as decline_then_interrupt does:
# wall time on the loaded 2-core machine is several times it
for run in "1.1 1e-12 1000000000" "0.3 0.5 1000000000" "0.1 0.99 1000000000" "1.1 0.5 100000000"; do
    set -- $run
    TIMEFORMAT='%3U + %3S'
    { time timeout -k 2 60 "$L" account --accountant pld --noise-multiplier $1 --sampling-rate $2 --steps $3 \
        --delta 1e-5 >"$out" 2>"$err"; } 2>"$cpu_file"; rc=$?
    unset TIMEFORMAT
    cpu=$(bc -l <"$cpu_file")
    fast=$(echo "$cpu < $decline_limit" | bc -l)
    grep -q "declined before starting" "$err" && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ]
    ok $(( rc != 2 || fast != 1 || $? != 0 )) "account --accountant pld M $1 q $2 T $3: declined after $cpu s of CPU, exit $rc ($(head -c 160 "$err"))"
done
"$L" account --accountant pld --noise-multiplier 0.8 --sampling-rate 0.00001 --steps 1000000 --delta 1e-8 \
    --width 1e-4 --max-seconds 1000000 >"$out" 2>"$err" &
pid=$!
wait_cpu "$pid" "$at_work"
t0=$(now); kill -TERM "$pid" 2>/dev/null; wait "$pid"; rc=$?
secs=$(echo "$(now) - $t0" | bc -l)
quick=$(echo "$secs < 10" | bc -l)
ok $(( rc != 143 || quick != 1 )) "account --accountant pld (T 1e6, q 1e-5): SIGTERM after $at_work s of CPU: exit $rc in $secs s"
[ ! -s "$out" ]
ok $? "account --accountant pld: terminated, nothing on stdout"

# calibrate vmf: the dimension and the digits (p = 2^31 - 1 at --digits 100: 24 s)
estimate_vs_run "calibrate vmf --p 3 --digits 30" calibrate vmf --p 3 --epsilon 1 --delta 1e-5 --digits 30
decline_then_interrupt "calibrate vmf --p 2^31-1 --digits 300" --digits 1e6 \
    calibrate vmf --p 2147483647 --epsilon 1 --delta 1e-5 --digits 300
"$L" calibrate gaussian --epsilon 1 --delta 1e-5 --estimate --json >"$out" 2>"$err"
grep -q '"estimated_seconds":null' "$out"
ok $? "calibrate gaussian --estimate: not estimated, said so (null) ($(head -c 200 "$out"))"

# verify: the sum of its cases' Monte Carlo estimates, before any case runs
cases_small=$(mktemp) cases_huge=$(mktemp)
trap 'rm -f "$out" "$err" "$cases_small" "$cases_huge"' EXIT
echo "gauss p=2 sigma=1 radius=1 samples=2000000 seed=1" >"$cases_small"
printf 'gauss p=64 sigma=1 radius=1 samples=1000000000000 seed=2\ngauss p=2 sigma=1 radius=1 samples=2000000 seed=1\n' >"$cases_huge"
estimate_vs_run "verify (one case, 2e6 samples)" verify "$cases_small"
decline_then_interrupt "verify (a case of 1e12 samples at p = 64)" "$cases_huge" 1e9 verify --threads 2 "$cases_huge"

# dp vmf: the digits, the query and p (privacy/dp_work.c)
estimate_vs_run "dp vmf --p 2^31-1 --epsilon 1 --digits 100" \
    dp vmf --p 2147483647 --kappa 1000000 --epsilon 1 --digits 100
decline_then_interrupt "dp vmf --p 2^31-1 --delta 1e-5 --digits 300" --digits 1000 \
    dp vmf --p 2147483647 --kappa 1000000 --delta 1e-5 --digits 300
"$L" dp gauss --p 5 --sigma 1 --radius 1 --epsilon 1 --estimate --json >"$out" 2>"$err"
grep -q '"estimated_seconds":null' "$out"
ok $? "dp gauss --estimate: not estimated, said so (null) ($(head -c 200 "$out"))"

# channel natural: the eigenvalues counted first (channel/channel_work.c)
eig_small=$(mktemp) eig_huge=$(mktemp)
trap 'rm -f "$out" "$err" "$cases_small" "$cases_huge" "$eig_small" "$eig_huge"' EXIT
awk 'BEGIN { for (i = 1; i <= 10000; i++) printf "%.6f\n", 0.001 + (i * 7919 % 10000) / 1000 }' >"$eig_small"
awk 'BEGIN { for (i = 1; i <= 1000000; i++) printf "%.6f\n", 0.001 + (i * 7919 % 10000) / 1000 }' >"$eig_huge"
estimate_vs_run "channel natural (1e4 eigenvalues, --digits 1000)" \
    channel natural --eigenvalues-file "$eig_small" --capacity 1 --digits 1000
decline_then_interrupt "channel natural (1e6 eigenvalues, --digits 1000)" --eigenvalues-file 1e5 \
    channel natural --eigenvalues-file "$eig_huge" --capacity 1 --digits 1000

# overflow: per grid point and method, scaled by log2(p_max) (check/overflow_work.c)
estimate_vs_run "overflow gauss --method double --sigma-grid 1" overflow gauss --method double --sigma-grid 1
decline_then_interrupt "overflow gauss --method mpfr (6 grid points)" --sigma-grid 1000 \
    overflow gauss --method mpfr --sigma-grid 0.5,1,2,4,8,16
# and a way out of one estimated within the default budget:
# overflow gauss --method mpfr (the default grid, up to p = 2^31 - 1) takes 18 - 36 s
interrupt_at_work overflow gauss --method mpfr --csv
lines=$(wc -l <"$err")
ok $(( running != 0 || rc != 130 || quick != 1 || lines != 1 )) \
    "overflow gauss --method mpfr --csv: SIGINT after $at_work s of CPU: exit $rc in $secs s ($(head -c 200 "$err"))"
[ ! -s "$out" ]
ok $? "overflow gauss --method mpfr --csv: interrupted, nothing on stdout ($(head -c 100 "$out"))"


# channel personalized and channel natural|white --data: the file
# sized from its first line before it is read (channel/channel_work.c)
chan_cov=$(mktemp) chan_beta=$(mktemp) chan_cov_huge=$(mktemp) chan_beta_huge=$(mktemp)
chan_data=$(mktemp) chan_data_huge=$(mktemp)
trap 'rm -f "$out" "$err" "$cases_small" "$cases_huge" "$eig_small" "$eig_huge" "$chan_cov" "$chan_beta" \
    "$chan_cov_huge" "$chan_beta_huge" "$chan_data" "$chan_data_huge"' EXIT
# a 600 x 600 symmetric diagonally dominant covariance; a 3500 x 3500 identity (24 MB)
awk -v d=600 'BEGIN { for (i = 1; i <= d; i++) { s = ""; for (j = 1; j <= d; j++)
    s = s (j > 1 ? "," : "") (i == j ? 2 + i % 3 : 0.001 * ((i * j) % 7)); print s } }' >"$chan_cov"
awk -v d=600 'BEGIN { for (i = 1; i <= d; i++) print 0.5 + (i % 10) / 10 }' >"$chan_beta"
awk -v d=3500 'BEGIN { z = "0"; for (j = 2; j <= d; j++) z = z ",0";
    for (i = 1; i <= d; i++) print substr(z, 1, 2 * (i - 1)) "1" substr(z, 2 * i) }' >"$chan_cov_huge"
awk -v d=3500 'BEGIN { for (i = 1; i <= d; i++) print 0.5 + (i % 10) / 10 }' >"$chan_beta_huge"
# 2000 samples of dimension 300; 1000 of dimension 4000 (8 MB; about 130 s of work)
awk -v n=2000 -v p=300 'BEGIN { for (i = 1; i <= n; i++) { s = (i % 7) "";
    for (j = 2; j <= p; j++) s = s "," ((i * j + i) % 10) / 10; print s } }' >"$chan_data"
awk -v n=1000 -v p=4000 'BEGIN { for (i = 1; i <= n; i++) { s = (i % 7) "";
    for (j = 2; j <= p; j++) s = s "," ((i * j) % 10); print s } }' >"$chan_data_huge"
estimate_vs_run "channel personalized (d = 600)" \
    channel personalized --covariance "$chan_cov" --beta "$chan_beta" --capacity 1
# declined at once; GSL's Cholesky and eigensolver cannot be interrupted
# inside (SIGINT stops the run between them), so no SIGINT row here
t0=$(now); timeout -k 2 10 "$L" channel personalized --covariance "$chan_cov_huge" --beta "$chan_beta_huge" \
    --capacity 1 >"$out" 2>"$err"; rc=$?; t1=$(now)
secs=$(echo "$t1 - $t0" | bc -l)
fast=$(echo "$secs < 1" | bc -l)
ok $(( rc != 2 || $(wc -l <"$err") != 1 || fast != 1 )) \
    "channel personalized (d = 3500): declined in $secs s, exit $rc ($(head -c 300 "$err"))"
grep -q -- "--covariance" "$err" && grep -q -- "--max-seconds" "$err" && [ ! -s "$out" ]
ok $? "channel personalized (d = 3500): the message names --covariance and --max-seconds, nothing on stdout"
"$L" channel personalized --covariance "$chan_cov_huge" --beta "$chan_beta_huge" --capacity 1 --estimate --json >"$out"
est=$(num estimated_seconds)
within=$(echo "e = $est; (e > 60) && (e < 600)" | bc -l)
ok $(( within != 1 )) "channel personalized (d = 3500): estimated $est s (measured 81 s on the development machine)"
estimate_vs_run "channel natural --data (2000 x 300)" channel natural --data "$chan_data" --capacity 1
decline_then_interrupt "channel natural --data (1000 x 4000)" --data 1e5 \
    channel natural --data "$chan_data_huge" --capacity 1
decline_then_interrupt "channel white --data (1000 x 4000)" --data 1e5 \
    channel white --data "$chan_data_huge" --capacity 1

# mc and adversary (their --estimate since issue 21's last round)
estimate_vs_run "mc gauss --samples 2e7" mc gauss --p 4 --sigma 1 --radius 1 --samples 20000000 --seed 1
decline_then_interrupt "mc gauss --samples 1e12" --samples 1e6 \
    mc gauss --p 4 --sigma 1 --radius 1 --samples 1e12 --seed 1
estimate_vs_run "adversary attacks --trials 5000" adversary attacks --trials 5000 --seed 1
decline_then_interrupt "adversary attacks --trials 1e7 (d = m = 64)" --trials 1e6 \
    adversary attacks --d 64 --m 64 --trials 10000000 --seed 1

# issue 32: the hostile first-hour runs.  overflow of gauss's printed form by
# logdouble (its sum over p terms: was estimated 0.65 s at p_max 2^31 - 1
# and took 35 s), at a p_max that runs in well under a second
estimate_vs_run "overflow gauss --method logdouble --form printed --p-max 4e6" \
    overflow gauss --method logdouble --form printed --sigma-grid 1 --p-max 4000000
# run-capacity: estimated, budgeted and interruptible (its log-concave sum
# ignored SIGINT and SIGTERM for over a minute at p = 2^31 - 1, T = 1e9)
estimate_vs_run "run-capacity --p 2^31-1 --steps 1e6" \
    run-capacity --p 2147483647 --noise-multiplier 1 --clip 1 --sampling-rate 0.5 --steps 1000000
hostile_rc="run-capacity --p 2147483647 --noise-multiplier 1 --clip 1 --sampling-rate 0.5 --steps 1000000000"
"$L" $hostile_rc --estimate --json >"$out" 2>"$err"
est=$(num estimated_seconds)
[ -n "$est" ] && [ "$(echo "$est > 10" | bc -l)" = 1 ]
ok $? "run-capacity --p 2^31-1 --steps 1e9: estimated $est s (at least 10 s: it ran past a minute; 3e8 steps took 16 s)"
"$L" $hostile_rc --max-seconds 5 >"$out" 2>"$err"; rc=$?
[ "$rc" -eq 2 ] && [ ! -s "$out" ] && grep -q -- "--steps.*--max-seconds" "$err"
ok $? "run-capacity --p 2^31-1 --steps 1e9 --max-seconds 5: declined ($(cat "$err"))"
for sig in INT TERM; do
    "$L" $hostile_rc >"$out" 2>"$err" &
    pid=$!
    wait_cpu "$pid" "$at_work"
    t0=$(now); kill -$sig "$pid" 2>/dev/null; wait "$pid"; rc=$?; t1=$(now)
    secs=$(echo "$t1 - $t0" | bc -l)
    [ "$(echo "$secs < 5" | bc -l)" = 1 ] && grep -q "interrupted; no result" "$err" && [ ! -s "$out" ]
    ok $? "run-capacity --p 2^31-1 --steps 1e9: SIG$sig after $at_work s of CPU stops it in $secs s (exit $rc)"
done
# calibrate vmf at an epsilon of 100,000 zeros: estimated from its decades
# (was 0.9 s, ran past 45 s), declined at once, interruptible when allowed
tiny=0.$(printf '%0100000d' 0)1
decline_then_interrupt "calibrate vmf --epsilon 0.<100,000 zeros>1" --epsilon 1000 \
    calibrate vmf --p 100 --epsilon "$tiny" --delta 1e-5

# number and case files that are not regular files: a FIFO with no writer
# blocked in open() for ever; now refused at once, naming it
fifo_dir=$(mktemp -d)
mkfifo "$fifo_dir/fifo"
for args in "verify $fifo_dir/fifo" "channel capacity --eigenvalues-file $fifo_dir/fifo --noise-variance 1" \
            "eval gauss --params-from $fifo_dir/fifo --sigma 1 --radius 1" \
            "eval gauss-layers --sigma 1 --clip 1 --layers-file $fifo_dir/fifo" \
            "run-capacity --params-from $fifo_dir/fifo --sigma 1 --radius 1 --sampling-rate 0.1 --steps 10"; do
    t0=$(now); timeout -k 1 10 "$L" $args >"$out" 2>"$err"; rc=$?; t1=$(now)
    secs=$(echo "$t1 - $t0" | bc -l)
    [ "$rc" -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "not a regular file: a FIFO" "$err" \
        && [ "$(echo "$secs < 5" | bc -l)" = 1 ]
    ok $? "a FIFO with no writer refused at once: leakproof ${args%% --*} ... (exit $rc in $secs s: $(cat "$err"))"
done
rm -rf "$fifo_dir"

echo "1..$n"
