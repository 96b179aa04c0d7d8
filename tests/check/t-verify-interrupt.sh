#!/bin/bash
# t-verify-interrupt.sh -- `leakproof verify` stopped while a case runs (issue
# 21, item 4): a clean stop.  The TAP lines of the cases that finished stay,
# then one "Bail out! interrupted (SIGINT) after case i of n" line (TAP's word
# for a run that stopped), no plan "1..N" (it would count the interrupted
# case's unprinted checks), no verdicts; exit status 130 (128 + SIGINT; 143
# for SIGTERM); one line on stderr.  With --json nothing on stdout.
. "$(dirname "$0")/../cli-lib.sh"

now() { date +%s.%N; }
cases=$(mktemp)
trap 'rm -f "$out" "$err" "$cases"' EXIT
# case 1 is quick (some 0.02 s of CPU); case 2 is about an hour of Monte Carlo;
# case 3 never starts
cat >"$cases" <<'EOF'
gauss p=2 sigma=1 radius=1 samples=200000 seed=1
gauss p=64 sigma=1 radius=1 samples=100000000000 seed=2
gauss p=2 sigma=1 radius=1 samples=200000 seed=3
EOF

# start verify; wait for case 1's TAP lines on stdout (at most 60 s; --json
# prints none), then until it has had 0.5 s of CPU (wait_cpu in cli-lib.sh: in
# case 2 by then, case 1 taking some 0.02 s; its lines are flushed whole, one
# fflush per case), then SIGNAL; sets rc, secs (from the signal to the exit),
# started (0: case 1's lines came while it ran, and it still ran then)
interrupt_after_case_1() {
    local sig=$1; shift
    "$L" verify --threads 2 --max-seconds 1e9 "$@" "$cases" >"$out" 2>"$err" &
    pid=$!
    started=1
    for _ in $(seq 600); do
        if [ "$1" = --json ] || grep -q '^ok ' "$out"; then
            started=0
            break
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    wait_cpu "$pid" 0.5 || started=1
    t0=$(now); kill -"$sig" "$pid" 2>/dev/null
    wait "$pid"; rc=$?; t1=$(now)
    secs=$(echo "$t1 - $t0" | bc -l)
}

interrupt_after_case_1 INT
ok $(( started )) "verify: case 1's TAP lines came while verify ran ($(grep -c '^ok ' "$out") lines)"
quick=$(echo "$secs < 10" | bc -l)
ok $(( rc != 130 || quick != 1 )) "verify: SIGINT in case 2 of 3: exit $rc (130) in $secs s"
tail -n 1 "$out" | grep -qx 'Bail out! interrupted (SIGINT) after case 1 of 3'
ok $? "verify: the last line is 'Bail out! interrupted (SIGINT) after case 1 of 3' ($(tail -n 1 "$out"))"
bad_lines=$(grep -v -e '^ok [0-9]* - ' -e '^not ok [0-9]* - ' -e '^Bail out! ' "$out" | head -3)
[ -z "$bad_lines" ] && [ "$(grep -c '^Bail out!' "$out")" -eq 1 ]
ok $? "verify: interrupted: only case 1's TAP lines and one Bail out line; no plan, no verdicts ($bad_lines)"
# case 1's lines are numbered 1..k with no gap: nothing of case 2 printed
k=$(grep -c '^\(not \)\?ok ' "$out")
last=$(grep '^\(not \)\?ok ' "$out" | tail -n 1 | sed 's/^\(not \)\?ok \([0-9]*\) .*/\2/')
ok $(( k < 1 || last != k )) "verify: case 1's $k checks numbered 1..$k (last $last)"
lines=$(wc -l <"$err")
grep -q "interrupted; no result" "$err" && [ "$lines" -eq 1 ]
ok $? "verify: one line on stderr ($(head -c 200 "$err"))"

interrupt_after_case_1 TERM
ok $(( started || rc != 143 )) "verify: SIGTERM in case 2 of 3: exit $rc (143)"
tail -n 1 "$out" | grep -qx 'Bail out! interrupted (SIGTERM) after case 1 of 3'
ok $? "verify: SIGTERM: 'Bail out! interrupted (SIGTERM) after case 1 of 3' ($(tail -n 1 "$out"))"

# --json: nothing on stdout, one line on stderr (the signal comes in case 2)
interrupt_after_case_1 INT --json
lines=$(wc -l <"$err")
ok $(( started || rc != 130 || lines != 1 )) "verify --json: SIGINT: exit $rc (130), $lines line on stderr ($(head -c 200 "$err"))"
[ ! -s "$out" ]
ok $? "verify --json: interrupted: nothing on stdout ($(head -c 100 "$out"))"

echo "1..$n"
