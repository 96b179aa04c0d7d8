#!/bin/sh
# t-first-hour.sh -- the traps a new user met in the first hour (issue 32),
# each held by a check that failed before the fix: a Monte Carlo error that is
# infinite or NaN never "ok"; ... TAP.
. "$(dirname "$0")/cli-lib.sh"
cases=$(mktemp)
trap 'rm -f "$out" "$err" "$cases"' EXIT

# 2. verify: at kappa >= ~400 a weight of the VMF's normaliser underflows to
# 0, its log was -inf and the rounding error +-inf; every check was "ok" with
# z = 0.  Now the error is finite and every judged line has a finite one.
printf 'vmf p=3 kappa=500 samples=200000 seed=12\nvmf p=1 kappa=800 samples=20000 seed=2\n' >"$cases"
"$L" verify "$cases" >"$out" 2>"$err"
! grep -q 'inf\|nan' "$out"; ok $? "verify vmf at kappa 500 and 800: no infinite or NaN error ($(grep -c '^ok' "$out") ok lines)"
grep -q '^ok 9 - vmf proof arb p=3 kappa=500: 1000 vs Monte Carlo 1000.056256 +- 1.12 ' "$out"
ok $? "verify vmf p=3 kappa=500: the form judged with a finite error ($(sed -n 9p "$out" | cut -c1-110))"
"$L" mc vmf --p 3 --kappa 500 --samples 200000 --seed 12 --json >"$out"
grep -q "\"rounding_error\":[0-9]" "$out"; ok $? "mc vmf p=3 kappa=500: rounding_error is a number ($(grep -o "\"rounding_error\":[^,]*" "$out"))"

echo "1..$n"
