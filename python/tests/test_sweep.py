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
