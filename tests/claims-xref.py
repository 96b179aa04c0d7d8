#!/usr/bin/env python3
"""claims-xref.py -- the claims ledger against the tests (run by t-claims.sh).

    claims-xref.py LEDGER.json TOP [RECORDS.json]

LEDGER.json is `leakproof claims --json --no-logs` (the one reader of the
ledger); TOP a source tree.  Checks that every test a claim names has a source
under TOP/tests (any extension, any subfolder) that carries the id as `[id]`;
that every `[paper/label]` id in the sources of TOP/tests and TOP/python/tests
is in the ledger; that every cases/claims/*.claims file is distributed and
installed (Makefile.am's dist_claims_DATA); and that every claim the numbers
contradict -- one with a `finding`, or one whose verdict is "fails" in RECORDS.json
(the report's records, whose "claims" is `leakproof claims --json` over a test
run) -- says what it means for a defender: `direction`, `because`, `states`
and `true`.  Prints one line per violation and exits 1 if there is one;
otherwise prints what it checked and exits 0.
"""
import json
import os
import re
import sys

ID = re.compile(r"\[((?:biswas|tan|balunovic)/[A-Za-z0-9._/-]*[A-Za-z0-9._-])\]")
# the machinery's own tests write ids of made-up claims
SELF = ("t-claims.sh", "claims-xref.py")
# what a finding says for a defender (the record's keys; the ledger's `true` is the record's "true")
FINDING_WORDS = ("direction", "because", "states", "true")


def sources(top):
    for d in ("tests", os.path.join("python", "tests")):
        for root, _, files in os.walk(os.path.join(top, d)):
            for f in sorted(files):
                if f.endswith((".c", ".h", ".sh", ".py")) and f not in SELF:
                    yield os.path.join(root, f)


def main(argv):
    if len(argv) not in (3, 4):
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        ledger = json.load(f)
    top = argv[2]
    claims = ledger.get("claims", [])
    ids = {c["claim"] for c in claims}
    text = {}
    for path in sources(top):
        with open(path, encoding="utf-8", errors="replace") as f:
            text[path] = f.read()
    by_stem = {}
    for path in text:
        if os.path.relpath(path, top).startswith("tests" + os.sep):
            by_stem.setdefault(os.path.splitext(os.path.basename(path))[0], []).append(path)
    bad = []
    named = 0
    for c in claims:
        for t in re.split(r"[ ,]+", c.get("tests") or ""):
            if not t:
                continue
            named += 1
            paths = by_stem.get(os.path.splitext(t)[0], [])
            if not paths:
                bad.append(f"{c['ledger_line']}: {c['claim']} names test {t}: no tests/**/{t}.* source")
            elif not any(f"[{c['claim']}]" in text[p] for p in paths):
                bad.append(f"{c['ledger_line']}: {c['claim']} names test {t}, whose source does not carry "
                           f"[{c['claim']}]")
    seen = 0
    for path, body in text.items():
        for m in ID.finditer(body):
            seen += 1
            if m.group(1) not in ids:
                line = body.count("\n", 0, m.start()) + 1
                bad.append(f"{os.path.relpath(path, top)}:{line}: [{m.group(1)}] is not in the ledger")
    am = os.path.join(top, "Makefile.am")
    if os.path.exists(am):
        with open(am, encoding="utf-8") as f:
            listed = set(re.findall(r"cases/claims/[A-Za-z0-9_.-]+\.claims", "\n".join(
                ln for ln in f.read().replace("\\\n", " ").splitlines() if "dist_claims_DATA" in ln)))
        for name in sorted(os.listdir(os.path.join(top, "cases", "claims"))):
            if name.endswith(".claims") and f"cases/claims/{name}" not in listed:
                bad.append(f"cases/claims/{name} is not in Makefile.am's dist_claims_DATA "
                           "(neither distributed nor installed)")
    failing = set()
    if len(argv) == 4:
        with open(argv[3], encoding="utf-8") as f:
            failing = {c["claim"] for c in (json.load(f).get("claims") or {}).get("claims", [])
                       if c.get("verdict") == "fails"}
    directed = 0
    for c in claims:
        why = "has a finding" if c.get("finding") else "fails in the records" if c["claim"] in failing else None
        if why is None:
            continue
        directed += 1
        lacking = [k for k in FINDING_WORDS if not c.get(k)]
        if lacking:
            bad.append(f"{c['ledger_line']}: {c['claim']} {why} but no {', '.join(lacking)} "
                       "(what it means for a defender: cases/claims/README.md)")
    for b in bad:
        print(b)
    if not bad:
        print(f"{len(claims)} claims, {named} named tests, {seen} ids in test sources, {directed} findings "
              "with their direction: consistent")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
