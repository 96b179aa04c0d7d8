"""Python values to the command line's decimal texts.

A parameter may be given as str (passed as it is: the command checks it), int,
decimal.Decimal, fractions.Fraction (when its decimal expansion ends) or float.
A float is taken by its shortest repr, the decimal Python prints for it:
0.1 is sent as '0.1' and 1e-5 as '1e-05', what the user wrote.  For the
float's EXACT binary value (0.1000000000000000055511151231257827...), pass
decimal.Decimal(x).  Other real types that a float would round (NumPy's
longdouble, mpmath's mpf) are refused: pass str(x) or a Decimal with the
digits meant.  Keyword names are the command's option names with '-'
written '_' (noise_multiplier is --noise-multiplier); True adds a flag
(compare=True is --compare), False and None leave an option out.  Only the
options that take a list (layers, eigenvalues, orders, and every *_grid)
take a list or tuple, sent comma-separated; a list anywhere else is a
TypeError naming the parameter.
"""

import decimal
import fractions
import numbers

# delta and delta_for_epsilon: account's lists, one composition (delta=[1e-5, 1e-6])
LIST_OPTIONS = frozenset(("layers", "eigenvalues", "orders", "delta", "delta_for_epsilon"))


def takes_list(keyword):
    return keyword in LIST_OPTIONS or keyword.endswith("_grid")


def _terminating(fraction):
    """The exact decimal text of a Fraction whose expansion ends, else None."""
    d = fraction.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return None
    places = max(twos, fives)
    scaled = fraction.numerator * 10 ** places // fraction.denominator
    return str(decimal.Decimal(scaled).scaleb(-places)).replace("E", "e")


def decimal_text(value, name):
    """The decimal text the command line receives for `value` (see module doc)."""
    if isinstance(value, bool):
        raise TypeError("leakproof: %s must be a number, not a bool" % name)
    if isinstance(value, str):
        if "\0" in value:
            raise ValueError("leakproof: %s contains a NUL character" % name)
        if not value.isascii() or value != value.strip():
            raise ValueError("leakproof: %s must be written in ASCII with no surrounding "
                             "spaces, as the command line takes it (got %r)" % (name, value))
        return value
    if isinstance(value, decimal.Decimal):
        # str() of a Decimal is exact; the command line reads 'e', not 'E'
        return str(value).replace("E", "e")
    if isinstance(value, numbers.Integral):
        try:
            return str(int(value))
        except ValueError as exc:     # beyond Python's int-to-str digit limit
            raise ValueError("leakproof: %s: %s" % (name, exc)) from None
    if isinstance(value, fractions.Fraction):
        text = _terminating(value)
        if text is None:
            raise ValueError("leakproof: %s = %s has no finite decimal expansion: pass "
                             "a str or Decimal with the digits meant" % (name, value))
        return text
    if isinstance(value, float):
        # also NumPy's float64 (a float subclass); repr of the Python float is
        # the shortest decimal that reads back as the same double.  NaN and
        # infinities go through as text and the command refuses them by name.
        return repr(float(value))
    if isinstance(value, numbers.Real):
        if type(value).__name__ in ("float32", "float16"):   # NumPy: exact in a double
            return repr(float(value))
        raise TypeError("leakproof: %s: a %s would be rounded to a double; pass str(x) or "
                        "a Decimal with the digits meant" % (name, type(value).__name__))
    if hasattr(value, "__fspath__"):
        return str(value.__fspath__())
    raise TypeError("leakproof: %s must be a str, int, Decimal, Fraction or float (got %s)"
                    % (name, type(value).__name__))


def word(value, name):
    """A command's word (mechanism, subcommand): a str without NUL."""
    if not isinstance(value, str):
        raise TypeError("leakproof: %s must be a str (got %s)" % (name, type(value).__name__))
    if "\0" in value:
        raise ValueError("leakproof: %s contains a NUL character" % name)
    return value


def option_name(keyword):
    """--noise-multiplier for noise_multiplier."""
    return "--" + keyword.replace("_", "-")


def option_args(params):
    """The command-line arguments for keyword parameters, in the given order.

    A list or tuple, for an option that takes a list, becomes a
    comma-separated list (layers=[100, 200] is --layers 100,200)."""
    args = []
    for keyword, value in params.items():
        if value is None or value is False:
            continue
        option = option_name(keyword)
        if value is True:
            args.append(option)
        elif isinstance(value, (list, tuple)):
            if not takes_list(keyword):
                raise TypeError("leakproof: %s takes one value, not a %s (a NumPy array "
                                "sweeps it)" % (keyword, type(value).__name__))
            args += [option, ",".join(decimal_text(v, keyword) for v in value)]
        else:
            args += [option, decimal_text(value, keyword)]
    return args


def one_rate(sample_rate, sampling_rate):
    """Opacus's sample_rate or the command line's sampling_rate: one of them."""
    if (sample_rate is None) == (sampling_rate is None):
        raise TypeError("leakproof: give one of sample_rate and sampling_rate (the same "
                        "Poisson rate q)")
    return sample_rate if sample_rate is not None else sampling_rate
