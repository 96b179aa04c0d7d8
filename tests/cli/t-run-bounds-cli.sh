#!/bin/sh
# t-run-bounds-cli.sh -- `leakproof run-bounds` and `reconstruct` on a whole
# run: bad input exits 2 naming the option (account's messages said under
# run-bounds' name), --estimate, the record's keys, --help; the run-to-attacker
# path in one command (reconstruct --noise-multiplier ... --sampling-rate ...
# --steps ...): the attacker and the bounds in one record.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

R="run-bounds --noise-multiplier 1 --sampling-rate 0.1 --steps 10"
bad "--prior-size" $R
bad "--prior-size" $R --prior-size 1
bad "exactly one" $R --prior-size 4 --baseline 0.25
bad "--baseline" $R --baseline 1
bad "--baseline" $R --baseline 0
bad "--relation add" $R --prior-size 4 --relation add
bad "run-bounds: --sampling-rate" run-bounds --noise-multiplier 1 --sampling-rate 2 --steps 10 --prior-size 4
bad "run-bounds: missing --steps" run-bounds --noise-multiplier 1 --sampling-rate 0.1 --prior-size 4
bad "--epsilon" $R --prior-size 4 --epsilon 2
bad "--target-success" $R --prior-size 4 --target-success 0.5
bad "--target-success" run-bounds --sampling-rate 0.1 --steps 10 --prior-size 4 --target-success 1.5
bad "--resolution" $R --prior-size 4 --resolution 2
bad "--p" $R --prior-size 4 --p 0
bad "--prior-size" $R --prior-size 4 --prior-size 5
bad "unknown option" $R --prior-size 4 --bogus 1

"$L" $R --prior-size 4 --estimate --json >"$out" 2>"$err"
grep -q '"estimated_seconds"' "$out"
ok $? "--estimate prints the work estimate ($(head -c 120 "$out"))"

"$L" $R --prior-size 4 --p 8 --delta 1e-5 --json >"$out" 2>"$err"
rc=$?
for k in rero_lower_bound rero_upper_bound rero_relation rero_pair eps_delta_bound eps_delta_bound_best \
         renyi_bound capacity_bound fisher_mse_bound baseline prior_size certified; do
    [ $rc -eq 0 ] && grep -q "\"$k\":" "$out"
    ok $? "the record has \"$k\""
done

"$L" run-bounds --help >"$out" 2>"$err"
grep -q "prior-size" "$out"
ok $? "--help prints the usage"

# reconstruct on a whole run: the attacker and the bounds in one record
"$L" reconstruct gauss --noise-multiplier 1.2 --sampling-rate 0.2 --steps 10 --prior simplex --n 4 --p 3 \
    --samples 500 --seed 1 --json >"$out" 2>"$err"
python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))
assert r["command"]=="reconstruct" and r["steps"]==10 and r["baseline"]=="1/4", r
assert r["success"] <= float(r["rero_upper_bound"]) + 4*r["success_std_error"], r' "$out" >>"$err" 2>&1
ok $? "reconstruct on a whole run: the attacker below its ReRo bound in one record ($(tail -c 200 "$err"))"
bad "--sigma" reconstruct gauss --sigma 1 --sampling-rate 0.1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "--prior gauss" reconstruct gauss --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --prior gauss --p 3 --samples 10 --seed 1
bad "--sampling-rate" reconstruct gauss --noise-multiplier 1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "--kappa" reconstruct vmf --sampling-rate 0.1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "laplace" reconstruct laplace --b 1 --sampling-rate 0.1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "--prior simplex" reconstruct gauss --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --prior simplex --n 8 --p 3 --samples 10 --seed 1
bad "--sampling" reconstruct gauss --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --sampling shuffle --n 4 --p 3 --samples 10 --seed 1
bad "--samples" reconstruct gauss --noise-multiplier 0.5 --sampling-rate 0.1 --steps 100000000 --n 4 --p 3 --samples 1e12 --seed 1
echo "1..$n"
