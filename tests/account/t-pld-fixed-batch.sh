#!/bin/sh
# t-pld-fixed-batch.sh -- `leakproof account --accountant pld --sampling
# fixed-batch` (src/account/pld/pairs/pld_mech_fixed_batch.c): the record names the
# relation, the sampling and the pair's dominance (cited); q = 1 (m = n)
# against the closed form of two Gaussians 2C apart (computed here in Python,
# another route), by the rate and by --batch = --dataset-size; the PLD upper
# end at or below the RDP accountant's certified fixed-batch bound at the same
# run; lists from one composition against the single queries; the
# combinations it does not take refused (--plot: t-account-plot-mech.sh).  TAP.
. "$(dirname "$0")/../cli-lib.sh"
j() { "$L" "$@" --json >"$out" 2>"$err"; }
R="account --accountant pld --sampling fixed-batch"

bad "--phase" $R --phase 1,0.01,10 --delta 1e-5
bad "--mechanism" $R --mechanism vmf --kappa 10 --p 5 --sampling-rate 0.01 --steps 1 --delta 1e-5
bad "--epsilon" $R --epsilon 1 --sampling-rate 0.01 --steps 1 --delta 1e-5
bad "--relation" $R --relation add --noise-multiplier 1 --sampling-rate 0.01 --steps 1 --delta 1e-5

# ---- the record, and RDP's fixed-batch bound above the PLD's upper end ---------------
for T in 100 1000; do
    j $R --noise-multiplier 1.1 --sampling-rate 0.01 --steps $T --delta 1e-5
    rc=$?
    cp "$out" "$out.pld"
    "$L" account --sampling fixed-batch --noise-multiplier 1.1 --sampling-rate 0.01 --steps $T \
        --delta 1e-5 --json >"$out" 2>"$err"
    [ $rc -eq 0 ] && python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); r=json.load(open(sys.argv[2]))
assert d["relation"]=="replace" and d["neighbours"]=="replace one example", d
assert d["sampling"]=="fixed-batch" and d["dominance_status"]=="cited", d
assert "Dong, Roth and Su" in d["dominance"] and "Zhu, Dong and Wang" in d["dominance"], d
assert d["certified"] is True, d
lo,hi=float(d["epsilon_lower_bound"]),float(d["epsilon_upper_bound"])
up=float(r["balle2020"]["epsilon_upper_bound"])
assert r["sampling"]=="fixed-batch" and r["relation"]=="replace" and r["balle2020"]["certified"], r
assert r["neighbours"]=="replace one example", r
assert 0 < lo <= hi <= 1.02*lo and hi <= up, (lo,hi,up)
print("# M 1.1 q 0.01 T %s delta 1e-5: PLD [%s, %s], RDP fixed-batch %s" % (sys.argv[3], d["epsilon_lower_bound"], d["epsilon_upper_bound"], up))' "$out.pld" "$out" $T
    ok $? "fixed-batch, T $T: the record (relation replace, sampling fixed-batch, dominance cited), a certified bracket within 2 %, its upper end at most RDP's fixed-batch bound"
done

# ---- lists: one composition of the pair, each row's bracket meets the single query's
j $R --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-4,1e-5 --delta-for-epsilon 2
rc=$?
cp "$out" "$out.list"
j $R --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta-for-epsilon 2
cp "$out" "$out.one"
j $R --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5
[ $rc -eq 0 ] && python3 -c 'import json,sys
L=json.load(open(sys.argv[1])); S=json.load(open(sys.argv[2])); P=json.load(open(sys.argv[3]))
assert L["relation"]=="replace" and L["sampling"]=="fixed-batch" and L["dominance_status"]=="cited", L
assert L["compositions"]==1 and "replace" in L and L["certified"], L
r=[r for r in L["epsilons"] if r["delta"]=="1e-5"][0]
lo,hi=float(r["epsilon_lower_bound"]),float(r["epsilon_upper_bound"])
assert max(lo,float(P["epsilon_lower_bound"])) <= min(hi,float(P["epsilon_upper_bound"])), (lo,hi,P)
d=L["deltas"][0]; a,b=float(d["delta_lower_bound"]),float(d["delta_upper_bound"])
assert max(a,float(S["delta_lower_bound"])) <= min(b,float(S["delta_upper_bound"])), (a,b,S)' "$out.list" "$out.one" "$out"
ok $? "fixed-batch, lists: one composition; epsilon(1e-5) and delta(2) meet the single queries' brackets"
rm -f "$out.list" "$out.one" "$out.pld"

# ---- q = 1 (m = n): N(2C) against N(0), delta(eps) = Phi(mu/2 - eps/mu) - e^eps Phi(-mu/2 - eps/mu), mu = 2 sqrt(T)/M
check_q1() {
    python3 -c 'import json,sys,math
d=json.load(open(sys.argv[1]))
Phi=lambda x: 0.5*math.erfc(-x/math.sqrt(2))
mu=2*math.sqrt(3)/2; e=1.0
x=Phi(mu/2-e/mu)-math.exp(e)*Phi(-mu/2-e/mu)
assert d["sampling"]=="fixed-batch" and d["relation"]=="replace", d
lo,hi=float(d["delta_lower_bound"]),float(d["delta_upper_bound"])
assert lo*(1-1e-9) <= x <= hi*(1+1e-9) and hi-lo <= 1e-4*x, (lo,x,hi)' "$out"
}
j $R --noise-multiplier 2 --sampling-rate 1 --steps 3 --delta-for-epsilon 1
[ $? -eq 0 ] && check_q1
ok $? "fixed-batch, q = 1: delta(1) of M 2, T 3 holds the closed form of two Gaussians 2C apart"
j $R --noise-multiplier 2 --batch 50 --dataset-size 50 --epochs 3 --delta-for-epsilon 1
[ $? -eq 0 ] && check_q1
ok $? "fixed-batch, m = n = 50, 3 epochs: the same closed form"
echo "1..$n"
