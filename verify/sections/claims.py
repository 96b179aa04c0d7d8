"""sections/claims.py -- The claims ledger: every claim of the papers with its verdict.

The record is `leakproof claims --json` over the TAP logs of the tests the ledger names,
which report.py collect runs (records.json keeps it as "claims"); the section only formats
it: per paper the counts by verdict and by kind, then one row per claim."""
from findings import PAPERS
from sections.common import table

# the verdicts in the order the tables show them, strongest first; a verdict not listed here
# (one the ledger gains later) follows them, by name
VERDICT_ORDER = ("proved", "holds", "partly", "weak", "inconclusive", "fails", "not run", "not checkable")
# the ledger's words for each (cases/claims/README.md); a verdict without words is named only
VERDICT_WORDS = {
    "proved": "proved on the domain shown, not sampled: its certificate re-verified by the independent checker "
              "(`leakproof prove --id ID`)",
    "holds": "every test line that carries the claim is ok, at the paper's parameters or a range covering them",
    "partly": "ok, but the ledger says what the tests do not cover",
    "fails": "a `# TODO` line: the numbers contradict the paper",
    "inconclusive": "a Monte Carlo statistic not decided at |z| >= 4 within its sampling budget (its effect "
                    "and standard error are the figure)",
    "weak": "every line ok, but no mutant of the claim's checked quantity (a constant off by a relative 1e-6 "
            "or by 2, a sign, an exponent) made its tests fail",
    "not run": "no test line carried the claim",
    "not checkable": "the ledger says why",
}


def ordered_verdicts(claims):
    """The verdicts the claims have, in VERDICT_ORDER, any other after them by name."""
    have = {c["verdict"] for c in claims}
    return [v for v in VERDICT_ORDER if v in have] + sorted(have - set(VERDICT_ORDER))


def verdict_legend(claims):
    """One line: each verdict the claims have, in the ledger's words where it has them."""
    return ("Verdicts (computed from the tests, `leakproof claims`): "
            + "; ".join(f"**{v}**" + (f": {VERDICT_WORDS[v]}" if v in VERDICT_WORDS else "")
                        for v in ordered_verdicts(claims)) + ".")


def cell(text):
    """A table cell: the ledger's text with the characters a Markdown table breaks on escaped."""
    return "—" if text is None else str(text).replace("|", "\\|").replace("\n", " ")


def section_claims(R, out):
    """Appends the section to out; nothing when the records have no claims record (records
    collected before the ledger existed)."""
    rec = R.claims
    if rec is None:
        return
    claims = rec.get("claims", [])
    out.append("## The claims ledger\n")
    out.append("Every numbered statement, proof step, figure and text claim of the three papers that has a "
               "number or an inequality (`cases/claims/*.claims`), with its verdict computed from the TAP "
               "lines of the tests that carry its id (`make report` runs them; `leakproof claims` prints the "
               "same from the last `make check`); a failing claim's verdict carries its direction for a "
               "defender (the ledger's). The reproducer reruns the test that decided. "
               + verdict_legend(claims) + "\n")
    verdicts = ordered_verdicts(claims)
    papers = {p["paper"]: p for p in rec.get("papers", [])}
    mutated = any(p.get("mutants") for p in papers.values())        # the mutation check ran (make verify-long)
    rows = []
    for p, name in PAPERS:
        mine = [c for c in claims if c["claim"].startswith(p + "/")]
        if mine:
            q = papers.get(p, {})
            score = [f"{q['mutants_killed']} of {q['mutants']}" if q.get("mutants") else "—"] if mutated else []
            rows.append([name, len(mine)] + [sum(c["verdict"] == v for c in mine) for v in verdicts] + score)
    out.append(table(["paper", "claims"] + verdicts + (["mutants killed"] if mutated else []), rows))
    for p, name in PAPERS:
        mine = [c for c in claims if c["claim"].startswith(p + "/")]
        if not mine:
            continue
        out.append(f"### {name}\n")
        kinds = []                      # in the record's order (the ledger README's)
        for row in rec.get("counts", []):
            if row["paper"] == p and row["claim_kind"] not in kinds:
                kinds.append(row["claim_kind"])
        out.append(table(["kind"] + verdicts,
                         [[k] + [sum(c["claim_kind"] == k and c["verdict"] == v for c in mine) for v in verdicts]
                          for k in kinds]))
        body = []
        for c in mine:
            if c["verdict"] == "not checkable":
                figure = "not checkable: " + c["not_checkable"]
            else:
                figure = c.get("figure")
                if c["verdict"] == "partly" and c.get("partly"):
                    figure = f"{figure or '—'} (not covered: {c['partly']})"
                if c["verdict"] == "proved" and c.get("proved_on"):
                    figure = ("proved on the sub-domain " if c.get("proved_on_subdomain") else "proved on ") \
                        + c["proved_on"]
            shown = c.get("direction") if c["verdict"] == "fails" else None    # a failing claim's
            verdict = f"**{c['verdict']}**" + (f" ({shown})" if shown else "")
            body.append([f"`{c['claim']}`", cell(f"{c['where']}: {c['says']}"), verdict,
                         cell(figure), cell(c.get("reproducer"))])
        out.append(table(["claim", "statement", "verdict", "deciding figure", "reproducer"], body))
