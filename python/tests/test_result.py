"""Records to Results: certified numbers exact, bounds exact, huge exponents."""

import decimal
import math

import pytest

from leakproof import Result

HUGE = ('{"command":"eval","p":134000000,"sigma":"1","value":"1.63496649442458364354745443069e+5027",'
        '"rel_error_bound":2.93146e-36,"log10":"5027.2135088570356834846187340",'
        '"log10_abs_error_bound":1.0000000000000001e-30,"certified":true,"digits":30,'
        '"status":"ok","estimate":6.5827651903418971,"compare":{"x":"2.5","x_rel_error_bound":0.5},'
        '"note":null}')


def test_certified_fields_are_exact_decimals():
    r = Result(HUGE)
    assert r.value == decimal.Decimal("1.63496649442458364354745443069e+5027")
    assert r.value.adjusted() == 5027
    assert r.bound == decimal.Decimal("2.93146e-36")
    # the two-digit decimal the program printed, not the 17 digits of the
    # double above it that JSON carries (issue 32)
    assert r.log10_bound == decimal.Decimal("1e-30")
    assert r["compare"]["x"] == decimal.Decimal("2.5")
    assert r["sigma"] == "1"                 # inputs stay as given
    assert r["note"] is None
    assert isinstance(r["estimate"], float)  # non-certified numbers are floats
    assert r.status == "ok" and r.certified is True and r.digits == 30


def test_float_of_a_huge_value_is_inf_so_log10_is_given():
    r = Result(HUGE)
    assert float(r.value) == math.inf        # documented: use log10
    assert 5027 < r.log10 < 5028


def test_mpf_view_keeps_the_exponent():
    mpmath = pytest.importorskip("mpmath", reason="mpmath is not installed (optional)")
    r = Result(HUGE)
    x = r.mpf()
    assert mpmath.log10(x) > 5027
    # 30 printed digits held in 119 bits: a relative 2^-119 ~ 1.5e-36 from the decimal
    with decimal.localcontext() as ctx:
        ctx.prec = 60
        error = abs(decimal.Decimal(mpmath.nstr(x, 45)) / r.value - 1)
    assert error < decimal.Decimal("1e-35")
