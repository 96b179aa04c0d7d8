#!/bin/sh
# t-cli.sh -- the command-line contract of `leakproof eval` and `forms`: bad
# input exits 2 with one message naming the parameter and nothing on stdout;
# good input prints the JSON keys scripts depend on.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

bad "--p" eval gauss --p 0 --sigma 1 --radius 1
bad "--p" eval gauss --p 2147483648 --sigma 1 --radius 1
bad "--p" eval gauss --p 1.5 --sigma 1 --radius 1
bad "--p" eval gauss --p -3 --sigma 1 --radius 1
bad "--p" eval gauss --p ten --sigma 1 --radius 1
bad "--sigma" eval gauss --p 3 --sigma 0 --radius 1
bad "--sigma" eval gauss --p 3 --sigma -1 --radius 1
bad "--sigma" eval gauss --p 3 --sigma nan --radius 1
bad "--sigma" eval gauss --p 3 --sigma inf --radius 1
bad "--sigma" eval gauss --p 3 --sigma 1x --radius 1
bad "--radius" eval gauss --p 3 --sigma 1 --radius -0.5
bad "--radius" eval gauss --p 3 --sigma 1 --radius NaN
bad "--kappa" eval vmf --p 3 --kappa -0.1
bad "--kappa" eval vmf --p 3 --kappa abc
bad "missing --sigma" eval gauss --p 3 --radius 1
bad "missing --radius" eval gauss --p 3 --sigma 1
bad "missing --kappa" eval vmf --p 3
bad "missing --p" eval vmf --kappa 3
bad "--kappa does not apply" eval gauss --p 3 --sigma 1 --radius 1 --kappa 2
bad "--sigma does not apply" eval vmf --p 3 --kappa 1 --sigma 2
bad "unknown option" eval gauss --p 3 --sigma 1 --radius 1 --bogus
bad "needs a value" eval gauss --p 3 --sigma 1 --radius
bad "unknown mechanism" eval laplace --p 3 --sigma 1
bad "missing mechanism" eval --p 3
bad "--form" eval gauss --p 3 --sigma 1 --radius 1 --form stated
bad "--method" eval gauss --p 3 --sigma 1 --radius 1 --method numpy
bad "--digits" eval gauss --p 3 --sigma 1 --radius 1 --digits 0
bad "--digits" eval gauss --p 3 --sigma 1 --radius 1 --digits 1001
bad "--prec" eval gauss --p 3 --sigma 1 --radius 1 --method mpfr --prec 1
bad "unknown command" frobnicate
bad "unknown option" forms --csv

# mc and verify
bad "missing --samples" mc gauss --p 3 --sigma 1 --radius 1 --seed 1
bad "missing --seed" mc gauss --p 3 --sigma 1 --radius 1 --samples 100
bad "--samples" mc gauss --p 3 --sigma 1 --radius 1 --samples 1 --seed 1
bad "--seed" mc vmf --p 3 --kappa 1 --samples 100 --seed -4
bad "--threads" mc vmf --p 3 --kappa 1 --samples 100 --seed 1 --threads 0
bad "--p" mc gauss --p 65 --sigma 1 --radius 1 --samples 100 --seed 1
bad "--sigma" mc gauss --p 3 --sigma 0 --radius 1 --samples 100 --seed 1
bad "--kappa does not apply" mc gauss --p 3 --sigma 1 --radius 1 --kappa 1 --samples 100 --seed 1
bad "missing --kappa" mc vmf --p 3 --samples 100 --seed 1
bad "unknown mechanism" mc poisson --p 3 --samples 100 --seed 1
bad "--p" mc discrete --p 3 --sigma 1 --radius 1
bad "missing case file" verify
bad "cannot open" verify /nonexistent.cases
printf 'gauss p=3 sigma=1 radius=1 samples=100 seed=1\nvmf p=3 kappa=oops samples=100 seed=1\n' >"$out.cases"
bad "$out.cases:2: kappa (von Mises-Fisher concentration) must be" verify "$out.cases"
rm -f "$out.cases"

"$L" mc gauss --p 3 --sigma 0.5 --radius 1 --samples 20000 --seed 9 --json >"$out" 2>"$err"; rc=$?
ok $rc "mc gauss --json exits 0"
for key in estimate std_error samples seed sup_gap ess ci_999; do
    grep -q "\"$key\":" "$out"; ok $? "mc --json has key $key"
done
a=$("$L" mc vmf --p 4 --kappa 3 --samples 50000 --seed 5 --threads 1 --json)
b=$("$L" mc vmf --p 4 --kappa 3 --samples 50000 --seed 5 --threads 2 --json)
[ "$(echo "$a" | sed 's/"threads":[0-9]*,//')" = "$(echo "$b" | sed 's/"threads":[0-9]*,//')" ]
ok $? "mc: same seed, 1 and 2 threads, identical output but for the threads field"

# channel
bad "--capacity" channel natural --eigenvalues 1,2 --capacity 0
bad "--capacity" channel white --eigenvalues 1,2 --capacity -1
bad "missing --capacity" channel natural --eigenvalues 1,2
bad "eigenvalue 2 must be" channel natural --eigenvalues 1,-2,3 --capacity 1
bad "exactly one of" channel natural --capacity 1
bad "exactly one of" channel natural --eigenvalues 1 --eigenvalues-file x --capacity 1
bad "cannot open" channel natural --eigenvalues-file /nonexistent --capacity 1
bad "--noise-variance" channel capacity --eigenvalues 1,2 --noise-variance 0
bad "unknown option '--sigma'" channel capacity --eigenvalues 1,2 --sigma 1
bad "--eigenvalues: every eigenvalue is 0" channel natural --eigenvalues 0,0 --capacity 1
bad "--eigenvalues: every eigenvalue is 0" channel natural --eigenvalues 0 --capacity 1
bad "missing --capacity" channel natural --eigenvalues 0
# a target capacity beyond the documented domain is bad input (exit 2, stderr), not a failure
bad "--capacity must be a decimal number > 0 and <= 1e7" channel natural --eigenvalues 1,2 --capacity 1e400
bad "--capacity must be a decimal number > 0 and <= 1e7" channel white --eigenvalues 1,2 --capacity 1e400
printf '1,2\n1e400,3\n5,1\n' >"$out.csv"
bad "--data $out.csv: row 2, column 1: 1e400 is beyond the range of doubles" channel natural --data "$out.csv" --capacity 1
rm -f "$out.csv"
# options a subcommand does not use are refused, named
bad "unknown option '--sigma'" channel toy --sigma 5
bad "--capacity does not apply to channel dp" channel dp --batch 64 --clip 1 --noise-multiplier 1 --capacity 1
bad "--noise-variance does not apply to channel natural" channel natural --eigenvalues 1 --capacity 1 --noise-variance 1
bad "--digits does not apply to channel personalized" channel personalized --covariance x --beta y --capacity 1 --digits 5
bad "--data does not apply to channel capacity" channel capacity --data x --noise-variance 1
bad "--batch must be an integer" channel dp --batch 64.5 --clip 1 --noise-multiplier 1
bad "--digits" channel toy --digits 1001
bad "--capacity: target_capacity 1e-400 is beyond the range of doubles" channel personalized --covariance "$(dirname "$0")/../../cases/tan/cov-4.csv" --beta "$(dirname "$0")/../../cases/tan/beta-4.csv" --capacity 1e-400
: >"$out.empty"
bad "--eigenvalues-file $out.empty: no numbers" channel natural --eigenvalues-file "$out.empty" --capacity 1
rm -f "$out.empty"
printf '1\n2\n-3\n' >"$out.eig"
bad "eigenvalue 3 must be a decimal number >= 0" channel natural --eigenvalues-file "$out.eig" --capacity 1
printf '1\nx\n' >"$out.eig"
bad "$out.eig:2: 'x' is not a decimal number" channel natural --eigenvalues-file "$out.eig" --capacity 1
printf '1,0\n0,-1\n' >"$out.eig"; printf '1\n1\n' >"$out.beta"
bad "not positive definite" channel personalized --covariance "$out.eig" --beta "$out.beta" --capacity 1
printf '1,2\n0,1\n' >"$out.eig"
bad "not symmetric" channel personalized --covariance "$out.eig" --beta "$out.beta" --capacity 1
printf '2,0\n0,1\n' >"$out.eig"; printf '1\n0\n' >"$out.beta"
bad "beta_2 must be > 0" channel personalized --covariance "$out.eig" --beta "$out.beta" --capacity 1
printf '1\n1\n1\n' >"$out.beta"
bad "3 values for a 2x2" channel personalized --covariance "$out.eig" --beta "$out.beta" --capacity 1
rm -f "$out.eig" "$out.beta"
bad "either --noise-multiplier" channel dp --batch 64 --clip 1
bad "--delta must be" channel dp --batch 64 --clip 1 --epsilon 1 --delta 2
bad "unknown subcommand" channel natrual --eigenvalues 1 --capacity 1

# beyond the papers
bad "missing --b" eval laplace-l1 --p 3 --radius 1
bad "--b" eval laplace-l1 --p 3 --b 0 --radius 1
bad "--b does not apply" eval gauss --p 3 --sigma 1 --radius 1 --b 1
bad "--form for gauss must be one of printed, proof, steiner" eval gauss --p 3 --sigma 1 --radius 1 --form bogus
bad "missing --clip" eval gauss-layers --sigma 1 --layers 2,3
bad "layer 2" eval gauss-layers --sigma 1 --clip 1 --layers 2,0
bad "missing --layers or --layers-file" eval gauss-layers --sigma 1 --clip 1
bad "give one of --layers and --layers-file" eval gauss-layers --sigma 1 --clip 1 --layers 2 --layers-file cases/networks/lenet.layers
bad "--clip for laplace must be l1 or l2" mc laplace --p 3 --b 1 --radius 1 --clip l3 --samples 100 --seed 1
bad "--layers" mc gauss-layers --sigma 1 --clip 1 --layers 60,10 --samples 100 --seed 1
"$L" eval gauss-layers --sigma 1 --clip 1 --layers 2,3 --json >"$out"
grep -q '"value":"1.06325575707743625813287210377e+1"' "$out" && grep -q '"status":"ok"' "$out"
ok $? "eval gauss-layers --json: the product of the layers' capacities: $(cut -c1-150 "$out")"
"$L" eval laplace-l1 --p 3 --b 0.1 --radius 1 --json >"$out"
grep -q '"value":"2.27666666666666666666666666667e+2"' "$out"; ok $? "eval laplace-l1 --json: 1 + 10 + 50 + 1000/6"
"$L" eval gauss --p 13700 --sigma 1 --radius 1 --form steiner --json >"$out"
grep -q '"value":"5.29074997772933900111581403367e+50"' "$out"; ok $? "eval gauss --form steiner equals the proof form"

# adversary: tests/cli/t-adversary-cli.sh

# calibrate and overflow
bad "--epsilon" calibrate gaussian --epsilon 0 --delta 1e-5
bad "--delta" calibrate gaussian --epsilon 1 --delta 1
bad "missing --delta" calibrate gaussian --epsilon 1
bad "--sensitivity" calibrate gaussian --epsilon 1 --delta 1e-5 --sensitivity -1
bad "missing mechanism" calibrate --epsilon 1 --delta 1e-5
bad "--epsilon must be a decimal number > 0 and <= 1e6" calibrate gaussian --epsilon 1e400 --delta 1e-5
bad "unknown option '--sigma'" calibrate gaussian --epsilon 1 --delta 1e-5 --sigma 1
"$L" calibrate gaussian --epsilon 1 --delta 0.99999999999999999999 --json >"$out" 2>"$err"
rc=$?; [ "$rc" -eq 0 ] && grep -q '"status":"ok"' "$out"
ok $? "calibrate: delta = 0.99999999999999999999 is in (0, 1), decided on the exact decimal (rc=$rc)"
"$L" calibrate gaussian --epsilon 0.99999999999999999999 --delta 0.5 --sensitivity 1 --json >"$out"
grep -q '"classical_proved":true' "$out"; ok $? "calibrate: epsilon = 0.99999999999999999999 < 1, so the classical sigma is proved"
"$L" calibrate gaussian --epsilon 1e-100 --delta 1e-5 --sensitivity 1 --json >"$out"
grep -q '"sigma_analytic":"3.98942280' "$out"; ok $? "calibrate: epsilon = 1e-100 gives the analytic sigma 1/(2 delta sqrt(2 pi)) - ...: $(cut -c150-260 "$out")"
bad "missing --method" overflow gauss
bad "--method must be" overflow gauss --method arb
bad "--sigma-grid" overflow gauss --method double --sigma-grid 1,0
bad "--kappa-grid does not apply" overflow gauss --method double --kappa-grid 1
bad "--json and --csv" overflow vmf --method double --json --csv
"$L" calibrate gaussian --epsilon 1 --delta 1e-5 --sensitivity 1 --json >"$out"
grep -q '"sigma_classical":"4.8448052626053894213e+0"' "$out" && grep -q '"sigma_analytic":"3.73063' "$out"
ok $? "calibrate --json: classical and analytic sigma: $(cut -c1-200 "$out")"
"$L" overflow gauss --method double --form printed --sigma-grid 1 --json >"$out"
grep -q '"p":172,"kind":"overflow"' "$out"; ok $? "overflow gauss printed double: p = 172: $(cat "$out")"
# laplace-l1 once took the vmf branch and printed p = 1 (nan) rows
"$L" overflow laplace-l1 --form derived --method double --b-grid 0.1 --json >"$out"
grep -q '"b":"0.1","p":309,"kind":"overflow"' "$out" && ! grep -q '"p":1,' "$out"
ok $? "overflow laplace-l1 double: (R/b)^j overflows at p = 309, no p = 1 rows: $(cat "$out")"
bad "--b-grid does not apply" overflow gauss --method double --b-grid 1
bad "--radius does not apply" overflow vmf --method double --radius 2
bad "one parameter varies" overflow gauss --method double --sigma-grid 1 --radius-grid 1,2
bad "--method mpfr is not implemented" overflow laplace-l1 --method mpfr
# regression: a kappa the I_nu series cannot reach ran 134 million terms per
# evaluation (24 s with logdouble, past 10 minutes with mpfr), then evaluated
# p = 0 and reported "none" with searched_to 0; now it is declined at once
for m in mpfr logdouble; do
    timeout 30 "$L" overflow vmf --method $m --kappa-grid 99999999999999999999 --json >"$out"
    grep -q '"kind":"declined"' "$out" && grep -q '"searched_to":null' "$out" \
        && grep -q '"note":"the method declines p = 1: the I_nu series needs about 5e+19 terms' "$out"
    ok $? "overflow vmf $m, kappa 99999999999999999999: declined at p = 1, nothing searched: $(cut -c1-400 "$out")"
    timeout 30 "$L" eval vmf --method $m --p 10 --kappa 1e400 --json >"$out"
    grep -q '"status":"declined"' "$out" && grep -q 'kappa is beyond the double range' "$out"
    ok $? "eval vmf $m, kappa 1e400: declined before the loop: $(cut -c1-300 "$out")"
done
# a search the method ends by declining says so, and reports the error at the
# last p it evaluated
timeout 60 "$L" overflow laplace-l1 --method double --b-grid 1e400 --json >"$out"
grep -q '"kind":"none".*"searched_to":134217728.*"note":"the method declines p = 134217729' "$out" \
    && ! grep -q '"rel_error":null' "$out"
ok $? "overflow laplace-l1 double, b 1e400: none up to 134217728, the decline noted: $(cut -c1-400 "$out")"

# good input: the JSON contract
"$L" eval vmf --p 13700 --kappa 173 --form printed --digits 20 --json >"$out" 2>"$err"; rc=$?
ok $? "eval vmf --json exits 0 (rc=$rc)"
for key in command mechanism form method value log10 log10_abs_error_bound rel_error_bound status digits certified; do
    grep -q "\"$key\":" "$out"; ok $? "eval --json has key $key"
done
grep -q '"value":"4.5562089450064444502e+74"' "$out"; ok $? "vmf p=13700 kappa=173 value is 4.5562089450064444502e+74: $(cat "$out")"
grep -q '"status":"ok"' "$out"; ok $? "status ok"
[ ! -s "$err" ]; ok $? "nothing on stderr"

"$L" eval gauss --p 2147483647 --sigma 0.1 --radius 1 --json >"$out" 2>"$err"
grep -q '"digits":30,' "$out" && grep -q '"value":"[0-9]\.[0-9]\{29\}e+[0-9]*"' "$out"
ok $? "gauss proof arb at p=2^31-1 certifies 30 digits: $(cut -c1-200 "$out")"

"$L" eval gauss --p 13700 --sigma 1 --radius 1 --method double --compare --json >"$out" 2>"$err"
grep -q '"status":"overflow"' "$out" && grep -q '"value":null' "$out" && grep -q '"rel_error_bound":null' "$out"
ok $? "double overflow is reported, value null: $(cut -c1-160 "$out")"

"$L" eval gauss --p 30 --sigma 1 --radius 1 --method logdouble --compare --json >"$out" 2>"$err"
grep -q '"rel_error":[0-9.e-]*,' "$out" && grep -q '"certified":false' "$out"
ok $? "--compare reports rel_error for a non-certified method"

# --ratio-to: printed over proof is 2 at large p (the shell term doubled); 2 to 12 digits
"$L" eval gauss --p 13700 --sigma 0.5 --radius 1 --form printed --digits 12 --ratio-to form=proof --json >"$out" 2>"$err"
grep -q '"ratio_to":"form=proof","ratio":"2.00000000000e+0","ratio_rel_error_bound":[0-9.e-]*,"log10_ratio":"0.301029995664' "$out"
ok $? "eval --ratio-to form=proof: printed / proof = 2: $(cut -c1-400 "$out")"
"$L" eval gauss --p 2 --sigma 1 --radius 1 --digits 8 --ratio-to p=2 --json >"$out" 2>"$err"
grep -q '"ratio":"1.0000000e+0"' "$out"; ok $? "eval --ratio-to with nothing changed gives 1: $(cut -c1-400 "$out")"
bad "--ratio-to" eval gauss --p 1 --sigma 1 --radius 1 --ratio-to kappa=2
bad "--ratio-to" eval gauss --p 1 --sigma 1 --radius 1 --ratio-to form=nope
bad "--ratio-to" eval gauss --p 1 --sigma 1 --radius 1 --ratio-to sigma=-1
bad "--ratio-to" eval gauss --p 1 --sigma 1 --radius 1 --method double --ratio-to form=proof

"$L" eval gauss --p 13700 --sigma 1 --radius 1 >"$out" 2>"$err"
grep -q '^gauss proof (arb)$' "$out" && grep -q '^  value: [0-9]\.[0-9]*e+[0-9]* (rel. error <= [0-9.]*e-[0-9]*)$' "$out" && grep -q '^  digits: 30$' "$out"; ok $? "human record: $(tr '\n' '|' <"$out")"

"$L" forms --json >"$out" 2>"$err"
grep -q '"mechanism":"gauss"' "$out" && grep -q '"form":"printed"' "$out" && grep -q '"methods":\["arb","mpfr","double","logdouble","gsl"\]' "$out" \
  && grep -q '{"name":"sigma","meaning":"Gaussian noise standard deviation","domain":"a decimal number > 0"}' "$out" \
  && grep -q '"mechanism":"gauss-layers"' "$out"
ok $? "forms --json lists the registry"

"$L" eval gauss --help >"$out" 2>"$err"; rc=$?
[ "$rc" -eq 0 ] && grep -q -- "--sigma" "$out"; ok $? "eval --help"

srcdir=$(dirname "$0")/../..
"$L" channel capacity --eigenvalues 16 --noise-variance 2 --json >"$out"
grep -q '^{"command":"channel capacity",' "$out" && grep -q '"capacity":"1.0986122886681096914e+0"' "$out"
ok $? "channel capacity --json: 1/2 ln 9 = $(cat "$out")"
# DP-SGD's vocabulary echoes the derived sigma as the user would write it
for pair in "1.1 1 1.1" "0.8 0.5 0.4" "1.1 1e-5 0.000011" "2 1e30 2e30"; do
    set -- $pair
    "$L" eval gauss --p 5 --noise-multiplier "$1" --clip "$2" --json >"$out"
    grep -q "\"sigma\":\"$3\"" "$out"; ok $? "eval --noise-multiplier $1 --clip $2 echoes sigma $3: $(grep -o '"sigma":"[^"]*"' "$out")"
done
"$L" channel capacity --eigenvalues 1,2 --noise-variance 1e400 --json >"$out"
grep -q '"capacity":"1.5000000000000000000e-400"' "$out"; ok $? "channel capacity at noise variance 1e400: 1.5e-400, certified"
"$L" channel capacity --eigenvalues 0 --noise-variance 1 --json >"$out"
grep -q '"capacity":"0","capacity_rel_error_bound":0' "$out"; ok $? "channel capacity of a zero spectrum: exactly 0"
"$L" channel natural --eigenvalues 1 --capacity 1 --json >"$out"
grep -q '"noise_variance":"1.5651764274966565182e-1"' "$out" && grep -q '"noise_variance_rel_error_bound":[0-9]' "$out" \
    && grep -q '"target_capacity":"1"' "$out" && grep -q '"digits":20' "$out"
ok $? "channel natural --json: noise variance 1/(e^2-1), the toy example's: $(cut -c1-160 "$out")"
# roots the double Newton step used to lose: now bracketed in log space and certified
for args in "1e160" "1e-160" "0,1e-160" "1e400,2"; do
    "$L" channel natural --eigenvalues "$args" --capacity 1 --json >"$out" 2>"$err"; rc=$?
    [ "$rc" -eq 0 ] && grep -q '"status":"ok"' "$out" && grep -q '"noise_variance":"1.5651764274966565182e' "$out"
    ok $? "channel natural --eigenvalues $args --capacity 1: certified (rc=$rc) $(cut -c60-160 "$out")"
done
"$L" channel natural --eigenvalues 0,0.0000343,2.06801963394e+04 --capacity 6e+02 --json >"$out"; rc=$?
[ "$rc" -eq 0 ] && grep -q '"noise_variance":"2.2322110152266678398e-261"' "$out"
ok $? "channel natural, root below the double range's comfort: 2.23e-261 certified (rc=$rc)"
"$L" channel natural --eigenvalues 1,2 --capacity 1 --digits 100 --json >"$out"
grep -q '"digits":100' "$out"; ok $? "channel natural --digits 100: 100 digits certified by the precision loop"
"$L" channel white --eigenvalues 1,2,0 --capacity 1 --json >"$out"
grep -q '"noise_variances":\[{"i":1,"noise_variance":"[0-9.e+-]*",[^]]*"noise_variance":"0"' "$out"
ok $? "channel white --json: a noise variance per eigenvalue, 0 for a zero eigenvalue"
"$L" channel personalized --covariance "$srcdir/cases/tan/cov-4.csv" --beta "$srcdir/cases/tan/beta-4.csv" --capacity 1 --json >"$out"
grep -q '"noise_variance":2.0162910546240' "$out" && grep -q '"certified":false' "$out"
ok $? "channel personalized --json: noise variance (doubles, not certified)"
"$L" channel dp --batch 64 --clip 1 --noise-multiplier 0.8 --json >"$out"
grep -q '"batch":64,' "$out" && grep -q '"bound":"1.0000000000000000000e+2"' "$out"
ok $? "channel dp --json: batch an integer, bound 100 for multiplier 0.8"
for sub in capacity natural white personalized dp toy; do
    "$L" channel $sub -h >"$out" 2>"$err"; rc=$?
    [ "$rc" -eq 0 ] && grep -q "leakproof channel $sub" "$out" && [ ! -s "$err" ]
    ok $? "channel $sub -h: its usage on stdout"
done
"$L" calibrate -h >"$out"; grep -q "calibrate gaussian" "$out"; ok $? "calibrate -h"
printf '1,2\n2,4.5\n3,6.1\n4,7.9\n' >"$out.csv"
"$L" channel natural --data "$out.csv" --capacity 0.5 --json >"$out"
grep -q '"status":"ok"' "$out"; ok $? "channel natural --data: covariance from a CSV: $(cut -c1-120 "$out")"
rm -f "$out.csv"

# every README and man page example of channel and calibrate runs as written, from the source tree
Labs=$(cd "$(dirname "$L")" && pwd)/$(basename "$L")
{ grep -h '^leakproof \(channel\|calibrate\) ' "$srcdir/README.md"
  grep -h '^leakproof \\-\\-\|^leakproof \(channel\|calibrate\) ' "$srcdir/src/leakproof.1" | sed 's/\\-/-/g'
} | sed 's/ *#.*//; s/ \[--json\]//' >"$out.ex"
[ "$(grep -c . "$out.ex")" -ge 9 ]; ok $? "the README and the man page have the channel and calibrate examples ($(grep -c . "$out.ex"))"
while read -r line; do
    (cd "$srcdir" && eval "\"\$Labs\" ${line#leakproof }") >"$out" 2>"$err"; rc=$?
    [ "$rc" -eq 0 ] && [ -s "$out" ] && [ ! -s "$err" ]; ok $? "example runs as written: $line (rc=$rc $(head -c 200 "$err"))"
done <"$out.ex"
rm -f "$out.ex"


# what a capacity means for an attacker (leakproof(1), log2_capacity): every
# record that prints a capacity has the keys, certified, not certified (said
# so) or absent (saying why); a point value's log2 C agrees with arb's
"$L" eval gauss --p 4 --sigma 1 --radius 1 --json >"$out"; attacker certified "eval gauss arb"
arb_bits=$(sed -n 's/.*"log2_capacity":"\([^"]*\)".*/\1/p' "$out")
for m in double logdouble mpfr gsl; do
    "$L" eval gauss --p 4 --sigma 1 --radius 1 --method $m --json >"$out"; attacker uncertified "eval gauss --method $m"
    bits=$(sed -n 's/.*"log2_capacity":"\([^"]*\)".*/\1/p' "$out")
    awk -v a="$bits" -v b="$arb_bits" 'BEGIN { d = a - b; exit !(d < 0.0015 && d > -0.0015) }'
    ok $? "eval gauss --method $m: log2_capacity $bits within 0.0015 of arb's $arb_bits"
done
"$L" eval gauss --p 100000 --sigma 0.001 --radius 1 --method double --json >"$out"
attacker absent "eval gauss --method double past the doubles (overflow)"
grep -q '"attacker_note":"no bound on an attacker: method double gave no capacity (status overflow)"' "$out"
ok $? "eval --method double overflow: the note names the status"
for run in "capacity --eigenvalues 1,0.5 --noise-variance 2" "natural --eigenvalues 1,0.5 --capacity 1" \
           "white --eigenvalues 1,0.5 --capacity 1" "dp --batch 64 --clip 1 --noise-multiplier 1" "toy"; do
    "$L" channel $run --json >"$out"; attacker absent "channel $run (a Shannon capacity)"
done
# Fano at kappa = 1 nat: below 1 only past 1/ln 2 + 1 = 2.443 bits
"$L" channel natural --eigenvalues 1,0.5 --capacity 1 --json >"$out"
grep -q "Fano.*(1 + ln 2)/ln n, below 1 only for more than 2.443 bits" "$out"
ok $? "channel natural kappa 1: Fano's bound (1 + ln 2)/ln n, 2.443 bits, in the note"
echo "1..$n"
