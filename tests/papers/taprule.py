"""taprule.py -- TAP, the ledger's decision rule and the mutation hooks for the Python paper tests
(t-digits.py, t-fmnist.py), as tests/tap.h and tests/mutant.h give them to the C tests: a line per
check, a Monte Carlo claim decided only at |z| >= 4 (cases/claims/README.md), and LP_MUTANT's
perturbations of a claim's checked quantity."""
import os
import sys

Z = 4.0
_count = 0


def tap(ok, desc, directive=None):
    global _count
    _count += 1
    print(f"{'' if ok else 'not '}ok {_count} - {desc}{' # ' + directive if directive else ''}", flush=True)
    return ok


def count():
    """the lines printed so far (a plan printed at the end)"""
    return _count


def decide(z, desc):
    """ok at z >= 4 (the claim holds), a finding at z <= -4, inconclusive between."""
    if z >= Z:
        return tap(True, desc)
    if z <= -Z:
        return tap(False, desc, "TODO finding: the paper's claim fails here")
    return tap(False, desc, "TODO inconclusive: not decided at |z| >= 4 within the sampling budget")


_MUT = os.environ.get("LP_MUTANT", "")
_SEEN = set()
_KINDS = {"rel+": lambda x: x * (1 + 1e-6), "rel-": lambda x: x * (1 - 1e-6), "x2": lambda x: 2 * x,
          "half": lambda x: x / 2, "neg": lambda x: -x}
if _MUT and _MUT != "probe" and _MUT.rsplit(":", 1)[-1] not in _KINDS:
    print(f"Bail out! LP_MUTANT={_MUT}: not probe or <claim-id>:<kind>")
    sys.exit(1)


def mut(ids, x, kinds="rel+ rel- x2 half neg"):
    """x, perturbed when LP_MUTANT names one of ids (space-separated) with one of kinds."""
    if not _MUT:
        return x
    if _MUT == "probe":
        if (ids, kinds) not in _SEEN:
            _SEEN.add((ids, kinds))
            print(f"# mutant-hook {ids}: {kinds}", flush=True)
        return x
    cid, kind = _MUT.rsplit(":", 1)
    if cid not in ids.split() or kind not in kinds.split():
        return x
    if (cid, kind) not in _SEEN:
        _SEEN.add((cid, kind))
        print(f"# mutant {cid}:{kind} applied", flush=True)
    return _KINDS[kind](x)
