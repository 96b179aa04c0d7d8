"""NumPy arrays: a sweep over one parameter (skipped, visibly, without NumPy)."""

import decimal

import pytest

import leakproof

numpy = pytest.importorskip("numpy", reason="NumPy is not installed (optional)")


def test_sweep_over_sigma_matches_single_calls():
    sigmas = numpy.array([0.5, 1.0, 2.0, 4.0])
    sweep = leakproof.eval("gauss", p=100, sigma=sigmas, radius="1")
    assert isinstance(sweep, leakproof.Sweep) and len(sweep) == 4
    assert sweep.log10.dtype == numpy.float64 and sweep.bound.dtype == numpy.float64
    assert numpy.all(numpy.diff(sweep.log10) < 0)      # more noise, less leakage
    for i, sigma in enumerate(sigmas):
        one = leakproof.eval("gauss", p=100, sigma=float(sigma), radius="1")
        assert sweep.value[i] == one.value
        # the double bounds are rounded up from the printed ones
        assert decimal.Decimal(sweep.bound[i]) >= one.bound
        assert decimal.Decimal(sweep.log10_bound[i]) >= one.log10_bound
        assert abs(decimal.Decimal(sweep.log10[i]) - one.log10) <= \
            decimal.Decimal(sweep.log10_bound[i])
    assert list(sweep.status) == ["ok"] * 4


def test_sweep_over_p_with_huge_values():
    sweep = leakproof.eval("gauss", p=numpy.array([10, 10**6, 134000000]), sigma="1",
                           radius="1")
    assert numpy.all(numpy.isfinite(sweep.log10))
    assert 5027 < sweep.log10[2] < 5028


def test_sweep_of_monte_carlo_columns():
    sweep = leakproof.mc("gauss", p=2, sigma="1", radius="1", samples=5000,
                         seed=numpy.array([1, 2, 3]))
    estimates = sweep["estimate"]
    assert estimates.dtype == numpy.float64 and len(set(estimates)) == 3
    assert numpy.all(sweep["std_error"] > 0)


def test_two_arrays_refused():
    with pytest.raises(ValueError, match="one parameter"):
        leakproof.eval("gauss", p=numpy.array([1, 2]), sigma=numpy.array([1.0, 2.0]),
                       radius="1")


def test_account_sweeps_are_float_arrays_with_properties():
    """Issue 41: sweep['noise_multiplier'] was an array of strings (matplotlib
    plots them as categories) and sweep.epsilon an AttributeError."""
    sweep = leakproof.account(noise_multiplier=numpy.array([0.8, 1.1, 2.0]), sampling_rate=0.01,
                              steps=100, delta=1e-5)
    m = sweep["noise_multiplier"]
    assert m.dtype == numpy.float64 and list(m) == [0.8, 1.1, 2.0]
    eps = sweep.epsilon
    assert eps.dtype == numpy.float64 and numpy.all(numpy.diff(eps) < 0)
    for e, r in zip(eps, sweep.results):
        assert decimal.Decimal(e) >= r.epsilon          # rounded up from the certified bound
    assert sweep.noise_multiplier.dtype == numpy.float64
    with pytest.raises(AttributeError, match="epsilonn"):
        sweep.epsilonn


def test_an_uncertified_point_keeps_the_others_with_nan_and_a_reason():
    sweep = leakproof.account(accountant="pld", phase="laplace,1,0.01,100",
                              delta=numpy.array(["1e-5", "1e-15", "1e-7"]))
    hi, lo = sweep["epsilon_upper_bound"], sweep["epsilon_lower_bound"]
    assert hi.dtype == lo.dtype == numpy.float64
    assert numpy.isfinite(hi[0]) and numpy.isnan(hi[1]) and numpy.isfinite(hi[2])
    assert lo[0] <= hi[0] and hi[0] < hi[2]
    assert decimal.Decimal(hi[0]) >= sweep.results[0]["epsilon_upper_bound"]     # up
    assert decimal.Decimal(lo[0]) <= sweep.results[0]["epsilon_lower_bound"]     # down
    why = sweep.why("epsilon_upper_bound")
    assert why[0] is None and "not reached" in why[1] and why[2] is None
    assert sweep.reasons[0] is None and sweep.reasons[1]
