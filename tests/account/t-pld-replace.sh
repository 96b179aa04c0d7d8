#!/bin/sh
# t-pld-replace.sh -- `leakproof account --accountant pld --relation replace`
# (src/account/pld/study/pld_study_replace.c): the record names the relation, the
# pair and its dominance status; q = 1 against the closed form of two
# Gaussians 2C apart (computed here in Python, another route); the RDP
# accountant's --relation replace bound above the PLD's lower end; lists from
# one composition against the single queries; the combinations it does not
# take refused with the RDP alternative.  TAP.
. "$(dirname "$0")/../cli-lib.sh"
j() { "$L" "$@" --json >"$out" 2>"$err"; }
R="account --accountant pld --relation replace"

bad "--phase" $R --phase 1,0.01,10 --delta 1e-5
bad "--mechanism" $R --mechanism vmf --kappa 10 --p 5 --sampling-rate 0.01 --steps 1 --delta 1e-5
bad "--relation" account --accountant pld --relation swap --noise-multiplier 1 --sampling-rate 0.01 --steps 1 --delta 1e-5

# ---- the record ------------------------------------------------------------------
j $R --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5
rc=$?
cp "$out" "$out.pld"
[ $rc -eq 0 ] && python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["relation"]=="replace" and d["neighbours"]=="replace one example", d
assert d["dominance_status"]=="checked" and "antipodal" in d["dominance"], d
assert d["certified"] is True and d["sampling"]=="poisson", d
lo,hi=float(d["epsilon_lower_bound"]),float(d["epsilon_upper_bound"])
assert 0 < lo <= hi <= 1.02*lo, (lo,hi)' "$out.pld"
ok $? "replace: the record names the relation, the pair (dominance_status checked), a certified bracket within 2 %"

# ---- RDP's remove-then-add bound is above the PLD's lower end ------------------------
"$L" account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5 --relation replace --json >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] && python3 -c 'import json,sys
p=json.load(open(sys.argv[1])); r=json.load(open(sys.argv[2]))
lo=float(p["epsilon_lower_bound"]); up=float(r["balle2020"]["epsilon_upper_bound"])
assert r["relation"]=="replace" and r["balle2020"]["certified"], r
assert lo <= up, (lo, up)
print("# PLD replace [%s, %s], RDP replace %s" % (p["epsilon_lower_bound"], p["epsilon_upper_bound"], up))' "$out.pld" "$out"
ok $? "replace: the PLD lower end at most the RDP accountant's certified replace-one bound"

# ---- lists: one composition of the pair, each row's bracket meets the single query's
j $R --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-4,1e-5 --delta-for-epsilon 1
rc=$?
cp "$out" "$out.list"
j $R --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta-for-epsilon 1
[ $rc -eq 0 ] && python3 -c 'import json,sys
L=json.load(open(sys.argv[1])); S=json.load(open(sys.argv[2])); P=json.load(open(sys.argv[3]))
assert L["relation"]=="replace" and L["compositions"]==1 and "replace" in L and L["certified"], L
r=[r for r in L["epsilons"] if r["delta"]=="1e-5"][0]
lo,hi=float(r["epsilon_lower_bound"]),float(r["epsilon_upper_bound"])
assert max(lo,float(P["epsilon_lower_bound"])) <= min(hi,float(P["epsilon_upper_bound"])), (lo,hi,P)
d=L["deltas"][0]; a,b=float(d["delta_lower_bound"]),float(d["delta_upper_bound"])
assert max(a,float(S["delta_lower_bound"])) <= min(b,float(S["delta_upper_bound"])), (a,b,S)' "$out.list" "$out" "$out.pld"
ok $? "replace, lists: one composition; epsilon(1e-5) and delta(1) meet the single queries' brackets"
rm -f "$out.list"

# ---- q = 1: N(C) against N(-C), delta(eps) = Phi(mu/2 - eps/mu) - e^eps Phi(-mu/2 - eps/mu), mu = 2 sqrt(T)/M
j $R --noise-multiplier 2 --sampling-rate 1 --steps 3 --delta-for-epsilon 1
rc=$?
[ $rc -eq 0 ] && python3 -c 'import json,sys,math
d=json.load(open(sys.argv[1]))
Phi=lambda x: 0.5*math.erfc(-x/math.sqrt(2))
mu=2*math.sqrt(3)/2; e=1.0
x=Phi(mu/2-e/mu)-math.exp(e)*Phi(-mu/2-e/mu)
lo,hi=float(d["delta_lower_bound"]),float(d["delta_upper_bound"])
assert lo*(1-1e-9) <= x <= hi*(1+1e-9) and hi-lo <= 1e-4*x, (lo,x,hi)' "$out"
ok $? "replace, q = 1: delta(1) of M 2, T 3 holds the closed form of two Gaussians 2C apart"
rm -f "$out.pld"
echo "1..$n"
