#!/usr/bin/env python3
"""mutants.py -- the claims ledger's mutation check: every claim's tests shown able to fail.

  mutants.py --leakproof BIN [--builddir DIR] [--claims ID,...] [--kinds K,...] [-j N] [--out FILE]
             [--ledger DIR] [--testdir DIR]

A test that checks a claim routes the quantity it checks through a hook of tests/mutant.h naming
the claim's id.  For every claim with tests (or the ids given), this runs each of its tests once
as it is and once with LP_MUTANT=probe (the hooks say which kinds of mutant they support), then
once per supported kind with LP_MUTANT=ID:KIND, and compares the TAP lines that carry [ID] with
the unmutated run.  It writes FILE (default DIR/tests/claims.mut, where `leakproof claims` finds
it beside the test logs), one line per mutant:

  mutant ID KIND killed TEST      a line carrying [ID] changed (ok to not ok, or not ok to ok)
  mutant ID KIND crashed TEST     the test exited abnormally or timed out (counted as killed)
  mutant ID KIND survived         every line carrying [ID] as before, in every test of the claim
  nohook ID                       no test of the claim has a hook for it: no mutant applies

and a summary per paper on stderr.  A claim none of whose mutants is killed is `weak`
(cases/claims/README.md).  --ledger and --testdir name another ledger and the folder its tests
are in (tests/check/t-mutants.sh's made-up ones).  Exit status 0, or 2 on bad input or a test
that cannot run at all."""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import _find_test  # noqa: E402
from sections.common import TOP  # noqa: E402

KINDS = ("rel+", "rel-", "x2", "half", "neg", "exp+", "exp-")
TAP = re.compile(r"^(not )?ok\s+\d+\s+-\s+(.*)$")
HOOK = re.compile(r"^# mutant-hook (.+?): (.+)$")
IDS = re.compile(r"\[([a-z]+/[^\]\s]+)\]\s*")


def tap_outcomes(text):
    """{id: [True (ok) or False (not ok), ...]} over the lines that carry ids, SKIP lines left out."""
    out = {}
    for line in text.splitlines():
        m = TAP.match(line)
        if not m or re.search(r"\s#\s*SKIP", m.group(2), re.I):
            continue
        desc = m.group(2)
        while True:
            i = IDS.match(desc)
            if not i:
                break
            out.setdefault(i.group(1), []).append(m.group(1) is None)
            desc = desc[i.end():]
    return out


def run(path, mutant, leakproof, timeout):
    """(returncode or None on a timeout, stdout) of one run of a test."""
    env = dict(os.environ)
    env.pop("LP_MUTANT", None)
    if mutant:
        env["LP_MUTANT"] = mutant
    env["LEAKPROOF"] = leakproof
    cmd = ["sh", path] if path.endswith(".sh") else [path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=TOP, env=env, timeout=timeout,
                           errors="replace")
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return None, ""


def judge(claim, base, got, rc):
    """killed, crashed or survived: the mutated run's lines of claim against the base run's."""
    if rc is None or rc < 0 or (rc != 0 and base["rc"] == 0):
        return "crashed"
    was, now = base["tap"].get(claim, []), got.get(claim, [])
    if any(a != b for a, b in zip(was, now)):
        return "killed"
    return "survived"


def main(argv):
    ap = argparse.ArgumentParser(prog="mutants.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--leakproof", required=True)
    ap.add_argument("--builddir", default=None)
    ap.add_argument("--claims", default="", help="comma-separated claim ids (default: every claim with tests)")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--out", default=None)
    ap.add_argument("--ledger", default=None, help="the *.claims files (default: leakproof claims' own)")
    ap.add_argument("--testdir", default=None, help="find the tests here (NAME or NAME.sh), not in the trees")
    a = ap.parse_args(argv[1:])
    builddir = a.builddir or os.path.dirname(os.path.dirname(os.path.abspath(a.leakproof)))
    kinds = [k for k in a.kinds.split(",") if k]
    bad = [k for k in kinds if k not in KINDS]
    if bad or not kinds or a.j < 1:
        sys.stderr.write(f"mutants.py: --kinds: {','.join(bad) or 'none'} not of {' '.join(KINDS)}\n"
                         if bad or not kinds else "mutants.py: -j: at least 1\n")
        return 2
    proc = subprocess.run([a.leakproof, "claims", "--no-logs", "--json"] + (["--ledger", a.ledger] if a.ledger else []),
                          capture_output=True, text=True, cwd=TOP)
    if proc.returncode != 0:
        sys.stderr.write(f"mutants.py: leakproof claims: {proc.stderr.strip()}\n")
        return 2
    ledger = {c["claim"]: [t for t in re.split(r"[ ,]+", c.get("tests") or "") if t]
              for c in json.loads(proc.stdout)["claims"] if c.get("tests")}
    wanted = [c for c in a.claims.split(",") if c] or sorted(ledger)
    unknown = [c for c in wanted if c not in ledger]
    if unknown:
        sys.stderr.write(f"mutants.py: --claims: {', '.join(unknown)}: no claim with tests in the ledger\n")
        return 2
    paths = {}
    for c in wanted:
        for t in ledger[c]:
            if t not in paths:
                if a.testdir:
                    found = [os.path.join(a.testdir, n) for n in (t, t + ".sh")
                             if os.path.isfile(os.path.join(a.testdir, n))]
                    paths[t] = found[0] if found else None
                else:
                    paths[t] = _find_test(t, builddir)[0]
                if paths[t] is None:
                    sys.stderr.write(f"mutants.py: test {t} (claim {c}) not found: build the tests (make check TESTS=)\n")
                    return 2
    t0 = time.time()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=a.j)
    # every test once as it is and once probed: the lines to compare with, the hooks there are
    base, hooks = {}, {}
    jobs = {t: (pool.submit(run, p, None, a.leakproof, 600), pool.submit(run, p, "probe", a.leakproof, 600))
            for t, p in sorted(paths.items())}
    for t, (b, pr) in jobs.items():
        rc, out = b.result()
        if rc is None:
            sys.stderr.write(f"mutants.py: {t} timed out unmutated\n")
            return 2
        base[t] = {"rc": rc, "tap": tap_outcomes(out), "seconds": None}
        hooks[t] = {}
        for line in pr.result()[1].splitlines():
            m = HOOK.match(line)
            if m:
                for cid in m.group(1).split():
                    hooks[t].setdefault(cid, set()).update(m.group(2).split())
    plan, results, nohook = [], {}, []
    for c in wanted:
        supported = [k for k in kinds if any(k in hooks[t].get(c, ()) for t in ledger[c])]
        if not supported:
            nohook.append(c)
        for k in supported:
            for t in ledger[c]:
                if k in hooks[t].get(c, ()):
                    plan.append((c, k, t))
    futures = {pool.submit(run, paths[t], f"{c}:{k}", a.leakproof, 600): (c, k, t) for c, k, t in plan}
    for f in concurrent.futures.as_completed(futures):
        c, k, t = futures[f]
        rc, out = f.result()
        verdict = judge(c, base[t], tap_outcomes(out), rc)
        if f"# mutant {c}:{k} applied" not in out and verdict != "crashed":
            verdict = "not reached"
        results.setdefault((c, k), []).append((verdict, t))
    pool.shutdown()
    lines, per_paper = [], {}
    for c in wanted:
        paper = c.split("/")[0]
        s = per_paper.setdefault(paper, [0, 0, 0, 0])    # killed, mutants, claims, weak
        s[2] += 1
        if c in nohook:
            lines.append(f"nohook {c}")
            s[3] += 1
            continue
        killed_any = False
        for k in kinds:
            got = results.get((c, k))
            if not got or all(v == "not reached" for v, _ in got):
                continue
            hit = sorted((v, t) for v, t in got if v in ("killed", "crashed"))
            s[1] += 1
            if hit:
                s[0] += 1
                killed_any = True
                lines.append(f"mutant {c} {k} {hit[0][0]} {hit[0][1]}")
            else:
                lines.append(f"mutant {c} {k} survived")
        s[3] += not killed_any
    out = a.out or os.path.join(builddir, "tests", "claims.mut")
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(f"# leakproof mutation check (verify/mutants.py): {len(wanted)} claims, kinds {' '.join(kinds)}\n")
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, out)
    for paper, (killed, n, claims, weak) in sorted(per_paper.items()):
        sys.stderr.write(f"mutants.py: {paper}: {killed} of {n} mutants killed"
                         f"{f' ({100 * killed / n:.1f} %)' if n else ''}; {weak} of {claims} claims survive every "
                         f"mutant or have no hook\n")
    sys.stderr.write(f"mutants.py: {len(plan)} mutated runs in {time.time() - t0:.0f} s wall, written to {out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
