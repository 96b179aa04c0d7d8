#!/usr/bin/env python3
"""bench/peers.py -- the certified PLD accountant (leakproof account
--accountant pld, in-process through the Python package) timed beside the
peers' uncertified estimates, where they are importable: Google's
dp_accounting (PLD), Microsoft's prv_accountant (PRV) and Opacus's PRV
accountant.  Their sources are never part of this repository: the script
finds them on PYTHONPATH and says so when they are not importable.

Rows: the reference table (q 0.01 at T 1e3 .. 1e7, q 1e-4 at T 1e6; M 1.1, delta 1e-5) and a grid of q in {1e-5 .. 0.5}
x T in {10 .. 1e7}.  Each leakproof run: best of --repeat runs (the machine
is shared: timings are noisy), computation only (the library loaded once);
a run the work budget declines (--max-seconds, default 30) prints its
estimate instead.  Prints one line per row: leakproof's time, bracket and
relative width, then each peer's time, epsilon and the time ratio
peer / leakproof; where dp_accounting's estimate lies outside the
certified bracket, also its time at the first halved discretisation
interval that puts it inside ("matched": the same accuracy).  Leakproof's CPU seconds (all its threads, the best
run's) are printed beside its wall time: on a shared machine they say
more than the wall time.  Asserts nothing.

    PYTHONPATH=python:/path/to/peers python3 bench/peers.py [--quick] [--repeat N]
"""
import argparse
import math
import os
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


def best_of(n, fn, cpu=None):
    """the best wall time of n runs and the last value; cpu (a list), when
    given, receives the process's CPU seconds (all threads) of that run"""
    best, value = math.inf, None
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        value = fn()
        wall, used = time.perf_counter() - t0, time.process_time() - c0
        if wall < best:
            best = wall
            if cpu is not None:
                cpu[:] = [used]
    return best, value


# ---- the peers, each optional -------------------------------------------------

def peer_dp_accounting():
    try:
        from dp_accounting import dp_event
        from dp_accounting.pld import pld_privacy_accountant
    except Exception as e:          # noqa: BLE001
        return None, "dp_accounting not importable (%s)" % e.__class__.__name__

    def eps(q, T, interval=1e-4):
        acc = pld_privacy_accountant.PLDAccountant(value_discretization_interval=interval)
        event = dp_event.PoissonSampledDpEvent(q, dp_event.GaussianDpEvent(M))
        acc.compose(dp_event.SelfComposedDpEvent(event, T))
        return acc.get_epsilon(DELTA)
    return eps, "dp_accounting (PLD, default discretisation)"


def matched(fn, q, T, lo, hi, limit):
    """dp_accounting at the accuracy of the certified bracket: its
    discretisation interval (default 1e-4) halved until its estimate lies in
    [lo, hi], or a run passes limit seconds.  Where its default estimate is
    outside the bracket (tiny q: the step's loss within a few cells), this is
    the time it takes to say as much as the bracket does.  Returns the text
    of the row's column."""
    interval = 1e-4
    while True:
        interval /= 2
        secs, e = best_of(1, lambda: fn(q, T, interval))
        if lo <= e <= hi:
            return "at interval %.3g %.3f s eps %.6g in" % (interval, secs, e)
        if secs > limit:
            return "at interval %.3g %.3f s eps %.6g still OUT (stopped)" % (interval, secs, e)


def peer_prv():
    try:
        from prv_accountant import PRVAccountant
        from prv_accountant.privacy_random_variables import PoissonSubsampledGaussianMechanism
    except Exception as e:          # noqa: BLE001
        return None, "prv_accountant not importable (%s)" % e.__class__.__name__

    def eps(q, T):
        prv = PoissonSubsampledGaussianMechanism(sampling_probability=q, noise_multiplier=M)
        acc = PRVAccountant(prvs=[prv], max_self_compositions=[T], eps_error=0.01, delta_error=DELTA / 1000)
        return acc.compute_epsilon(delta=DELTA, num_self_compositions=[T])[1]
    return eps, "prv_accountant (PRV, eps_error 0.01)"


def peer_opacus():
    try:
        from opacus.accountants import PRVAccountant
    except Exception as e:          # noqa: BLE001
        return None, "opacus not importable (%s)" % e.__class__.__name__

    def eps(q, T):
        acc = PRVAccountant()
        acc.history = [(M, q, T)]
        return acc.get_epsilon(delta=DELTA)
    return eps, "opacus (PRVAccountant)"


# ---- leakproof ------------------------------------------------------------------

def leakproof_row(q, T, repeat, max_seconds):
    args = dict(noise_multiplier=str(M), sampling_rate=repr(q), steps=T, delta=repr(DELTA),
                max_seconds=max_seconds)
    cpu = [math.nan]
    try:
        secs, (lo, hi) = best_of(repeat, lambda: leakproof.pld_epsilon(**args), cpu)
    except ValueError as e:         # declined by the budget or the grid: say why
        return None, str(e).split("\n")[0][:150]
    lo = float(lo) if lo is not None else math.nan
    hi = float(hi) if hi is not None else math.nan
    return (secs, cpu[0], lo, hi), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="the reference table only")
    ap.add_argument("--rows", help="only these rows, q:T,q:T,... (e.g. 1e-5:10,0.01:1000)")
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    ap.add_argument("--max-seconds", default="30", help="leakproof's work budget per row")
    ap.add_argument("--peer-limit", default="20", help="a peer's run over this many seconds: its "
                    "larger T at that q are skipped")
    ap.add_argument("--no-matched", action="store_true", help="where dp_accounting's estimate "
                    "lies outside the bracket, do not rerun it at finer intervals until inside")
    a = ap.parse_args()
    peers = [peer_dp_accounting(), peer_prv(), peer_opacus()]
    for fn, name in peers:
        print("# peer: %s" % name)
    rows = list(TABLE)
    if not a.quick:
        rows += [(q, T) for q in GRID_Q for T in GRID_T if (q, T) not in TABLE]
    if a.rows:
        rows = [(float(r.split(":")[0]), int(float(r.split(":")[1]))) for r in a.rows.split(",")]
    print("# M %g, delta %g; times in s, best of %d; ratio = peer / leakproof" % (M, DELTA, a.repeat))
    slow = {}                       # peer -> (q, T) where one run passed --peer-limit seconds
    for q, T in rows:
        got, why = leakproof_row(q, T, a.repeat, a.max_seconds)
        if got is None:
            line = "q %-6g T %-8d leakproof: %s" % (q, T, why)
        else:
            secs, cpu, lo, hi = got
            width = (hi - lo) / hi if hi > 0 else math.nan
            line = "q %-6g T %-8d leakproof %7.3f s (CPU %.3f s) [%.6g, %.6g] width %.2f%%" % (
                q, T, secs, cpu, lo, hi, 100 * width)
        for fn, name in peers:
            if fn is None:
                continue
            if name in slow and slow[name][0] == q and slow[name][1] <= T:
                line += " | %s skipped (over %s s at T %d)" % (name.split()[0], a.peer_limit, slow[name][1])
                continue
            try:
                psecs, peps = best_of(1, lambda: fn(q, T))
                if psecs > float(a.peer_limit):
                    slow[name] = (q, T)
                elif a.repeat > 1:
                    psecs = min(psecs, best_of(a.repeat - 1, lambda: fn(q, T))[0])
                ratio = psecs / got[0] if got else math.nan
                inside = "" if got is None else (" in" if lo <= peps <= hi else " OUT")
                line += " | %s %.3f s eps %.6g%s ratio %.2f" % (name.split()[0], psecs, peps, inside, ratio)
                if inside == " OUT" and name.startswith("dp_accounting") and not a.no_matched:
                    line += " (matched: %s)" % matched(fn, q, T, lo, hi, float(a.peer_limit))
            except Exception as e:  # noqa: BLE001
                line += " | %s failed (%s)" % (name.split()[0], e.__class__.__name__)
        print(line, flush=True)


if __name__ == "__main__":
    main()
