"""findings/writeup.py -- what a write-up of a finding is, and what the write-ups share."""
from collections import namedtuple

# key: the write-up's name; tests: the test (or tests) whose TODO lines it reads; patterns:
# {name: regex}, each regex's groups the figures the write-up prints; write: the paragraph from
# {name: [groups of each matching line]}; home: where the paragraph goes when no claim of the
# ledger carries its lines (None: beside its claims, by paper and topic)
WriteUp = namedtuple("WriteUp", "key tests patterns write home", defaults=(None,))


def span(values):
    """'a' or 'a to b': the smallest and largest of decimal texts, as printed."""
    vals = sorted(set(values), key=float)
    return vals[0] if len(vals) == 1 else f"{vals[0]} to {vals[-1]}"
