"""The certified PLD accountant's bracket as numbers (leakproof account
--accountant pld).

    import leakproof
    lo, hi = leakproof.pld_epsilon(noise_multiplier='1.1', sampling_rate='0.01',
                                   steps=10000, delta='1e-5')
    # lo <= the true epsilon of the run <= hi, both Decimal (exact as printed:
    # lo rounded down, hi rounded up)

The whole record is leakproof.account(accountant='pld', ...)."""

import decimal

from .commands import account


def _bound(text):
    return None if text is None else decimal.Decimal(text)


def pld_epsilon(noise_multiplier, sampling_rate, steps, delta, relation="both", width=None,
                digits=None):
    """(epsilon_lower_bound, epsilon_upper_bound) of DP-SGD's run by the
    certified PLD accountant, for the worse relation (relation='both') or one
    ('add', 'remove'); None for an upper bound not reached."""
    r = account(accountant="pld", noise_multiplier=noise_multiplier,
                sampling_rate=sampling_rate, steps=steps, delta=delta, relation=relation,
                width=width, digits=digits)
    return _bound(r["epsilon_lower_bound"]), _bound(r["epsilon_upper_bound"])


def pld_delta(noise_multiplier, sampling_rate, steps, epsilon, relation="both", width=None,
              digits=None):
    """(delta_lower_bound, delta_upper_bound) of delta at `epsilon`."""
    r = account(accountant="pld", noise_multiplier=noise_multiplier,
                sampling_rate=sampling_rate, steps=steps, delta_for_epsilon=epsilon,
                relation=relation, width=width, digits=digits)
    return _bound(r["delta_lower_bound"]), _bound(r["delta_upper_bound"])
