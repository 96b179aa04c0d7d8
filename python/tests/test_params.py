"""Parameters: Python values to the decimal texts the command line reads."""

import decimal

import pytest

from leakproof._params import decimal_text, option_args


def test_float_is_its_exact_binary_value():
    assert decimal_text(0.1, "sigma") == \
        "0.1000000000000000055511151231257827021181583404541015625"
    assert decimal.Decimal(decimal_text(0.1, "sigma")) == decimal.Decimal(0.1)


def test_str_int_decimal_pass_exactly():
    assert decimal_text("0.1", "sigma") == "0.1"
    assert decimal_text(134000000, "p") == "134000000"
    assert decimal_text(decimal.Decimal("1E+5027"), "radius") == "1e+5027"
    assert decimal_text(decimal.Decimal("-2.50"), "x") == "-2.50"


def test_bool_and_other_types_refused():
    with pytest.raises(TypeError, match="sigma"):
        decimal_text(True, "sigma")
    with pytest.raises(TypeError, match="radius"):
        decimal_text(object(), "radius")
    with pytest.raises(ValueError, match="NUL"):
        decimal_text("1\0", "sigma")


def test_option_names_and_flags():
    args = option_args({"noise_multiplier": "1.1", "compare": True, "form": None,
                        "json": False, "layers": [10, "20"]})
    assert args == ["--noise-multiplier", "1.1", "--compare", "--layers", "10,20"]
