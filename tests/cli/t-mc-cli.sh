#!/bin/sh
# t-mc-cli.sh -- the Monte Carlo commands' contract: parameters the doubles of
# the arbiter cannot carry are refused naming the option; --sup-checks counts
# the checks in all and 0 prints no nan; the estimate is the same bits for 1,
# 2 and 3 threads and every kernel build; VMF carries a Monte Carlo standard
# error; the discrete arbiters say when they stop at their work cap.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

# field KEY: the value of a top-level JSON key in $out
field() {
    sed -n "s/.*\"$1\":\\([^,}]*\\).*/\\1/p" "$out"
}

# every record opens with the command (the same first key as every other command)
for run in "gauss --p 3 --sigma 1 --radius 1" "vmf --p 3 --kappa 2" "laplace --p 2 --b 1 --radius 1 --clip l1" \
           "gauss-layers --sigma 1 --clip 1 --layers 2,3"; do
    "$L" mc $run --samples 5000 --seed 1 --json >"$out" 2>"$err"
    head -c 16 "$out" | grep -q '^{"command":"mc",'; ok $? "mc $run --json: first key command \"mc\" ($(head -c 40 "$out"))"
done
"$L" mc discrete --p 1 --sigma 1 --radius 1 --json >"$out" 2>"$err"
head -c 25 "$out" | grep -q '^{"command":"mc discrete",'; ok $? "mc discrete --json: first key command \"mc discrete\" ($(head -c 40 "$out"))"
"$L" mc gauss --p 3 --sigma 1 --radius 1 --samples 5000 --seed 1 >"$out" 2>"$err"
sed -n 2p "$out" | grep -q '^  command: mc$'; ok $? "mc gauss for humans: command is the first field ($(sed -n 2p "$out"))"

# R = 1e20: computed where the doubles carry it (p = 3: (R/sigma)^3), else refused naming --radius
for p in 3 16; do
    "$L" mc gauss --p $p --sigma 1 --radius 99999999999999999999 --samples 1000 --seed 1 --json >"$out" 2>"$err"; rc=$?
    if [ "$rc" -eq 0 ]; then
        ! grep -qiE "nan|inf" "$out" && [ "$(field estimate)" != null ]
        ok $? "mc gauss p=$p R=99999999999999999999: computed, finite (estimate $(field estimate), rounding_error $(field rounding_error))"
    else
        [ "$rc" -eq 2 ] && [ ! -s "$out" ] && grep -q -- "--radius" "$err"
        ok $? "mc gauss p=$p R=99999999999999999999: refused naming --radius ($(cat "$err"))"
    fi
done
bad "--radius" mc gauss --p 64 --sigma 0.001 --radius 1000 --samples 1000 --seed 1
bad "--sigma" mc gauss --p 3 --sigma 1e400 --radius 1 --samples 1000 --seed 1
bad "--kappa" mc vmf --p 3 --kappa 1e400 --samples 1000 --seed 1
bad "--sigma" adversary link --sigma 1e400 --radius 1 --delta 1 --samples 1000 --seed 1
bad "--sigma" adversary link --sigma 1000 --radius 0.001 --delta 1 --samples 1000 --seed 1

"$L" mc gauss --p 3 --sigma 1 --radius 1 --samples 20000 --seed 1 --sup-checks 0 >"$out" 2>"$err"; rc=$?
! grep -qi "nan" "$out" && [ "$rc" -eq 0 ]; ok $? "mc --sup-checks 0: exit 0, no nan ($(grep -i sup "$out" | head -1))"
"$L" mc gauss --p 3 --sigma 1 --radius 1 --samples 20000 --seed 1 --sup-checks 0 --json >"$out" 2>"$err"
[ "$(field sup_gap)" = null ] && [ "$(field sup_checked)" = 0 ]; ok $? "mc --sup-checks 0 --json: sup_gap null, sup_checked 0"
"$L" mc gauss --p 3 --sigma 1 --radius 1 --samples 100003 --seed 1 --sup-checks 777 --json >"$out" 2>"$err"
[ "$(field sup_checked)" = 777 ]; ok $? "mc --sup-checks 777 over 25 blocks: 777 checks in all (got $(field sup_checked))"
"$L" mc laplace --p 3 --b 1 --radius 1 --clip l2 --samples 9000 --seed 1 --sup-checks 9000 --json >"$out" 2>"$err"
[ "$(field sup_checked)" = 9000 ]; ok $? "mc --sup-checks equal to --samples: every sample checked (got $(field sup_checked))"

# the same bits for any number of threads and every kernel build
for mech in "gauss --p 5 --sigma 0.7 --radius 2" "vmf --p 7 --kappa 30" "laplace --p 3 --b 0.5 --radius 1 --clip l1"; do
    ref=
    same=0
    for t in 1 2 3; do
        "$L" mc $mech --samples 50001 --seed 42 --threads $t --json >"$out" 2>"$err"
        got="$(field estimate) $(field std_error) $(field sup_gap)"
        [ -z "$ref" ] && ref=$got
        [ "$got" = "$ref" ] || same=1
    done
    ok $same "mc $mech: 1, 2 and 3 threads give the same bits ($ref)"
done
ref=
same=0
for isa in generic avx2 avx512; do
    LEAKPROOF_MC_ISA=$isa "$L" mc gauss --p 6 --sigma 0.5 --radius 1 --samples 300001 --seed 7 --json >"$out" 2>"$err"
    got="$(field estimate) $(field std_error)"
    [ -z "$ref" ] && ref=$got
    [ "$got" = "$ref" ] || same=1
done
ok $same "mc gauss: the generic, AVX2 and AVX-512 kernels give the same bits where the CPU has them ($ref)"

# VMF: a Monte Carlo standard error, and the normaliser against the quadrature
"$L" mc vmf --p 64 --kappa 1000 --samples 200000 --seed 3 --json >"$out" 2>"$err"
awk -v se="$(field std_error)" -v m="$(field log_normaliser_mc)" -v s="$(field log_normaliser_mc_std_error)" \
    -v q="$(field log_normaliser_quadrature)" -v qe="$(field log_normaliser_quadrature_err)" \
    'BEGIN { u = sqrt(s * s + qe * qe); z = (m - q) / u; exit !(se > 0 && s > 0 && z < 5 && z > -5) }'
ok $? "mc vmf p=64 kappa=1000: std_error $(field std_error) > 0; log C by Monte Carlo $(field log_normaliser_mc) +- $(field log_normaliser_mc_std_error) vs quadrature $(field log_normaliser_quadrature)"

# the discrete arbiter says when its work cap stops the refinement
"$L" mc discrete --p 2 --sigma 0.01 --radius 1 >"$out" 2>"$err"; rc=$?
[ "$rc" -eq 0 ] && grep -q "work cap" "$out"; ok $? "mc discrete p=2 sigma=0.01: the dropped refinements are stated ($(grep 'work cap' "$out"))"
"$L" mc discrete --p 2 --sigma 0.01 --radius 1 --json >"$out" 2>"$err"
grep -q '"refinements_dropped":[1-9]' "$out"; ok $? "mc discrete --json: refinements_dropped counted"

# what the estimate means for an attacker: the keys from the 99.9 % upper
# confidence end plus rounding, log2(ci_hi + rounding_error), not certified
for run in "gauss --p 3 --sigma 1 --radius 1" "vmf --p 3 --kappa 2" "laplace --p 2 --b 1 --radius 1 --clip l1" \
           "gauss-layers --sigma 1 --clip 1 --layers 2,3"; do
    "$L" mc $run --samples 5000 --seed 1 --json >"$out"; attacker uncertified "mc $run"
done
"$L" mc gauss --p 3 --sigma 1 --radius 1 --samples 5000 --seed 1 --json >"$out"
python3 -c 'import json, math, sys; r = json.load(open(sys.argv[1]))
u = math.log2(r["ci_999"][1] + r["rounding_error"])
assert abs(float(r["log2_capacity"]) - u) <= 5e-4 and u > math.log2(r["estimate"]), (u, r)' "$out"
ok $? "mc gauss: log2_capacity $(field log2_capacity) is log2 of the confidence end, above log2 estimate $(field estimate)"
"$L" mc discrete --p 1 --sigma 1 --radius 1 --json >"$out"; attacker absent "mc discrete"
echo "1..$n"
