"""sections/first_screen.py -- the report's first screen, right under its title: per paper the
claims by verdict (the ledger's verdicts, as `leakproof claims` computed them), and every claim
that fails in one table, one row each: what the paper states, what is true with the deciding
figure, the direction for a defender and the reproducer, unsafe first.  All of it from the
claims ledger's record (records.json "claims"); nothing typed."""
import findings
from sections.claims import ordered_verdicts, verdict_legend, cell

DIRECTION_WORDS = {
    "unsafe": "the paper understates the leakage or the privacy loss: a defender who relies on it adds too "
              "little noise, or counts on a protection that is not there",
    "safe": "it overstates them: a defender who relies on it adds more noise than needed",
    "neutral": "a slip with no effect on a bound or a noise level",
}


def _failing(claims):
    """The failing claims, unsafe first, then safe, neutral and any without a direction; within
    a direction by paper, then in the ledger's order."""
    order = {d: i for i, d in enumerate(findings.DIRECTIONS)}
    papers = {p: i for i, (p, _) in enumerate(findings.PAPERS)}
    failing = [(i, c) for i, c in enumerate(claims) if c["verdict"] == "fails"]
    failing.sort(key=lambda ic: (order.get(ic[1].get("direction"), len(order)),
                                 papers.get(findings.paper_of(ic[1]["claim"]), len(papers)), ic[0]))
    return [c for _, c in failing]


def _summary(claims, out):
    """One table per paper: its claims by verdict, the failing ones by direction."""
    for p, name in findings.PAPERS:
        mine = [c for c in claims if findings.paper_of(c["claim"]) == p]
        if not mine:
            continue
        row = ["claims"]
        for v in ordered_verdicts(mine):
            n = [c for c in mine if c["verdict"] == v]
            text = str(len(n))
            if v == "fails":
                by = [(d, sum(c.get("direction") == d for c in n)) for d in findings.DIRECTIONS + (None,)]
                text += ": " + ", ".join(f"{k} {d or 'no direction'}" for d, k in by if k)
            row.append(text)
        head = [f"**{name}**"] + ordered_verdicts(mine) + ["all"]
        out.append("| " + " | ".join(head) + " |\n|" + "---|" * len(head) + "\n| "
                   + " | ".join(row + [str(len(mine))]) + " |\n")


def first_screen(R, out):
    """Appends the first screen to out; returns the failing claims that lack a direction (the
    report is then refused: cases/claims/README.md)."""
    rec = R.claims
    if rec is None:
        out.append("No claims record: these records were collected before the claims ledger "
                   "(run `make report`).\n")
        return []
    claims = rec.get("claims", [])
    _summary(claims, out)
    out.append(verdict_legend(claims) + "\n")
    failing = _failing(claims)
    counts = [(d, sum(c.get("direction") == d for c in failing)) for d in findings.DIRECTIONS]
    out.append(f"**Every claim that fails ({len(failing)}), and what it means for a defender**, unsafe first: "
               + "; ".join(f"{n} **{d}** ({DIRECTION_WORDS[d]})" for d, n in counts if n)
               + ". The deciding figure is the test's; each finding is written out under "
               "[What to conclude](#what-to-conclude), and every claim is in [the claims ledger](#the-claims-ledger).\n")
    rows = []
    for c in failing:
        d = c.get("direction")
        true = c.get("true") or c.get("finding") or "—"
        rows.append(["**" + (d or "no direction in the ledger") + "**", f"`{c['claim']}`",
                     cell(c.get("states") or c["says"]), cell(f"{true} (the failing check: {c.get('figure') or '—'})"),
                     f"`{c['reproducer']}`" if c.get("reproducer") else "—"])
    head = ["for a defender", "claim", "the paper states", "what is true (the deciding figure)", "reproducer"]
    out.append("| " + " | ".join(head) + " |\n|" + "---|" * len(head) + "\n"
               + "".join("| " + " | ".join(r) + " |\n" for r in rows))
    return [c["claim"] for c in failing if not c.get("direction")]
