"""sections/biswas.py -- Biswas et al.'s configurations, certified."""
import os
import re
import sys

from sections.common import one_row, listed, table, dat


def section_biswas(R, out, data, cases):
    sw = one_row(cases, "epsilon-sweep")
    p, radius, delta, sens = sw["p"], sw["radius"], sw["delta"], sw["sensitivity"]
    out.append(f"### Biswas et al.: the {int(p):,}-parameter network (R = {radius})\n")
    out.append(f"ε ∈ {{{', '.join(listed(sw['epsilon']))}}}, δ = {delta}, sensitivity {sens} (assumed: "
               "see the assumptions above). σ by the classical calibration (proved for ε < 1 only) and by the "
               "analytic Gaussian mechanism (`leakproof calibrate gaussian`); log₁₀ C_Bayes certified "
               f"(`leakproof eval gauss --p {p} --sigma σ --radius {radius} --form F --ratio-to ...`, "
               f"`leakproof eval vmf --p {p} --kappa ε`), evaluated at σ to 25 certified digits (shown to 8):\n")
    rows, plot = [], []
    for e in listed(sw["epsilon"]):
        cal = R.json(["calibrate", "gaussian", "--epsilon", e, "--delta", delta, "--sensitivity", sens,
                      "--digits", "8"])
        sc, sa = R.field(cal, "sigma_classical"), R.field(cal, "sigma_analytic")
        # the capacities at σ to 25 digits: the 10 digits of log10 C printed do not
        # depend on the σ digits beyond them (d ln C / d ln σ is about p), where σ to
        # the 8 digits shown would move log10 C in its 8th digit
        cal25 = R.json(["calibrate", "gaussian", "--epsilon", e, "--delta", delta, "--sensitivity", sens,
                        "--digits", "25"])
        sc, sa = R.field(cal25, "sigma_classical"), R.field(cal25, "sigma_analytic")
        g = ["eval", "gauss", "--p", p, "--radius", radius, "--digits", "10"]
        proof_a = R.json(g + ["--sigma", sa, "--form", "proof"]) if cal else None
        printed_a = R.json(g + ["--sigma", sa, "--form", "printed", "--ratio-to", "form=proof"]) if cal else None
        proof_c = R.json(g + ["--sigma", sc, "--form", "proof", "--ratio-to", f"sigma={sa}"]) if cal else None
        vmf = R.json(["eval", "vmf", "--p", p, "--kappa", e, "--digits", "10"])
        la, lpr, lc = (R.field(r, "log10") for r in (proof_a, printed_a, proof_c))
        lv = R.field(vmf, "log10")
        rpp, lrca = R.field(printed_a, "ratio"), R.field(proof_c, "log10_ratio")
        rows.append([e, R.field(cal, "sigma_classical"), R.field(cal, "sigma_analytic"), la, lpr, rpp, lc, lrca, lv])
        plot.append([e, la, lpr, lc, lv, rpp, R.field(printed_a, "log10_ratio"), lrca])
    out.append(table(["ε", "σ classical", "σ analytic", "proof (σ analytic)", "printed (σ analytic)",
                      "printed / proof", "proof (σ classical)", "log₁₀ classical / analytic", "VMF (κ = ε)"],
                     rows))
    dat(os.path.join(data, "capacity-vs-epsilon.dat"), plot)
    out.append(f"![Bayes capacity against ε at p = {int(p):,}, and the ratios](capacity-vs-epsilon.svg)\n")
