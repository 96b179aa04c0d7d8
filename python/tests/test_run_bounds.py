"""run_bounds() and reconstruct() on a whole run: a run's reconstruction
bounds beside the exact attacker, from Python."""

from decimal import Decimal
from statistics import NormalDist

import pytest

import leakproof


def test_full_batch_closed_form_inside_the_bracket():
    r = leakproof.run_bounds(noise_multiplier=2, sampling_rate=1, steps=4, prior_size=2)
    assert r["command"] == "run-bounds" and r["rero_relation"] == "remove"
    exact = NormalDist().cdf(1.0)           # Phi(Phi^-1(1/2) + sqrt(4)/2)
    assert Decimal(r["rero_lower_bound"]) <= Decimal(str(exact)) <= Decimal(r["rero_upper_bound"]) + Decimal("1e-6")
    assert r["capacity_bound"] is None and r["fisher_mse_bound"] is None     # no p given


def test_the_attacker_below_every_bound():
    r = leakproof.reconstruct("gauss", noise_multiplier="1.2", sampling_rate="0.2", steps=10, prior="simplex",
                              n=4, p=3, samples=2000, seed=5)
    s, e = r["success"], 4 * r["success_std_error"]
    for key in ("rero_upper_bound", "eps_delta_bound_best", "renyi_bound", "capacity_bound"):
        assert s <= float(Decimal(r[key])) + e, key
    assert Decimal(r["rero_upper_bound"]) <= Decimal(r["renyi_bound"])


def test_least_multiplier_meets_the_target():
    r = leakproof.run_bounds(target_success="0.9", sampling_rate=1, steps=9, prior_size=2, resolution=2)
    # q = 1: Phi(sqrt(9)/M) <= 0.9 from M >= 3 / Phi^-1(0.9) = 2.3409...
    assert r["status"] == "ok" and Decimal(r["noise_multiplier"]) == Decimal("2.35")
    assert Decimal(r["rero_upper_bound"]) <= Decimal("0.9")


def test_bad_input_names_the_parameter():
    with pytest.raises(ValueError, match="--prior-size"):
        leakproof.run_bounds(noise_multiplier=1, sampling_rate="0.1", steps=10, prior_size=1)
    with pytest.raises(ValueError, match="--relation"):
        leakproof.run_bounds(noise_multiplier=1, sampling_rate="0.1", steps=10, prior_size=4, relation="add")
