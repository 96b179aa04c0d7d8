#!/bin/sh
# t-first-hour.sh -- the traps a new user met in the first hour (issue 32),
# each held by a check that failed before the fix: a Monte Carlo error that is
# infinite or NaN never "ok"; ... TAP.
. "$(dirname "$0")/../cli-lib.sh"
cases=$(mktemp)
trap 'rm -f "$out" "$err" "$cases"' EXIT

# 1. One neighbouring relation: the report's comparison at equal (epsilon,
# delta) by hand with the documented commands and their defaults (any two
# secrets, distance 2R).  Before, calibrate gaussian took distance 1: sigma
# 0.3385, eval gauss log10 C 149.23, dp gauss epsilon 41.9.
field() {  # field KEY FILE: a key's value in a human record
    sed -n "s/^  $1: \([^ ]*\).*/\1/p" "$2" | head -1
}
"$L" calibrate gaussian --epsilon 16.3482 --delta 1e-5 >"$out" 2>"$err"
sigma=$(field sigma_analytic "$out")
[ "$sigma" = 6.7696508594133955921e-1 ] && [ "$(field neighbours "$out")" = secrets ] \
    && [ "$(field distance "$out")" = 2 ]
ok $? "calibrate gaussian --epsilon 16.3482 --delta 1e-5: sigma $sigma, neighbours $(field neighbours "$out"), distance $(field distance "$out") (the report's 6.7696508594133955921e-1 at 2R)"
"$L" eval gauss --p 13700 --sigma "$sigma" --radius 1 --form proof --digits 8 >"$out"
[ "$(field log10 "$out")" = 74.851555599 ]
ok $? "eval gauss --p 13700 --sigma $sigma --radius 1 --form proof: log10 $(field log10 "$out") (the report's 74.85)"
"$L" dp gauss --p 13700 --sigma "$sigma" --radius 1 --delta 1e-5 >"$out"
[ "$(field epsilon "$out")" = 1.63482e+1 ]
ok $? "dp gauss at that sigma --delta 1e-5: epsilon $(field epsilon "$out") (back to 16.3482)"
"$L" calibrate gaussian --epsilon 16.3482 --delta 1e-5 --sensitivity 2 >"$out"
[ "$(field sigma_analytic "$out")" = "$sigma" ] && [ "$(field neighbours "$out")" = sensitivity ]
ok $? "calibrate gaussian --sensitivity 2 is the same sigma, neighbours sensitivity"
bad "--radius or --sensitivity" calibrate gaussian --epsilon 1 --delta 1e-5 --radius 1 --sensitivity 2
"$L" account --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5 >"$out"
[ "$(sed -n 's/^  neighbours: //p' "$out")" = "add or remove one example" ] && [ "$(field sensitivity "$out")" = clip ]
ok $? "account states DP-SGD's relation: neighbours $(sed -n 's/^  neighbours: //p' "$out"), sensitivity $(field sensitivity "$out")"
"$L" run-capacity --p 100 --noise-multiplier 1 --clip 1 --sampling-rate 0.01 --steps 10 >"$out"
[ "$(field neighbours "$out")" = secrets ]
ok $? "run-capacity states the capacity's relation: neighbours $(field neighbours "$out")"

# 3. The steps from epochs: one rule for one set of words, each rule an
# option.  Batch 256 of 60,000, 30 epochs, epsilon 3: the DataLoader's
# E ceil(N/B) = 7050, Opacus's int(E/q) = 7031, TF Privacy's ceil(E N/B) = 7032.
for rule in loader:7050:0.858 opacus:7031:0.857 tf-privacy:7032:0.858; do
    r=${rule%%:*}; rest=${rule#*:}; T=${rest%%:*}; M=${rest#*:}
    "$L" account --epsilon 3 --batch 256 --dataset-size 60000 --epochs 30 --delta 1e-5 --steps-rule "$r" >"$out"
    [ "$(field steps "$out")" = "$T" ] && [ "$(field noise_multiplier "$out")" = "$M" ] && grep -q "^  steps_rule: $r:" "$out"
    ok $? "account --batch 256 --dataset-size 60000 --epochs 30 --steps-rule $r: T = $(field steps "$out"), M = $(field noise_multiplier "$out")"
done
"$L" account --epsilon 3 --sampling-rate 256/60000 --epochs 30 --delta 1e-5 >"$out"
[ "$(field steps "$out")" = 7031 ]
ok $? "account --sampling-rate 256/60000 --epochs 30 (Opacus's words): Opacus's T = $(field steps "$out")"
"$L" account --epsilon 3 --sampling-rate 0.004266666666666667 --epochs 30 --delta 1e-5 >"$out"
[ "$(field steps "$out")" = 7031 ]
ok $? "account --sampling-rate 0.004266666666666667 --epochs 30: T = $(field steps "$out") (floor decided exactly)"
bad "--steps-rule must be" account --epsilon 3 --batch 256 --dataset-size 60000 --epochs 30 --delta 1e-5 --steps-rule nearest

# 6. --compare shows the reference beside the method's value, also where the
# method gave none (it printed status overflow and the note only).
"$L" eval gauss --p 216 --sigma 1 --radius 1 --method double --compare >"$out"
grep -q '^  reference: 1.8533140649287247e+6 (rel. error <= [0-9.e-]*)$' "$out" && grep -q '^  status: overflow' "$out" \
    && grep -q '^  reference_log10: 6.26794902164370948 (abs. error <= ' "$out"
ok $? "eval gauss --p 216 --method double --compare: $(grep '^  reference' "$out" | tr -s ' ' | tr '\n' ';')"
"$L" eval gauss --p 200 --sigma 1 --radius 1 --method double --compare --json >"$out"
grep -q '"reference":"[0-9.e+]*","reference_rel_error_bound":[0-9]' "$out" && grep -q '"rel_error":[0-9]' "$out"
ok $? "eval gauss --p 200 --method double --compare --json: the reference and rel_error side by side"

# 2. verify: at kappa >= ~400 a weight of the VMF's normaliser underflows to
# 0, its log was -inf and the rounding error +-inf; every check was "ok" with
# z = 0.  Now the error is finite and every judged line has a finite one.
printf 'vmf p=3 kappa=500 samples=200000 seed=12\nvmf p=1 kappa=800 samples=20000 seed=2\n' >"$cases"
"$L" verify "$cases" >"$out" 2>"$err"
! grep -q 'inf\|nan' "$out"; ok $? "verify vmf at kappa 500 and 800: no infinite or NaN error ($(grep -c '^ok' "$out") ok lines)"
grep -q '^ok 9 - \[biswas/B.3/result] vmf proof arb p=3 kappa=500: 1000 vs Monte Carlo 1000.056256 +- 1.12 ' "$out"
ok $? "verify vmf p=3 kappa=500: the form judged with a finite error ($(sed -n 9p "$out" | cut -c1-110))"
"$L" mc vmf --p 3 --kappa 500 --samples 200000 --seed 12 --json >"$out"
grep -q "\"rounding_error\":[0-9]" "$out"; ok $? "mc vmf p=3 kappa=500: rounding_error is a number ($(grep -o "\"rounding_error\":[^,]*" "$out"))"

echo "1..$n"
