#!/bin/sh
# t-account-edges.sh -- what the peers' users expect of `leakproof account`
# (issue 20, part 6): delta at a given epsilon by the RDP accountant (fed back
# as --delta it gives epsilon <= E; the PLD's certified bracket sits at or
# below it), a run in phases (one phase is the plain command; two phases of
# the same M and q are one phase of their summed steps), and q = 0, delta = 0
# and epsilon = 0 as the mathematics says.  TAP.
. "$(dirname "$0")/../cli-lib.sh"
j() { "$L" "$@" --json >"$out" 2>"$err"; }
R="account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 1000"

# ---- delta at epsilon --------------------------------------------------------
bad "--delta-for-epsilon" $R --delta 1e-5 --delta-for-epsilon 2
bad "--delta-for-epsilon" $R --delta-for-epsilon -1
bad "--delta-for-epsilon" $R --delta-for-epsilon 1e5
bad "--method" $R --delta-for-epsilon 2 --method double
bad "--per-order" $R --delta-for-epsilon 2 --per-order
bad "--epsilon" account --epsilon 1 --sampling-rate 0.01 --steps 10 --delta-for-epsilon 2
for E in 2 0.8 5; do
    j $R --delta-for-epsilon $E
    D=$(python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); b=d["balle2020"]; c=d["classic"]
assert d["accountant"]=="rdp" and d["epsilon"]==sys.argv[2] and b["certified"] and b["status"]=="ok", d
assert 0 < float(b["delta_upper_bound"]) <= float(c["delta_upper_bound"]) < 1, d
lo = float(b["value"]) * (1 - b["rel_error_bound"])
assert lo <= float(b["delta_upper_bound"]), d
print(b["delta_upper_bound"])' "$out" $E)
    ok $? "RDP delta at epsilon $E: Balle's <= classic's, certified: $(cat "$out")"
    j $R --delta "$D"
    python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); e=float(d["balle2020"]["epsilon_upper_bound"]); E=float(sys.argv[2])
assert e <= E * (1 + 1e-5), (e, E)' "$out" $E
    ok $? "fed back as --delta $D: epsilon $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["balle2020"]["epsilon_upper_bound"])' "$out") <= $E (within its printed rounding)"
    "$L" account --accountant pld --noise-multiplier 1.1 --sampling-rate 0.01 --steps 1000 \
        --delta-for-epsilon $E --json >"$err.pld" 2>/dev/null
    br=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["delta_lower_bound"], p["delta_upper_bound"], p["add"]["fft_error_bound"])' "$err.pld")
    python3 -c 'import json,sys
p=json.load(open(sys.argv[1])); r=float(sys.argv[2])
assert p["certified"] and float(p["delta_lower_bound"]) <= r, (p, r)' "$err.pld" "$D"
    ok $? "epsilon $E: RDP's delta $D >= the PLD's certified lower bound (PLD bracket, fft error: $br)"
    python3 -c 'import json,sys
p=json.load(open(sys.argv[1])); r=float(sys.argv[2])
assert float(p["delta_upper_bound"]) <= r, (p, r)' "$err.pld" "$D" 2>/dev/null
    rc=$?
    if [ "$E" = 5 ]; then
        # a finding, measured: at E = 5 the true delta (~1e-18 by RDP) is far
        # below the PLD's FFT error bound (~1.4e-10 at the default --width), so
        # the PLD's certified upper bound is the floor of its error bound
        ok $rc "epsilon 5: PLD's delta upper bound <= RDP's $D (PLD bracket, fft error: $br) # TODO the PLD's certified delta upper bound is floored by its additive FFT error bound (1.37e-10 vs RDP's 8.16e-19 at M=1.1 q=0.01 T=1000 E=5)"
    else
        ok $rc "epsilon $E: PLD's certified delta upper bound <= RDP's $D (PLD is tighter; bracket, fft error: $br)"
    fi
done
rm -f "$err.pld"
# a given order list: the least over it, and the order is one of them
j $R --delta-for-epsilon 2 --orders 2,8,32
python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); b=d["balle2020"]
assert d["norders"]==3 and b["order"]=="8" and d["order_search"] is None, d' "$out"
ok $? "--orders 2,8,32: the least delta is at order 8: $(cat "$out")"

# many digits: each order's RDP is raised to what delta's digits need
j $R --delta-for-epsilon 2 --orders 2,8,9.5 --digits 60
python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); b=d["balle2020"]
assert d["orders_failed"]==0 and b["order"]=="9.5" and b["rel_error_bound"] < 1e-59, d
assert len(b["delta_upper_bound"].split("e")[0].replace(".","")) == 60 and b["delta_upper_bound"].startswith("8.6432965317"), d' "$out"
ok $? "--digits 60: delta certified to 60 digits at order 9.5: $(head -c 300 "$out")"

# ---- phases ------------------------------------------------------------------
bad "--phase" account --phase 1.1,0.01 --delta 1e-5
bad "--phase" account --phase 1.1,0.01,10,4 --delta 1e-5
bad "--phase" account --phase 0,0.01,10 --delta 1e-5
bad "--phase" account --phase 1,1.5,10 --delta 1e-5
bad "--phase" account --phase 1,3/2,10 --delta 1e-5
bad "--phase" account --phase 1,0.01,0 --delta 1e-5
bad "--phase" account --phase 1,0.01,2.5 --delta 1e-5
bad "--noise-multiplier" account --phase 1,0.01,10 --noise-multiplier 1 --delta 1e-5
bad "--method" account --phase 1,0.01,10 --delta 1e-5 --method opacus
bad "--phase" account --accountant pld --phase 1,0.01,10,4 --delta 1e-5
bad "--phase" account --accountant pld --phase vmf,5,2,0.01,10 --delta 1e-5
bad "--phase" account --accountant pld --phase 1,1,10 --delta 1e-5
bad "--phase" account --accountant pld --phase 1,0.01,10 --noise-multiplier 1 --delta 1e-5
bad "--delta" account --phase 1,0.01,10
# the echo and the equalities (the conversions' objects byte for byte)
same() {  # same DESCRIPTION ARGS-A -- ARGS-B: balle2020 and classic identical
    desc=$1; shift
    a=""; while [ "$1" != "--" ]; do a="$a $1"; shift; done; shift
    "$L" $a --json >"$out" 2>"$err"
    "$L" "$@" --json >"$err" 2>/dev/null
    python3 -c 'import json,sys
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
assert a["balle2020"]==b["balle2020"] and a["classic"]==b["classic"], (a, b)' "$out" "$err"
    ok $? "$desc: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); b=d["balle2020"]; print(b.get("epsilon_upper_bound", b.get("delta_upper_bound")), b["order"], d["steps"])' "$out")"
}
same "one phase is the plain command (best real order)" \
    account --phase 1.1,0.01,1000 --delta 1e-5 -- $R --delta 1e-5
same "one phase is the plain command (integer orders, fraction q)" \
    account --phase 0.9,1/568,3000 --delta 1e-6 --orders integers -- \
    account --noise-multiplier 0.9 --sampling-rate 1/568 --steps 3000 --delta 1e-6 --orders integers
same "(M,q,400) then (M,q,600) is (M,q,1000)" \
    account --phase 1.1,0.01,400 --phase 1.1,0.01,600 --delta 1e-5 -- $R --delta 1e-5
same "(M,q,1),(M,q,1),(M,q,98) is (M,q,100) at orders 2.5,8,64" \
    account --phase 2,0.1,1 --phase 2,0.1,1 --phase 2,0.1,98 --delta 1e-5 --orders 2.5,8,64 -- \
    account --noise-multiplier 2 --sampling-rate 0.1 --steps 100 --delta 1e-5 --orders 2.5,8,64
same "a phase at q = 0 adds nothing to epsilon" \
    account --phase 1.1,0.01,1000 --phase 0.5,0,100 --delta 1e-5 -- $R --delta 1e-5
same "a phase at q = 0/9 adds nothing to epsilon" \
    account --phase 0.7,0/9,100 --phase 1.1,0.01,1000 --delta 1e-5 -- $R --delta 1e-5
same "delta at epsilon over phases equals the plain run's" \
    account --phase 1.1,0.01,300 --phase 1.1,0.01,700 --delta-for-epsilon 2 -- $R --delta-for-epsilon 2
# different phases: each order's RDP is the sum of the phases'
j account --phase 1.1,0.01,500 --phase 2,0.05,200 --delta 1e-5 --orders 2,8,32 --per-order --digits 12
cp "$out" "$out.ph"
j account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 500 --delta 1e-5 --orders 2,8,32 --per-order --digits 12
cp "$out" "$out.a"
j account --noise-multiplier 2 --sampling-rate 0.05 --steps 200 --delta 1e-5 --orders 2,8,32 --per-order --digits 12
python3 -c 'import json,sys
p,a,b=(json.load(open(f)) for f in sys.argv[1:4])
assert p["noise_multiplier"] is None and [x["steps"] for x in p["phases"]]==[500,200] and p["steps"]==700, p
for x,y,z in zip(p["per_order"],a["per_order"],b["per_order"]):
    s=float(y["rdp"])+float(z["rdp"]); r=float(x["rdp"])
    assert abs(r-s) <= 1e-10*s, (x,y,z)
assert float(p["balle2020"]["epsilon_upper_bound"]) > max(float(a["balle2020"]["epsilon_upper_bound"]), float(b["balle2020"]["epsilon_upper_bound"])), p' "$out.ph" "$out.a" "$out"
ok $? "(1.1,0.01,500)+(2,0.05,200): per-order RDP is the phases' sum, epsilon above each phase's: $(head -c 400 "$out.ph")"
rm -f "$out.ph" "$out.a"

# ---- q = 0, delta = 0, epsilon = 0 --------------------------------------------
for Q in 0 0/568 0.000; do
    j account --noise-multiplier 1 --sampling-rate $Q --steps 10 --delta 1e-5
    python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
for k in ("balle2020","classic"):
    b=d[k]; assert b["epsilon_upper_bound"]=="0" and b["status"]=="ok" and b["certified"] and "never used" in b["note"], d' "$out"
    ok $? "q = $Q: epsilon 0 exactly, status ok, with a note: $(cat "$out")"
done
j account --noise-multiplier 1 --sampling-rate 0 --steps 10 --delta 0
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["balle2020"]["epsilon_upper_bound"]=="0", d' "$out"
ok $? "q = 0 and delta = 0: epsilon 0 ((0, 0)-DP): $(cat "$out")"
j account --noise-multiplier 1 --sampling-rate 0 --steps 10 --delta-for-epsilon 0
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["balle2020"]["delta_upper_bound"]=="0", d' "$out"
ok $? "q = 0: delta 0 at epsilon 0: $(cat "$out")"
for D in 0 0.0 0e3; do
    j account --noise-multiplier 5 --sampling-rate 0.001 --steps 1 --delta $D; rc=$?
    python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
for k in ("balle2020","classic"):
    b=d[k]; assert b["epsilon_upper_bound"] is None and b["status"]=="infinite" and "infinity" in b["note"], d' "$out"
    [ $? -eq 0 ] && [ $rc -eq 0 ]
    ok $? "delta = $D, q > 0: epsilon +infinity said plainly (status infinite, a note), exit 0: $(cat "$out")"
done
"$L" account --noise-multiplier 5 --sampling-rate 0.001 --steps 1 --delta 0 >"$out" 2>"$err"
grep -q "status: infinite" "$out" && grep -q "infinity" "$out"
ok $? "delta = 0 in the human record: status infinite and the note"
j account --phase 1,0,10 --phase 2,0.01,10 --delta 0
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["balle2020"]["status"]=="infinite", d' "$out"
ok $? "phases with one q > 0 and delta = 0: infinite: $(cat "$out")"
j account --epsilon 0 --sampling-rate 0.01 --steps 10 --delta 1e-5
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["noise_multiplier"] is None and d["status"]=="infinite" and "infinite noise" in d["note"], d' "$out"
ok $? "--epsilon 0: only infinite noise (status infinite): $(cat "$out")"
j account --epsilon 1 --sampling-rate 0.01 --steps 10 --delta 0
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["noise_multiplier"] is None and d["status"]=="infinite", d' "$out"
ok $? "--epsilon 1 at delta = 0: only infinite noise: $(cat "$out")"
j account --epsilon 0 --sampling-rate 0 --steps 10 --delta 1e-5
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["noise_multiplier"]=="0" and d["status"]=="ok", d' "$out"
ok $? "--epsilon 0 at q = 0: no noise needed: $(cat "$out")"
bad "--method" account --noise-multiplier 1 --sampling-rate 0 --steps 10 --delta 1e-5 --method double
bad "--method" account --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --delta 0 --method opacus
bad "--delta" account --noise-multiplier 1 --stated-epsilon 2.0 --batch 64 --epochs 1 --delta 0
bad "--sampling-rate" account --accountant pld --noise-multiplier 1 --sampling-rate 0 --steps 10 --delta 1e-5

# ---- replace-one: the remove-then-add bound (Mironov 2017, Prop. 11, p = 2) ----
bad "--relation" $R --delta 1e-5 --relation add
bad "--relation" $R --delta 1e-5 --relation swap
bad "--method" $R --delta 1e-5 --relation replace --method double
# at q = 1 the truth is known: replace-one moves the sum by 2 clip norms, the
# Gaussian at multiplier M/2; the bound must be at or above it
j account --noise-multiplier 5 --sampling-rate 1 --steps 10 --delta 1e-5 --relation replace
cp "$out" "$out.r"
j account --noise-multiplier 2.5 --sampling-rate 1 --steps 10 --delta 1e-5
python3 -c 'import json,sys
r,e=(json.load(open(f)) for f in sys.argv[1:3])
assert r["relation"]=="replace" and "Prop. 11" in r["relation_bound"], r
assert float(r["balle2020"]["epsilon_upper_bound"]) >= float(e["balle2020"]["value"]), (r, e)' "$out.r" "$out"
ok $? "replace at q = 1, M = 5, T = 10: bound $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["balle2020"]["epsilon_upper_bound"])' "$out.r") >= the exact M/2 Gaussian's $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["balle2020"]["value"])' "$out")"
# every order: c RDP(2a) + RDP(2a-1) >= RDP(a), so replace's epsilon is above add/remove's
for ARGS in "--orders integers" "--orders 1.5,2,8,32.5" "--per-order --orders 3"; do
    j $R --delta 1e-5 --relation replace $ARGS
    cp "$out" "$out.r"
    j $R --delta 1e-5 $ARGS
    python3 -c 'import json,sys
r,a=(json.load(open(f)) for f in sys.argv[1:3])
assert float(r["balle2020"]["epsilon_upper_bound"]) > float(a["balle2020"]["epsilon_upper_bound"]), (r, a)
assert "relation" not in a, a' "$out.r" "$out"
    ok $? "replace ($ARGS) above add/remove: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["balle2020"]["epsilon_upper_bound"])' "$out.r") > $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["balle2020"]["epsilon_upper_bound"])' "$out")"
done
# per order, the bound by hand from the add/remove curve at 2a and 2a - 1
j $R --delta 1e-5 --relation replace --orders 3 --per-order --digits 12
cp "$out" "$out.r"
j $R --delta 1e-5 --orders 6,5 --per-order --digits 12
python3 -c 'import json,sys
r,a=(json.load(open(f)) for f in sys.argv[1:3])
want = (3 - 0.5) / (3 - 1) * float(a["per_order"][0]["rdp"]) + float(a["per_order"][1]["rdp"])
got = float(r["per_order"][0]["rdp"])
assert abs(got - want) <= 1e-9 * want, (got, want)' "$out.r" "$out"
ok $? "replace at order 3: RDP_T = 5/4 RDP_T(6) + RDP_T(5) of add/remove"
"$L" $R --delta 1e-5 --relation replace --json >"$out.r.d"
j account --phase 1.1,0.01,1000 --delta 1e-5 --relation replace
python3 -c 'import json,sys
r,a=(json.load(open(f)) for f in sys.argv[1:3])
assert r["balle2020"]==a["balle2020"] and r["relation"]=="replace", (r, a)' "$out" "$out.r.d"
ok $? "replace over one phase is the plain command's replace"
j $R --delta-for-epsilon 4 --relation replace
cp "$out" "$out.r"
j $R --delta-for-epsilon 4
python3 -c 'import json,sys
r,a=(json.load(open(f)) for f in sys.argv[1:3])
assert float(r["balle2020"]["delta_upper_bound"]) > float(a["balle2020"]["delta_upper_bound"]) and r["relation"]=="replace", (r, a)' "$out.r" "$out"
ok $? "replace: delta at epsilon 4 above add/remove's"
j account --epsilon 4 --sampling-rate 0.01 --steps 1000 --delta 1e-5 --relation replace
cp "$out" "$out.r"
j account --epsilon 4 --sampling-rate 0.01 --steps 1000 --delta 1e-5
python3 -c 'import json,sys
r,a=(json.load(open(f)) for f in sys.argv[1:3])
assert float(r["noise_multiplier"]) > float(a["noise_multiplier"]) and r["relation"]=="replace", (r, a)' "$out.r" "$out"
ok $? "replace: the least multiplier for epsilon 4 is larger: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["noise_multiplier"])' "$out.r") > $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["noise_multiplier"])' "$out")"
rm -f "$out.r" "$out.r.d"
echo "1..$n"
