#!/bin/sh
# t-honest-status.sh -- the non-certified methods say what they know (issue 21,
# item 8): a value that lost accuracy and the method can see it (a subnormal
# factor, log-space rounding above the tolerance, GSL's own error estimate)
# is `inaccurate`, not `ok`; with --compare the status follows the measured
# error against the documented tolerance (1e-8 for doubles, 2^-(prec/2) for
# mpfr), measured against arb at more digits than the method carries.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

# status REL-ERROR-MIN ARGS...: inaccurate alone and with --compare, the
# measured error above REL-ERROR-MIN
inaccurate() {
    min=$1; shift
    "$L" eval "$@" --json >"$out" 2>"$err"
    a=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$out")
    "$L" eval "$@" --compare --json >"$out" 2>"$err"
    python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert sys.argv[2]=="inaccurate" and d["status"]=="inaccurate", (sys.argv[2], d)
assert d["rel_error"] > float(sys.argv[3]) and d["tolerance"]==1e-8 and d["value"] is not None, d' "$out" "$a" "$min"
    ok $? "eval $* says inaccurate by itself ($a) and measured: $(head -c 600 "$out")"
}
inaccurate 0.16 gauss --p 202 --sigma 0.01 --radius 1 --form proof --method double
inaccurate 0.03 gauss --p 124 --sigma 0.001 --radius 1 --form proof --method double
inaccurate 0.01 gauss --p 161 --sigma 0.01 --radius 1 --form printed --method gsl
inaccurate 1e-8 gauss --p 1000000000 --sigma 1 --radius 1 --form proof --method logdouble

# where the method is right, ok stays ok, measured
"$L" eval gauss --p 100 --sigma 1 --radius 1 --form proof --method double --compare --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["status"]=="ok" and d["rel_error"] <= 1e-8, d' "$out"
ok $? "a right double value stays ok, measured: $(cat "$out")"

# mpfr: measured at the precision asked for, not at arb's default 20 digits
"$L" eval gauss --p 5 --sigma 1 --radius 1 --method mpfr --prec 200 --compare --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["status"]=="ok" and d["rel_error"] < 1e-55 and d["tolerance"] < 1e-29, d' "$out"
ok $? "mpfr at 200 bits: rel_error below 1e-55 (it was 2e-26, arb's radius at 20 digits): $(cat "$out")"
# a GSL quadrature that gave up is failed, not overflow (even where an
# intermediate overflowed on the way)
"$L" eval gauss --p 100 --sigma 1 --radius 1 --form proof --method gsl --json >"$out" 2>"$err"
python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["status"]=="failed" and "iterations" in d["note"], d' "$out"
ok $? "GSL quadrature past its iterations: failed (it said overflow): $(cat "$out")"
echo "1..$n"
