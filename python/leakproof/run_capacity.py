"""The Bayes capacity of a whole DP-SGD run (leakproof run-capacity).

Poisson sampling at rate q over T steps, the Gaussian mechanism N(x, sigma^2 I_p)
on the ball of radius R (sigma = M C, R = C in DP-SGD's terms).  The record
brackets the run's capacity, every field a certified ball:

    capacity_step            1 - q + q C(p, sigma, R), exact for one step
    capacity_lower           a lower bound on the run's capacity
    capacity_upper_same      an upper bound when the example's clipped gradient
                             is the same at every step
    capacity_upper_adaptive  (1 - q + q C)^T, for gradients chosen adaptively

each with log10_<key>; the derivation is in leakproof(1), RUN CAPACITY.
"""

from . import commands as _commands


def run_capacity(**params):
    """The run's Bayes capacity, bracketed and certified (leakproof run-capacity).

    Parameters, as the command's options: p, and sigma with radius or
    noise_multiplier with clip; sampling_rate (q in [0, 1]), steps (T), digits.
    Returns a Result; its fields are strings exactly as printed (Decimal(...)
    for arithmetic) with their bounds.

    Example:
        >>> r = leakproof.run_capacity(p=13700, noise_multiplier=1, clip=1,
        ...                            sampling_rate='0.01', steps=100)
        >>> r['log10_capacity_lower'], r['log10_capacity_upper_same']
        ('297.616384', '307.836013')
    One parameter as a NumPy array gives a Sweep of the results."""
    return _commands._swept(["run-capacity"], params)
