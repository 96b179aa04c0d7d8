#!/bin/sh
# t-report-reuse.sh -- what make report takes from make verify and the last
# make check (verify/reuse.py), on a made-up tree with files' times set: a
# test's log is taken only while it is newer than the test, the program, the
# library, the shared helpers, the case files, the Python package, verify/
# and README.md, and only when the harness finished it (T.trs); Python's
# caches do not count; the grid's record only for the case files it names.
top=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v python3 >/dev/null 2>&1; then
    echo "1..0 # SKIP no python3"
    exit 0
fi
python3 - "$top/verify" <<'PY'
import json, os, sys, tempfile
sys.path.insert(0, sys.argv[1])
import reuse

n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok" if cond else "not ok") + f" {n} - {what}")

with tempfile.TemporaryDirectory() as tree:
    def make(rel, when):
        p = os.path.join(tree, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write("x\n")
        os.utime(p, (when, when))
        return p
    inputs = ["src/leakproof", "src/.libs/leakproof", "src/.libs/libleakproof.so", "tests/cli-lib.sh",
              "cases/grid.cases", "cases/claims/x.claims", "python/leakproof/__init__.py",
              "verify/report.py", "README.md"]
    for rel in inputs:
        make(rel, 1000)
    prog = make("tests/room/t-prog", 1000)
    script = make("tests/room/t-script.sh", 1000)
    for rel in ("tests/room/t-prog.log", "tests/room/t-prog.trs", "tests/room/t-script.sh.log",
                "tests/room/t-script.sh.trs"):
        make(rel, 2000)
    reuse.TOP = tree

    def log(test):
        reuse._shared.clear()
        return reuse.current_log(test, tree)
    ok(log(prog) == prog + ".log", "a program's log newer than its inputs is taken")
    ok(log(script) == script + ".log", "a script's log (T.sh.log) newer than its inputs is taken")
    make("verify/__pycache__/report.cpython.pyc", 3000)
    ok(log(prog) == prog + ".log", "Python's cache in verify/ newer than the log does not count")
    for rel in inputs + ["tests/room/t-prog"]:
        p = os.path.join(tree, rel)
        os.utime(p, (3000, 3000))
        ok(log(prog) is None, f"{rel} newer than the log: the test runs again")
        os.utime(p, (1000, 1000))
    os.remove(os.path.join(tree, "tests/room/t-prog.trs"))
    ok(log(prog) is None, "a log without its .trs (the harness did not finish it): the test runs again")
    os.remove(os.path.join(tree, "tests/room/t-script.sh.log"))
    ok(log(script) is None, "no log: the test runs")

    rec = {"command": "verify", "files": ["cases/grid.cases"], "checks": [], "verdicts": []}
    with open(os.path.join(tree, "verify-grid.json"), "w") as f:
        json.dump(rec, f)
    e = reuse.grid_entry(os.path.join(tree, "verify-grid.json"), "cases/grid.cases")
    ok(e == {"argv": ["verify", "cases/grid.cases", "--json"], "exit": 0, "record": rec, "stderr": ""},
       "the grid's record stands for `leakproof verify cases/grid.cases --json`")
    ok(reuse.grid_entry(os.path.join(tree, "verify-grid.json"), "cases/check.cases") is None,
       "a record of other case files is not taken")
    with open(os.path.join(tree, "broken.json"), "w") as f:
        f.write('{"command": "verify", "files": ["cases/grid.cases"], "checks": [')
    ok(reuse.grid_entry(os.path.join(tree, "broken.json"), "cases/grid.cases") is None
       and reuse.grid_entry(os.path.join(tree, "absent.json"), "cases/grid.cases") is None,
       "a cut or absent record file is not taken")
print(f"1..{n}")
PY
