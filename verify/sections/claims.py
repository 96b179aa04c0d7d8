"""sections/claims.py -- The claims ledger: every claim of the papers with its verdict.

The record is `leakproof claims --json` over the TAP logs of the tests the ledger names,
which report.py collect runs (records.json keeps it as "claims"); the section only formats
it: per paper the counts by verdict and by kind, then one row per claim."""
from sections.common import table

PAPERS = (("biswas", "Biswas et al."), ("tan", "Tan et al."), ("balunovic", "Balunović et al."))
VERDICTS = ("holds", "partly", "fails", "not run", "not checkable")
# the verdicts of issue 40, shown where the records have them (records before it have none)
LATER = ("inconclusive", "weak")


def _cell(text):
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
               "same from the last `make check`): **holds** (every line ok, at the paper's parameters or a "
               "range covering them), **partly** (ok, but the ledger says what the tests do not cover), "
               "**fails** (a `# TODO` line: its figure is the deciding one), **not run**, **not checkable** "
               "(with the reason). The reproducer reruns the test that decided.\n")
    verdicts = VERDICTS + tuple(v for v in LATER if any(c["verdict"] == v for c in claims))
    papers = {p["paper"]: p for p in rec.get("papers", [])}
    mutated = any(p.get("mutants") for p in papers.values())
    if len(verdicts) > len(VERDICTS) or mutated:
        out.append("**inconclusive**: a Monte Carlo statistic not decided at |z| >= 4 within its sampling budget "
                   "(its effect and standard error are the figure); **weak**: every line ok, but no mutant of the "
                   "claim's checked quantity (a constant off by a relative 1e-6 or by 2, a sign, an exponent) made "
                   "its tests fail (`cases/claims/README.md`). The mutation score counts the mutants killed of "
                   "those run (`make verify`).\n")
    rows = []
    for p, name in PAPERS:
        mine = [c for c in claims if c["claim"].startswith(p + "/")]
        if mine:
            q = papers.get(p, {})
            score = [f"{q['mutants_killed']} of {q['mutants']}" if q.get("mutants") else "—"] if mutated else []
            rows.append([name, len(mine)] + [sum(c["verdict"] == v for c in mine) for v in verdicts] + score)
    out.append(table(["paper", "claims"] + list(verdicts) + (["mutants killed"] if mutated else []), rows))
    for p, name in PAPERS:
        mine = [c for c in claims if c["claim"].startswith(p + "/")]
        if not mine:
            continue
        out.append(f"### {name}\n")
        kinds = []                      # in the record's order (the ledger README's)
        for row in rec.get("counts", []):
            if row["paper"] == p and row["claim_kind"] not in kinds:
                kinds.append(row["claim_kind"])
        out.append(table(["kind"] + list(verdicts),
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
            body.append([f"`{c['claim']}`", _cell(f"{c['where']}: {c['says']}"), f"**{c['verdict']}**",
                         _cell(figure), _cell(c.get("reproducer"))])
        out.append(table(["claim", "statement", "verdict", "deciding figure", "reproducer"], body))
