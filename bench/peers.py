#!/usr/bin/env python3
"""bench/peers.py -- the certified PLD accountant (leakproof account
--accountant pld, in-process through the Python package) beside the peers'
uncertified estimates, where they are importable: Google's dp_accounting
(PLD), Microsoft's prv_accountant (PRV) and Opacus's PRV accountant, each
peer compared with leakproof asked for that peer's accuracy.  Their sources
are never part of this repository: the script finds them on PYTHONPATH and
says so when they are not importable.

Rows: the reference table (q 0.01 at T 1e3 .. 1e7, q 1e-4 at T 1e6; M 1.1,
delta 1e-5) and a grid of q in {1e-5 .. 0.5} x T in {10 .. 1e7}.  Per row:
leakproof's certified bracket at its default width (0.01), then for each
peer its estimate, whether it lies in the bracket, and the accuracy it
gives: where the peer states its error (prv_accountant's own interval
[eps_low, eps_up] about its estimate, at eps_error 0.01; Opacus's the same
at 0.01 either side), that width, or its distance from the bracket where
that is larger; where it states none (dp_accounting), its distance from the
bracket where it lies outside, else the bracket's own.  An inf or NaN
estimate is no estimate: the row says so.  Leakproof is run again asked for
a bracket no wider than that accuracy (--width = the accuracy / the bracket's
upper end, within the option's [1e-5, 2]; where the bracket comes out wider
-- tiny epsilon, where the width is absolute, or a grid at its cap -- again
at a width cut in proportion, three times at most) and the line says which of the
two took less CPU ("ahead" / "behind"; "beyond reach" where no bracket that
narrow came out): CPU seconds of the process, all its threads, the best of
--repeat runs (leakproof runs both relations on two threads; the peers run
on one).  Each peer's runs of a row happen in a child process under an
address-space limit (--memory-limit, GiB; two thirds of the machine's
memory by default): a peer that needs more fails
there ("over the memory limit"), not the machine (prv_accountant grew to
23 GB at q 0.1, T 1e5 and the kernel's OOM killer ended the whole run).
Wall seconds beside, for the record: on a shared machine they measure the
load more than the code, and the load average is printed at the start and
the end.  A leakproof run the work budget declines (--max-seconds, default
30) prints its estimate instead.  Asserts nothing.

    PYTHONPATH=python:/path/to/peers python3 bench/peers.py [--quick] [--rows q:T,...] [--repeat N]
"""
import argparse
import math
import os
import pickle
import resource
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))

import leakproof  # noqa: E402

DELTA = 1e-5
M = 1.1
TABLE = [(0.01, 10**3), (0.01, 10**4), (0.01, 10**5), (0.01, 10**6), (0.01, 10**7), (1e-4, 10**6)]
GRID_Q = [1e-5, 1e-4, 1e-3, 1e-2, 0.1, 0.5]
GRID_T = [10, 100, 10**3, 10**4, 10**5, 10**6, 10**7]
PRV_EPS_ERROR = 0.01            # the PRV accountants' stated absolute error on epsilon (their default)


def best_of(n, fn, enough=math.inf):
    """(CPU seconds, wall seconds, value) of the run with the least CPU of n:
    the process's CPU time (all its threads) and the wall time of that run;
    one run only where it took over `enough` CPU seconds"""
    best = (math.inf, math.inf, None)
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        value = fn()
        wall, used = time.perf_counter() - t0, time.process_time() - c0
        if used < best[0]:
            best = (used, wall, value)
        if used > enough:
            break
    return best


class OverMemory(Exception):
    """the peer's child process ran out of its address space, or was killed"""


def in_child(limit_bytes, fn):
    """fn() in a forked child whose address space is capped at limit_bytes;
    its value (pickled back through a pipe), or OverMemory when the child
    hit the cap (MemoryError) or died; any other exception is raised again
    here.  The child measures its own CPU (fn does), so the fork costs
    nothing in the figures."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                    # the child: never returns
        os.close(r)
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
            out = ("ok", fn())
        except MemoryError:
            out = ("memory", None)
        except BaseException as e:  # noqa: BLE001
            out = ("error", "%s: %s" % (e.__class__.__name__, str(e)[:100]))
        try:
            with os.fdopen(w, "wb") as f:
                pickle.dump(out, f)
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    if not data:                    # killed (SIGKILL, SIGSEGV in a failed allocation, ...)
        why = ("signal %d" % os.WTERMSIG(status)) if os.WIFSIGNALED(status) else ("exit %d" % os.WEXITSTATUS(status))
        raise OverMemory("its process ended without a result, %s" % why)
    kind, value = pickle.loads(data)
    if kind == "memory":
        raise OverMemory("MemoryError")
    if kind == "error":
        raise RuntimeError(value)
    return value


# ---- the peers, each optional: (estimate function, name, stated absolute error or None) ----

def peer_dp_accounting():
    try:
        from dp_accounting import dp_event
        from dp_accounting.pld import pld_privacy_accountant
    except Exception as e:          # noqa: BLE001
        return None, "dp_accounting not importable (%s)" % e.__class__.__name__, None

    def eps(q, T):
        acc = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-4)
        event = dp_event.PoissonSampledDpEvent(q, dp_event.GaussianDpEvent(M))
        acc.compose(dp_event.SelfComposedDpEvent(event, T))
        return acc.get_epsilon(DELTA)
    return eps, "dp_accounting (PLD, default discretisation 1e-4, no stated error)", None


def peer_prv():
    try:
        from prv_accountant import PRVAccountant
        from prv_accountant.privacy_random_variables import PoissonSubsampledGaussianMechanism
    except Exception as e:          # noqa: BLE001
        return None, "prv_accountant not importable (%s)" % e.__class__.__name__, None

    def eps(q, T):
        """its estimate, and its stated interval's width (eps_up - eps_low)"""
        prv = PoissonSubsampledGaussianMechanism(sampling_probability=q, noise_multiplier=M)
        acc = PRVAccountant(prvs=[prv], max_self_compositions=[T], eps_error=PRV_EPS_ERROR,
                            delta_error=DELTA / 1000)
        low, est, up = acc.compute_epsilon(delta=DELTA, num_self_compositions=[T])
        return est, up - low
    return eps, "prv_accountant (PRV, eps_error %g: its interval)" % PRV_EPS_ERROR, True


def peer_opacus():
    try:
        from opacus.accountants import PRVAccountant
    except Exception as e:          # noqa: BLE001
        return None, "opacus not importable (%s)" % e.__class__.__name__, None

    def eps(q, T):
        acc = PRVAccountant()
        acc.history = [(M, q, T)]
        return acc.get_epsilon(delta=DELTA, eps_error=PRV_EPS_ERROR), 2 * PRV_EPS_ERROR
    return eps, "opacus (PRVAccountant, eps_error %g either side)" % PRV_EPS_ERROR, True


# ---- leakproof ------------------------------------------------------------------

def leakproof_run(q, T, repeat, max_seconds, width=None, grid=None):
    """(CPU, wall, lo, hi) of the best run, or (None, why) when declined;
    grid: --max-grid-size (None: the default cap, 2^23)"""
    args = dict(noise_multiplier=str(M), sampling_rate=repr(q), steps=T, delta=repr(DELTA),
                max_seconds=max_seconds, digits=8)
    if width is not None:
        args["width"] = "%.6g" % width
    if grid is not None:
        args["max_grid_size"] = grid
    try:
        cpu, wall, (lo, hi) = best_of(repeat, lambda: leakproof.pld_epsilon(**args), enough=5.0)
    except ValueError as e:         # declined by the budget or the grid: say why
        return None, str(e).split("\n")[0][:150]
    lo = float(lo) if lo is not None else math.nan
    hi = float(hi) if hi is not None else math.nan
    return (cpu, wall, lo, hi), None


def accuracy_asked(e, lo, hi, stated):
    """the absolute accuracy a peer's estimate e gives against the bracket.
    A peer that states its error (the width of the interval it returns)
    gives that accuracy, or worse where its estimate lies outside the
    bracket by more: the larger of the two.  A peer that states none gives
    its distance from the bracket where it lies outside it, else None (the
    bracket's own: leakproof's default).  (Until 2026-11-29 a stating
    peer's distance was asked where it was the smaller: an accuracy the
    peer neither states nor can show, luck within its own interval; two
    prv_accountant rows moved, bench/README.md.)"""
    dist = e - hi if e > hi else lo - e if e < lo else 0.0
    if stated:
        return (dist, "distance") if dist > stated else (stated, "stated")
    return (dist, "distance") if dist > 0 else (None, "bracket")


GRIDS = (2**24, 2**25, 2**26)    # --max-grid-size beyond the default 2^23, where that is not enough


def leakproof_at(q, T, acc, hi, repeat, max_seconds, peer_cpu=0.0):
    """leakproof's best run with a bracket at most acc wide: (CPU, wall, lo,
    hi), the width asked last, whether one came out that narrow, and the
    grid's cap asked (None: the default).  Where the default cap leaves the
    bracket wider, the same width again on the larger caps of GRIDS, each
    within a budget of the peer's own CPU time (no longer than the peer)."""
    w = min(2.0, max(1e-5, acc / hi)) if hi > 0 else 2.0
    for _ in range(4):
        mine, why = leakproof_run(q, T, repeat, max_seconds, w)
        if mine is None:
            return None, why, w, False, None
        got = mine[3] - mine[2]
        if got <= acc or w <= 1e-5:
            break
        w = max(1e-5, 0.8 * w * acc / got)
    if mine[3] - mine[2] <= acc:
        return mine, None, w, True, None
    budget = "%.0f" % max(float(max_seconds), peer_cpu)
    for grid in GRIDS:
        wider, why = leakproof_run(q, T, repeat, budget, w, grid)
        if wider is None:       # declined by the budget: no larger cap either
            break
        mine = wider
        if mine[3] - mine[2] <= acc:
            return mine, None, w, True, grid
    return mine, None, w, False, grid


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="the reference table only")
    ap.add_argument("--rows", help="only these rows, q:T,q:T,... (e.g. 1e-5:10,0.01:1000)")
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    ap.add_argument("--max-seconds", default="30", help="leakproof's work budget per row")
    ap.add_argument("--peer-limit", default="20", help="a peer's run over this many CPU seconds: its "
                    "larger T at that q are skipped")
    phys = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**30
    ap.add_argument("--memory-limit", type=float, default=round(phys * 2 / 3, 1),
                    help="a peer's address space, GiB (default two thirds of this machine's memory, %.1f): over "
                    "it the peer's row says so and its larger T at that q are skipped" % (phys * 2 / 3))
    ap.add_argument("--peers", help="only these peers, by their first word (e.g. dp_accounting,prv_accountant)")
    a = ap.parse_args()
    peers = [peer_dp_accounting(), peer_prv(), peer_opacus()]
    if a.peers:
        peers = [p for p in peers if p[1].split()[0] in a.peers.split(",")]
    for fn, name, _ in peers:
        print("# peer: %s" % name)
    rows = list(TABLE)
    if not a.quick:
        rows += [(q, T) for q in GRID_Q for T in GRID_T if (q, T) not in TABLE]
    if a.rows:
        rows = [(float(r.split(":")[0]), int(float(r.split(":")[1]))) for r in a.rows.split(",")]
    print("# M %g, delta %g; CPU seconds (wall), best of %d; load average %.2f %.2f %.2f at the start"
          % ((M, DELTA, a.repeat) + os.getloadavg()))
    print("# each peer: its CPU (wall), estimate, in/OUT of the bracket, the accuracy it gives (distance "
          "from the bracket, stated error, or the bracket's), leakproof's CPU (wall) and bracket at that accuracy")
    slow = {}                       # peer -> (q, T) where one run passed --peer-limit seconds
    tally = {}                      # peer -> [ahead, behind, beyond reach]
    overmem = {}                    # peer -> rows it could not finish within --memory-limit
    failed = {}                     # peer -> rows where its estimate was inf or NaN
    for q, T in rows:
        got, why = leakproof_run(q, T, a.repeat, a.max_seconds)
        if got is None:
            print("q %-6g T %-8d leakproof: %s" % (q, T, why), flush=True)
            continue
        cpu, wall, lo, hi = got
        width = (hi - lo) / hi if hi > 0 else math.nan
        line = "q %-6g T %-8d leakproof %.3f s (%.3f) [%.6g, %.6g] width %.2f%%" % (
            q, T, cpu, wall, lo, hi, 100 * width)
        for fn, name, stated in peers:
            if fn is None:
                continue
            short = name.split()[0]
            if short in slow and slow[short][0] == q and slow[short][1] <= T:
                line += " | %s skipped (over %s s or %g GiB at T %d)" % (short, a.peer_limit, a.memory_limit,
                                                                            slow[short][1])
                continue
            limit = int(a.memory_limit * 2**30)
            try:
                pcpu, pwall, e = in_child(limit, lambda: best_of(1, lambda: fn(q, T)))
                if pcpu > float(a.peer_limit):
                    slow[short] = (q, T)
                elif a.repeat > 1:
                    pcpu, pwall, e = min((pcpu, pwall, e),
                                         in_child(limit, lambda: best_of(a.repeat - 1, lambda: fn(q, T))))
            except OverMemory as err:
                slow[short] = (q, T)
                line += " | %s over the memory limit (%g GiB; %s)" % (short, a.memory_limit, err)
                overmem[short] = overmem.get(short, 0) + 1
                continue
            except Exception as err:  # noqa: BLE001
                line += " | %s failed (%s)" % (short, str(err)[:120] or err.__class__.__name__)
                continue
            e, interval = e if stated else (e, None)
            if not math.isfinite(e):    # no accuracy to match: the peer failed this row
                line += " | %s %.3f s (%.3f) eps %g: no estimate" % (short, pcpu, pwall, e)
                failed[short] = failed.get(short, 0) + 1
                continue
            acc, kind = accuracy_asked(e, lo, hi, interval)
            reached = True
            grid = None
            if acc is None:
                mine, w = (cpu, wall, lo, hi), None
            else:
                mine, why, w, reached, grid = leakproof_at(q, T, acc, hi, a.repeat, a.max_seconds, pcpu)
            inside = "in" if lo <= e <= hi else "OUT"
            line += " | %s %.3f s (%.3f) eps %.6g %s, accuracy %s" % (
                short, pcpu, pwall, e, inside, "the bracket's" if acc is None else "%.3g (%s)" % (acc, kind))
            if mine is None:
                line += ": leakproof %s" % why
                continue
            verdict = "ahead" if mine[0] < pcpu else "behind"
            if not reached:     # no bracket that narrow: no comparison
                verdict = "beyond reach (its narrowest %.3g)" % (mine[3] - mine[2])
            tally.setdefault(short, [0, 0, 0])[0 if verdict == "ahead" else 1 if verdict == "behind" else 2] += 1
            line += ": leakproof %.3f s (%.3f)%s%s [%.8g, %.8g] %s %.2fx" % (
                mine[0], mine[1], "" if w is None else " at width %.3g" % w,
                "" if grid is None else " on --max-grid-size 2^%d" % (grid.bit_length() - 1), mine[2], mine[3], verdict,
                pcpu / mine[0] if mine[0] > 0 else math.inf)
        print(line, flush=True)
    for short, (ahead, behind, beyond) in tally.items():
        print("# %s: leakproof ahead in %d rows, behind in %d, that accuracy beyond its reach in %d "
              "(CPU, at the peer's accuracy)" % (short, ahead, behind, beyond))
    for short, count in failed.items():
        print("# %s: no finite estimate in %d rows" % (short, count))
    for short, count in overmem.items():
        print("# %s: over the memory limit (%g GiB) in %d rows" % (short, a.memory_limit, count))
    print("# load average %.2f %.2f %.2f at the end" % os.getloadavg())


if __name__ == "__main__":
    main()
