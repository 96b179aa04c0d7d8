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

# phases: every bound of the record at least the ReRo bracket's lower end (the
# tight bound for the pair: a valid bound below it is no bound; the RDP curve
# of the PLD's Gaussian phases was once composed of empty phases here)
"$L" run-bounds --phase 1.1,0.01,400 --phase 2,0.02,200 --prior-size 10 --p 100 --delta 1e-5 --json >"$out" 2>"$err"
rc=$?
python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))
lo=float(r["rero_lower_bound"])
for k in ("rero_upper_bound","eps_delta_bound","eps_delta_bound_best","renyi_bound"):
    assert r[k] is not None and float(r[k]) >= lo, (k, r[k], lo)' "$out" >>"$err" 2>&1
ok $(( rc != 0 || $? != 0 )) "phases: the eps-delta and Renyi bounds at least the ReRo lower end $(grep -o '"rero_lower_bound":"[^"]*"' "$out"), $(grep -o '"renyi_bound":"[^"]*"' "$out") (exit $rc$(tail -c 200 "$err"))"

# a composition that bounds no delta (the VMF's full batch at kappa 173, p 13,700, T 10: its
# window's tail bound is astronomical) gives no ReRo bracket, not the vacuous [kappa, 1]
"$L" run-bounds --mechanism vmf --kappa 173 --p 13700 --sampling-rate 1 --steps 10 --prior-size 10 --json \
    >"$out" 2>"$err"
rc=$?
grep -q '"rero_upper_bound":null' "$out" && grep -q '"rero_why":"the composition' "$out" && grep -q '"certified":false' "$out"
ok $(( rc != 3 || $? != 0 )) "a composition whose error bounds reach 1: no ReRo bracket, its why, exit 3 (exit $rc, $(grep -o '"rero_upper_bound":[^,]*' "$out"))"

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
# reconstruct --delta D on a whole run: run-bounds' keys from the one PLD, digit for digit
# the same as run-bounds' record of the run (its capacity at the candidates' span: the
# simplex's n - 1 dimensions, capacity_bound_span; the VMF's at its own p)
for run in "gauss --noise-multiplier 0.9 --sampling-rate 0.05 --steps 40|--delta 1e-6|6|--p 5" \
           "gauss --noise-multiplier 1.5 --sampling-rate 1 --steps 3 --sampling fixed-batch|--delta 1e-5|4|--p 3" \
           "vmf --kappa 20 --sampling-rate 0.1 --steps 20|--delta 1e-5|4|--mechanism vmf --p 8"; do
    IFS='|' read -r r d nn bargs <<EOF2
$run
EOF2
    p=$(echo "$bargs" | sed 's/.*--p //')
    [ "${r%% *}" = vmf ] || p=50
    "$L" reconstruct $r --prior simplex --n "$nn" --p "$p" --samples 20 --seed 1 $d --json >"$out" 2>"$err"
    "$L" run-bounds ${r#* } $bargs --prior-size "$nn" $d --json >"$out.b" 2>>"$err"
    python3 -c 'import json,sys
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
cap = "capacity_bound" if a["mechanism"] == "vmf" else "capacity_bound_span"
assert a[cap] == b["capacity_bound"] and a[cap] is not None, (cap, a[cap], b["capacity_bound"])
assert a["mechanism"] != "vmf" or a["capacity_bound_span"] is None, a["capacity_bound_span"]
for k in ("baseline", "rero_lower_bound", "rero_upper_bound", "rero_closed_form", "rero_epsilon", "delta",
          "epsilon_upper_bound", "eps_delta_bound", "eps_delta_bound_best", "eps_delta_best_epsilon",
          "renyi_bound", "renyi_order"):
    assert a[k] == b[k], (k, a[k], b[k])
for k in ("rero_lower_bound", "rero_upper_bound", "delta", "epsilon_upper_bound", "eps_delta_bound", "renyi_bound"):
    assert a[k] is not None, k' "$out" "$out.b" >>"$err" 2>&1
    ok $? "reconstruct $r $d: run-bounds' keys the same digits ($(grep -o '"eps_delta_bound":"[^"]*"' "$out"), $(grep -o '"capacity_bound_span":[^,]*' "$out")$(tail -c 200 "$err"))"
done
rm -f "$out.b"
# --epsilon E --delta D on a run: D is the calibration's and the bound's (the record's delta once)
"$L" reconstruct gauss --epsilon 2 --delta 1e-5 --sampling-rate 0.1 --steps 10 --prior simplex --n 4 --p 3 \
    --samples 20 --seed 1 --json >"$out" 2>"$err"
grep -q '"delta":"1e-5"' "$out" && ! grep -q '"epsilon_upper_bound":null' "$out"
ok $? "reconstruct --epsilon 2 --delta 1e-5 on a run: delta 1e-5 and its epsilon_upper_bound $(grep -o '"epsilon_upper_bound":[^,]*' "$out")"
bad "exactly one" reconstruct gauss --delta 1e-5 --sampling-rate 0.1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "--delta" reconstruct gauss --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --n 4 --p 3 --delta 2 --samples 10 --seed 1
bad "--epsilon" reconstruct vmf --kappa 5 --epsilon 1 --sampling-rate 0.1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "--sigma" reconstruct gauss --sigma 1 --sampling-rate 0.1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "--prior gauss" reconstruct gauss --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --prior gauss --p 3 --samples 10 --seed 1
bad "--sampling-rate" reconstruct gauss --noise-multiplier 1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "--kappa" reconstruct vmf --sampling-rate 0.1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "laplace" reconstruct laplace --b 1 --sampling-rate 0.1 --steps 10 --n 4 --p 3 --samples 10 --seed 1
bad "--prior simplex" reconstruct gauss --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --prior simplex --n 8 --p 3 --samples 10 --seed 1
bad "--sampling" reconstruct gauss --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --sampling shuffle --n 4 --p 3 --samples 10 --seed 1
bad "--samples" reconstruct gauss --noise-multiplier 0.5 --sampling-rate 0.1 --steps 100000000 --n 4 --p 3 --samples 1e12 --seed 1
echo "1..$n"
