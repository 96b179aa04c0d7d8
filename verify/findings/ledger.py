"""findings/ledger.py -- the claims ledger's side of the findings (cases/claims, `leakproof claims`):
which write-up covers each failing claim, a failing claim no write-up covers in the ledger's own
words, what a finding means for a defender, and the verdicts stated whichever way they come out."""
import re

CLAIM_ID = re.compile(r"\[((?:biswas|tan|balunovic)/[^\]\s]+)\]")
PAPERS = (("biswas", "Biswas et al."), ("tan", "Tan et al."), ("balunovic", "Balunović et al."))
PAPER_NAMES = dict(PAPERS)
# a finding's effect for a defender (cases/claims/README.md), in the order the report lists them
DIRECTIONS = ("unsafe", "safe", "neutral")
# where a finding's paragraph goes: the ledger's topic, else from its kind
TOPICS = (("theory", "Theorems and proofs"), ("experiment", "Experiments"), ("accounting", "Accounting"))


def paper_of(claim_id):
    return claim_id.split("/", 1)[0]


def topic_of(c):
    """The ledger's topic of a claim; without one, figures and tables are experiments and
    every other kind theory (cases/claims/README.md)."""
    if c.get("topic"):
        return c["topic"]
    return "experiment" if c.get("claim_kind") in ("figure", "table") else "theory"


def claims_failing(claims_rec, kinds):
    """The failing claims of the ledger's record, each with the key of the write-up (of kinds)
    whose patterns match its deciding figure (None: no write-up covers it)."""
    out = []
    for c in (claims_rec or {}).get("claims", []):
        if c["verdict"] != "fails":
            continue
        key = None
        # a figure is its TAP line without the ids; the write-ups' patterns may name the id
        fig = c.get("figure") or ""
        texts = (fig, f"[{c['claim']}] {fig}")
        for w in kinds:
            if any(re.search(pat, t) for pat in w.patterns.values() for t in texts):
                key = w.key
                break
        out.append((key, c))
    return out


def claim_paragraph(c):
    """A failing claim no write-up covers, in words: the ledger's finding and the figure of
    its deciding TODO line."""
    paper = PAPER_NAMES.get(paper_of(c["claim"]), c["claim"])
    said = c.get("finding") or f"the claim fails: {c['says']}"
    return (f"**{paper}, {c['where']} (`{c['claim']}`): {said[0].upper() + said[1:]}** "
            f"Measured: {c.get('figure') or '—'} (`{c.get('reproducer') or c.get('tests')}`).")


def for_a_defender(claims):
    """What the failing claims of one paragraph mean for a defender, from the ledger: each
    direction once, with its first claim's reason; the ids that share it where the paragraph's
    claims go more than one way."""
    out = []
    ways = [d for d in DIRECTIONS + (None,) if any(c.get("direction") == d for c in claims)]
    for d in ways:
        mine = [c for c in claims if c.get("direction") == d]
        named = ", ".join("`" + c["claim"] + "`" for c in mine)
        ids = f" ({named})" if len(ways) > 1 or d is None else ""
        if d is None:
            out.append(f"For a defender: **no direction in the ledger**{ids}.")
        else:
            out.append(f"For a defender: **{d}**: {mine[0].get('because') or '—'}{ids}.")
    return " ".join(out)


# ---- issue 29: the verdict on the claim the reconstruction study was built for, always stated ----
# Biswas et al.'s Fig. 1 claim (equal capacity gives equal reconstruction, equal epsilon does
# not) closes the findings whichever way it comes out: its verdict and deciding figure from the
# ledger's record, nothing typed.
VERDICT_CLAIMS = ("biswas/fig1",)


def claim_verdict_paragraph(claims_rec, claim_id):
    """(the claim, its paragraph): the verdict of a claim that does not fail (a failing one is
    written up with the findings), with its figure and what the test does not cover; None if
    not recorded."""
    for c in (claims_rec or {}).get("claims", []):
        if c["claim"] != claim_id or c["verdict"] == "fails":
            continue
        paper = PAPER_NAMES.get(paper_of(claim_id), claim_id)
        said = {"holds": "holds", "partly": "holds where it was tested"}.get(c["verdict"], c["verdict"])
        cover = f" Not covered: {c['partly']}." if c.get("partly") else ""
        return c, (f"**{paper}, {c['where']} (`{claim_id}`), \"{c['says']}\": {said} "
                   f"(verdict: {c['verdict']}).** Measured: {c.get('figure') or '—'} "
                   f"(`{c.get('reproducer') or c.get('tests')}`).{cover}")
    return None
