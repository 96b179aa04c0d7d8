"""sections/conclude.py -- What to conclude (the verdicts and each finding once, in words, by paper and
topic) and the assumptions."""
import findings
from sections.common import rows_of, one_row


def _items(R, verdicts):
    """Every paragraph of What to conclude as (home, topic, order, text): home a paper of the
    ledger, "peers" or None (no claim carries it); order the place of its first claim in the
    ledger."""
    claims_rec = getattr(R, "claims", None)
    order = {c["claim"]: i for i, c in enumerate((claims_rec or {}).get("claims", []))}
    items = []
    # the Monte Carlo arbiter's verdicts on the theorems' forms, Biswas et al.'s first of all
    for v in verdicts or []:
        if v["disagree"]:
            items.append(("biswas", "theory", -2,
                          f"**{v['mechanism']} {v['form']} disagrees with the Monte Carlo arbiter on "
                          f"{v['disagree']} of {v['cases']} grid cases: value / estimate {v['bad_ratios']}** "
                          "(section 1)."))
    agree = [f"{v['mechanism']} {v['form']} ({v['ratios']})" for v in verdicts or [] if not v["disagree"]]
    if agree:
        items.append(("biswas", "theory", -1, "**Monte Carlo upholds** " + "; ".join(agree)
                      + " (value / estimate, section 1)."))
    keyed, _ = findings.classify_keyed(R.tests)
    failing = findings.claims_failing(claims_rec)
    for key, p in keyed:
        mine = [c for k, c in failing if k == key]
        if not mine:
            items.append((findings.home_of(key), None, len(order), p))
            continue
        first = min(mine, key=lambda c: order[c["claim"]])
        ids = ", ".join(f"`{c['claim']}`" for c in mine)
        items.append((findings.paper_of(first["claim"]), findings.topic_of(first), order[first["claim"]],
                      f"{p} (Claims: {ids}.) {findings.for_a_defender(mine)}"))
    written = {k for k, _ in keyed}
    for key, c in failing:      # the ledger's failing claims no write-up above covers
        if key is None or key not in written:
            items.append((findings.paper_of(c["claim"]), findings.topic_of(c), order[c["claim"]],
                          f"{findings.claim_paragraph(c)} {findings.for_a_defender([c])}"))
    for claim_id in findings.VERDICT_CLAIMS:   # stated whichever way it comes out
        said = findings.claim_verdict_paragraph(claims_rec, claim_id)
        if said:
            c, para = said
            items.append((findings.paper_of(claim_id), findings.topic_of(c), order[claim_id], para))
    return items


def section_findings(R, verdicts):
    """What a reader should conclude: each finding once, in words (verify/findings/), with its
    figures, its claims and what it means for a defender, grouped by paper and then by topic;
    the peers' accountants in a section of their own."""
    out = ["## What to conclude\n",
           "Each finding once, with its figures and the ids of the claims it decides: by paper, then by topic "
           "(the ledger's: theorems and proofs, experiments, accounting), each ending with what it means for "
           "a defender (the ledger's direction and reason); then the peers' accountants.\n"]
    items = _items(R, verdicts)
    n = 0
    groups = [(p, name, [(t, head) for t, head in findings.TOPICS]) for p, name in findings.PAPERS]
    groups += [("peers", "The peers' accountants", [(None, None)]),
               (None, "Findings no claim of the ledger carries", [(None, None)])]
    for home, name, topics in groups:
        mine = [i for i in items if i[0] == home]
        if not mine:
            continue
        out.append(f"### {name}\n")
        for topic, head in topics:
            part = sorted((i for i in mine if topic is None or i[1] == topic), key=lambda i: i[2])
            if not part:
                continue
            if head:
                out.append(f"#### {head}\n")
            for _, _, _, text in part:
                n += 1
                out.append(f"{n}. {text}")
            out.append("")
    _, unmatched = findings.classify_keyed(R.tests)
    own = {c["claim"] for _, c in findings.claims_failing(getattr(R, "claims", None))}
    unmatched = [u for u in unmatched if not (set(findings.CLAIM_ID.findall(u)) & own)]
    missing = [s for s in findings.SOURCES if not any(t["test"] == s and t["todo"] for t in R.tests)]
    if missing:
        out.append(f"**Findings missing from these records**: no `# TODO` line of {', '.join(missing)} "
                   "(run `make report`, which runs them).")
    if unmatched:
        out.append("Findings not yet written up (their tests' lines):")
        out += [f"- {d}" for d in unmatched]
    if out[-1]:
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
