#!/bin/sh
# t-prove-cli.sh -- `leakproof prove`: a claim proved and its certificates written and re-checked
# (--id, --out), the checker alone on files (--check), a tampered certificate refused (exit 1),
# the list of claims; bad input exit 2 with one message naming the option, nothing on stdout.
# TAP.
. "$(dirname "$0")/../cli-lib.sh"
if ! command -v python3 >/dev/null 2>&1; then
    echo "1..0 # SKIP python3 is not installed"
    exit 0
fi
py=$(python3 -c 'import sys; print(sys.executable)')
work=$(mktemp -d)
trap 'rm -rf "$work" "$out" "$err"' EXIT
d=$work/certs

"$L" prove --id tan/B.5/increasing --out "$d" --json >"$work/o" 2>"$err"
rc=$?
"$py" -c '
import json, sys
r = json.load(open(sys.argv[1]))
s = {x["statement"]: x for x in r["statements"]}
ok = (r["command"] == "prove" and r["claim"] == "tan/B.5/increasing" and r["verdict"] == "proved"
      and r["subdomain"] is False and set(s) == {"tan/B.5/u-prime", "tan/B.5/increasing"}
      and all(x["checked"] for x in s.values()) and s["tan/B.5/increasing"]["boxes"] > 0
      and s["tan/B.5/u-prime"]["boxes"] is None)
sys.exit(0 if ok else 1)' "$work/o"
ok $? "prove --id tan/B.5/increasing --out: proved, two statements, each certificate written and re-checked (exit $rc)"
[ -s "$d/tan-B.5-increasing.cert" ] && [ -s "$d/tan-B.5-u-prime.cert" ]
ok $? "the certificates are files named by their statements: $(ls "$d" | tr '\n' ' ')"

"$L" prove --check "$d/tan-B.5-increasing.cert" "$d/tan-B.5-u-prime.cert" >"$work/o" 2>"$err"
ok $? "prove --check re-verifies both with the checker alone: $(grep -c 'checked' "$work/o") lines"

sed 's/^box: \[0, /box: [-1, /' "$d/tan-B.5-increasing.cert" >"$work/bad.cert"
"$L" prove --check "$work/bad.cert" --json >"$work/o" 2>"$err"
rc=$?
[ $rc -eq 1 ] && grep -q '"checked":false' "$work/o"
ok $? "a certificate whose box leaves the domain is refused: exit $rc, $(grep -o '"note":"[^"]*"' "$work/o" | head -1)"

"$L" prove --id balunovic/sec4/jensen-constant --json >"$work/o" 2>"$err"
grep -q '"verdict":"disproved"' "$work/o"
ok $? "a finding proved against its claim: balunovic/sec4/jensen-constant disproved on every integer d >= 1"

"$L" prove --list --json >"$work/o" 2>"$err"
"$py" -c '
import json, sys
r = json.load(open(sys.argv[1]))
ids = [c["claim"] for c in r["claims"]]
sys.exit(0 if len(ids) >= 50 and "tan/B.5/calibration" in ids and all(c["statements"] for c in r["claims"]) else 1)' "$work/o"
ok $? "prove --list: the claims, each with the statements it rests on"

bad "the prover has no claim 'tan/nothing'" prove --id tan/nothing
bad "give one of" prove
bad "give one of" prove --id tan/eq22 --list
bad "name the certificate files" prove --check
bad "--out goes with --id or --all" prove --check x --out "$work/y"
echo "1..$n"
