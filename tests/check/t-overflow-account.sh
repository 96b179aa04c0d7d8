#!/bin/sh
# t-overflow-account.sh -- `leakproof overflow account`: bad input exits 2 with
# one message; the double accountant's binomial overflow is found at order
# 1030 exactly (1030 fails, 1029 does not; checked again through `account`);
# the sampling-rate boundaries of both methods are where the relative error
# crosses the tolerance.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

O="overflow account --method double"
bad "--method" overflow account
bad "--method" overflow account --method arb
bad "--method" overflow account --method gsl
bad "--sampling-rate" $O --sampling-rate 0
bad "--sampling-rate" $O --sampling-rate 1.5
bad "--delta" $O --delta 1
bad "--steps" $O --steps 0
bad "--order" $O --order 1
bad "--order-max" $O --order-max 1
bad "--order" $O --order 300 --order-max 200
bad "--noise-multiplier-grid" $O --noise-multiplier-grid 0.5,x
bad "--noise-multiplier-grid" $O --noise-multiplier-grid 0
bad "--json" $O --json --csv
bad "unknown option" $O --sigma-grid 1

"$L" $O --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["command"]=="overflow account" and d["method"]=="double" and d["tolerance"]==1e-8, d
for p in d["points"]:
    assert p["order"]==1030 and p["kind"]=="overflow" and p["rel_error"] is None, p
    assert p["rel_error_before"] <= 1e-8 and p["persists"] and p["searched_to"]==1030, p
for p in d["sampling_rate_points"]:
    assert p["kind"]=="inaccurate" and p["rel_error"] > 1e-8 and p["rel_error_before"] <= 1e-8, p
assert [p["sampling_rate"] for p in d["sampling_rate_points"]]==["1e-8", "1e-5", "1e-5"], d
for p in d["steps_points"]:
    assert p["steps"] is None and p["kind"]=="none" and p["searched_to"]==10**18, p' "$out"
ok $? "double: binomial overflow at order 1030 for M = 0.5, 1, 2; RDP leaves arb by > 1e-8 at q = 1e-8, 1e-5, 1e-5 (order 8); no step count breaks it up to 1e18: $(head -c 2000 "$out")"

"$L" account --noise-multiplier 1 --sampling-rate 0.01 --steps 1000 --delta 1e-5 --orders 1029,1030 \
    --method double --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["orders_failed"]==1 and d["first_failure"].startswith("order 1030: overflow"), d
assert d["balle2020"]["order"]=="1029", d' "$out"
ok $? "the boundary through account: order 1029 gives an epsilon by double, 1030 overflows: $(cat "$out")"

"$L" overflow account --method logdouble --noise-multiplier-grid 1 --order-max 4096 --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
p=d["points"][0]
assert p["order"] is None and p["kind"]=="none" and p["searched_to"]==4096 and p["rel_error"] <= 1e-8, p
p=d["sampling_rate_points"][0]
assert p["sampling_rate"]=="1e-5" and p["rel_error"] > 1e-8 and p["rel_error_before"] <= 1e-8, p' "$out"
ok $? "logdouble (lgamma): no order up to 4096 breaks it at M = 1; its RDP leaves arb at q = 1e-5: $(cat "$out")"

"$L" $O --noise-multiplier-grid 1 --order-max 2000 --csv >"$out" 2>"$err"
head -1 "$out" | grep -q "^noise_multiplier,sampling_rate,steps,order,kind," && grep -q "^1,0.01,1000,1030,overflow," "$out"
ok $? "--csv: the order search as a table: $(cat "$out")"
echo "1..$n"
