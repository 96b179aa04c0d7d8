"""The accountant object (issue 33): compose step by step, query any time
from the kept curve, save and restore; fixed-size batches from Python.
Checked against the command's own composition over the same orders
(account --phase ... --delta D1,D2: the lists' route, the grid without the
search), the Opacus-style RDPAccountant, and the closed cases."""

import decimal
import json

import pytest

import leakproof
from leakproof import Accountant

D = decimal.Decimal


def _lists(cli_json, phases, deltas=(), epsilons=(), sampling=None):
    args = ["account"]
    for m, q, n in phases:
        args += ["--phase", "%s,%s,%s" % (m, q, n)]
    if deltas:
        args += ["--delta", ",".join(deltas) + ("," + deltas[0] if len(deltas) == 1 else "")]
    if epsilons:
        args += ["--delta-for-epsilon", ",".join(epsilons) + ("," + epsilons[0] if len(epsilons) == 1 else "")]
    if sampling:
        args += ["--sampling", sampling]
    return cli_json(*args)


def _close(a, b, rel=D("2e-5")):
    return abs(D(a) - D(b)) <= rel * abs(D(b))


def test_steps_then_queries_match_the_command_composition(cli_json):
    acc = Accountant()
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=400)
    e1 = acc.get_epsilon("1e-5")
    acc.step(noise_multiplier="2", sample_rate="0.02", num_steps=100)
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=500)
    assert [h[3] for h in acc.history] == [400, 100, 500] and len(acc) == 1000
    e2 = acc.get_epsilon("1e-5")
    d2 = acc.get_delta("2")
    assert e2 > e1 and e2.certified and e2.order
    ref = _lists(cli_json, [("1.1", "0.01", 400), ("2", "0.02", 100), ("1.1", "0.01", 500)],
                 deltas=("1e-5",), epsilons=("2",))
    row, drow = ref["epsilons"][0], ref["deltas"][0]
    # an upper bound built from the same balls: at or above the command's, and close
    assert D(e2) >= D(row["epsilon_upper_bound"]) * (1 - D("1e-5")) and _close(e2, row["epsilon_upper_bound"])
    assert e2.order == row["order"]
    assert D(d2) >= D(drow["delta_upper_bound"]) * (1 - D("1e-5")) and _close(d2, drow["delta_upper_bound"])


def test_one_phase_beside_the_single_query_and_rdpaccountant():
    acc = Accountant()
    for _ in range(10):
        acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=100)
    assert acc.history == [("gaussian", "1.1", "0.01", 1000, "poisson")]
    eps = acc.get_epsilon(1e-5)
    old = leakproof.RDPAccountant()
    old.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=1000)
    single = old.get_epsilon(1e-5)           # the best real order, searched
    # the grid's order is never better than the search's, by at most its spacing
    assert D(single) <= D(eps) <= D(single) * D("1.001"), (eps, single)
    assert float(eps) >= D(eps)


def test_fixed_batch_from_python_and_in_the_accountant(cli_json):
    r = leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=1000,
                          delta="1e-5", sampling="fixed-batch")
    assert r["sampling"] == "fixed-batch" and r["relation"] == "replace"
    assert _close(r.epsilon, "15.5659", D("1e-5"))
    acc = Accountant()
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=1000, sampling="fixed-batch")
    eps = acc.get_epsilon("1e-5")
    assert D(eps) >= D(r.epsilon) * (1 - D("1e-5")) and _close(eps, r.epsilon)
    with pytest.raises(ValueError, match="mix"):
        acc.step(noise_multiplier="1.1", sample_rate="0.01")       # a Poisson step


def test_q_one_closed_case():
    # q = 1, T = 1: the Gaussian at every order, RDP alpha/(2 M^2) (Poisson,
    # add/remove) and 2 alpha/M^2 (fixed batch, replace-one): at M = 10 the
    # best order's epsilon is min over the grid of the closed curve's conversion
    for sampling, scale in (("poisson", D("0.5")), ("fixed-batch", D(2))):
        acc = Accountant()
        acc.step(noise_multiplier=10, sample_rate=1, sampling=sampling)
        eps = acc.get_epsilon("1e-5")
        a = D(eps.order)
        closed = (a * scale / 100 + ((a - 1) / a).ln() - (D("1e-5").ln() + a.ln()) / (a - 1))
        assert _close(eps, closed, D("1e-5")), (sampling, eps, closed)


def test_state_dict_round_trip_is_json_and_recomputes():
    acc = Accountant(digits=8)
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=300)
    acc.step(noise_multiplier="0.9", sample_rate="1/100", num_steps=20)
    e = acc.get_epsilon("1e-6")
    state = json.loads(json.dumps(acc.state_dict()))
    other = Accountant()
    other.load_state_dict(state)
    assert other.history == acc.history and other.digits == 8
    assert other.get_epsilon("1e-6") == e
    other.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=10)
    assert other.get_epsilon("1e-6") > e and acc.get_epsilon("1e-6") == e
    with pytest.raises(ValueError):
        other.load_state_dict({"history": [["1", "0.1"]]})
    with pytest.raises(ValueError):
        other.load_state_dict({"history": [[1.1, "0.01", 300, "poisson"]]})     # no mechanism


def test_load_state_dict_takes_opacus_history():
    """Opacus's RDPAccountant.state_dict() history, (noise_multiplier,
    sample_rate, num_steps), and the four-entry (mechanism, M, q, steps)."""
    ours = Accountant()
    ours.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=300)
    ours.step(noise_multiplier="0.9", sample_rate="0.01", num_steps=20)
    opacus = Accountant()
    opacus.load_state_dict({"history": [(1.1, 0.01, 300), (0.9, 0.01, 20)]})
    four = Accountant()
    four.load_state_dict({"history": [("gaussian", "1.1", "0.01", 300), ("gaussian", "0.9", "0.01", 20)]})
    assert opacus.history == ours.history == four.history
    assert opacus.get_epsilon("1e-5") == ours.get_epsilon("1e-5")


def test_zero_rate_and_bad_input():
    acc = Accountant()
    acc.step(noise_multiplier=1, sample_rate=0, num_steps=10)
    assert acc.get_epsilon("1e-5") == 0 and acc.get_delta(1) == 0
    with pytest.raises(ValueError):
        Accountant().get_epsilon("1e-5")                  # no step yet
    with pytest.raises(ValueError):
        acc.get_epsilon(0)
    with pytest.raises(ValueError):
        acc.step(noise_multiplier=1, sample_rate=0.1, sampling="shuffle")
    with pytest.raises(ValueError):
        Accountant(accountant="prv")


def test_pld_accountant_one_phase():
    acc = Accountant(accountant="pld")
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=100)
    hi = acc.get_epsilon("1e-5")
    lo, up = leakproof.pld_epsilon("1.1", "0.01", 100, "1e-5")
    # the accountant's grid is the single query's (one delta): the same bracket
    assert D(hi) == up and lo <= up and D(hi.record["epsilon_lower_bound"]) == lo
    single = acc.get_epsilon("1e-5")
    assert acc.pld_commands == 1 and single == hi      # asked again: kept, nothing run
    acc.step(noise_multiplier="2", sample_rate="0.01", num_steps=100)
    # two phases go to the command as --phase M,q,T: composed under PLD where the
    # command composes them, else its own message
    try:
        two = acc.get_epsilon("1e-5")
    except ValueError as exc:
        assert "phase" in str(exc), exc
    else:
        assert two.certified and D(two) >= D(lo), (two, lo)


def test_pld_max_grid_size():
    # the grid's cap reaches the command as --max-grid-size: a value it refuses is named,
    # and the default cap (2^23) given explicitly is the default's bracket
    with pytest.raises(ValueError, match="--max-grid-size"):
        leakproof.pld_epsilon("1.1", "0.01", 100, "1e-5", max_grid_size=1000)
    assert leakproof.pld_epsilon("1.1", "0.01", 100, "1e-5", max_grid_size=2**23) == \
        leakproof.pld_epsilon("1.1", "0.01", 100, "1e-5")


def test_pld_lists_from_one_composition(cli_json):
    """Many queries, one command: the answers are the command's own list rows,
    kept per history; a new step composes anew."""
    acc = Accountant(accountant="pld")
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=100)
    eps = acc.get_epsilon(["1e-4", "1e-6", "1e-9"])
    assert acc.pld_commands == 1 and len(eps) == 3 and eps[0] < eps[1] < eps[2]
    ref = cli_json("account", "--accountant", "pld", "--noise-multiplier", "1.1",
                   "--sampling-rate", "0.01", "--steps", "100", "--delta", "1e-4,1e-6,1e-9",
                   "--digits", "6")
    for e, row in zip(eps, ref["epsilons"]):
        assert D(e) == D(row["epsilon_upper_bound"]) and e.certified
        assert D(e.record["epsilon_lower_bound"]) <= D(e)
    assert acc.get_epsilon("1e-6") == eps[1] and acc.pld_commands == 1     # kept
    dl = acc.get_delta([0.5, 1, 2])
    assert acc.pld_commands == 2 and dl[0] > dl[1] > dl[2] > 0
    # each bracket meets the single query's (a grid fitted to its one value)
    lo, up = leakproof.pld_delta("1.1", "0.01", 100, "1")
    d = dl[1]
    assert max(D(d.record["delta_lower_bound"]), D(lo)) <= min(D(d), D(up)), (d, lo, up)
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=50)
    more = acc.get_epsilon(["1e-4", "1e-6"])
    assert acc.pld_commands == 3 and more[0] > eps[0] and more[1] > eps[1]


def test_pld_state_dict_round_trip():
    acc = Accountant(accountant="pld", relation="remove", width="0.02")
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=150)
    e = acc.get_epsilon(["1e-5", "1e-7"])
    state = json.loads(json.dumps(acc.state_dict()))
    assert state["accountant"] == "pld" and state["relation"] == "remove" and state["width"] == "0.02"
    assert state["history"] == [["gaussian", "1.1", "0.01", 150, "poisson"]]
    other = Accountant()
    other.load_state_dict(state)
    assert other.accountant == "pld" and other.relation == "remove" and other.history == acc.history
    assert other.get_epsilon(["1e-5", "1e-7"]) == e and other.pld_commands == 1
    with pytest.raises(ValueError, match="fixed batches"):
        bad = Accountant(accountant="pld")
        bad.step(noise_multiplier=1, sample_rate=0.01, sampling="fixed-batch")
        bad.step(noise_multiplier=2, sample_rate=0.01, sampling="fixed-batch")
        bad.get_epsilon(1e-5)


def test_rdp_lists_are_the_single_queries():
    acc = Accountant()
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=300)
    acc.step(noise_multiplier="2", sample_rate="0.02", num_steps=100)
    assert acc.get_epsilon(["1e-5", "1e-8"]) == [acc.get_epsilon("1e-5"), acc.get_epsilon("1e-8")]
    assert acc.get_delta((1, 3)) == [acc.get_delta(1), acc.get_delta(3)]


def test_account_takes_lists_as_the_command_does(cli_json):
    r = leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=1000,
                          delta=["1e-5", "1e-6"], delta_for_epsilon=[1, 2])
    ref = cli_json("account", "--noise-multiplier", "1.1", "--sampling-rate", "0.01", "--steps",
                   "1000", "--delta", "1e-5,1e-6", "--delta-for-epsilon", "1,2")
    assert [D(row["epsilon_upper_bound"]) for row in r["epsilons"]] == \
        [D(row["epsilon_upper_bound"]) for row in ref["epsilons"]]
    assert [D(row["delta_upper_bound"]) for row in r["deltas"]] == \
        [D(row["delta_upper_bound"]) for row in ref["deltas"]]
    p = leakproof.account(accountant="pld", noise_multiplier="1.1", sampling_rate="0.01",
                          steps=200, delta=("1e-5", "1e-7"))
    assert len(p["epsilons"]) == 2 and all(row["certified"] for row in p["epsilons"])


def test_lists_keep_each_row_with_its_own_status():
    """Issue 41: one delta the PLD cannot certify (1e-15) lost every row
    (LeakproofUncertified, status 3 and no message)."""
    r = leakproof.account(accountant="pld", noise_multiplier="1.1", sampling_rate="0.01",
                          steps=100, delta=["1e-5", "1e-15", "1e-7"])
    rows = r["epsilons"]
    assert [row["status"] for row in rows] == ["ok", "uncertified", "ok"]
    assert rows[0]["epsilon_upper_bound"] < rows[2]["epsilon_upper_bound"]
    assert rows[1]["epsilon_upper_bound"] is None and "not reached" in rows[1]["why"]
    assert r["certified"] is False
    with pytest.raises(leakproof.LeakproofUncertified, match="not certified"):
        leakproof.account(accountant="pld", phase="laplace,1,0.01,100", delta="1e-15")
