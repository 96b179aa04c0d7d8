#!/usr/bin/env python3
"""report.py -- reports/README.md and its figures' data from leakproof's records.

The report only formats.  Every number in it is a field of a JSON record that a
leakproof command printed (or a TODO line of a test): the generator runs the
commands the case files in cases/papers/ call for, keeps their records in
records.json, and formats tables and data files for the gnuplot scripts in
verify/plots/.  It does no arithmetic on the numbers: it selects (the smallest
and largest of a column) and prints them as the records give them.

  report.py collect --leakproof BIN --builddir DIR [--tests T1,...] [--grid CASES] OUTDIR
      runs every command and the tests that carry findings (verify/findings/'s
      SOURCES, from DIR), writes OUTDIR/records.json, then formats; a test
      given as its make-check log (T.log) is read, not run, and with --reuse
      so is every test whose make-check log is current (verify/reuse.py);
      --grid-record FILE: make verify's record of the grid (verify-grid.json)
      instead of running `leakproof verify GRID` again; the records name
      the commit (meta.commit) and the header says it; a tree (--tree, this
      one) with uncommitted changes outside reports/ is refused unless
      REPORT_DIRTY=yes, and then the header lists them
  report.py stale RECORDS
      whether the code (src/ python/ cases/ verify/) changed after the
      records' commit: exit 0 when not, else 1 with the commits since
  report.py tests LEAKPROOF
      the names of the tests collect reads (the findings' sources and the
      claims ledger's), t-NAME each: make report builds those programs alone
  report.py format RECORDS OUTDIR
      formats from recorded records only (no command runs): README.md and
      data/*.dat; the same records give the same bytes

Case files: cases/papers/*.cases, one configuration a line, `KIND key=value ...`
(cases/README.md).  A record the formatter needs and does not find is printed as
"not run"; a field a record lacks as "n/a" (and named on stderr).
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import findings  # noqa: E402
import reuse  # noqa: E402
from sections.common import TOP, Records, read_cases  # noqa: E402
from sections.verdicts import section_verdicts  # noqa: E402
from sections.biswas import section_biswas  # noqa: E402
from sections.equal_dp import section_equal_dp  # noqa: E402
from sections.vmf_run import section_vmf_run  # noqa: E402
from sections.run_profile import section_run_profile  # noqa: E402
from sections.run_leak import section_run_leak  # noqa: E402
from sections.tan import section_tan  # noqa: E402
from sections.balunovic import section_balunovic  # noqa: E402
from sections.beyond import section_beyond  # noqa: E402
from sections.methods import section_methods  # noqa: E402
from sections.reconstruct import (section_reconstruct, section_tan_reconstruct,  # noqa: E402
                                  section_balunovic_fig4, section_capacity_meaning,
                                  section_reconstruct_digits)
from sections.conclude import section_findings, assumptions  # noqa: E402
from sections.claims import section_claims  # noqa: E402
from sections.first_screen import first_screen  # noqa: E402


# ---- the whole report -------------------------------------------------------------------------
def tree_state(tree):
    """(commit, changed): the tree's HEAD commit (None outside git) and the files
    with uncommitted changes, reports/ left out (make report writes there)."""
    try:
        head = subprocess.run(["git", "-C", tree, "rev-parse", "HEAD"], capture_output=True, text=True)
    except OSError:                     # no git: nothing to name
        return None, []
    if head.returncode != 0:
        return None, []
    status = subprocess.run(["git", "-C", tree, "status", "--porcelain", "--untracked-files=no", "--",
                             ".", ":(exclude)reports"], capture_output=True, text=True)
    changed = [line[3:] for line in status.stdout.splitlines() if line.strip()]
    return head.stdout.strip(), changed


def made_from(meta):
    """The header's words for the tree the records describe: the commit, and
    whether it had uncommitted changes (records of before the commit was kept:
    git describe's short name, as they said)."""
    if meta.get("commit"):
        dirty = meta.get("uncommitted") or []
        return (f" at commit {meta['commit']}"
                + (f", a tree with uncommitted changes in {len(dirty)} file(s): {', '.join(dirty[:6])}"
                   + (", ..." if len(dirty) > 6 else "") if dirty else ", a clean tree"))
    return f" (git {meta['git']})" if meta.get("git") else ""


def stale(records_path, tree):
    """0 when the code the records describe is the tree's, else 1 with the
    commits since (src/, python/, cases/, verify/ changed after the records'
    commit), printed."""
    with open(records_path, encoding="utf-8") as f:
        meta = json.load(f).get("meta", {})
    commit = meta.get("commit")
    if not commit:
        print(f"{records_path}: the records name no commit (made before make report recorded it)")
        return 1
    log = subprocess.run(["git", "-C", tree, "log", "--oneline", f"{commit}..HEAD", "--", "src", "python",
                          "cases", "verify"], capture_output=True, text=True)
    if log.returncode != 0:
        print(f"{records_path}: commit {commit} is not in this tree's history")
        return 1
    lines = log.stdout.splitlines()
    if lines:
        print(f"{records_path}: made at {commit[:12]}; the code has changed in {len(lines)} commit(s) since "
              f"(regenerate with make report):\n" + log.stdout)
        return 1
    print(f"{records_path}: made at {commit[:12]}, the code since unchanged")
    return 0


def build(R, outdir):
    data = os.path.join(outdir, "data")
    os.makedirs(data, exist_ok=True)
    cases = {n: read_cases(n) for n in ("biswas", "tan", "balunovic", "beyond", "methods")}
    body = []
    body.append("## 2. The papers' configurations, certified\n")
    failed = []

    def guarded(section, *args):
        # a formatting error must not lose the commands collected after it
        try:
            return section(R, *args)
        except Exception:
            import traceback
            traceback.print_exc()
            failed.append(section.__name__)
            return []
    guarded(section_biswas, body, data, cases["biswas"])
    guarded(section_equal_dp, body, data, cases["biswas"])
    guarded(section_vmf_run, body, cases["biswas"])
    guarded(section_run_profile, body, data, cases["biswas"])  # the run's privacy profile (issue 33)
    guarded(section_tan, body, data, cases["tan"])
    guarded(section_balunovic, body, cases["balunovic"])
    guarded(section_beyond, body, data, cases["beyond"])
    guarded(section_methods, body, data, cases["methods"])
    guarded(section_capacity_meaning, body, cases["biswas"])    # what a capacity means for an attacker
    guarded(section_reconstruct, body, data, cases["biswas"])   # the papers' experiments, exact attacker
    guarded(section_tan_reconstruct, body, data)
    guarded(section_balunovic_fig4, body, data)
    guarded(section_reconstruct_digits, body)   # a real data set, the delta-ball gain
    guarded(section_run_leak, body, data, cases)    # a training run against the exact attacker (issue 39)
    verdict_part = []
    verdicts = guarded(section_verdicts, verdict_part, R.meta.get("grid", "cases/grid.cases"))
    screen = []
    undirected = guarded(first_screen, screen) or []
    if undirected:      # a failing claim must say what it means for a defender (cases/claims/README.md)
        sys.stderr.write(f"report: failing claims without a direction in the ledger: {', '.join(undirected)}\n")
        failed.append("first_screen: no direction for " + ", ".join(undirected))
    head = ["# leakproof reports\n"] + screen + [
            f"Made by `make report` from {R.meta.get('version', 'an unknown version')}"
            + made_from(R.meta) + ". Every number below is a field "
            "of a leakproof command's JSON record (all of them in `records.json`) or a `# TODO` line of its "
            "tests; `python3 verify/report.py format reports/records.json reports` rebuilds this file from "
            "them byte for byte. The configurations come from `cases/papers/*.cases`. A certified number is printed "
            "with only the digits Arb certifies (its rounded-up error bound is beside it in the record, "
            "`*_error_bound`); Monte Carlo estimates carry their standard errors.\n"]
    claims_part = []
    guarded(section_claims, claims_part)
    text = "\n".join(head + section_findings(R, verdicts) + assumptions(cases) + verdict_part + body
                     + claims_part) + "\n"
    with open(os.path.join(outdir, "README.md"), "w", encoding="utf-8") as f:
        f.write(text)
    for miss in sorted(set(R.lacking)):
        sys.stderr.write(f"report: a record lacks {miss}\n")
    return failed


_reuse_builddir = None      # collect --reuse: the build tree whose make-check logs are read when current


def _tap_of(t, leakproof=None):
    """The TAP a test prints: run here, or read from its make-check log T.log
    (given, or with --reuse found current)."""
    if t.endswith(".log"):  # a test's log from make check: its TAP as it ran
        if not os.path.exists(t):
            raise SystemExit(f"report: {t}: no such log; its findings would be lost")
        with open(t, encoding="utf-8", errors="replace") as f:
            return f.read()
    if t.endswith(".sh") and not os.path.exists(t):   # a script lives in the source tree, in its room
        t = _find_test(os.path.basename(t)[:-3], TOP)[0] or os.path.join(TOP, "tests", os.path.basename(t))
    log = reuse.current_log(t, _reuse_builddir) if _reuse_builddir else None
    if log:
        sys.stderr.write(f"report: {t}: make check's log, current ({log})\n")
        return _tap_of(log)
    if not (os.access(t, os.X_OK) or (t.endswith(".sh") and os.path.exists(t))):
        raise SystemExit(f"report: {t}: no such test program (make report builds it); "
                         "its findings would be lost")
    env = dict(os.environ)
    if leakproof:   # the shell tests run the program
        env["LEAKPROOF"] = leakproof
    return subprocess.run(["sh", t] if t.endswith(".sh") else [t], capture_output=True, text=True,
                          cwd=TOP, env=env).stdout


def collect_tests(tests, leakproof=None, taps=None, keys=None):
    """The TODO lines of each test, run here (a test given as its make-check
    log T.log is read instead).  A test that cannot be run or read, or that
    prints no TAP, is an error: its findings would vanish from the report.
    taps, a dict, keeps each test's whole TAP by its path; keys, a dict, names
    a test's record by something other than its path (findings.SOURCES' names)."""
    out = []
    for t in tests:
        tap = _tap_of(t, leakproof)
        key = (keys or {}).get(t)
        if t.endswith(".log"):
            t = t[:-4]
        if taps is not None:
            taps[t] = tap
        if not re.search(r"^1\.\.\d+", tap, re.M):
            raise SystemExit(f"report: {t}: printed no TAP plan; its findings would be lost")
        todo = []
        for ln in tap.splitlines():
            # a finding; `# TODO inconclusive` is the decision rule's undecided statistic, not one
            if "# TODO" in ln and "# TODO inconclusive" not in ln and re.match(r"^(not )?ok ", ln):
                d = re.sub(r"^(not )?ok \d+ - ", "", ln).split(" # TODO")[0]
                if d not in todo:
                    todo.append(d)
        out.append({"test": key or (os.path.relpath(t, TOP) if os.path.isabs(t) else t), "todo": todo})
        sys.stderr.write(f"report: {t}: {len(todo)} TODO lines\n")
    out.sort(key=lambda e: e["test"])
    return out


def _source_path(source, builddir):
    """A test of findings.SOURCES ("tests/t-NAME", a name, not a folder) where it sits: the
    program or script tests/<room>/t-NAME (tests/README.md); the record keeps the name, so
    moving a test between rooms changes no record.  Not found: the path the name would have,
    which collect_tests refuses by name."""
    name = os.path.basename(source)
    path, _ = _find_test(name[:-3] if name.endswith(".sh") else name, builddir)
    return path or os.path.join(builddir, source)


def _find_test(name, builddir):
    """A test the ledger names (no extension): the build tree's program tests/**/NAME, or the
    source tree's script tests/**/NAME.sh; with the folder under tests/ it sits in."""
    for root, want in ((os.path.join(builddir, "tests"), name), (os.path.join(TOP, "tests"), name + ".sh")):
        for d, _, files in os.walk(root):
            if want in files and (want.endswith(".sh") or os.access(os.path.join(d, want), os.X_OK)):
                return os.path.join(d, want), os.path.relpath(os.path.join(d, want), root)
    return None, None


def ledger_tests(leakproof):
    """The names of the tests the claims ledger names (`leakproof claims --no-logs`), sorted."""
    proc = subprocess.run([leakproof, "claims", "--no-logs", "--json"], capture_output=True, text=True, cwd=TOP)
    if proc.returncode != 0:
        raise SystemExit(f"report: leakproof claims: {proc.stderr.strip()}")
    return sorted({t for c in json.loads(proc.stdout)["claims"]
                   for t in re.split(r"[ ,]+", c.get("tests") or "") if t})


def report_tests(leakproof):
    """The names (t-NAME, no folder, no extension) of every test make report reads: the
    findings' sources and the ledger's tests; make report builds these programs alone."""
    names = {os.path.basename(s) for s in findings.SOURCES} | set(ledger_tests(leakproof))
    return sorted(n[:-3] if n.endswith(".sh") else n for n in names)


def collect_claims(leakproof, builddir, taps):
    """The claims ledger's record: `leakproof claims --json` over the TAP of every test the
    ledger names (taken from taps where collect_tests ran it, else run here), written as the
    T.log files make check would write into a temporary directory.  The record's ledger and
    logs paths are dropped: they are this machine's."""
    import tempfile
    names = ledger_tests(leakproof)
    with tempfile.TemporaryDirectory() as logs:
        for name in names:
            path, rel = _find_test(name, builddir)
            if path is None:
                raise SystemExit(f"report: test {name}, named in cases/claims, not found (make report builds "
                                 "the tests); its claims would be 'not run'")
            tap = taps.get(path)
            if tap is None:
                tap = taps[path] = _tap_of(path, leakproof)
                sys.stderr.write(f"report: {path}: run for the claims ledger\n")
            os.makedirs(os.path.dirname(os.path.join(logs, rel)), exist_ok=True)
            with open(os.path.join(logs, rel + ".log"), "w", encoding="utf-8") as f:
                f.write(tap)
        # the mutation check's results (make verify writes them beside the build tree's logs)
        # the mutation check's results (make verify-long writes them beside the build tree's
        # logs), taken only while newer than the program and the ledger: a stale score would
        # judge tests that have changed since
        mut = os.path.join(builddir, "tests", "claims.mut")
        ledger = os.path.join(TOP, "cases", "claims")
        inputs = [leakproof] + [os.path.join(ledger, f) for f in os.listdir(ledger) if f.endswith(".claims")]
        if os.path.exists(mut) and os.path.getmtime(mut) >= max(os.path.getmtime(f) for f in inputs):
            import shutil
            shutil.copy(mut, os.path.join(logs, "claims.mut"))
            sys.stderr.write(f"report: the mutation check from {mut}\n")
        elif os.path.exists(mut):
            sys.stderr.write(f"report: {mut} is older than the program or the ledger (make verify-long runs "
                             "the mutation check again): the ledger's scores are null\n")
        else:
            sys.stderr.write("report: no mutation check (make verify-long runs it): the ledger's scores are null\n")
        proc = subprocess.run([leakproof, "claims", "--json", "--logs", logs], capture_output=True, text=True,
                              cwd=TOP)
    if proc.returncode != 0:
        raise SystemExit(f"report: leakproof claims --logs: {proc.stderr.strip()}")
    rec = json.loads(proc.stdout)
    rec.pop("ledger", None)
    rec.pop("logs", None)
    return rec


def main(argv):
    if len(argv) >= 2 and argv[1] == "format" and len(argv) == 4:
        with open(argv[2], encoding="utf-8") as f:
            R = Records(recorded=json.load(f))
        return 1 if build(R, argv[3]) else 0
    if len(argv) == 3 and argv[1] == "tests":
        print(" ".join(report_tests(argv[2])))
        return 0
    if len(argv) == 3 and argv[1] == "stale":
        return stale(argv[2], TOP)
    if len(argv) >= 2 and argv[1] == "collect":
        import argparse
        ap = argparse.ArgumentParser(prog="report.py collect")
        ap.add_argument("--leakproof", required=True)
        ap.add_argument("--tests", default="",
                        help="comma-separated test programs (or make-check logs T.log) to read findings from")
        ap.add_argument("--builddir", default=None,
                        help="run the tests that carry findings (findings.SOURCES) from this build tree")
        ap.add_argument("--grid", default="cases/grid.cases")
        ap.add_argument("--grid-record", default=None,
                        help="make verify's record of `leakproof verify GRID --json` (verify-grid.json)")
        ap.add_argument("--reuse", action="store_true",
                        help="read the make-check log of a test instead of running it when it is current")
        ap.add_argument("--tree", default=TOP, help="the source tree the report describes (git)")
        ap.add_argument("outdir")
        a = ap.parse_args(argv[2:])
        # the report describes one commit: a tree with uncommitted changes is
        # refused unless REPORT_DIRTY=yes, and then the header says so
        commit, changed = tree_state(a.tree)
        if changed and os.environ.get("REPORT_DIRTY") != "yes":
            sys.stderr.write(f"report.py collect: {a.tree} has uncommitted changes in {len(changed)} file(s) "
                             f"({', '.join(changed[:6])}{', ...' if len(changed) > 6 else ''}): commit them, "
                             "or REPORT_DIRTY=yes make report to describe this tree as it is (the header "
                             "says so)\n")
            return 2
        global _reuse_builddir
        if a.reuse:
            _reuse_builddir = os.path.abspath(a.builddir or os.path.dirname(os.path.dirname(a.leakproof)))
        tests = [t for t in a.tests.split(",") if t]
        keys = {}
        if a.builddir:
            for source in findings.SOURCES:
                path = _source_path(source, a.builddir)
                keys[path] = source
                tests.append(path)
        taps = {}
        test_records = collect_tests(tests, a.leakproof, taps, keys)   # first: a lost findings source stops the report
        claims = collect_claims(a.leakproof, a.builddir or os.path.dirname(os.path.dirname(a.leakproof)), taps)
        R = Records(leakproof=a.leakproof)
        grid_entry = reuse.grid_entry(a.grid_record, a.grid) if a.grid_record else None
        if grid_entry:      # make verify's run of the grid, current (the make rule saw to it)
            R.entries[tuple(grid_entry["argv"])] = grid_entry
            sys.stderr.write(f"report: leakproof verify {a.grid}: make verify's record ({a.grid_record})\n")
        ver = subprocess.run([a.leakproof, "--version"], capture_output=True, text=True).stdout.strip()
        git = subprocess.run(["git", "-C", TOP, "describe", "--always", "--dirty"], capture_output=True,
                             text=True)
        R.meta = {"version": ver, "git": git.stdout.strip() if git.returncode == 0 else None, "grid": a.grid,
                  "commit": commit, "uncommitted": changed}
        R.tests = test_records
        R.claims = claims
        os.makedirs(a.outdir, exist_ok=True)
        try:
            build(R, a.outdir)
        finally:
            with open(os.path.join(a.outdir, "records.json"), "w", encoding="utf-8") as f:
                json.dump(R.dump(), f, indent=0, sort_keys=True, ensure_ascii=False)
                f.write("\n")
        # the README from the records alone, so collect and format agree byte for byte
        with open(os.path.join(a.outdir, "records.json"), encoding="utf-8") as f:
            return 1 if build(Records(recorded=json.load(f)), a.outdir) else 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
