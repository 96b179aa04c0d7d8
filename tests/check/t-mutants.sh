#!/bin/sh
# t-mutants.sh -- the mutation check's machinery on a sample (the whole run is make verify's):
# made-up tests whose hooks a mutant kills, survives or that have none give holds, weak and weak;
# three real claims of quick tests have every mutant applied and at least one killed; a mistyped
# LP_MUTANT stops a test rather than passing for a surviving mutant.  TAP.
top=$(cd "$(dirname "$0")/../.." && pwd)
L=${LEAKPROOF:-$top/src/leakproof}
build=${LP_BUILDDIR:-$(cd "$(dirname "$L")/.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
ok() {  # ok STATUS DESCRIPTION
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
if ! command -v python3 >/dev/null 2>&1; then
    echo "1..0 # SKIP python3 is not installed"
    exit 0
fi
python=$(python3 -c 'import sys; print(sys.executable)')

# ---- made-up claims: a test that a mutant kills, one whose hook never changes a line, none ----
mkdir -p "$work/claims" "$work/tests" "$work/logs"
cat >"$work/claims/biswas.claims" <<'X'
claim: biswas/x1
where: §1
kind: theorem
says: a quantity its test compares
tests: t-able

claim: biswas/x2
where: §2
kind: lemma
says: a quantity its test prints but never compares
tests: t-blind

claim: biswas/x3
where: §3
kind: lemma
says: a claim whose test has no hook
tests: t-nohook
X
# a hook as tests/mutant.h has it: the probe lists the kinds; an applied mutant announces itself
cat >"$work/tests/t-able.sh" <<'X'
case ${LP_MUTANT:-} in
probe) echo "# mutant-hook biswas/x1: rel+ neg" ;;
biswas/x1:neg) echo "# mutant biswas/x1:neg applied"; echo "not ok 1 - [biswas/x1] the sign flipped"; echo "1..1"; exit 0 ;;
biswas/x1:rel+) echo "# mutant biswas/x1:rel+ applied" ;;
esac
echo "ok 1 - [biswas/x1] compared"
echo "1..1"
X
cat >"$work/tests/t-blind.sh" <<'X'
case ${LP_MUTANT:-} in
probe) echo "# mutant-hook biswas/x2: rel+ x2 neg" ;;
biswas/x2:*) echo "# mutant $LP_MUTANT applied" ;;
esac
echo "ok 1 - [biswas/x2] printed, not compared"
echo "1..1"
X
printf 'echo "ok 1 - [biswas/x3] no hook"\necho "1..1"\n' >"$work/tests/t-nohook.sh"
"$python" "$top/verify/mutants.py" --leakproof "$L" --ledger "$work/claims" --testdir "$work/tests" \
    --out "$work/logs/claims.mut" -j 1 >"$work/out" 2>"$work/err"
ok $? "mutants.py on made-up claims runs ($(tail -1 "$work/err"))"
want='mutant biswas/x1 rel+ survived
mutant biswas/x1 neg killed t-able
mutant biswas/x2 rel+ survived
mutant biswas/x2 x2 survived
mutant biswas/x2 neg survived
nohook biswas/x3'
[ "$(grep -v '^#' "$work/logs/claims.mut")" = "$want" ]
ok $? "the mutation file: killed, survived, no hook ($(grep -v '^#' "$work/logs/claims.mut" | tr '\n' ';'))"
for t in able blind nohook; do sh "$work/tests/t-$t.sh" >"$work/logs/t-$t.sh.log"; done
"$L" claims --ledger "$work/claims" --logs "$work/logs" --json >"$work/v.json" 2>"$work/err"
ok $? "claims --logs reads the logs and the mutation file ($(head -c 200 "$work/err"))"
"$python" - "$work/v.json" >"$work/v" 2>&1 <<'X'
import json, sys
r = json.load(open(sys.argv[1]))
v = {c["claim"]: c for c in r["claims"]}
want = {"biswas/x1": ("holds", 1, 1), "biswas/x2": ("weak", 0, 3), "biswas/x3": ("weak", None, None)}
bad = [f"{k}: {v[k]['verdict']} {v[k]['mutants_killed']}/{v[k]['mutants_survived']} (want {w})"
       for k, w in want.items() if (v[k]["verdict"], v[k]["mutants_killed"],
                                     v[k]["mutants_survived"]) != (w[0], w[1] if w[1] is not None else 0,
                                                                   w[2] if w[2] is not None else 0)]
if not v["biswas/x3"]["mutants_nohook"]:
    bad.append("x3 not marked as having no hook")
p = r["papers"][0]
if (p["mutants_killed"], p["mutants"], p["weak"], p["holds"]) != (1, 5, 2, 1):
    bad.append(f"the paper's counts {p}")
print("; ".join(bad) or "holds, weak (every mutant survived), weak (no hook)")
sys.exit(1 if bad else 0)
X
ok $? "verdicts with the mutation check: $(head -c 400 "$work/v")"

# ---- three real claims of quick tests: every supported mutant applied, at least one killed ----
"$python" "$top/verify/mutants.py" --leakproof "$L" --builddir "$build" \
    --claims tan/lemma2,balunovic/table3,tan/appD/convexity --out "$work/real.mut" -j 1 >"$work/out" 2>"$work/err"
rc=$?
killed=$(grep -c '^mutant .* killed' "$work/real.mut" 2>/dev/null)
for c in tan/lemma2 balunovic/table3 tan/appD/convexity; do
    grep -q "^mutant $c .* killed" "$work/real.mut" 2>/dev/null || rc=1
done
ok $rc "three real claims (t-tan-proofs, t-balunovic-tables): each has a killed mutant; $killed killed in all ($(tail -1 "$work/err"))"

# ---- a mistyped mutant stops the test: it must not pass for a surviving one ----
t=$(find "$build/tests" -name t-balunovic-tables -type f | head -1)
LP_MUTANT=balunovic/table3:bogus "$t" >"$work/out" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "^Bail out! LP_MUTANT=balunovic/table3:bogus" "$work/out"
ok $? "LP_MUTANT with an unknown kind: Bail out, exit $rc"
echo "1..$n"
