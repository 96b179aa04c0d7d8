#!/bin/sh
# t-account-lists.sh -- `leakproof account` with lists: --delta D1,D2,... and
# --delta-for-epsilon E1,E2,... from one composition of the RDP accountant
# (src/account/rdp/lists.c), against the single queries (their own loops:
# study.c's conversion over an order list, delta_at_epsilon.c's inversion),
# fed back, at q = 0, with --sampling fixed-batch, and the bad inputs.  TAP.
. "$(dirname "$0")/../cli-lib.sh"
j() { "$L" "$@" --json >"$out" 2>"$err"; }
R="account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 1000"
O="--orders 2,3,4.5,8,10,12,16,32,64"

bad "--delta" $R --delta 1e-5,
bad "--delta" $R --delta 1e-5,2
bad "--delta-for-epsilon" $R --delta-for-epsilon 1,-2
bad "--mechanism vmf" account --mechanism vmf --kappa 10 --p 10 --sampling-rate 0.01 --steps 10 --delta 1e-5,1e-6
bad "--method" $R --delta 1e-5,1e-6 --method double
bad "--epsilon" account --epsilon 2 --sampling-rate 0.01 --steps 1000 --delta 1e-5,1e-6
bad "at most 64" $R --delta "$(python3 -c 'print(",".join(["1e-5"] * 65))')"

# ---- each row is the single query over the same orders -----------------------
j $R $O --delta 1e-5,1e-7,0.001 --delta-for-epsilon 0.5,2,8
cp "$out" "$out.list"
rc=0
for D in 1e-5 1e-7 0.001; do
    "$L" $R $O --delta $D --json >"$out" 2>"$err" || rc=1
    python3 -c 'import json,sys
L=json.load(open(sys.argv[1])); S=json.load(open(sys.argv[2])); d=sys.argv[3]
row=[r for r in L["epsilons"] if r["delta"]==d][0]
assert row["status"]=="ok", row
assert row["epsilon_upper_bound"]==S["balle2020"]["epsilon_upper_bound"], (row, S["balle2020"])
assert row["order"]==S["balle2020"]["order"], (row, S["balle2020"])
assert row["epsilon_classic_upper_bound"]==S["classic"]["epsilon_upper_bound"], (row, S["classic"])' "$out.list" "$out" $D || rc=1
done
ok $rc "epsilon at each of 3 deltas from one composition = the single query's, digit for digit (9 orders)"
rc=0
for E in 0.5 2 8; do
    "$L" $R $O --delta-for-epsilon $E --json >"$out" 2>"$err" || rc=1
    python3 -c 'import json,sys
L=json.load(open(sys.argv[1])); S=json.load(open(sys.argv[2])); e=sys.argv[3]
row=[r for r in L["deltas"] if r["epsilon"]==e][0]
assert row["delta_upper_bound"]==S["balle2020"]["delta_upper_bound"], (row, S["balle2020"])
assert row["delta_classic_upper_bound"]==S["classic"]["delta_upper_bound"], (row, S["classic"])
assert row["order"]==S["balle2020"]["order"], (row, S)' "$out.list" "$out" $E || rc=1
done
ok $rc "delta at each of 3 epsilons from one composition = --delta-for-epsilon's, digit for digit"

# ---- the default grid: fed back, and never below the search -------------------
j $R --delta-for-epsilon 1,2,4 --delta 1e-5
python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); ds=[float(r["delta_upper_bound"]) for r in d["deltas"]]
assert d["norders"]==161 and "no search" in d["order_search"], d
assert ds[0] > ds[1] > ds[2] > 0, ds
print(" ".join(r["delta_upper_bound"] for r in d["deltas"]))' "$out" >"$err.d"
ok $? "delta at epsilon 1, 2, 4 decreases: $(cat "$err.d")"
rc=0
set -- 1 2 4
for D in $(cat "$err.d"); do
    E=$1; shift
    "$L" $R --delta "$D" --json >"$out" 2>"$err" || rc=1
    python3 -c 'import json,sys
e=float(json.load(open(sys.argv[1]))["balle2020"]["epsilon_upper_bound"]); E=float(sys.argv[2])
assert e <= E * (1 + 1e-5), (e, E)' "$out" $E || rc=1
done
ok $rc "each delta fed back as --delta gives epsilon <= its epsilon (the search's order)"
j $R --delta 1e-5,1e-6
python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); r=d["epsilons"][0]
assert abs(float(r["epsilon_upper_bound"]) / 1.71172 - 1) < 1e-3, r' "$out"
ok $? "default grid at delta 1e-5: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["epsilons"][0]["epsilon_upper_bound"])' "$out") beside the search's 1.71172 (within 1e-3)"

# ---- edges, fixed batches, phases, per-order ----------------------------------
j account --noise-multiplier 1.1 --sampling-rate 0 --steps 10 --delta 1e-5,1e-6 --delta-for-epsilon 0,1
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert all(r["epsilon_upper_bound"]=="0" for r in d["epsilons"]) and all(r["delta_upper_bound"]=="0" for r in d["deltas"]), d' "$out"
ok $? "q = 0: every epsilon and every delta is 0"
j $R --sampling fixed-batch --delta 1e-5,1e-6 --orders 2,3,4
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["sampling"]=="fixed-batch" and d["relation"]=="replace", d
assert abs(float(d["epsilons"][0]["epsilon_upper_bound"]) / 15.5659 - 1) < 1e-4, d' "$out"
ok $? "--sampling fixed-batch: the lists name it, epsilon at 1e-5 = 15.5659 (order 2, as the single query)"
j account --phase 1.1,0.01,500 --phase 1.1,0.01,500 --delta 1e-5,1e-6 $O --per-order
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["steps"]==1000 and len(d["phases"])==2 and len(d["per_order"])==9, d
assert d["per_order"][0]["order"]=="2" and d["per_order"][0]["rdp"], d' "$out"
ok $? "two phases and --per-order: the curve's rows (order, rdp) beside the lists"
rm -f "$out.list" "$err.d"
echo "1..$n"
