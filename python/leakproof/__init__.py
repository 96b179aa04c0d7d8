"""leakproof from Python: certified Bayes capacities of DP-SGD mechanisms.

Every function runs a command of leakproof(1) in this process through the
shared library's entry point (lp_call) and returns its record:

    import leakproof
    r = leakproof.eval('gauss', p=134000000, sigma='1', radius='1')
    r.value          # Decimal('1.63496649442458364354745443069E+5027'), exact as printed
    r.bound          # |true - value| <= bound * |value|
    r.log10          # use this, not float(r.value), which is inf beyond 1.8e308

Parameters: str, int, decimal.Decimal, Fraction or float (a float is read by
its shortest repr, 1e-05 as '1e-05'; Decimal(x) for its exact binary value).  Errors: ValueError (bad input, the
command's message), LeakproofError (failure), LeakproofUncertified (could
not certify).  The library is found through LEAKPROOF_LIBRARY (a path) or
the loader's search for libleakproof.so.1 (LD_LIBRARY_PATH).
"""

from .commands import (eval, mc, calibrate, channel, overflow, adversary, account,  # noqa: A001
                       forms, verify, VerifyReport)
from .accounting import RDPAccountant, get_noise_multiplier, UpperBound, AccountResult
from .dpsgd import dpsgd, DpsgdLeakage
from .privacy import dp
from .accounting import pld_epsilon, pld_delta
from .accounting import phases_account, rdp_delta
from .run_capacity import run_capacity
from .errors import LeakproofError, LeakproofUncertified
from .result import Result
from .sweep import Sweep

__all__ = ["eval", "mc", "calibrate", "channel", "overflow", "adversary", "account",
           "forms", "verify", "dpsgd", "dp", "RDPAccountant", "get_noise_multiplier", "UpperBound",
           "AccountResult", "Result", "Sweep", "VerifyReport", "DpsgdLeakage",
           "LeakproofError", "LeakproofUncertified", "pld_epsilon", "pld_delta",
           "run_capacity"]
__all__ += ["phases_account", "rdp_delta"]     # issue 20 part 6 (accounting.py)
from .accounting import pld_events  # noqa: E402  (issue 33: PLD over phases of any mechanism)
__all__ += ["pld_events"]
from .commands import claims  # noqa: E402  (issue 28: the claims ledger)
__all__ += ["claims"]
from .commands import reconstruct  # noqa: E402  (the Bayes-optimal reconstruction attacker)
__all__ += ["reconstruct"]
from ._library import on_progress  # noqa: E402  issue 32: progress of a long call, for Python
__all__ += ["on_progress"]
from .accountant import Accountant  # noqa: E402  (issue 33: compose, query, state_dict)
__all__ += ["Accountant"]
from .run_bounds import run_bounds  # noqa: E402  (issue 39: a run's reconstruction bounds)
__all__ += ["run_bounds"]
