"""sections/run_profile.py -- the privacy profile of the papers' DP-SGD run, one figure
beside "The run, accounted": the Gaussian run of cases/papers/biswas.cases's vmf-run row
(the multiplier whose single step has the VMF's certified (epsilon, delta) at p = 13,700),
delta(epsilon) from ONE composition each:

  account --accountant pld ... --delta 1e-10              the axis: epsilon at delta 1e-10
  account --accountant pld ... --delta-for-epsilon E1,..  the PLD's certified brackets
  account ... --delta-for-epsilon E1,..                   the RDP accountant's upper bounds
  account --accountant pld --mechanism vmf ... --delta-for-epsilon E1,..
                                                          the VMF run's PLD brackets (the same
                                                          q and T, kappa and p of the row)

Writes data/run-profile.dat (epsilon, PLD lower, PLD upper, RDP upper, VMF PLD lower, VMF PLD
upper) for verify/plots/run-profile.gp.
"""
import os

from sections.common import one_row, listed, dat

POINTS = 40
DELTA_MIN = "1e-10"


def _num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def section_run_profile(R, out, data, cases):
    run = one_row(cases, "vmf-run")
    q, T, delta, kappa = run["sampling-rate"], run["steps"], run["delta"], run["kappa"]
    p = listed(run["p"])[0]
    d = R.json(["dp", "vmf", "--p", p, "--kappa", kappa, "--delta", delta, "--digits", "6"])
    e1 = R.field(d, "epsilon")
    c = R.json(["calibrate", "gaussian", "--epsilon", e1, "--delta", delta, "--sensitivity", "1",
                "--digits", "20"]) if isinstance(e1, str) else None
    M = R.field(c, "sigma_analytic")
    if not isinstance(M, str):
        out.append("The run's privacy profile: not drawn (no multiplier).\n")
        return []
    run_args = ["--noise-multiplier", M, "--sampling-rate", q, "--steps", T]
    top = R.json(["account", "--accountant", "pld"] + run_args + ["--delta", DELTA_MIN])
    if top is None:
        # records collected before this figure existed: formatting them adds nothing (the
        # next `make report` collects its commands)
        return []
    emax = _num(R.field(top, "epsilon_upper_bound"))
    if emax is None:
        out.append("The run's privacy profile: not drawn (no PLD upper end at δ = 1e-10).\n")
        return []
    eps = ["%.4g" % (emax * i / POINTS) for i in range(POINTS + 1)]
    lst = ",".join(eps)
    pld = R.json(["account", "--accountant", "pld"] + run_args + ["--delta-for-epsilon", lst])
    rdp = R.json(["account"] + run_args + ["--delta-for-epsilon", lst])
    vmf = R.json(["account", "--accountant", "pld", "--mechanism", "vmf", "--kappa", kappa, "--p", p,
                  "--sampling-rate", q, "--steps", T, "--delta-for-epsilon", lst])
    prow = R.field(pld, "deltas")
    rrow = R.field(rdp, "deltas")
    vrow = R.field(vmf, "deltas")
    if not isinstance(prow, list) or not isinstance(rrow, list) or not isinstance(vrow, list):
        out.append("The run's privacy profile: not drawn (a command failed).\n")
        return []

    def floor(x):
        lo = _num(x)
        return max(lo, 1e-300) if lo is not None else None
    rows = []
    for e, a, b, v in zip(eps, prow, rrow, vrow):
        rows.append([e, floor(a.get("delta_lower_bound")), _num(a.get("delta_upper_bound")),
                     _num(b.get("delta_upper_bound")), floor(v.get("delta_lower_bound")),
                     _num(v.get("delta_upper_bound"))])
    dat(os.path.join(data, "run-profile.dat"), rows)
    at = [r for r in prow if r.get("epsilon") == eps[POINTS // 2]]
    ra = [r for r in rrow if r.get("epsilon") == eps[POINTS // 2]]
    va = [r for r in vrow if r.get("epsilon") == eps[POINTS // 2]]
    out.append(f"The Gaussian run's privacy profile δ(ε) (M = {float(M):.6g}, q = {q}, T = {T}): the PLD's "
               f"certified bracket from one composition per relation ({len(eps)} values of ε, "
               f"`account --accountant pld --delta-for-epsilon E1,E2,...`) as a band, the RDP accountant's "
               f"certified upper bound from one curve over the orders beside it"
               + (f"; at ε = {eps[POINTS // 2]}, δ ∈ [{at[0]['delta_lower_bound']}, {at[0]['delta_upper_bound']}] "
                  f"by PLD against δ ≤ {ra[0]['delta_upper_bound']} by RDP" if at and ra else "")
               + f". The VMF run (κ = {kappa}, p = {p}, the same q and T) by its own PLD bracket from one "
               f"composition per relation (`account --accountant pld --mechanism vmf --delta-for-epsilon ...`)"
               + (f": at ε = {eps[POINTS // 2]}, δ ∈ [{va[0]['delta_lower_bound']}, {va[0]['delta_upper_bound']}]"
                  if va else "")
               + ". The two bands are the papers' comparison over the whole profile, PLD against PLD.\n")
    out.append("![privacy profile of the papers' DP-SGD run: the Gaussian's and the VMF's PLD brackets "
               "and the Gaussian's RDP bound](run-profile.svg)\n")
    return rows
