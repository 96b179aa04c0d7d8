"""reuse.py -- what make verify and the last make check left behind, taken by
make report where it is current, so that the report runs only what is missing.

  grid_entry(path, grid)
      make verify's record of `leakproof verify GRID --json` (verify/grid.sh
      writes it with `verify --record`, the same run as its TAP), as the
      report's entry for that command, or None when there is none for GRID;
      the make rule (verify-grid.json) runs it again when the program, the
      library or the case file is newer.
  current_log(test, builddir)
      the make-check log T.log of a test (a program tests/<room>/t-NAME of the
      build tree, or a script tests/<room>/t-NAME.sh of the source tree), or
      None when there is none, the harness did not finish it (no T.trs), or
      one of its inputs is newer than the log: the test itself, the program
      and the library, the tests' shared helpers (tests/*), the case files
      and the claims ledger (cases/), the Python package (python/leakproof/),
      verify/ and README.md.  A test reading anything else is not covered.

The report reads a log as make check's harness wrote it (its TAP and the
test's stderr): the TODO lines and the claims ledger's verdicts come out the
same as from a run of its own.
"""
import json
import os

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def grid_entry(path, grid):
    """{argv, exit, record, stderr} for `verify GRID --json` from make verify's
    record file, or None (absent, unreadable, or made for other case files)."""
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(rec, dict) or rec.get("command") != "verify" or rec.get("files") != [grid]:
        return None
    return {"argv": ["verify", grid, "--json"], "exit": 0, "record": rec, "stderr": ""}


def _newest(paths):
    """The latest modification time among the files (dirs walked; Python's
    caches left out), 0 when none."""
    newest = 0.0
    for p in paths:
        if os.path.isdir(p):
            for d, dirs, files in os.walk(p):
                dirs[:] = [x for x in dirs if x != "__pycache__"]
                for name in files:
                    if not name.endswith(".pyc"):
                        newest = max(newest, os.stat(os.path.join(d, name)).st_mtime)
        elif os.path.exists(p):
            newest = max(newest, os.stat(os.path.realpath(p)).st_mtime)
    return newest


_shared = {}


def _shared_inputs(builddir):
    """The newest time of what every test may read beside itself (computed once)."""
    if builddir not in _shared:
        tests = os.path.join(TOP, "tests")
        helpers = [os.path.join(tests, n) for n in os.listdir(tests)
                   if os.path.isfile(os.path.join(tests, n))]
        libs = os.path.join(builddir, "src", ".libs")
        _shared[builddir] = _newest(helpers + [
            os.path.join(builddir, "src", "leakproof"), os.path.join(libs, "leakproof"),
            os.path.join(libs, "libleakproof.so"), os.path.join(TOP, "cases"),
            os.path.join(TOP, "python", "leakproof"), os.path.join(TOP, "verify"),
            os.path.join(TOP, "README.md")])
    return _shared[builddir]


def current_log(test, builddir):
    """The path of TEST's make-check log when it is current (see above), else None."""
    rel = os.path.relpath(test, TOP if test.endswith(".sh") else builddir)
    log = os.path.join(builddir, rel + ".log")
    trs = os.path.join(builddir, rel + ".trs")
    if rel.startswith("..") or not (os.path.exists(log) and os.path.exists(trs)):
        return None
    made = min(os.stat(log).st_mtime, os.stat(trs).st_mtime)
    if made < max(_newest([test]), _shared_inputs(builddir)):
        return None
    return log
