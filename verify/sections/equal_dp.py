"""sections/equal_dp.py -- Biswas et al.'s "same epsilon" at equal certified (epsilon, delta).

For each epsilon of the sweep (delta and p from the same row of cases/papers/biswas.cases):
  dp vmf --kappa eps --delta D          the VMF's certified epsilon at D (any two secrets)
  calibrate gaussian --epsilon E' ...   the Gaussian's sigma at that (E', D), sensitivity 2R
  calibrate gaussian --epsilon eps ...  and at (eps, D), "the same epsilon" as the paper sets it
  eval gauss / eval vmf                 the Bayes capacities (log10, certified)
The one input formed here is the sensitivity 2R of "any two secrets", from the case file's R;
sigma is taken to 20 certified digits so the 8 digits of log10 C printed do not depend on its
rounding.  Writes data/capacity-at-equal-dp.dat for verify/plots/capacity-at-equal-dp.gp:
  eps  vmf_epsilon_at_delta  log10_C_vmf  log10_C_gauss_equal_dp  log10_C_gauss_same_eps
       sigma_equal_dp  sigma_same_eps
"""
import decimal
import os

from sections.common import table, dat


def rows_equal_dp(R, p, radius, delta, epsilons):
    """The records of the comparison, one dict per epsilon (values as printed)."""
    sens = str(2 * decimal.Decimal(radius))         # any two secrets in the ball of radius R
    rows = []
    for e in epsilons:
        dv = R.json(["dp", "vmf", "--p", p, "--kappa", e, "--delta", delta, "--digits", "6"])
        ev = R.field(dv, "epsilon")
        row = {"epsilon": e, "vmf_epsilon": ev, "vmf_supremum": R.field(dv, "supremum"),
               "vmf_pure": R.field(dv, "epsilon_pure")}
        ce = R.json(["calibrate", "gaussian", "--epsilon", ev, "--delta", delta, "--sensitivity", sens,
                     "--digits", "20"]) if isinstance(ev, str) else None
        cs = R.json(["calibrate", "gaussian", "--epsilon", e, "--delta", delta, "--sensitivity", sens,
                     "--digits", "20"])
        row["sigma_equal"] = R.field(ce, "sigma_analytic")
        row["sigma_same"] = R.field(cs, "sigma_analytic")
        g = ["eval", "gauss", "--p", p, "--radius", radius, "--form", "proof", "--digits", "8"]
        ge = R.json(g + ["--sigma", row["sigma_equal"]]) if isinstance(row["sigma_equal"], str) else None
        gs = R.json(g + ["--sigma", row["sigma_same"]]) if isinstance(row["sigma_same"], str) else None
        vm = R.json(["eval", "vmf", "--p", p, "--kappa", e, "--form", "proof", "--digits", "8"])
        row["log10_gauss_equal"] = R.field(ge, "log10")
        row["log10_gauss_same"] = R.field(gs, "log10")
        row["log10_vmf"] = R.field(vm, "log10")
        rows.append(row)
    return rows


def section_equal_dp(R, out, data, cases):
    """Appends the section to out and writes the figure's data."""
    sw = [k for kind, k, _ in cases if kind == "epsilon-sweep"][0]
    p, radius, delta = sw["p"], sw["radius"], sw["delta"]
    rows = rows_equal_dp(R, p, radius, delta, sw["epsilon"].split(","))
    out.append(f"### Biswas et al. at equal certified (ε, δ): `leakproof dp`\n")
    out.append(f"The paper sets the VMF's κ = ε and calibrates the Gaussian to (ε, δ)-DP; footnote 4 says both "
               f"\"use comparable ε, δ guarantees\". Certified here under one neighbouring relation for both, "
               f"any two secrets (the ball of radius R = {radius} for the Gaussian, sensitivity 2R; the unit "
               f"sphere for the VMF, the antipodal pair; p = {int(p):,}, δ = {delta}): the VMF at κ = ε is "
               f"(ε_VMF, δ)-DP with the ε_VMF below (the least ε, certified; that the antipodal pair is worst "
               f"is {rows[0]['vmf_supremum'] if rows else 'n/a'}); the Gaussian calibrated to that same "
               f"(ε_VMF, δ) (analytic σ) and to the paper's (ε, δ); log₁₀ C_Bayes certified:\n")
    out.append(table(["ε = κ", "ε_VMF at δ (certified)", "VMF pure ε", "σ at (ε_VMF, δ)",
                       "log₁₀ C Gauss at (ε_VMF, δ)", "log₁₀ C VMF (κ = ε)", "σ at (ε, δ)",
                       "log₁₀ C Gauss at (ε, δ)"],
                      [[r["epsilon"], r["vmf_epsilon"], r["vmf_pure"], r["sigma_equal"], r["log10_gauss_equal"],
                        r["log10_vmf"], r["sigma_same"], r["log10_gauss_same"]] for r in rows]))
    if rows:
        last = rows[-1]
        out.append(f"What Fig. 2's \"for the same ε\" becomes: at κ = {last['epsilon']} the VMF is certified "
                   f"({last['vmf_epsilon']}, {delta})-DP, not ({last['epsilon']}, {delta}). The Gaussian at the "
                   f"paper's ε = {last['epsilon']} has log₁₀ C = {last['log10_gauss_same']} against the VMF's "
                   f"{last['log10_vmf']}; calibrated to the VMF's own certified (ε, δ) it has "
                   f"log₁₀ C = {last['log10_gauss_equal']}. At equal (ε, δ) under the same relation the two "
                   f"mechanisms leak about the same; the paper's gap comes from comparing different guarantees "
                   f"(the finding is a `# TODO` line of tests/privacy/t-privacy.c).\n")
    dat(os.path.join(data, "capacity-at-equal-dp.dat"),
         [[r["epsilon"], r["vmf_epsilon"], r["log10_vmf"], r["log10_gauss_equal"], r["log10_gauss_same"],
           r["sigma_equal"], r["sigma_same"]] for r in rows])
    out.append("![Bayes capacity against ε, as the paper sets the mechanisms and at equal certified (ε, δ)]"
               "(capacity-at-equal-dp.svg)\n")
    return rows
