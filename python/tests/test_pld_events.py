"""pld_events: the certified PLD accountant over phases of any mechanism
(leakproof account --accountant pld --phase ...), issue 33."""
import pytest

import leakproof


def test_one_gaussian_event_is_pld_epsilon():
    assert leakproof.pld_events([("gauss", "1.1", "0.01", 100)], delta="1e-5") == \
        leakproof.pld_epsilon("1.1", "0.01", 100, "1e-5")


def test_events_of_every_mechanism():
    lo, hi = leakproof.pld_events([("gauss", "1.1", "0.01", 100), ("vmf", "5", 10, "0.01", 100),
                                   ("laplace", "2", "0.01", 100), ("rr", "1", "0.01", 10),
                                   ("epsdelta", "1", "1e-8", "0.01", 10)], delta="1e-5")
    assert lo is not None and hi is not None and 0 < lo <= hi
    dlo, dhi = leakproof.pld_events([("rr", "1", "0.1", 10)], epsilon="0.5")
    assert 0 <= dlo <= dhi < 1


def test_bad_event_is_refused():
    with pytest.raises(TypeError):
        leakproof.pld_events([("vmf", "5", "0.01", 100)], delta="1e-5")
    with pytest.raises(ValueError):
        leakproof.pld_events([("vmf", "5", 2, "0.01", 100)], delta="1e-5")
