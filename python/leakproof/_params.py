"""Python values to the command line's decimal texts.

A parameter may be given as str (passed as it is: the command checks it), int,
decimal.Decimal or float.  A float is taken as its EXACT binary value: 0.1 is
sent as 0.1000000000000000055511151231257827021181583404541015625, the number
the float really holds.  Write '0.1' (a str) or Decimal('0.1') to mean one
tenth.  Keyword names are the command's option names with '-' written '_'
(noise_multiplier is --noise-multiplier); True adds a flag (compare=True is
--compare), False and None leave an option out.
"""

import decimal
import numbers


def decimal_text(value, name):
    """The decimal text the command line receives for `value` (see module doc)."""
    if isinstance(value, bool):
        raise TypeError("leakproof: %s must be a number, not a bool" % name)
    if isinstance(value, str):
        if "\0" in value:
            raise ValueError("leakproof: %s contains a NUL character" % name)
        return value
    if isinstance(value, decimal.Decimal):
        # str() of a Decimal is exact; the command line reads 'e', not 'E'
        return str(value).replace("E", "e")
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        # float (and NumPy floating scalars): the exact binary value; NaN and
        # infinities go through as text and the command refuses them by name
        return str(decimal.Decimal(float(value))).replace("E", "e")
    if hasattr(value, "__fspath__"):
        return str(value.__fspath__())
    raise TypeError("leakproof: %s must be a str, int, Decimal or float (got %s)"
                    % (name, type(value).__name__))


def option_name(keyword):
    """--noise-multiplier for noise_multiplier."""
    return "--" + keyword.replace("_", "-")


def option_args(params):
    """The command-line arguments for keyword parameters, in the given order.

    A list or tuple becomes a comma-separated list (layers=[100, 200] is
    --layers 100,200)."""
    args = []
    for keyword, value in params.items():
        if value is None or value is False:
            continue
        option = option_name(keyword)
        if value is True:
            args.append(option)
        elif isinstance(value, (list, tuple)):
            args += [option, ",".join(decimal_text(v, keyword) for v in value)]
        else:
            args += [option, decimal_text(value, keyword)]
    return args
