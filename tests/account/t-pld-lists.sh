#!/bin/sh
# t-pld-lists.sh -- the privacy profile: `leakproof account --accountant pld`
# with lists of --delta and --delta-for-epsilon from one composition per
# relation (src/account/pld/study/pld_profile.c), against the single queries (each
# its own grid: the brackets of one true value must meet), the RDP
# accountant's certified upper bound (an independent route: no PLD lower end
# above it), q = 1's closed form; and `account --plot` (gnuplot).  TAP.
. "$(dirname "$0")/../cli-lib.sh"
j() { "$L" "$@" --json >"$out" 2>"$err"; }
R="account --accountant pld --noise-multiplier 1.1 --sampling-rate 0.01 --steps 200"

bad "--delta" $R --delta 0,1e-5
bad "--delta-for-epsilon" $R --delta-for-epsilon 1,-1
bad "--orders" $R --delta 1e-5,1e-6 --orders 2,3
bad "--plot" $R --delta 1e-5 --plot profile.txt
bad "--plot" account --epsilon 2 --sampling-rate 0.01 --steps 200 --delta 1e-5 --plot p.svg

# ---- each row's bracket meets the single query's (another grid) ---------------
j $R --delta 1e-4,1e-6,1e-9 --delta-for-epsilon 0.5,1,2
rc=$?
cp "$out" "$out.list"
[ $rc -eq 0 ] && python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["certified"] and d["compositions"]==2 and len(d["epsilons"])==3 and len(d["deltas"])==3, d
e=[(float(r["epsilon_lower_bound"]), float(r["epsilon_upper_bound"])) for r in d["epsilons"]]
assert all(0 < lo <= hi <= 1.05 * lo for lo, hi in e), e
assert e[0][1] < e[1][0] and e[1][1] < e[2][0], e      # epsilon grows as delta falls
' "$out.list"
ok $? "PLD lists: 3 epsilons and 3 deltas from 2 compositions, each bracket within 5 % (the grid sized for epsilon 2), ordered"
rc=0
for D in 1e-4 1e-9; do
    "$L" $R --delta $D --json >"$out" 2>"$err" || rc=1
    python3 -c 'import json,sys
L=json.load(open(sys.argv[1])); S=json.load(open(sys.argv[2])); d=sys.argv[3]
r=[r for r in L["epsilons"] if r["delta"]==d][0]
lo, hi = float(r["epsilon_lower_bound"]), float(r["epsilon_upper_bound"])
slo, shi = float(S["epsilon_lower_bound"]), float(S["epsilon_upper_bound"])
assert max(lo, slo) <= min(hi, shi), (d, lo, hi, slo, shi)' "$out.list" "$out" $D || { rc=1; echo "# delta $D: $(cat "$err")"; }
done
ok $rc "epsilon's bracket at each delta meets the single --delta query's (a grid of its own)"
rc=0
for E in 0.5 2; do
    "$L" $R --delta-for-epsilon $E --json >"$out" 2>"$err" || rc=1
    python3 -c 'import json,sys
L=json.load(open(sys.argv[1])); S=json.load(open(sys.argv[2])); e=sys.argv[3]
r=[r for r in L["deltas"] if r["epsilon"]==e][0]
lo, hi = float(r["delta_lower_bound"]), float(r["delta_upper_bound"])
slo, shi = float(S["delta_lower_bound"]), float(S["delta_upper_bound"])
assert 0 <= lo <= hi and max(lo, slo) <= min(hi, shi), (e, lo, hi, slo, shi)' "$out.list" "$out" $E || { rc=1; echo "# epsilon $E: $(cat "$err")"; }
done
ok $rc "delta's bracket at each epsilon meets the single --delta-for-epsilon query's"

# ---- against the RDP accountant: the true epsilon is below its bound -----------
"$L" account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 200 --delta 1e-4,1e-6,1e-9 \
    --delta-for-epsilon 0.5,1,2 --json >"$out" 2>"$err"
python3 -c 'import json,sys
P=json.load(open(sys.argv[1])); R=json.load(open(sys.argv[2]))
for p, r in zip(P["epsilons"], R["epsilons"]):
    assert float(p["epsilon_lower_bound"]) <= float(r["epsilon_upper_bound"]), (p, r)
for p, r in zip(P["deltas"], R["deltas"]):
    assert float(p["delta_lower_bound"]) <= float(r["delta_upper_bound"]), (p, r)
print(P["epsilons"][1]["epsilon_upper_bound"], R["epsilons"][1]["epsilon_upper_bound"])' "$out.list" "$out" >"$err.v"
ok $? "no PLD lower end above the RDP accountant's certified bound (epsilon at 1e-6: PLD <= $(cut -d' ' -f1 "$err.v"), RDP $(cut -d' ' -f2 "$err.v"))"
rm -f "$err.v"

# ---- T = 1: the exact delta(eps) of the subsampled Gaussian, by erfc --------------
# one step, M = 1, q = 0.5, in units of the noise: remove, P = (1-q) N(0,1) + q N(1/M,1)
# against N(0,1), the loss increasing in u, delta = P(u > u*) - e^eps Q(u > u*); add, the
# pair swapped, delta = Q'(u < u_*) - e^eps P'(u < u_*); the worse of the two
j account --accountant pld --noise-multiplier 1 --sampling-rate 0.5 --steps 1 \
    --delta-for-epsilon 0.1,0.5,1,2 --delta 1e-2,1e-4
python3 -c 'import json,sys
from math import erfc, exp, log, sqrt
Phic = lambda x: erfc(x / sqrt(2)) / 2
Phi = lambda x: erfc(-x / sqrt(2)) / 2
M, q = 1.0, 0.5
def rem(e):
    u = M * log((exp(e) - 1 + q) / q) + 1 / (2 * M)
    return (1 - q) * Phic(u) + q * Phic(u - 1 / M) - exp(e) * Phic(u)
def add(e):
    a = exp(-e) - 1 + q
    if a <= 0:
        return 0.0
    u = M * log(a / q) + 1 / (2 * M)
    return Phi(u) - exp(e) * ((1 - q) * Phi(u) + q * Phi(u - 1 / M))
delta = lambda e: max(rem(e), add(e))
d = json.load(open(sys.argv[1]))
for r in d["deltas"]:
    x = delta(float(r["epsilon"]))
    assert float(r["delta_lower_bound"]) <= x * (1 + 1e-9) and x <= float(r["delta_upper_bound"]) * (1 + 1e-9), (r, x)
for r in d["epsilons"]:
    t, lo, hi = float(r["delta"]), float(r["epsilon_lower_bound"]), float(r["epsilon_upper_bound"])
    assert delta(hi) <= t * (1 + 1e-9) and (lo == 0 or delta(lo) >= t * (1 - 1e-9)), (r, delta(lo), delta(hi))
r = d["deltas"][2]
print(r["delta_lower_bound"], "%.6g" % delta(1), r["delta_upper_bound"])' "$out" >"$err.v"
ok $? "T = 1, M = 1, q = 0.5: the exact delta (erfc) inside every delta bracket and between every epsilon bracket's ends (at eps 1: $(cat "$err.v"))"
rm -f "$err.v"

# ---- q = 1: the closed form, no grid -------------------------------------------
j account --accountant pld --noise-multiplier 2 --sampling-rate 1 --steps 4 --delta 1e-5,1e-3 --delta-for-epsilon 1
cp "$out" "$out.list"
"$L" account --accountant pld --noise-multiplier 2 --sampling-rate 1 --steps 4 --delta 1e-5 --json >"$out" 2>"$err"
python3 -c 'import json,sys
L=json.load(open(sys.argv[1])); S=json.load(open(sys.argv[2]))
assert L["compositions"]==0 and "closed form" in L["route"], L
r=L["epsilons"][0]; lo, hi = float(r["epsilon_lower_bound"]), float(r["epsilon_upper_bound"])
slo, shi = float(S["epsilon_lower_bound"]), float(S["epsilon_upper_bound"])
assert max(lo, slo) <= min(hi, shi) and hi - lo <= 1e-5 * hi, (lo, hi, slo, shi)
# mu = sqrt(4)/2 = 1: delta(1) = Phi(1/2 - 1) - e Phi(-1/2 - 1), by the standard library
from math import erfc, exp, sqrt
Phi = lambda x: erfc(-x / sqrt(2)) / 2
d = Phi(-0.5) - exp(1) * Phi(-1.5)
r = L["deltas"][0]
assert float(r["delta_lower_bound"]) <= d * (1 + 1e-12) and d <= float(r["delta_upper_bound"]) * (1 + 1e-12), (d, r)' "$out.list" "$out"
ok $? "q = 1: epsilon's bisection meets the single query's; delta(1) of mu = 1 in its bracket (the closed form by erfc)"
rm -f "$out.list"

# ---- --plot ---------------------------------------------------------------------
if command -v gnuplot >/dev/null 2>&1; then
    fig=$(mktemp -d)
    j $R --delta 1e-5 --plot "$fig/profile.svg"
    rc=$?
    [ $rc -eq 0 ] && [ -s "$fig/profile.svg" ] && grep -q "PLD, certified bracket" "$fig/profile.svg" \
        && grep -q "RDP, certified upper bound" "$fig/profile.svg" && python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); p=d["plot"]
assert p["points"]==81 and p["delta_min"]=="1e-10", p
rows=p["profile"]
assert all(r["pld_delta_lower_bound"] <= r["pld_delta_upper_bound"] <= r["rdp_delta_upper_bound"] * 1.0000001
           for r in rows[1:]), rows' "$out"
    ok $? "--plot FILE.svg: the PLD band below the RDP bound at 9 epsilons, the figure written (rc $rc)"
    j account --phase 1.1,0.01,100 --phase 2,0.02,100 --delta 1e-5 --plot "$fig/phases.pdf"
    [ $? -eq 0 ] && [ -s "$fig/phases.pdf" ] && head -c 5 "$fig/phases.pdf" | grep -q '%PDF'
    ok $? "--plot FILE.pdf of a run in two phases (RDP)"
    rm -rf "$fig"
else
    n=$((n + 1)); echo "ok $n # SKIP gnuplot not installed (--plot)"
    n=$((n + 1)); echo "ok $n # SKIP gnuplot not installed (--plot)"
fi
PATH=/nonexistent "$L" account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 200 --delta 1e-5 \
    --plot /nonexistent/p.svg >"$out" 2>"$err"
rc=$?
[ $rc -eq 1 ] && [ ! -s "$out" ] && grep -q "gnuplot" "$err"
ok $? "--plot without gnuplot: exit 1, nothing on stdout, one message (rc $rc: $(tail -1 "$err"))"
echo "1..$n"
