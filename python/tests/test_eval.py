"""leakproof.eval: every mechanism, form and method; certified values exact."""

import decimal
import math

import pytest

import leakproof
from reference import WORK, contains, gauss_p1

# A value for every parameter the registry's descriptors name (a new
# parameter fails test_every_form_and_method until it is given one here).
VALUES = dict(p=5, sigma="1", radius="1", kappa="3", b="0.5", clip="1", layers=[2, 3])


def test_certified_value_against_a_closed_form():
    # p = 1: C = 1 + 2R/(sigma sqrt(2 pi)); the printed-number contract holds
    for sigma, radius in (("1", "1"), ("0.3", "2.5"), ("7", "1e-3")):
        r = leakproof.eval("gauss", p=1, sigma=sigma, radius=radius, digits=25)
        assert r.certified is True and r.status == "ok"
        assert isinstance(r.value, decimal.Decimal) and isinstance(r.bound, decimal.Decimal)
        assert r.digits == 25
        assert 0 < r.bound < decimal.Decimal("1e-23")
        assert contains(r.value, r.bound, gauss_p1(sigma, radius))


def test_log10_is_certified_too():
    r = leakproof.eval("gauss", p=1, sigma="1", radius="1", digits=25)
    with decimal.localcontext(WORK):
        truth = gauss_p1("1", "1").log10()
        assert abs(truth - r.log10) <= r.log10_bound + decimal.Decimal("1e-70")


def test_huge_exponent_survives():
    r = leakproof.eval("gauss", p=134000000, sigma="1", radius="1")
    assert r.value.adjusted() == 5027
    assert str(r.value).startswith("1.634966494")
    assert float(r.value) == math.inf        # documented: float() overflows, use log10
    assert 5027 < r.log10 < 5028
    assert r.bound < decimal.Decimal("1e-25")


def test_every_form_and_method():
    mechanisms = leakproof.forms()["mechanisms"]
    assert {"gauss", "vmf", "laplace-l1", "gauss-layers"} <= {m["mechanism"] for m in mechanisms}
    for mechanism in mechanisms:
        name = mechanism["mechanism"]
        params = {d["name"]: VALUES[d["name"]] for d in mechanism["parameters"]}
        for form in mechanism["forms"]:
            reference = leakproof.eval(name, form=form["form"], method="arb", **params)
            assert reference.certified and reference.status == "ok", (name, form["form"])
            for method in form["methods"]:
                r = leakproof.eval(name, form=form["form"], method=method,
                                   compare=method != "arb", **params)
                where = (name, form["form"], method)
                assert r["mechanism"] == name and r["method"] == method, where
                assert r["form"] == form["form"], where
                assert r.status == "ok", (where, r.status, r["note"])
                assert isinstance(r.value, decimal.Decimal), where
                if method != "arb":
                    assert r.certified is False and r.bound is None, where
                    assert 0 <= r["rel_error"] < 1e-10, (where, r["rel_error"])


def test_non_certified_overflow_is_a_status_not_inf():
    r = leakproof.eval("gauss", p=134000000, sigma="1", radius="1", method="double")
    assert r.status == "overflow"
    assert r.value is None and r.certified is False


def test_digits_beyond_double():
    r = leakproof.eval("gauss", p=5, sigma="1", radius="1", digits=100)
    assert r.digits == 100 and len(r.value.as_tuple().digits) == 100
    assert r.bound < decimal.Decimal("1e-99")


def test_float_parameter_is_its_shortest_repr_decimal_its_binary_value():
    r = leakproof.eval("gauss", p=1, sigma=0.1, radius=1)
    assert r["sigma"] == "0.1"
    r = leakproof.eval("gauss", p=1, sigma=decimal.Decimal(0.1), radius=1)
    assert r["sigma"] == str(decimal.Decimal(0.1))
    assert contains(r.value, r.bound, gauss_p1(decimal.Decimal(0.1), 1))
    tenth = leakproof.eval("gauss", p=1, sigma="0.1", radius=1)
    assert tenth.value != r.value            # 0.1 and the double 0.1 differ at 30 digits
