"""findings -- "What to conclude": each finding of the tests stated once, in words.

A finding is kept in make check as a `# TODO` TAP line carrying its measured
figures; report.py runs the tests that carry them (the same programs make
check runs) and keeps their lines in records.json.  Here each kind of line is
matched by a pattern and the kind is written up once (findings/biswas.py,
tan.py, balunovic.py, peers.py): what the paper says, what is true and by how
much (the figures taken from the lines, never typed in) and what it changes
for the paper's figures; what it means for a defender is the ledger's
(findings/ledger.py).  A TODO line that no write-up matches is listed under
"not yet written up", which tests/t-report.sh refuses in the committed
report: a new finding gets its paragraph when it gets its test.
"""
import re

from findings import biswas, tan, balunovic, peers
from findings.writeup import WriteUp
from findings.ledger import (CLAIM_ID, PAPERS, PAPER_NAMES, DIRECTIONS, TOPICS, VERDICT_CLAIMS,
                             paper_of, topic_of, claim_paragraph, claim_verdict_paragraph,
                             for_a_defender)
from findings import ledger

# what the report's sections use (the ledger's side re-exported: one name to import)
__all__ = ["SOURCES", "KINDS", "WriteUp", "classify", "classify_keyed", "claims_failing", "home_of",
           "CLAIM_ID", "PAPERS", "PAPER_NAMES", "DIRECTIONS", "TOPICS", "VERDICT_CLAIMS", "paper_of",
           "topic_of", "claim_paragraph", "claim_verdict_paragraph", "for_a_defender"]

# the tests that carry findings: a missing one loses findings (report.py fails).  Each is
# named "tests/t-NAME" whichever room of tests/ it sits in (report.py finds it there), and
# records.json keys its lines by that name
SOURCES = ("tests/t-gauss", "tests/t-channel", "tests/t-channel-contract", "tests/t-clipping",
           "tests/t-adversary", "tests/t-account-tan", "tests/t-privacy", "tests/t-peers.sh",
           "tests/t-reconstruct-claims", "tests/t-reconstruct-balunovic",
           "tests/t-tan-accumulation", "tests/t-tan-proofs")

# every write-up, in the order a line is matched against them
KINDS = biswas.KINDS + tan.KINDS + balunovic.KINDS + peers.KINDS


def classify(tests):
    """(paragraphs, unmatched): one paragraph per kind that has lines, in KINDS
    order, and the TODO lines no kind matches, as 'test: line'."""
    keyed, unmatched = classify_keyed(tests)
    return [p for _, p in keyed], unmatched


def classify_keyed(tests):
    """classify's answer with each paragraph's KINDS key: [(key, paragraph)], unmatched."""
    lines = [(t["test"], d) for t in tests for d in t["todo"]]
    used = set()
    paragraphs = []
    for w in KINDS:
        m = {name: [] for name in w.patterns}
        for i, (tname, d) in enumerate(lines):
            if tname not in ((w.tests,) if isinstance(w.tests, str) else w.tests):
                continue
            for name, pat in w.patterns.items():
                g = re.search(pat, d)
                if g:
                    m[name].append(g.groups())
                    used.add(i)
        if any(m.values()):
            try:
                paragraphs.append((w.key, w.write(m)))
            except (IndexError, ValueError) as exc:   # a pattern half matched: show the lines
                paragraphs.append((w.key, f"**{w.key}**: the lines matched only in part ({exc}); see `{w.tests}`."))
    unmatched = [f"{t}: {d}" for i, (t, d) in enumerate(lines) if i not in used]
    return paragraphs, unmatched


def claims_failing(claims_rec):
    """The failing claims of the ledger's record, each with the KINDS key whose patterns
    match its deciding figure (None: no write-up covers it)."""
    return ledger.claims_failing(claims_rec, KINDS)


def home_of(key):
    """Where a write-up no claim carries goes (WriteUp.home), or None."""
    return next((w.home for w in KINDS if w.key == key), None)
