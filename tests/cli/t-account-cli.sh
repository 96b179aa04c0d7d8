#!/bin/sh
# t-account-cli.sh -- the command-line contract of `leakproof account`: bad
# input exits 2 with one message naming the option and nothing on stdout; the
# forward and inverse modes print certified bounds; JSON parses.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

A="account --noise-multiplier 1 --steps 100 --delta 1e-5"
bad "--sampling-rate" $A --sampling-rate 0 --method double    # q = 0 is exact: t-account-edges.sh
bad "--sampling-rate" $A --sampling-rate 1.0000000000000000000001
bad "--sampling-rate" $A --sampling-rate -0.1
bad "--sampling-rate" $A --sampling-rate nan
bad "--sampling-rate" $A
bad "--steps" account --noise-multiplier 1 --sampling-rate 0.1 --delta 1e-5 --steps 0
bad "--steps" account --noise-multiplier 1 --sampling-rate 0.1 --delta 1e-5 --steps 2.5
bad "--steps" account --noise-multiplier 1 --sampling-rate 0.1 --delta 1e-5 --steps x
bad "--steps" account --noise-multiplier 1 --sampling-rate 0.1 --delta 1e-5
bad "--delta" account --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --delta 1
bad "--delta" account --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --delta 0 --method double    # delta = 0: t-account-edges.sh
bad "--delta" account --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --delta 1e-5x
bad "--delta" account --noise-multiplier 1 --sampling-rate 0.1 --steps 10
bad "--noise-multiplier" account --noise-multiplier 0 --sampling-rate 0.1 --steps 10 --delta 1e-5
bad "--noise-multiplier" account --noise-multiplier inf --sampling-rate 0.1 --steps 10 --delta 1e-5
bad "--noise-multiplier" account --sampling-rate 0.1 --steps 10 --delta 1e-5
bad "--epsilon" account --epsilon -1 --sampling-rate 0.1 --steps 10 --delta 1e-5
bad "--epsilon" account --epsilon 1 --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --delta 1e-5
bad "--orders" $A --sampling-rate 0.1 --orders 2,1
bad "--orders" $A --sampling-rate 0.1 --orders 2,x
bad "--orders" $A --sampling-rate 0.1 --orders 20000000
bad "--orders" $A --sampling-rate 0.1 --orders 0.5
bad "--method" $A --sampling-rate 0.1 --method gsl
bad "--digits" $A --sampling-rate 0.1 --digits 0
bad "unknown option" $A --sampling-rate 0.1 --bogus 3
bad "--compare" $A --sampling-rate 0.1 --compare

# forward: the certified bound is printed rounded up and covers the ball
"$L" account --noise-multiplier 0.8 --sampling-rate 0.001 --steps 25000 --delta 1e-5 >"$out" 2>"$err"
ok $? "forward mode runs"
"$L" account --noise-multiplier 0.8 --sampling-rate 0.001 --steps 25000 --delta 1e-5 --orders integers --json >"$out" 2>"$err"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); b=d["balle2020"]; assert b["epsilon_upper_bound"]=="1.65680e+0" and b["order"]=="8" and b["certified"] and float(b["value"])*(1+b["rel_error_bound"]) <= 1.6568, d' "$out"
ok $? "M=0.8 q=0.001 T=25000 delta=1e-5, integer orders: epsilon <= 1.65680 at order 8, covering the ball: $(cat "$out")"
# the default: the best real order (grid certified, then a search); never above a peer's grid
for run in "0.3 0.001 10000 47.36 657.8" "0.2066 0.00176056338028169 14200 331.7 152575" "1.1 0.01 10000 5.6320 5.6544" "0.8 0.001 25000 1.6556 1.6568"; do
  set -- $run
  "$L" account --noise-multiplier $1 --sampling-rate $2 --steps $3 --delta 1e-5 --json >"$out" 2>"$err"
  "$L" account --noise-multiplier $1 --sampling-rate $2 --steps $3 --delta 1e-5 --orders opacus --json >"$out.o" 2>"$err"
  python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); o=json.load(open(sys.argv[2])); b=d["balle2020"]
e=float(b["epsilon_upper_bound"]); eo=float(o["balle2020"]["epsilon_upper_bound"])
assert d["order_search"] and b["certified"] and e <= eo and e <= float(sys.argv[3]) < float(sys.argv[4]), (d, o)
assert float(b["value"])*(1-b["rel_error_bound"]) <= e, d' "$out" "$out.o" $4 $5
  ok $? "default at M=$1 q=$2 T=$3: <= Opacus grid's, <= $4 (integers: $5): $(cat "$out")"
done
rm -f "$out.o"
"$L" account --epsilon 50 --sampling-rate 0.001 --steps 10000 --delta 1e-5 --json >"$out" 2>"$err"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert float(d["noise_multiplier"]) <= 0.297 and float(d["epsilon_upper_bound"]) <= 50, d' "$out"
ok $? "least multiplier for epsilon 50 (q=0.001, T=1e4) by default <= Opacus grid's 0.297 (integers: 0.348): $(cat "$out")"
"$L" account --noise-multiplier 0.8 --sampling-rate 0.001 --steps 25000 --delta 1e-5 --orders integers --method double --compare --json >"$out" 2>"$err"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["method"]=="double"; assert d["balle2020"]["rel_error"] < 1e-12, d' "$out"
ok $? "double --compare --json parses, rel_error < 1e-12: $(cat "$out")"
"$L" account --noise-multiplier 0.3 --sampling-rate 0.05 --steps 100 --delta 1e-5 --orders 2,500,2000 --method double --json >"$out" 2>"$err"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["orders_failed"]==1 and d["first_failure"].startswith("order 2000: overflow"), d' "$out"
ok $? "double at order 2000 reports its overflow: $(cat "$out")"
# inverse
"$L" account --epsilon 2 --sampling-rate 0.01 --steps 1000 --delta 1e-5 --json >"$out" 2>"$err"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["noise_multiplier"]=="1.023" and d["below"]=="1.022" and d["below_certainly_exceeds"], d' "$out"
ok $? "least multiplier for epsilon 2 (q=0.01, T=1000): $(cat "$out")"
# the fit of a stated epsilon: bad input, then Section 6.3's first row
F="account --noise-multiplier 0.8 --delta 1e-5 --batch 64 --epochs 25"
bad "--stated-epsilon" $F --stated-epsilon 1.7e0
bad "--stated-epsilon" $F --stated-epsilon -1.705
bad "--stated-epsilon" $F --stated-epsilon 0.000
bad "--stated-epsilon" $F --stated-epsilon 1.705 --sampling-rate 0.01
bad "--epsilon" $F --stated-epsilon 1.705 --epsilon 2
bad "--batch" $F --stated-epsilon 1.705 --batch 0
bad "--batch" account --noise-multiplier 0.8 --delta 1e-5 --epochs 25 --stated-epsilon 1.705
bad "--epochs" account --noise-multiplier 0.8 --delta 1e-5 --batch 64 --stated-epsilon 1.705 --epochs 2.5
bad "--batch" account --noise-multiplier 0.8 --delta 1e-5 --sampling-rate 0.01 --steps 10 --batch 64
bad "--method" $F --stated-epsilon 1.705 --method double
"$L" $F --stated-epsilon 1.705 --orders opacus --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); b=d["balle2020"]
assert d["command"]=="account fit" and d["batch"]==64 and d["epochs"]==25 and d["norders"]==151, d
assert (d["batches_lo"], d["batches_hi"], d["undecided"], d["reproduced"])==(928, 929, 0, True), d
assert (d["dataset_size_lo"], d["dataset_size_hi"])==(64*927+1, 64*929), d
assert d["batches_nearest"]==928 and d["steps_nearest"]==25*928, d
assert (d["dataset_size_nearest_lo"], d["dataset_size_nearest_hi"])==(64*927+1, 64*928), d
v=float(b["value"]); r=b["rel_error_bound"]
assert b["certified"] and 1.7045 <= v*(1-r) and v*(1+r) < 1.7055 and float(b["epsilon_upper_bound"]) >= v*(1+r), d' "$out"
ok $? "M=0.8 stated 1.705 (B=64, 25 epochs, Opacus orders): K = 928..929, N = 59329..59456, certified epsilon rounds to 1.705: $(cat "$out")"
"$L" account --noise-multiplier 0.57 --stated-epsilon 5.120 --batch 64 --epochs 25 --delta 1e-5 --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["reproduced"] is False and d["batches_lo"] is None and d["dataset_size_hi"] is None, d
assert abs(float(d["balle2020"]["value"]) - 5.120) < 0.01, d' "$out"
ok $? "M=0.57 stated 5.120 (default orders): no K reproduces it, nulls, the nearest K within 0.01: $(cat "$out")"
# a one-digit stated value spans K = 1396..777162: the ends are bisected, not walked K by K
timeout 60 "$L" account --noise-multiplier 0.8 --stated-epsilon 1 --batch 64 --epochs 25 --delta 1e-5 --orders integers --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert (d["batches_lo"], d["batches_hi"], d["undecided"])==(1396, 777162, 0), d' "$out"
ok $? "M=0.8 stated 1 (integer orders): K = 1396..777162 within 60 s: $(cat "$out")"
# the certified PLD accountant: bad input, then the bracket and its printed contract
P="account --accountant pld --noise-multiplier 1.1 --sampling-rate 0.01 --steps 1000"
bad "--accountant" $P --delta 1e-5 --accountant prv
bad "--relation" $P --delta 1e-5 --relation swap      # replace: t-pld-replace.sh
bad "--width" $P --delta 1e-5 --width 0
bad "--width" $P --delta 1e-5 --width 2.5
bad "--width" $P --delta 1e-5 --width 5e-6
bad "--max-grid-size" $P --delta 1e-5 --max-grid-size 1000
bad "--max-grid-size" $P --delta 1e-5 --max-grid-size 1000000
bad "--max-grid-size" $P --delta 1e-5 --max-grid-size 268435456
bad "--max-grid-size" account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 1000 --delta 1e-5 --max-grid-size 65536
bad "--steps" account --accountant pld --noise-multiplier 1 --sampling-rate 0.01 --steps 2000000000 --delta 1e-5
bad "--sampling-rate" account --accountant pld --noise-multiplier 1 --sampling-rate 1.5 --steps 10 --delta 1e-5
bad "--orders" $P --delta 1e-5 --orders 2,4
bad "--delta-for-epsilon" $P --delta 1e-5 --delta-for-epsilon 1
bad "--delta-for-epsilon" $P --delta-for-epsilon -1
bad "--relation" account --noise-multiplier 1 --sampling-rate 0.01 --steps 10 --delta 1e-5 --relation add
"$L" $P --delta 1e-5 --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
lo=float(d["epsilon_lower_bound"]); hi=float(d["epsilon_upper_bound"])
assert d["accountant"]=="pld" and d["certified"] and d["relation"]=="both", d
assert lo <= hi and hi - lo <= 0.011*hi and hi < 1.71171, d
assert lo == max(float(d[r]["epsilon_lower_bound"]) for r in ("remove","add")), d
assert hi == max(float(d[r]["epsilon_upper_bound"]) for r in ("remove","add")), d
assert lo <= 1.5098 and 1.5209 <= hi, d' "$out"
ok $? "pld q=0.01 M=1.1 T=1000: the bracket (the worse relation) holds [1.5098, 1.5209] (inside [1.5084, 1.5223] when sized from the Gaussian estimate), within 1.1 %, below RDP 1.71171: $(cat "$out")"
# --width above 1 (up to 2: a peer's error of 1.5 - 1.75 epsilon, bench/peers.py at q 1e-5): a
# bracket at most twice epsilon wide that still holds the default one's
"$L" $P --delta 1e-5 --width 2 --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
lo=float(d["epsilon_lower_bound"]); hi=float(d["epsilon_upper_bound"])
assert d["certified"] and d["width"]==2, d
assert 0 <= lo <= 1.5098 and 1.5209 <= hi and hi - lo <= 2*hi and hi - lo > 0.011*hi, d' "$out"
ok $? "pld --width 2: a looser bracket, still around [1.5098, 1.5209]: $(cat "$out")"
# --max-grid-size: at q 0.5, T 1e4, --width 3e-5 the remove relation's grid stops at the default
# cap (2^23) and the bracket comes out wider than asked; at 2^24 it is finer and the bracket
# narrower, inside the capped one (both certified).  About 1.2 s of CPU, 0.5 GB.
W="account --accountant pld --noise-multiplier 1.1 --sampling-rate 0.5 --steps 10000 --delta 1e-5 --width 3e-5 --digits 8 --json"
"$L" $W >"$out" 2>"$err" && "$L" $W --max-grid-size 16777216 >"$out.2" 2>>"$err"
python3 -c 'import json,sys
from decimal import Decimal as D
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
assert a["remove"]["grid_size"]==8388608 and b["remove"]["grid_size"]==16777216, (a["remove"], b["remove"])
la,ha=D(a["epsilon_lower_bound"]),D(a["epsilon_upper_bound"]); lb,hb=D(b["epsilon_lower_bound"]),D(b["epsilon_upper_bound"])
assert a["certified"] and b["certified"] and ha-la > D("3e-5")*ha, a
assert la <= lb <= hb <= ha and hb-lb < ha-la, (la,ha,lb,hb)' "$out" "$out.2"
ok $? "pld --max-grid-size 2^24: a finer grid than the capped 2^23 and a narrower bracket inside its: $(head -c 300 "$out.2")"
rm -f "$out.2"
"$L" $P --delta-for-epsilon 1.5153 --relation remove --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
lo=float(d["delta_lower_bound"]); hi=float(d["delta_upper_bound"])
assert lo <= 1e-5 <= hi and hi < 1.2e-5 and lo > 0.8e-5, d' "$out"
ok $? "pld --delta-for-epsilon at the bracket's middle: delta brackets 1e-5: $(cat "$out")"
# a sampling rate as a fraction, read exactly: Tan et al.'s q = 1/568
bad "--sampling-rate" $A --sampling-rate 1/0
bad "--sampling-rate" $A --sampling-rate 6/5
bad "--sampling-rate" $A --sampling-rate 1.5/3
"$L" account --noise-multiplier 0.2066 --sampling-rate 1/568 --steps 14200 --delta 1e-5 --json >"$out" 2>"$err"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["sampling_rate"]=="1/568" and float(d["balle2020"]["epsilon_upper_bound"]) <= 331.655, d' "$out"
ok $? "q = 1/568 (Tan et al. 6.3), M=0.2066, T=14200: default epsilon <= Opacus grid's 331.655: $(cat "$out")"
# the RDP per order
"$L" account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5 --orders 2,4.5,2000 --per-order --method double --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); p=d["per_order"]
assert [r["order"] for r in p]==["2","4.5","2000"] and p[2]["rdp"] is None and p[2]["status"]=="overflow", d
assert p[0]["rdp"] > 0 and p[1]["epsilon_balle2020"] == d["balle2020"]["value"], d' "$out"
ok $? "--per-order lists each order's RDP and epsilons, null where an order failed: $(cat "$out")"
bad "--per-order" $P --delta 1e-5 --per-order
# DP-SGD's terms: --batch --dataset-size --epochs give q and T by the named convention
for conv in "poisson 256/50000" "opacus 1/196"; do
  set -- $conv
  "$L" account --noise-multiplier 1.1 --batch 256 --dataset-size 50000 --epochs 20 --delta 1e-5 --sampling $1 --orders integers --json >"$out" 2>"$err"
  "$L" account --noise-multiplier 1.1 --sampling-rate $2 --steps 3920 --delta 1e-5 --orders integers --json >"$out.o" 2>"$err"
  python3 -c 'import json,sys
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
assert a["sampling_rate"]==sys.argv[3] and a["steps"]==3920 and a["sampling_convention"].startswith(sys.argv[4]), a
assert a["balle2020"]==b["balle2020"] and (a["batch"], a["dataset_size"], a["epochs"])==(256, 50000, 20), (a, b)' "$out" "$out.o" "$2" "$1"
  ok $? "--batch 256 --dataset-size 50000 --epochs 20 --sampling $1 is q = $2, T = 3920: $(head -c 300 "$out")"
done
bad "--dataset-size" account --noise-multiplier 1 --batch 256 --dataset-size 100 --epochs 1 --delta 1e-5
bad "--sampling" account --noise-multiplier 1 --batch 2 --dataset-size 100 --epochs 1 --delta 1e-5 --sampling uniform
bad "--sampling-rate" account --noise-multiplier 1 --batch 2 --dataset-size 100 --epochs 1 --sampling-rate 0.1 --delta 1e-5
bad "--epochs" account --noise-multiplier 1 --batch 2 --dataset-size 100 --delta 1e-5
echo "1..$n"
