"""dp_accounting's DpEvents in, the certified bracket out (issue 41): the
events as objects of classes named as dp_accounting's (attribute names its
dp_event.py defines) and as their to_named_tuple() form, against the
command's own phases (pld_events); an Accountant's history out as an event
and back; the real dp_accounting where it imports."""

import collections
import decimal

import pytest

import leakproof
from leakproof import account_event, dp_event_of

D = decimal.Decimal


class _Event:
    """A DpEvent stand-in: its class name and fields are dp_accounting's."""
    FIELDS = ()

    def __init__(self, *values):
        for name, value in zip(self.FIELDS, values):
            setattr(self, name, value)

    def to_named_tuple(self):
        fields = ("module_name", "class_name") + self.FIELDS
        cls = collections.namedtuple("_%sNamedTupleWrapper" % type(self).__name__, fields)
        values = []
        for name in self.FIELDS:
            v = getattr(self, name)
            if isinstance(v, _Event):
                v = v.to_named_tuple()
            elif isinstance(v, list):
                v = [x.to_named_tuple() if isinstance(x, _Event) else x for x in v]
            values.append(v)
        return cls("dp_accounting.dp_event", type(self).__name__, *values)


def _event(name, *fields):
    return type(name, (_Event,), {"FIELDS": fields})


GaussianDpEvent = _event("GaussianDpEvent", "noise_multiplier")
LaplaceDpEvent = _event("LaplaceDpEvent", "noise_multiplier")
RandomizedResponseDpEvent = _event("RandomizedResponseDpEvent", "noise_parameter", "num_buckets")
EpsilonDeltaDpEvent = _event("EpsilonDeltaDpEvent", "epsilon", "delta")
PoissonSampledDpEvent = _event("PoissonSampledDpEvent", "sampling_probability", "event")
SampledWithoutReplacementDpEvent = _event("SampledWithoutReplacementDpEvent",
                                          "source_dataset_size", "sample_size", "event")
SampledWithReplacementDpEvent = _event("SampledWithReplacementDpEvent",
                                       "source_dataset_size", "sample_size", "event")
SelfComposedDpEvent = _event("SelfComposedDpEvent", "event", "count")
ComposedDpEvent = _event("ComposedDpEvent", "events")
NoOpDpEvent = _event("NoOpDpEvent")
NonPrivateDpEvent = _event("NonPrivateDpEvent")
UnsupportedDpEvent = _event("UnsupportedDpEvent")


def both_forms(event, **query):
    a = account_event(event, **query)
    b = account_event(event.to_named_tuple(), **query)
    assert tuple(a) == tuple(b) and a.phases == b.phases
    return a


def test_dp_sgd_run_as_events_is_the_command_phases():
    step = PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1))
    event = ComposedDpEvent([SelfComposedDpEvent(step, 12), NoOpDpEvent(),
                             SelfComposedDpEvent(step, 8),
                             SelfComposedDpEvent(PoissonSampledDpEvent(0.02, LaplaceDpEvent(2.0)), 10)])
    got = both_forms(event, delta=1e-5)
    assert got.phases == ("1.1,0.01,20", "laplace,2.0,0.02,10")
    assert tuple(got) == leakproof.pld_events([("gauss", "1.1", "0.01", 20),
                                               ("laplace", "2.0", "0.02", 10)], delta="1e-5")
    assert got.lower <= got.upper
    d = account_event(event.to_named_tuple(), epsilon=1)
    assert d.lower <= d.upper < 1


def test_one_gaussian_run_fixed_batches_and_the_full_batch():
    run = SelfComposedDpEvent(PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1)), 100)
    lo, hi = both_forms(run, delta=1e-5)
    assert (lo, hi) == leakproof.pld_epsilon("1.1", "0.01", 100, "1e-5")
    fixed = SelfComposedDpEvent(SampledWithoutReplacementDpEvent(1000, 10, GaussianDpEvent(1.1)), 100)
    got = both_forms(fixed, delta=1e-5)
    assert tuple(got) == leakproof.pld_events([("gauss", "1.1", "10/1000", 100)], delta="1e-5",
                                              sampling="fixed-batch")
    full = both_forms(SelfComposedDpEvent(GaussianDpEvent(10.0), 4), delta=1e-5)
    assert full.lower <= full.upper


def test_randomized_response_and_epsilon_delta():
    rr2 = SelfComposedDpEvent(PoissonSampledDpEvent(0.1, RandomizedResponseDpEvent(0.5, 2)), 10)
    two = both_forms(rr2, delta=1e-5)
    # k = 2, p = 0.5: epsilon ln 3, rounded up for the upper end, down for the lower
    eps = [p for p in two.phases]
    assert two.lower <= two.upper and two.lower is not None and len(eps) == 1
    assert eps[0].startswith("rr,1.0986122886681")
    many = both_forms(SelfComposedDpEvent(PoissonSampledDpEvent(0.1, RandomizedResponseDpEvent(0.5, 5)), 10),
                      delta=1e-5)
    assert many.lower is None and many.upper > two.upper and "dominat" in many.note
    ed = both_forms(SelfComposedDpEvent(PoissonSampledDpEvent(0.1, EpsilonDeltaDpEvent(1.0, 1e-7)), 10),
                    delta=1e-5)
    assert ed.phases == ("epsdelta,1.0,1e-07,0.1,10",) and ed.lower <= ed.upper


def test_what_is_not_accounted_is_refused_by_name():
    for event, match in ((SampledWithReplacementDpEvent(100, 10, GaussianDpEvent(1.0)), "SampledWithReplacement"),
                         (UnsupportedDpEvent(), "UnsupportedDpEvent"),
                         (PoissonSampledDpEvent(0.1, SelfComposedDpEvent(GaussianDpEvent(1.0), 3)), "Poisson sample"),
                         (ComposedDpEvent([GaussianDpEvent(1.0), PoissonSampledDpEvent(0.1, GaussianDpEvent(1.0))]), "unsampled"),
                         (ComposedDpEvent([SampledWithoutReplacementDpEvent(100, 1, GaussianDpEvent(1.0)),
                                           PoissonSampledDpEvent(0.1, GaussianDpEvent(1.0))]), "fixed batches")):
        with pytest.raises(ValueError, match=match):
            account_event(event, delta=1e-5)
        with pytest.raises(ValueError, match=match):
            account_event(event.to_named_tuple(), delta=1e-5)
    assert account_event(NonPrivateDpEvent(), delta=1e-5).upper == D("Infinity")
    assert tuple(account_event(NoOpDpEvent(), delta=1e-5)) == (0, 0)


def test_an_accountant_round_trips_through_an_event():
    acc = leakproof.Accountant(accountant="pld")
    acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=100)
    acc.step(noise_multiplier=2.0, sample_rate=0.02, num_steps=50)
    event = dp_event_of(acc, named_tuple=True)
    assert event.class_name == "ComposedDpEvent" and len(event.events) == 2
    assert account_event(event, delta=1e-5).upper == acc.get_epsilon("1e-5")
    with pytest.raises(ValueError, match="float"):
        dp_event_of([("gaussian", "1.10000000000000000001", "0.01", 5, "poisson")])


def test_real_dp_accounting_events():
    dp = pytest.importorskip("dp_accounting", reason="dp_accounting is not installed (not in "
                             "Debian; pip install dp-accounting where PyPI is reachable)")
    event = dp.SelfComposedDpEvent(dp.PoissonSampledDpEvent(0.01, dp.GaussianDpEvent(1.1)), 100)
    got = account_event(event, delta=1e-5)
    assert tuple(got) == tuple(account_event(event.to_named_tuple(), delta=1e-5))
    assert tuple(got) == leakproof.pld_epsilon("1.1", "0.01", 100, "1e-5")
    back = dp_event_of([("gaussian", "1.1", "0.01", 100, "poisson")])
    assert isinstance(back, dp.ComposedDpEvent)
    assert tuple(account_event(back, delta=1e-5)) == tuple(got)
    # dp_accounting's own PLD estimate of the same event falls inside, within its discretisation
    pld = dp.pld.PLDAccountant()
    pld.compose(event)
    assert float(got.lower) - 0.01 <= pld.get_epsilon(1e-5) <= float(got.upper) + 0.01
