"""leakproof.account(accountant='pld') through the generic wrapper, and the
bracket helpers of leakproof.accounting."""

import decimal

import pytest

import leakproof


def _have_pld():
    try:
        leakproof.account(accountant="pld", noise_multiplier="1.1", sampling_rate="0.01",
                          steps=10, delta="1e-5")
    except ValueError:
        return False
    return True


def test_pld_bracket_below_rdp():
    if not _have_pld():
        pytest.skip("the PLD accountant is not in this build")
    r = leakproof.account(accountant="pld", noise_multiplier="1.1", sampling_rate="0.01",
                          steps=1000, delta="1e-5")
    assert r["accountant"] == "pld" and r["certified"]
    lo, hi = leakproof.pld_epsilon("1.1", "0.01", 1000, "1e-5")
    assert isinstance(lo, decimal.Decimal) and lo <= hi
    assert lo == decimal.Decimal(r["epsilon_lower_bound"])
    rdp = leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=1000,
                            delta="1e-5")
    assert hi < decimal.Decimal(rdp["balle2020"]["epsilon_upper_bound"])


def test_pld_delta_brackets_the_delta():
    if not _have_pld():
        pytest.skip("the PLD accountant is not in this build")
    lo, hi = leakproof.pld_epsilon("1.1", "0.01", 1000, "1e-5", relation="remove")
    dlo, dhi = leakproof.pld_delta("1.1", "0.01", 1000, hi, relation="remove")
    assert dhi <= decimal.Decimal("1e-5") * decimal.Decimal("1.0001")
    dlo, dhi = leakproof.pld_delta("1.1", "0.01", 1000, lo, relation="remove")
    assert dhi >= decimal.Decimal("1e-5") * decimal.Decimal("0.9999") or dlo > 0
