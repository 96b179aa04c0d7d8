"""dp: the certified DP guarantees (src/privacy) through the binding."""

import decimal
import math

import pytest

import leakproof


def test_dp_gauss_profile_against_its_closed_form():
    # analytic Gaussian mechanism, Delta = 2R = 2, sigma = 2, eps = 1
    r = leakproof.dp("gauss", p=5, sigma=2, radius=1, epsilon=1)
    phi = lambda x: 0.5 * math.erfc(-x / math.sqrt(2))
    ref = phi(0.5 - 2 / 2) - math.e * phi(-0.5 - 2 / 2)
    assert r["supremum"] == "proved"
    assert abs(float(r["delta"]) - ref) <= float(r["delta_rel_error_bound"]) * ref + 1e-15
    assert r["epsilon_pure"] is None


def test_dp_vmf_least_epsilon_and_refusals():
    r = leakproof.dp("vmf", p=13700, kappa=173, delta="1e-5")
    assert isinstance(r["epsilon"], decimal.Decimal)
    assert decimal.Decimal(16) < r["epsilon"] < decimal.Decimal(17)
    assert r["supremum"] == "proved"
    assert r["epsilon_pure"] == decimal.Decimal(346)
    with pytest.raises(ValueError, match="sensitivity"):
        leakproof.dp("vmf", p=5, kappa=1, sensitivity="2.5", epsilon=1)
    with pytest.raises(ValueError, match="order"):
        leakproof.dp("laplace-l1", p=5, b=1, radius=1, order=1)


def test_dp_laplace_renyi_closed_form():
    r = leakproof.dp("laplace-l1", p=3, b=1, radius=1, order=2, digits=12)
    ref = math.log(2 / 3 * math.exp(2) + 1 / 3 * math.exp(-4))
    assert abs(float(r["renyi_epsilon"]) - ref) < 1e-9


def test_calibrate_vmf_inverts_dp():
    # the kappa whose least epsilon at 1e-5 is 16.348204917 is 173
    r = leakproof.calibrate("vmf", p=13700, epsilon="16.348204917", delta="1e-5", digits=8)
    assert abs(r["kappa"] - 173) < decimal.Decimal("1e-6")
    assert r["monotone_in_kappa"] == "checked, not proved"
    b = leakproof.calibrate("laplace-l1", radius=1, epsilon=1, delta="1e-5")
    assert abs(float(b["b"]) - 2 / (1 - 2 * math.log(1 - 1e-5))) < 1e-12


def test_dp_vmf_chordal_sensitivity():
    # at sensitivity 1 < 2: the pair at chordal distance 1, below the antipodal pair
    r = leakproof.dp("vmf", p=13700, kappa=173, sensitivity=1, delta="1e-5")
    a = leakproof.dp("vmf", p=13700, kappa=173, delta="1e-5")
    assert r["worst_pair"] == "|mu - mu'| = S (chordal)"
    assert r["supremum"] == "proved"
    assert decimal.Decimal(6) < r["epsilon"] < a["epsilon"]
    assert r["epsilon_pure"] == decimal.Decimal(173)
    d = leakproof.dp("vmf", p=5, kappa=1, sensitivity=1, epsilon="0.1")
    assert 0 < d["delta"] < leakproof.dp("vmf", p=5, kappa=1, epsilon="0.1")["delta"]
