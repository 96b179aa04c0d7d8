"""DP-SGD with the VMF mechanism (leakproof account --mechanism vmf) from Python."""

import decimal

import pytest

import leakproof


def test_vmf_account_is_certified_with_its_order():
    r = leakproof.account(mechanism="vmf", kappa=2, p=5, sampling_rate=0.1, steps=10, delta=1e-5)
    eps = r.epsilon
    assert isinstance(eps, leakproof.UpperBound) and eps.certified is True and eps.order
    assert r["mechanism"] == "vmf" and r["supremum"] == "proved" and r["p"] == 5
    assert decimal.Decimal(float(eps)) >= eps


def test_vmf_smaller_rate_smaller_epsilon():
    a = leakproof.account(mechanism="vmf", kappa=2, p=5, sampling_rate=0.1, steps=10, delta=1e-5)
    b = leakproof.account(mechanism="vmf", kappa=2, p=5, sampling_rate=0.01, steps=10, delta=1e-5)
    assert b.epsilon < a.epsilon


def test_vmf_fractional_order_refused():
    with pytest.raises(Exception) as e:
        leakproof.account(mechanism="vmf", kappa=2, p=5, sampling_rate=0.1, steps=10, delta=1e-5,
                          orders="2.5")
    assert "--orders" in str(e.value)
