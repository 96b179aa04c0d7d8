"""sections/conclude.py -- What to conclude (the verdicts and each finding once, in words) and the assumptions."""
import os
import re
import sys

import findings
from sections.common import rows_of, one_row, fixed


def section_findings(R, verdicts):
    """What a reader should conclude: the verdicts that disagree, then each
    finding of the tests once, in words (verify/findings.py), with its figures."""
    out = ["## What to conclude\n"]
    n = 0
    for v in verdicts or []:
        if v["disagree"]:
            n += 1
            out.append(f"{n}. **{v['mechanism']} {v['form']} disagrees with the Monte Carlo arbiter on "
                       f"{v['disagree']} of {v['cases']} grid cases: value / estimate {v['bad_ratios']}** "
                       "(section 1).")
    agree = [f"{v['mechanism']} {v['form']} ({v['ratios']})" for v in verdicts or [] if not v["disagree"]]
    if agree:
        n += 1
        out.append(f"{n}. **Monte Carlo upholds** " + "; ".join(agree) + " (value / estimate, section 1).")
    keyed, unmatched = findings.classify_keyed(R.tests)
    failing = findings.claims_failing(getattr(R, "claims", None))
    for key, p in keyed:
        ids = [c["claim"] for k, c in failing if k == key]
        n += 1
        out.append(f"{n}. {p}" + (f" (Claims: {', '.join(f'`{i}`' for i in ids)}.)" if ids else ""))
    for key, c in failing:      # the ledger's failing claims no write-up above covers
        if key is None or key not in [k for k, _ in keyed]:
            n += 1
            out.append(f"{n}. {findings.claim_paragraph(c)}")
    for claim_id in findings.VERDICT_CLAIMS:   # stated whichever way it comes out
        para = findings.claim_verdict_paragraph(getattr(R, "claims", None), claim_id)
        if para:
            n += 1
            out.append(f"{n}. {para}")
    own = {c["claim"] for _, c in failing}
    unmatched = [u for u in unmatched if not (set(findings.CLAIM_ID.findall(u)) & own)]
    missing = [s for s in findings.SOURCES if not any(t["test"] == s and t["todo"] for t in R.tests)]
    if missing:
        out.append(f"\n**Findings missing from these records**: no `# TODO` line of {', '.join(missing)} "
                   "(run `make report`, which runs them).")
    if unmatched:
        out.append("\nFindings not yet written up (their tests' lines):")
        out += [f"- {d}" for d in unmatched]
    out.append("")
    return out


def assumptions(cases_all):
    b = one_row(cases_all["biswas"], "epsilon-sweep")
    dps = rows_of(cases_all["tan"], "dp-sgd")
    defs = rows_of(cases_all["balunovic"], "defense")
    radii = sorted({d["radius"] for d in defs})
    vr = one_row(cases_all["biswas"], "vmf-run")
    return ["## Assumptions, in one place\n",
            f"- δ = {b['delta']} for every (ε, δ) of Biswas et al. (their Fig. 1 fixes δ without a value) and "
            f"δ = {', '.join(sorted({d['delta'] for d in dps}))} for Tan et al.'s stated ε.",
            f"- R = {b['radius']}: Biswas et al.'s clip c; R = {', '.join(radii)} for Balunović et al.'s defenses, "
            "which do not clip (assumed).",
            "- ε of Biswas et al.'s sweep is one-shot: a single release of the mechanism (calibrate). "
            "Tan et al.'s stated ε are multi-step: DP-SGD over their training runs, held here against the "
            "certified RDP accountant (Poisson sampling, T = epochs × K steps) with the dataset size left "
            "open; the Bayes capacities beside them are of one step.",
            f"- Fig. 2's κ = {vr['kappa']} as a DP-SGD step over a run: q = {vr['sampling-rate']}, T = {vr['steps']}, "
            f"δ = {vr['delta']} (the papers give no VMF run).",
            "- The Monte Carlo verdicts use fixed seeds (the case files); the report is the same bytes "
            "from the same records.", ""]
