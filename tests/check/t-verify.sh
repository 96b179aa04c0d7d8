#!/bin/sh
# t-verify.sh -- the subset of the verification grid (cases/check.cases): every
# form and method against the Monte Carlo arbiter, as TAP; a paper's claim that
# Monte Carlo contradicts is a # TODO line.  Then the verdicts themselves: a
# disagreement of a form the papers get right (the proof forms, VMF, Laplace,
# the per-layer product) would be the arbiter's error or leakproof's, not a
# finding, so those must agree; and `verify --json` gives the same verdicts as
# a record.
top=$(dirname "$0")/../..
L=${LEAKPROOF:-$top/src/leakproof}
out=$(mktemp)
trap 'rm -f "$out" "$out.json"' EXIT
"$L" verify "$top/cases/check.cases" >"$out"
status=$?
grep -v '^1\.\.' "$out"
n=$(grep -c '^\(not \)\?ok ' "$out")
ok() {  # ok STATUS DESCRIPTION
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
ok $status "verify exits 0"
for form in "gauss proof" "gauss steiner" "vmf printed" "vmf proof" "laplace-l1 derived" \
            "gauss-layers product"; do
    grep -q "^# verdict: $form agrees with Monte Carlo on all" "$out"
    ok $? "the verdict on $form is agreement ($(grep "^# verdict: $form " "$out" | cut -c1-160))"
done
grep -q "^# verdict: gauss printed disagrees with Monte Carlo on 9 of 9" "$out"
ok $? "the verdict on gauss printed is disagreement on every case"
# the arb lines carry the ids of the claims they judge (cases/claims/biswas.claims)
for line in "[biswas/thm-III.1] gauss printed arb" "[biswas/B.2/derived] gauss proof arb" \
            "[biswas/thm-IV.1] vmf printed arb" "[biswas/B.3/result] vmf proof arb"; do
    grep -qF -- "- $line " "$out"
    ok $? "the arbiter's lines carry the ledger's ids: $line"
done
if command -v python3 >/dev/null 2>&1; then
    printf 'gauss p=2 sigma=0.5 radius=1 samples=20000 seed=7\nvmf p=1 kappa=1 samples=20000 seed=8\n' >"$out.cases"
    "$L" verify --json "$out.cases" >"$out.json"
    ok $? "verify --json exits 0"
    python3 - "$out.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["command"] == "verify", r.get("command")
checks, verdicts = r["checks"], {(v["mechanism"], v["form"]): v for v in r["verdicts"]}
assert all(c["check"] in ("estimate", "maximiser", "normaliser", "bracket", "form") for c in checks)
arb = [c for c in checks if c.get("method") == "arb"]
assert arb and all("rel_error_bound" in c and "std_error" in c and "z" in c for c in arb)
assert verdicts[("gauss", "printed")]["disagree"] == 1
assert verdicts[("vmf", "proof")]["disagree"] == 0 and verdicts[("vmf", "proof")]["cases"] == 1
assert verdicts[("gauss", "proof")]["ratio_min"] <= verdicts[("gauss", "proof")]["ratio_max"]
PY
    ok $? "verify --json: the checks and verdicts as a record (command, checks, verdicts, keys)"
    rm -f "$out.cases"
fi
echo "1..$n"
