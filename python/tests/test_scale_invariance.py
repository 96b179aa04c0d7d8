"""The Bayes capacity is invariant under y -> y / sigma: C(p, sigma, R) equals
C(p, 1, R / sigma).  Checked on certified values (the printed intervals must
meet) at random p, sigma and R, with R = sigma t formed exactly in decimal."""

import decimal
import random

import leakproof
from reference import overlap


def exact_product(a, b):
    with decimal.localcontext() as ctx:
        ctx.prec = 100
        ctx.traps[decimal.Inexact] = True
        return str(decimal.Decimal(a) * decimal.Decimal(b))


def test_capacity_depends_on_radius_over_sigma():
    rng = random.Random(20261123)
    for _ in range(12):
        p = rng.choice([1, 2, 3, 7, 40, 1000, 13700, rng.randint(1, 10**6)])
        sigma = "%de%d" % (rng.randint(1, 999), rng.randint(-4, 2))
        t = "%de%d" % (rng.randint(1, 999), rng.randint(-4, 0))
        radius = exact_product(sigma, t)
        for form in ("proof", "printed"):
            scaled = leakproof.eval("gauss", p=p, sigma=sigma, radius=radius, form=form)
            unit = leakproof.eval("gauss", p=p, sigma="1", radius=t, form=form)
            assert scaled.certified and unit.certified
            assert overlap(scaled.value, scaled.bound, unit.value, unit.bound), \
                (p, sigma, radius, t, form, scaled.value, unit.value)
        # and a different ratio does not overlap: the test can fail
        other = leakproof.eval("gauss", p=p, sigma="1", radius=exact_product(t, "1.001"))
        assert not overlap(scaled.value, scaled.bound, other.value, other.bound)
