"""sections/verdicts.py -- The verdicts of the Monte Carlo arbiter (section 1)."""
import os
import re
import sys

from sections.common import listed, table, fixed


def section_verdicts(R, out, grid):
    rec = R.json(["verify", grid])
    checks = [c for c in (rec or {}).get("checks", []) if c.get("check") == "form" and c.get("method") == "arb"]
    groups = {}
    for c in checks:
        if c["outcome"] in ("pass", "finding", "fail"):
            size = c["p"] if "p" in c else "layers " + ",".join(str(x) for x in c["layers"])
            groups.setdefault((c["mechanism"], c["form"], str(size)), []).append(c)
    rows = []
    for (mech, form, size), cs in sorted(groups.items(), key=lambda g: (g[0][0], g[0][1], g[0][2].zfill(12))):
        ratios = [c["ratio"] for c in cs]
        rows.append([mech, form, size, len(cs), f"{fixed(min(ratios), 5)}..{fixed(max(ratios), 5)}",
                     fixed(max(abs(c["z"]) for c in cs), 2)])
    verdicts = []
    for v in (rec or {}).get("verdicts", []):
        bad = v["disagree"] > 0
        lo, hi = (v["disagree_ratio_min"], v["disagree_ratio_max"]) if bad else (v["ratio_min"], v["ratio_max"])
        verdicts.append({"mechanism": v["mechanism"], "form": v["form"], "cases": v["cases"],
                         "disagree": v["disagree"], "refused": v["refused"],
                         "ratios": f"{fixed(v['ratio_min'], 5)}..{fixed(v['ratio_max'], 5)}",
                         "bad_ratios": f"{fixed(lo, 5)}..{fixed(hi, 5)}", "z": fixed(v["max_abs_z"], 2),
                         "quadrature": v.get("quadrature_max_rel_difference")})
    out.append("## 1. Verdicts: each theorem form against the Monte Carlo arbiter\n")
    if rec is None:
        out.append(f"`leakproof verify {grid}`: not run.\n")
        return verdicts
    out.append(f"`leakproof verify --json {grid}` (the cases are listed there; fixed seeds). Each form's arb "
               "value divided by the Monte Carlo estimate (`ratio`), its range over the cases at each p, "
               "and the largest |z|:\n")
    out.append(table(["mechanism", "form", "p", "cases", "value / estimate", "largest \\|z\\|"], rows))
    for v in verdicts:
        tail = f"; {v['refused']} case(s) not judged (ESS/N too small)" if v["refused"] else ""
        if v["quadrature"] is not None:
            tail += f"; the quadrature check of C_(p,κ) differs by at most {v['quadrature']:.2g} (relative)"
        if v["disagree"]:
            out.append(f"- **{v['mechanism']} {v['form']} disagrees with Monte Carlo on {v['disagree']} of "
                       f"{v['cases']} cases: value / estimate {v['bad_ratios']}** (largest |z| {v['z']}){tail}")
        else:
            out.append(f"- **{v['mechanism']} {v['form']} agrees with Monte Carlo on all {v['cases']} cases: "
                       f"value / estimate {v['ratios']}** (largest |z| {v['z']}){tail}")
    l2 = [c for c in rec.get("checks", []) if c.get("check") == "bracket"]
    if l2:
        out.append("\nLaplace noise with l2 clipping has no closed form: verify checks that Monte Carlo lies "
                   "between the capacities of the l1 balls of radius R and R√p (certified):\n")
        out.append(table(["p", "b", "R", "l1 ball R", "Monte Carlo", "l1 ball R√p", "outcome"],
                         [[c["p"], c["b"], c["radius"], c["lower"], f"{c['estimate']:.6g} ± {c['std_error']:.2g}",
                           c["upper"], c["outcome"]] for c in l2]))
    vm = [c for c in rec.get("checks", []) if c.get("check") == "normaliser"]
    if vm:
        out.append("\nThe VMF normaliser C_(p,κ) by Monte Carlo (its own standard error) against the "
                   "quadrature, a separate check:\n")
        out.append(table(["p", "κ", "log C by Monte Carlo", "± (std. error)", "log C by quadrature", "z"],
                         [[c["p"], c["kappa"], f"{c['log_normaliser']['estimate']:.10g}",
                           f"{c['log_normaliser']['std_error']:.2g}", f"{c['log_normaliser']['quadrature']:.10g}",
                           fixed(c["log_normaliser"]["z"], 2)] for c in vm]))
    out.append("")
    return verdicts
