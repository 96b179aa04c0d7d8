"""sections/balunovic.py -- Balunović et al.'s defenses and the networks' sizes."""
import os
import re
import sys

from sections.common import MISSING, rows_of, table, options, network_size


def section_balunovic(R, out, cases):
    out.append("### Balunović et al.: the defenses' networks, and the Bayes optimal adversary\n")
    defs = rows_of(cases, "defense")
    head, rows = ["network", "p"], []
    for d in defs:
        par = " ".join(f"{k} = {v}" for k, v in d.items() if k != "mechanism")
        head.append(f"log₁₀ C_Bayes, {d['mechanism']}, {par}")
    for net in rows_of(cases, "network"):
        row = [net["name"], None]
        for d in defs:
            argv = ["eval", d["mechanism"]] + network_size(net) + ["--digits", "12"]
            for k, v in d.items():
                if k != "mechanism":
                    argv += ["--" + k, v]
            j = R.json(argv)
            row[1] = row[1] or R.field(j, "p")
            row.append(R.field(j, "log10"))
        rows.append(row)
    out.append("Parameter counts from the layer files (cases/networks/); the paper does not clip, so the "
               "radius is assumed (see the assumptions above):\n")
    out.append(table(head, rows))
    out.append("The linear-Gaussian model (x ~ N(0, v I_d), g = a x + N(0, s² I_d)): the δ-ball adversary "
               "centred at the posterior mean, certified, with Monte Carlo beside it "
               "(`leakproof adversary gaussian`):\n")
    rows = []
    for a in rows_of(cases, "adversary-gaussian"):
        j = R.json(["adversary", "gaussian"] + options(a))
        mc = R.field(j, "mc")
        mc = mc if isinstance(mc, dict) else {}
        rows.append([a["d"], a["delta"], R.field(j, "success_posterior"), mc.get("estimate", MISSING),
                     mc.get("std_error", MISSING), R.field(j, "success_prior"), R.field(j, "leakage")])
    out.append(table(["d", "δ", "success (certified)", "Monte Carlo", "std_error", "without the observation",
                      "leakage"], rows))
    out.append("The Jensen step before eq. (3), both sides certified (`leakproof adversary jensen`): with the "
               "paper's C = 1/δ^d and with C = 1/vol(B):\n")
    rows = []
    for a in rows_of(cases, "jensen"):
        j = R.json(["adversary", "jensen"] + options(a))
        rows.append([a["d"], a["delta"], R.field(j, "lhs_printed_c"), R.field(j, "rhs_printed_c"),
                     R.field(j, "verdict_printed_c"), R.field(j, "lhs_volume_c"), R.field(j, "rhs_volume_c"),
                     R.field(j, "verdict_volume_c")])
    out.append(table(["d", "δ", "log(C∫p), C = 1/δ^d", "C∫log p", "verdict", "log(C∫p), C = 1/vol", "C∫log p",
                      "verdict"], rows))
    out.append("Table 1 in numbers on a linear layer with Laplace noise (`leakproof adversary attacks`): mean "
               "squared reconstruction error per coordinate:\n")
    rows = []
    for a in rows_of(cases, "attacks"):
        j = R.json(["adversary", "attacks"] + options(a))
        objectives = R.field(j, "objectives")
        by = {o.get("objective"): o for o in objectives} if isinstance(objectives, list) else {}
        rows.append([a["b"]] + [f"{by[k]['estimate']:.4g} ± {by[k]['std_error']:.2g}" if k in by else MISSING
                                for k in ("l2", "l1", "cosine", "bayes")])
    out.append(table(["noise b", "ℓ2 (Gaussian conditional)", "ℓ1 (Laplace conditional)", "cosine",
                      "Bayes (Gaussian prior + Laplace)"], rows))
    for kind, sub, what in (("adversary-laplace", "laplace", "The best δ-ball centre under Laplace noise"),
                            ("link", "link", "The δ-ball leakage against the Bayes capacity")):
        for a in rows_of(cases, kind):
            argv = ["adversary", sub] + options(a)
            text = R.text(argv)
            out.append(f"{what} (`leakproof {' '.join(argv)}`):\n")
            out.append("```\n" + (text.rstrip() if text else "not run") + "\n```\n")
