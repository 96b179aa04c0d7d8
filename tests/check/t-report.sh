#!/bin/sh
# t-report.sh -- the report only formats, and the same records give the same bytes: formats
# the committed records (reports/records.json) twice and compares the outputs with each other
# and with the committed reports/README.md and data files.  The full `make report` reruns
# every command (minutes); this runs none.  TAP.
top=$(cd "$(dirname "$0")/../.." && pwd)
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
py() { "$python" "$top/verify/report.py" "$@"; }
py format "$top/reports/records.json" "$work/a" 2>"$work/a.err"; ok $? "format runs on the recorded records ($(head -c 300 "$work/a.err"))"
py format "$top/reports/records.json" "$work/b" 2>"$work/b.err"; ok $? "format runs a second time"
diff -r "$work/a" "$work/b" >"$work/d" 2>&1; ok $? "the same records give the same bytes ($(head -c 300 "$work/d"))"
cmp "$work/a/README.md" "$top/reports/README.md" >"$work/d" 2>&1
ok $? "reports/README.md is what the committed records format to ($(cat "$work/d"))"
for f in "$work"/a/data/*; do
    cmp "$f" "$top/reports/data/$(basename "$f")" >"$work/d" 2>&1
    ok $? "reports/data/$(basename "$f") is what the records format to ($(cat "$work/d"))"
done
# the report describes one commit (issue 32): collect refuses a tree with
# uncommitted changes before running anything, and says which; the header
# names the commit and, with REPORT_DIRTY=yes, the changed files
tree=$work/tree
mkdir -p "$tree/src" && printf 'a\n' >"$tree/src/x.c"
if git -C "$tree" init -q 2>/dev/null && git -C "$tree" add src/x.c \
   && git -C "$tree" -c user.name=t -c user.email=t@t commit -qm one 2>/dev/null; then
    printf 'b\n' >"$tree/src/x.c"
    py collect --tree "$tree" --leakproof /nonexistent "$work/dirty" >"$work/o" 2>"$work/e"; rc=$?
    [ "$rc" -eq 2 ] && grep -q "uncommitted changes in 1 file(s) (src/x.c)" "$work/e" && [ ! -d "$work/dirty" ]
    ok $? "collect refuses a dirty tree at once, naming the file (exit $rc: $(head -c 200 "$work/e"))"
    words=$("$python" -c "import sys; sys.path.insert(0, '$top/verify'); import report
c, d = report.tree_state('$tree'); print(report.made_from({'commit': c, 'uncommitted': d}))")
    echo "$words" | grep -q "at commit [0-9a-f]\{40\}, a tree with uncommitted changes in 1 file(s): src/x.c"
    ok $? "the header names the commit and the uncommitted file ($words)"
    git -C "$tree" -c user.name=t -c user.email=t@t commit -qam two
    words=$("$python" -c "import sys; sys.path.insert(0, '$top/verify'); import report
c, d = report.tree_state('$tree'); print(report.made_from({'commit': c, 'uncommitted': d}))")
    echo "$words" | grep -q "at commit [0-9a-f]\{40\}, a clean tree"
    ok $? "a clean tree is said to be clean ($words)"
else
    ok 0 "collect's tree check # SKIP git cannot make a repository here"
fi
# the formatter runs no command: with no leakproof on the PATH and the records moved, a record
# it needs is "not run", never recomputed
printf '{"meta": {}, "tests": [], "commands": []}\n' >"$work/empty.json"
PATH=/nonexistent py format "$work/empty.json" "$work/c" 2>/dev/null
grep -q "not run" "$work/c/README.md"; ok $? "with no records the report says 'not run' (it computes nothing itself)"
if grep -q '^| gauss | printed |' "$work/a/README.md"; then
    ok 0 "the verdict table has the gauss printed rows"
else
    ok 1 "the verdict table has the gauss printed rows"
fi
# every finding is in the records and written up once, in words (verify/findings/)
for src in $("$python" -c "import sys; sys.path.insert(0, '$top/verify'); import findings; print(' '.join(findings.SOURCES))"); do
    "$python" -c "import json, sys; r = json.load(open(sys.argv[1])); sys.exit(not any(t['test'] == sys.argv[2] and t['todo'] for t in r['tests']))" \
        "$top/reports/records.json" "$src"
    ok $? "reports/records.json has the findings of $src"
done
! grep -q "Findings missing from these records" "$top/reports/README.md"
ok $? "reports/README.md lacks no finding source"
! grep -q "Findings not yet written up" "$top/reports/README.md"
ok $? "every finding in reports/README.md is written up ($(grep -A3 'not yet written up' "$top/reports/README.md" | tail -n +2 | head -c 300))"
# the first screen (issue 44): right under the title, one summary table per paper, then every
# failing claim of the records once, with its direction (unsafe first) and its reproducer
"$python" - "$top/reports/records.json" "$top/reports/README.md" >"$work/screen" 2>&1 <<'X'
import json, sys
claims = (json.load(open(sys.argv[1], encoding="utf-8")).get("claims") or {}).get("claims", [])
lines = open(sys.argv[2], encoding="utf-8").read().split("\n")
bad = []
papers = {"biswas": "Biswas et al.", "tan": "Tan et al.", "balunovic": "Balunović et al."}
for p, name in papers.items():
    if any(c["claim"].startswith(p + "/") for c in claims) and not any(
            ln.startswith(f"| **{name}** |") for ln in lines[:20]):
        bad.append(f"no summary table of {name} in the first 20 lines")
head = next((i for i, ln in enumerate(lines) if ln.startswith("| for a defender | claim |")), None)
if head is None or head > 25:
    bad.append(f"the findings table starts at line {head and head + 1} (wanted within the first 25)")
    head = len(lines)
rows = []
for ln in lines[head + 2:]:
    if not ln.startswith("| "):
        break
    rows.append([cell.strip() for cell in ln.strip("|").split(" | ")])
failing = [c["claim"] for c in claims if c["verdict"] == "fails"]
shown = [r[1].strip("`") for r in rows]
for c in failing:
    if shown.count(c) != 1:
        bad.append(f"{c} appears {shown.count(c)} times in the findings table")
bad += [f"{c} is in the findings table but does not fail" for c in shown if c not in failing]
order = ["**unsafe**", "**safe**", "**neutral**"]
ranks = [order.index(r[0]) if r[0] in order else 9 for r in rows]
bad += [f"{r[1]}: direction {r[0]}" for r in rows if r[0] not in order]
if ranks != sorted(ranks):
    bad.append("the rows are not unsafe, then safe, then neutral")
bad += [f"{r[1]}: no reproducer" for r in rows if len(r) < 5 or not r[4].startswith("`")]
print("; ".join(bad) or f"{len(rows)} failing claims, each once, unsafe first, table ending at line "
      f"{head + 2 + len(rows)}")
sys.exit(1 if bad else 0)
X
ok $? "the first screen: a summary table per paper and every failing claim once with its direction and reproducer ($(head -c 600 "$work/screen"))"
# the figures' text reads as typeset: no Greek from the Symbol font, no space a renderer drops
"$python" "$top/tests/check/figure-text.py" "$top"/reports/*.svg >"$work/fig" 2>&1
ok $? "the figures' text: $(head -c 600 "$work/fig" | tr '\n' ';')"
# a missing source is an error, not a warning: collect stops
# (REPORT_DIRTY=yes: the tree under test may have uncommitted changes, refused before this check)
REPORT_DIRTY=yes PATH=/nonexistent "$python" "$top/verify/report.py" collect --leakproof /nonexistent/leakproof \
    --tests "$work/no-such-test" "$work/e" >/dev/null 2>"$work/e.err"
[ $? -ne 0 ] && grep -q "findings would be lost" "$work/e.err"
ok $? "collect fails when a findings source is missing ($(head -c 200 "$work/e.err"))"
echo "1..$n"
