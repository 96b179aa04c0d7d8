"""Parameters: Python values to the decimal texts the command line reads."""

import decimal
import fractions
import numbers

import pytest

from leakproof._params import decimal_text, option_args


def test_float_is_its_shortest_repr():
    assert decimal_text(0.1, "sigma") == "0.1"
    assert decimal_text(1e-5, "delta") == "1e-05"
    assert float(decimal_text(1.1, "noise_multiplier")) == 1.1


def test_decimal_of_a_float_is_its_exact_binary_value():
    assert decimal_text(decimal.Decimal(0.1), "sigma") == \
        "0.1000000000000000055511151231257827021181583404541015625"


def test_fraction_exact_or_refused():
    assert decimal_text(fractions.Fraction(1, 8), "q") == "0.125"
    assert decimal_text(fractions.Fraction(256, 50000), "q") == "0.00512"
    with pytest.raises(ValueError, match="q = 1/3"):
        decimal_text(fractions.Fraction(1, 3), "q")


def test_rounding_reals_refused_and_digits_checked():
    with pytest.raises(TypeError, match="sigma"):
        decimal_text(object(), "sigma")
    for bad in ("\u0661", "\uff11", " 1", "1 "):
        with pytest.raises(ValueError, match="sigma"):
            decimal_text(bad, "sigma")
    with pytest.raises(ValueError, match="p:"):
        decimal_text(10 ** 5000, "p")


def test_numpy_scalars():
    numpy = pytest.importorskip("numpy")
    assert decimal_text(numpy.float64(1e-5), "delta") == "1e-05"
    assert decimal_text(numpy.int64(7), "p") == "7"
    with pytest.raises(TypeError, match="sigma"):
        decimal_text(numpy.longdouble("0.1"), "sigma")


def test_list_only_where_the_option_takes_one():
    assert option_args({"orders": [2, 3.5]}) == ["--orders", "2,3.5"]
    assert option_args({"sigma_grid": ("0.5", 1)}) == ["--sigma-grid", "0.5,1"]
    with pytest.raises(TypeError, match="sigma"):
        option_args({"sigma": [1, 2]})


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
