"""Independent references in Python's decimal arithmetic, and the check that a
printed certified number (decimal d, bound b) contains a reference value."""

import decimal

WORK = decimal.Context(prec=80)


def pi():
    """pi to ~75 digits by Machin's formula, pi = 16 atan(1/5) - 4 atan(1/239)."""
    def atan_inv(n):
        with decimal.localcontext(WORK):
            x = decimal.Decimal(1) / n
            x2 = x * x
            total, term, k = x, x, 1
            while True:
                term *= -x2
                k += 2
                if abs(term / k) < decimal.Decimal("1e-78"):
                    return total
                total += term / k
    with decimal.localcontext(WORK):
        return 16 * atan_inv(5) - 4 * atan_inv(239)


def gauss_p1(sigma, radius):
    """C(1, sigma, R) = 1 + 2R / (sigma sqrt(2 pi)): the line's Gaussian
    mechanism on [-R, R] (the integral of the sup of the densities)."""
    with decimal.localcontext(WORK):
        return 1 + 2 * decimal.Decimal(radius) / (decimal.Decimal(sigma) * (2 * pi()).sqrt())


def contains(value, bound, reference, slack="1e-70"):
    """|reference - value| <= bound |value| (+ the reference's own error)."""
    with decimal.localcontext(WORK):
        return abs(reference - value) <= bound * abs(value) + decimal.Decimal(slack)


def overlap(value_a, bound_a, value_b, bound_b):
    """The printed intervals value +- bound |value| of two results meet."""
    with decimal.localcontext(WORK):
        return abs(value_a - value_b) <= bound_a * abs(value_a) + bound_b * abs(value_b)
