#!/bin/sh
# t-peers.sh -- the peers' RDP accountants as leakproof's non-certified account
# methods (issue 20, part 5), each against the certified accountant; honest
# statuses of the accountant (issue 21, item 8).  Findings about a peer are
# kept like findings about a paper: a `# TODO` line with its figures.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

A="account --noise-multiplier 0.2066 --sampling-rate 0.00176056338028169 --steps 14200 --delta 1e-5 --orders opacus"
bad "--method" account --noise-multiplier 1 --sampling-rate 0.01 --steps 10 --delta 1e-5 --method opacus2
bad "--method" overflow account --method arb
bad "--map" overflow account --method opacus --map 31

# field FILE PYTHON-EXPR: evaluates the expression over the record d
check() {
    python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); b=d["balle2020"]; c=d["classic"]
assert eval(sys.argv[2]), d' "$out" "$1"
}

# Opacus's code at Tan et al.'s run: log_ndtr, not erfc with a fallback: no order overflows
"$L" $A --method opacus --compare --json >"$out" 2>"$err"
check 'd["orders_failed"]==0 and d["peer_conversion"]=="balle2020" and b["status"]=="ok" and b["rel_error"] < 1e-9 and abs(b["value"]-331.654105) < 1e-5'
ok $? "opacus at Tan's run (Opacus orders): 331.654105, no order fails (the erfc port overflowed at 23), rel_error < 1e-9: $(cat "$out")"
"$L" $A --method double --json >"$out" 2>"$err"
check 'd["method"]=="double" and d["orders_failed"]==0 and abs(b["value"]-331.654105) < 1e-5'
ok $? "double is Opacus's code: $(head -c 400 "$out")"

# TF Privacy's legacy accountant: the same series, the classic conversion
"$L" $A --method tf-privacy --compare --json >"$out" 2>"$err"
check 'd["peer_conversion"]=="classic" and c["status"]=="ok" and c["rel_error"] < 1e-9 and abs(c["value"]-335.005102) < 1e-5'
ok $? "tf-privacy at Tan's run: its classic conversion 335.005102, rel_error < 1e-9: $(cat "$out")"

# dp_accounting's current fractional series adds |terms| (no sign): above the truth
"$L" $A --method dp-accounting --compare --json >"$out" 2>"$err"
check 'b["status"]=="ok" and b["rel_error"] <= 1e-8'
r=$?
ok $r "dp-accounting at Tan's run: $(python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["balle2020"]; print("epsilon %.6f, %.2e above the certified (status %s, below_certified %s)" % (b["value"], b["rel_error"], b["status"], b["below_certified"]))' "$out") # TODO dp_accounting's unsigned fractional RDP series is an upper bound 1e-3 above the certified epsilon at Tan's run"

# issue 21 item 8: ok where the value is far off -- now inaccurate, by itself and measured
B="account --noise-multiplier 1 --sampling-rate 1e-8 --steps 1e15 --delta 1e-5 --orders 2,8,64"
"$L" $B --method double --json >"$out" 2>"$err"
check 'd["orders_failed"]==0 and d["orders_inaccurate"]>=1 and b["status"]=="inaccurate" and "cancellation" in b["note"]'
ok $? "double at q=1e-8, T=1e15: the port sees the cancellation in log A and says inaccurate (it said ok): $(cat "$out")"
"$L" $B --method double --compare --json >"$out" 2>"$err"
check 'b["status"]=="inaccurate" and 0.02 < b["rel_error"] < 0.04 and b["below_certified"]'
ok $? "measured: 3.0 % below the certified epsilon (unsound), inaccurate: $(cat "$out")"
check 'not b["below_certified"]'
ok $? "Opacus's RDP at q=1e-8, T=1e15 (orders 2,8,64): epsilon $(python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["balle2020"]; print("%.6f, %.1f %% below the certified" % (b["value"], 100*b["rel_error"]))' "$out") # TODO Opacus's epsilon is below the certified value (unsound) where log A cancels"

# a lost order is said, not hidden
"$L" account --noise-multiplier 0.3 --sampling-rate 0.05 --steps 100 --delta 1e-5 --orders 2,500,2000 --method double --json >"$out" 2>"$err"
check 'd["orders_failed"]==1 and b["status"]=="inaccurate" and "gave no value" in b["note"]'
ok $? "an order lost to overflow makes the minimum inaccurate (it said ok): $(cat "$out")"

# a negative epsilon of the formula is clamped at 0, and said
"$L" account --noise-multiplier 23.2 --sampling-rate 0.0000492 --steps 31 --delta 0.0063 --json >"$out" 2>"$err"
check 'b["epsilon_upper_bound"]=="0" and b["clamped_at_zero"] and b["note"] and not c["clamped_at_zero"]'
ok $? "a negative Balle et al. epsilon (formula-exact) is reported as 0, clamped_at_zero: $(cat "$out")"

# the peers' map: the whole accountant against the certified one
"$L" overflow account --method opacus --noise-multiplier-grid 1 --order-max 64 --steps 1e15 --map 8 --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); P=d["accountant_points"]
assert d["accountant_orders"]=="opacus" and len(P)==8, d
p=P[7]
assert p["sampling_rate"]=="1e-8" and p["method_status"]=="inaccurate" and p["below_certified"] and p["rel_error"] > 0.01, p
assert float(p["epsilon_certified_lower"]) <= float(p["epsilon_certified_upper"]), p' "$out"
ok $? "overflow account --map: Opacus at q=1e-8, T=1e15 below the certified epsilon, says inaccurate: $(head -c 1500 "$out")"
# Opacus's fractional series stops at terms below e^-30 absolute, however small A - 1 is: at
# T = 1e8 its epsilon is 2e-7 below the certified one; the port sees the truncation
C="account --noise-multiplier 0.5 --sampling-rate 1e-4 --steps 1e8 --delta 1e-5 --orders opacus"
"$L" $C --method opacus --json >"$out" 2>"$err"
check 'b["status"]=="inaccurate" and "cancellation" in b["note"]'
ok $? "opacus at M=0.5, q=1e-4, T=1e8 says inaccurate by itself (it said ok): $(cat "$out")"
"$L" $C --method opacus --compare --json >"$out" 2>"$err"
check 'not (b["below_certified"] and b["rel_error"] > 1e-8)'
ok $? "Opacus at M=0.5, q=1e-4, T=1e8: epsilon $(python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["balle2020"]; print("%.10f, %.2g below the certified (below_certified %s)" % (b["value"], b["rel_error"], b["below_certified"]))' "$out") # TODO Opacus's fractional series stops at terms below e^-30 absolute: its epsilon is below the certified value by 2e-7 over 1e8 steps"

# dp_accounting gives up on a fractional order after 1000 steps (inf, order excluded)
"$L" account --noise-multiplier 0.5 --sampling-rate 0.1 --steps 10000 --delta 1e-5 --orders 1.5,2,8 --method dp-accounting --compare --json >"$out" 2>"$err"
check 'd["orders_failed"]>=1 and "did not converge in 1000" in d["first_failure"] and b["status"]=="inaccurate"'
ok $? "dp-accounting at M=0.5, q=0.1: order 1.5 does not converge in 1000 steps (inf, excluded), said: $(cat "$out")"

# its KL bound: epsilon 0 where RDP_T < -log(1 - delta^2), certified before comparing
"$L" account --noise-multiplier 1 --sampling-rate 1e-9 --steps 10000 --delta 1e-5 --orders 1.1,2,8 --method dp-accounting --compare --json >"$out" 2>"$err"
check 'b["value"]==0 and b["rel_error"]==0 and not b["below_certified"]'
ok $? "dp-accounting's epsilon 0 (KL bound) at q=1e-9 is the certified value of its conversion: $(cat "$out")"
echo "1..$n"
