"""run_capacity: the run's Bayes capacity bracketed, as the command gives it."""

import decimal

import pytest

import leakproof


def test_one_step_is_the_subsampled_step():
    r = leakproof.run_capacity(p=13700, noise_multiplier=1, clip=1, sampling_rate="0.01", steps=1)
    step = decimal.Decimal(r["capacity_step"])
    for key in ("capacity_lower", "capacity_upper_same", "capacity_upper_adaptive"):
        assert abs(decimal.Decimal(r[key]) - step) <= decimal.Decimal("1e-5") * step


def test_the_bounds_are_ordered():
    r = leakproof.run_capacity(p=200, sigma="0.8", radius="1", sampling_rate="0.05", steps=50)
    lo, same, adaptive = (decimal.Decimal(r[k]) for k in
                          ("log10_capacity_lower", "log10_capacity_upper_same",
                           "log10_capacity_upper_adaptive"))
    assert lo < same < adaptive
    assert r["sigma"] == "0.8" and r["steps"] == 50


def test_bad_input_names_the_parameter():
    with pytest.raises(ValueError, match="--sampling-rate"):
        leakproof.run_capacity(p=5, sigma=1, radius=1, sampling_rate="1.5", steps=2)
