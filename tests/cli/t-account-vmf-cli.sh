#!/bin/sh
# t-account-vmf-cli.sh -- `leakproof account --mechanism vmf`: bad input exits 2
# naming the option; q = 1 gives T times `dp vmf --order`'s Renyi epsilon (the
# printed numbers' intervals overlap); --mechanism gauss is the default's
# record byte for byte; the record's keys.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

V="account --mechanism vmf --kappa 2 --p 5 --steps 10 --delta 1e-5"
bad "--mechanism" $V --sampling-rate 0.1 --mechanism laplace
bad "--kappa" account --mechanism vmf --p 5 --steps 10 --delta 1e-5 --sampling-rate 0.1
bad "--kappa" account --mechanism vmf --kappa 0 --p 5 --steps 10 --delta 1e-5 --sampling-rate 0.1
bad "--kappa" account --mechanism vmf --kappa 2e6 --p 5 --steps 10 --delta 1e-5 --sampling-rate 0.1
bad "--p" account --mechanism vmf --kappa 2 --steps 10 --delta 1e-5 --sampling-rate 0.1
bad "--p" $V --sampling-rate 0.1 --p 1
bad "--sensitivity" $V --sampling-rate 0.1 --sensitivity 2.5
bad "--sensitivity" $V --sampling-rate 0.1 --sensitivity 0
bad "--orders" $V --sampling-rate 0.1 --orders 2,2.5
bad "--orders" $V --sampling-rate 0.1 --orders opacus
bad "--orders" $V --sampling-rate 0.1 --orders 20000
bad "--sampling-rate" $V --sampling-rate 0
bad "--steps" account --mechanism vmf --kappa 2 --p 5 --delta 1e-5 --sampling-rate 0.1
bad "--delta" account --mechanism vmf --kappa 2 --p 5 --steps 10 --sampling-rate 0.1
bad "--noise-multiplier" $V --sampling-rate 0.1 --noise-multiplier 1
bad "--accountant pld" $V --sampling-rate 0.1 --accountant pld --orders 10
bad "--p" $V --sampling-rate 0.1 --accountant pld --p 2
bad "--sensitivity" $V --sampling-rate 0.1 --accountant pld --sensitivity 1
# q = 1 (a full batch) composes under the PLD too: one step's bracket holds dp vmf's epsilon
"$L" account --mechanism vmf --kappa 2 --p 5 --sampling-rate 1 --steps 1 --delta 1e-5 --accountant pld \
    --json >"$out" 2>"$err" && "$L" dp vmf --kappa 2 --p 5 --delta 1e-5 --json >"$out.dp" 2>>"$err"
python3 -c 'import json,sys
a=json.load(open(sys.argv[1])); d=json.load(open(sys.argv[1]+".dp"))
e=float(d["epsilon"])
assert a["certified"] and float(a["epsilon_lower_bound"]) <= e*(1+1e-5) and e*(1-1e-5) <= float(a["epsilon_upper_bound"]), (a, d)' \
    "$out" >>"$err" 2>&1
ok $? "q = 1 under --accountant pld (the VMF's full batch): one step's bracket holds dp vmf's epsilon ($(tail -c 200 "$err"))"
rm -f "$out.dp"
bad "--method" $V --sampling-rate 0.1 --method double
bad "--kappa" account --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --delta 1e-5 --kappa 2
bad "--sensitivity" account --noise-multiplier 1 --sampling-rate 0.1 --steps 10 --delta 1e-5 --sensitivity 1

# q = 1: T D_alpha, as `dp vmf --order` prints it (each printed value +- its bound)
"$L" account --mechanism vmf --kappa 2 --p 5 --sampling-rate 1 --steps 3 --delta 1e-5 --orders 10,64 \
    --per-order --digits 12 --json >"$out" 2>"$err"
for a in 10 64; do
    "$L" dp vmf --kappa 2 --p 5 --order $a --digits 12 --json >"$out.$a" 2>>"$err"
done
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
for row in d["per_order"]:
    r=json.load(open(sys.argv[1]+"."+row["order"]))
    a=float(row["rdp"]); ea=abs(a)*row["rdp_rel_error_bound"]+abs(a)*1e-15
    b=3*float(r["renyi_epsilon"]); eb=3*abs(float(r["renyi_epsilon"]))*r["renyi_epsilon_rel_error_bound"]+abs(b)*1e-15
    assert abs(a-b) <= ea+eb+abs(b)*1e-11, (row, r)
assert d["mechanism"]=="vmf" and d["supremum"]=="proved" and d["balle2020"]["certified"], d' "$out" >>"$err" 2>&1
ok $? "q = 1: account --mechanism vmf's T-step RDP = 3 x dp vmf --order's Renyi epsilon at orders 10, 64 ($(tail -c 200 "$err"))"
rm -f "$out.10" "$out.64"

# --mechanism gauss is the default: the same record, byte for byte
G="account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 1000 --delta 1e-5 --orders integers --json"
"$L" $G >"$out" 2>"$err" && "$L" $G --mechanism gauss >"$out.g" 2>>"$err" && cmp -s "$out" "$out.g"
ok $? "--mechanism gauss gives the default's record byte for byte"
rm -f "$out.g"

# smaller q never raises the bound; the Biswas-size run is certified
"$L" account --mechanism vmf --kappa 2 --p 5 --sampling-rate 0.1 --steps 10 --delta 1e-5 --json >"$out" 2>"$err"
"$L" account --mechanism vmf --kappa 2 --p 5 --sampling-rate 0.01 --steps 10 --delta 1e-5 --json >"$out.s" 2>>"$err"
python3 -c 'import json,sys
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
assert float(b["balle2020"]["epsilon_upper_bound"]) < float(a["balle2020"]["epsilon_upper_bound"]), (a, b)
assert a["orders"]=="integers" and a["norders"]==71 and a["noise_multiplier"] is None, a' "$out" "$out.s" >>"$err" 2>&1
ok $? "vmf: q = 0.01 gives a smaller certified epsilon than q = 0.1; default orders: the 71 integers ($(tail -c 200 "$err"))"
rm -f "$out.s"

echo "1..$n"
