"""sections/run_leak.py -- what a training run leaks to a reconstruction attacker (issue 39):
every bound of the field, certified, beside the exact attacker on the same run.

For each run (Biswas et al.'s VMF run and its Gaussian twin, Tan et al.'s Section 6.3 runs, a
typical Opacus run; cases/papers/runs.cases):
  reconstruct gauss|vmf RUN --prior simplex --n 10 ... --delta 1e-5
      the informed adversary on the whole run (Monte Carlo over runs, the posterior exact), with
      the run's bounds at 1/n from the one PLD (run-bounds' keys, the same digits: the (eps, delta)
      bound at delta, the capacity at the candidates' span p = n - 1 for the Gaussian,
      capacity_bound_span; the VMF's at its own p, capacity_bound)
and three sweeps of the Opacus run (the figures run-leak-eps, run-leak-kappa, run-leak-steps):
epsilon (M from `account --accountant pld --epsilon E`), the prior's size n, the steps T.
Writes data/run-leak-{eps,kappa,steps}.dat: x, attacker, its standard error, ReRo's upper and
lower ends, the (eps, delta) bound at 1e-5, its best over delta, Renyi, capacity.
The section only formats records: its verdicts compare printed numbers (no arithmetic) and quote
the claims ledger's figures (t-runleak-claims).
"""
import os

from sections.common import dat, listed, one_row, read_cases, rows_of, show, table

KEYS = ("rero_upper_bound", "rero_lower_bound", "eps_delta_bound", "eps_delta_bound_best", "renyi_bound",
        "capacity_bound")


def _num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def _attacker(R, mech, run, att, n=None, p=None):
    """reconstruct's record of the informed adversary on the run, its bounds at 1/n inside (the
    (eps, delta) bound at delta 1e-5)."""
    n = n or att["n"]
    p = p or att["p"]
    return R.json(["reconstruct", mech] + run + ["--prior", "simplex", "--n", str(n), "--p", str(p),
                                                 "--samples", att["samples"], "--seed", att["seed"], "--delta", "1e-5"])


def _capacity(R, a):
    """the run's capacity bound at the candidates' span (the Gaussian's, p = n - 1, where it is
    least; the VMF's at its own p)"""
    return R.field(a, "capacity_bound" if R.field(a, "mechanism") == "vmf" else "capacity_bound_span")


def _point(R, a):
    """one figure row: the attacker, then the bounds (all from the attacker's record)."""
    return [R.field(a, "success"), R.field(a, "success_std_error"), _num(R.field(a, "rero_upper_bound")),
            _num(R.field(a, "rero_lower_bound")), _num(R.field(a, "eps_delta_bound")),
            _num(R.field(a, "eps_delta_bound_best")), _num(R.field(a, "renyi_bound")), _num(_capacity(R, a))]


def _opacus_args(run):
    return ["--noise-multiplier", run["noise-multiplier"], "--batch", run["batch"], "--dataset-size",
            run["dataset-size"], "--epochs", run["epochs"]]


def _papers_runs(R, att, biswas, tan):
    """(label, mechanism, run args, p) of the papers' runs."""
    runs = []
    v = one_row(biswas, "vmf-run")
    q, T, kappa = v["sampling-rate"], v["steps"], v["kappa"]
    for p in listed(v["p"]):
        runs.append((f"Biswas et al., VMF κ = {kappa}, p = {int(p):,}", "vmf",
                     ["--kappa", kappa, "--sampling-rate", q, "--steps", T], p))
    d = R.json(["dp", "vmf", "--p", listed(v["p"])[0], "--kappa", kappa, "--delta", v["delta"], "--digits", "6"])
    e1 = R.field(d, "epsilon")
    c = R.json(["calibrate", "gaussian", "--epsilon", e1, "--delta", v["delta"], "--sensitivity", "1",
                "--digits", "20"]) if isinstance(e1, str) else None
    M = R.field(c, "sigma_analytic")
    if isinstance(M, str):
        runs.append((f"Biswas et al., the Gaussian twin (M = {float(M):.4g})", "gauss",
                     ["--noise-multiplier", M, "--sampling-rate", q, "--steps", T], None))
    for f in rows_of(tan, "account-fit"):
        j = R.json(["account", "--noise-multiplier", f["noise_multiplier"], "--stated-epsilon", f["stated_epsilon"],
                    "--batch", f["batch"], "--epochs", f["epochs"], "--delta", f["delta"], "--orders", f["orders"]])
        k, t = R.field(j, "batches_nearest"), R.field(j, "steps_nearest")
        if isinstance(k, int) and isinstance(t, int):
            runs.append((f"Tan et al. §6.3, M = {f['noise_multiplier']} (stated ε {f['stated_epsilon']})", "gauss",
                         ["--noise-multiplier", f["noise_multiplier"], "--sampling-rate", f"1/{k}", "--steps", str(t)],
                         None))
    return runs


def section_run_leak(R, out, data, cases):
    runs_cases = read_cases("runs")
    run = one_row(runs_cases, "opacus-run")
    att = one_row(runs_cases, "attacker")
    n = int(att["n"])
    opacus = _opacus_args(run)
    first_a = _attacker(R, "gauss", opacus, att)
    if first_a is None:
        return []       # records collected before this section existed: nothing to format
    rows = []
    todo = [(f"Opacus {run['name']} (M = {run['noise-multiplier']}, batch {run['batch']} of {run['dataset-size']}, "
             f"{run['epochs']} epochs)", "gauss", opacus, None)]
    todo += _papers_runs(R, att, cases["biswas"], cases["tan"])
    for label, mech, args, p in todo:
        a = _attacker(R, mech, args, att, p=p)
        succ = R.field(a, "success")
        rows.append([label, R.field(a, "steps"),
                     f"{show(succ)} ± {show(R.field(a, 'success_std_error'))}" if isinstance(succ, float) else succ,
                     f"[{R.field(a, 'rero_lower_bound')}, {R.field(a, 'rero_upper_bound')}]",
                     R.field(a, "epsilon_upper_bound"), R.field(a, "eps_delta_bound"), R.field(a, "eps_delta_bound_best"),
                     R.field(a, "renyi_bound"), _capacity(R, a), R.field(a, "mse"),
                     R.field(a, "fisher_mse_bound")])
    out.append("### What a training run leaks to a reconstruction attacker: every bound beside the exact attacker\n")
    out.append(f"Hayes, Mahloujifar and Balle's informed adversary (NeurIPS 2023) on the whole run: it knows every "
               f"record but the target, which is one of n = {n} candidates at the vertices of a regular simplex on the "
               f"clip's sphere (the farthest apart: κ = 1/{n}), sees every step's release, and guesses the posterior's "
               f"most likely candidate (`leakproof reconstruct ... --sampling-rate Q --steps T --prior simplex`, "
               f"{att['samples']} runs, the posterior exact). Beside it the run's certified bounds on any attacker at "
               f"κ = 1/{n} (`leakproof run-bounds`): ReRo, 1 − f(κ) of the run's trade-off curve from the PLD (a "
               f"certified bracket); the (ε, δ) bound e^ε κ + δ at δ = 1e-5 and at its best δ; the Rényi bound; the "
               f"Bayes capacity's min(1, Cκ) (the run's same-gradient upper bound at p = {n - 1}, the candidates' span, "
               f"where it is least; the VMF's product over steps at its own p); and Fisher's least MSE of an "
               f"unbiased estimate (clip² units) beside the attacker's posterior-mean MSE:\n")
    out.append(table(["run", "steps", "attacker's success", "ReRo (certified)", "ε at δ = 1e-5",
                      "(ε, δ) bound", "(ε, δ) bound, best δ", "Rényi bound", "capacity bound", "attacker's MSE",
                      "Fisher MSE bound (unbiased)"], rows))
    # the three sweeps
    sweeps = {}
    eps_rows = []
    for e in listed(one_row(runs_cases, "eps-sweep")["epsilons"]):
        c = R.json(["account", "--accountant", "pld", "--epsilon", e, "--delta", run["delta"], "--batch", run["batch"],
                    "--dataset-size", run["dataset-size"], "--epochs", run["epochs"]])
        M = R.field(c, "noise_multiplier")
        if not isinstance(M, str):
            continue
        args = ["--noise-multiplier", M, "--batch", run["batch"], "--dataset-size", run["dataset-size"],
                "--epochs", run["epochs"]]
        eps_rows.append([e] + _point(R, _attacker(R, "gauss", args, att)))
    sweeps["eps"] = eps_rows
    kap_rows = []
    for m in listed(one_row(runs_cases, "kappa-sweep")["n"]):
        kap_rows.append([f"1/{m}"] + _point(R, _attacker(R, "gauss", opacus, att, n=m, p=max(int(m) - 1, 1))))
    sweeps["kappa"] = [[1.0 / int(r[0][2:])] + r[1:] for r in kap_rows]
    steps_rows = []
    for t in listed(one_row(runs_cases, "steps-sweep")["steps"]):
        args = ["--noise-multiplier", run["noise-multiplier"], "--sampling-rate", f"{run['batch']}/{run['dataset-size']}",
                "--steps", t]
        steps_rows.append([t] + _point(R, _attacker(R, "gauss", args, att)))
    sweeps["steps"] = steps_rows
    for name, rws in sweeps.items():
        dat(os.path.join(data, f"run-leak-{name}.dat"), rws)
    out.append(f"The Opacus run swept (figures `run-leak-eps`, `run-leak-kappa`, `run-leak-steps`, SVG and PDF): against "
               f"ε at δ = {run['delta']} (M the least multiplier of the certified PLD for each ε, the run's batch and "
               f"epochs), against κ = 1/n (n candidates, M = {run['noise-multiplier']}) and against the steps T (M = "
               f"{run['noise-multiplier']}, q = {run['batch']}/{run['dataset-size']}):\n")
    head = ["", "attacker", "± s.e.", "ReRo upper", "ReRo lower", "(ε, δ) at 1e-5", "(ε, δ) best", "Rényi",
            "capacity"]
    out.append(table(["ε"] + head[1:], eps_rows))
    out.append(table(["κ"] + head[1:], kap_rows))
    out.append(table(["T"] + head[1:], steps_rows))
    out.append(_verdicts(R, rows, eps_rows + kap_rows + steps_rows))
    return rows


def _verdicts(R, table_rows, points):
    """The verdicts in words: counts of comparisons between printed numbers, and the ledger's
    figures (t-runleak-claims decides them)."""
    total = below = least = renyi_above = eps_vacuous = cap_vacuous = 0
    for r in points:
        s, se, hi, eps1, epsb, ren, cap = r[1], r[2], r[3], r[5], r[6], r[7], r[8]
        if not isinstance(s, float) or not isinstance(se, float) or hi is None:
            continue
        total += 1
        below += s <= hi + 4 * se
        least += all(hi <= o for o in (eps1, epsb, ren, cap) if o is not None)
        renyi_above += ren is not None and ren >= hi
        eps_vacuous += eps1 is not None and eps1 >= 1
        cap_vacuous += cap is not None and cap >= 1
    claims = {c["claim"]: c for c in (R.claims or {}).get("claims", [])}

    def said(cid):
        c = claims.get(cid)
        if c is None:
            return f"`{cid}` not run"
        return f"`{cid}` **{c['verdict']}**" + (f" ({c['figure']})" if c.get("figure") else "")
    return ("**Verdicts.** Over the sweeps' {t} points: the exact attacker lies below the certified ReRo bound "
            "(within 4 standard errors) at {b}; ReRo is the least of the bounds at {l} (the bound that predicts the "
            "attacker); the Rényi bound lies above ReRo at {r}; the (ε, δ) bound at δ = 1e-5 is vacuous (1) at {e} "
            "and the Bayes capacity's at {c}. Which runs leak alike, the ledger's rows (t-runleak-claims): "
            .format(t=total, b=below, l=least, r=renyi_above, e=eps_vacuous, c=cap_vacuous)
            + "; ".join(said(c) for c in ("biswas/runs/equal-eps", "biswas/runs/proxy-rero", "biswas/runs/proxy",
                                          "biswas/runs/tight", "biswas/runs/any-adversary")) + ".\n")
