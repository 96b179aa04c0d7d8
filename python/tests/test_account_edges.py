"""What the peers' users expect of the accountant (issue 20, part 6): phases
composed, delta at a given epsilon, q = 0 and delta = 0 as the mathematics says."""

import decimal

import leakproof


def test_two_phases_compose_as_one_with_their_steps():
    acc = leakproof.RDPAccountant()
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=400)
    acc.step(noise_multiplier="2", sample_rate="0.01", num_steps=10)
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=600)
    assert len(acc.history) == 3
    eps = acc.get_epsilon(1e-5)
    one = leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=1000,
                            delta="1e-5").epsilon
    assert eps.certified and eps.status == "ok"
    assert eps > one                      # ten more steps, at M = 2, cost something
    same = leakproof.phases_account([("1.1", "0.01", 400), ("1.1", "0.01", 600)], delta="1e-5")
    assert same.epsilon == one and same.epsilon.order == one.order
    assert [p["steps"] for p in same["phases"]] == [400, 600] and same["steps"] == 1000


def test_delta_at_epsilon_round_trips():
    d = leakproof.rdp_delta("1.1", "0.01", 1000, "2")
    assert isinstance(d, leakproof.UpperBound) and d.certified and 0 < d < decimal.Decimal("1e-5")
    eps = leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=1000,
                            delta=str(d)).epsilon
    assert eps <= decimal.Decimal("2.00001")
    acc = leakproof.RDPAccountant()
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=1000)
    assert acc.get_delta(2) == d


def test_zero_rate_and_zero_delta():
    r = leakproof.account(noise_multiplier=1, sampling_rate=0, steps=10, delta="1e-5")
    assert r.epsilon == 0 and r.epsilon.status == "ok" and r.epsilon.certified
    r = leakproof.account(noise_multiplier=1, sampling_rate="0.01", steps=10, delta=0)
    assert r.epsilon.is_infinite() and r.epsilon.status == "infinite"
    m = leakproof.get_noise_multiplier(target_epsilon=0, target_delta="1e-5",
                                       sample_rate="0.01", steps=10)
    assert m.is_infinite() and m.status == "infinite"


def test_replace_one_is_above_add_remove():
    a = leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=1000,
                          delta="1e-5", orders="integers")
    r = leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=1000,
                          delta="1e-5", orders="integers", relation="replace")
    assert r["relation"] == "replace" and r.epsilon > a.epsilon and r.epsilon.certified
