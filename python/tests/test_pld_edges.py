"""The PLD accountant's edges from Python (issue 31): q = 1 in closed form
against the analytic Gaussian in doubles, the least multiplier under PLD
(get_noise_multiplier(accountant="pld")) no larger than RDP's, and a delta
below the grid's reach answered at both ends."""
import math

import leakproof


def _gauss_delta(eps, mu):
    phi = lambda x: 0.5 * math.erfc(-x / math.sqrt(2))   # noqa: E731
    return phi(mu / 2 - eps / mu) - math.exp(eps) * phi(-mu / 2 - eps / mu)


def test_full_batch_is_the_gaussian_closed_form():
    lo, hi = leakproof.pld_epsilon("0.8", "1", 10, "1e-8")
    mu = math.sqrt(10) / 0.8
    # delta(lo) >= 1e-8 >= delta(hi) in doubles, the bracket narrow
    assert _gauss_delta(float(lo), mu) >= 1e-8 * (1 - 1e-6)
    assert _gauss_delta(float(hi), mu) <= 1e-8 * (1 + 1e-6)
    assert float(hi - lo) <= 1e-4 * float(hi)


def test_least_multiplier_under_pld_is_below_rdp():
    common = dict(target_epsilon=50, target_delta="1e-5", sample_rate="1", steps=100)
    pld = leakproof.get_noise_multiplier(accountant="pld", **common)
    rdp = leakproof.get_noise_multiplier(**common)
    mu = 10 / float(pld)
    assert float(pld) <= float(rdp) and _gauss_delta(50, mu) <= 1e-5, (pld, rdp)


def test_tiny_delta_has_both_ends():
    lo, hi = leakproof.pld_epsilon("0.5", "0.01", 1000, "1e-15")
    assert lo is not None and hi is not None and 27 < lo <= hi
