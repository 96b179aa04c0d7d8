"""The Accountant against the command line, randomized (issue 41): random
histories built by every way into the state (step, assigning .history in our
form and Opacus's, load_state_dict, pickling, refused changes, Ctrl-C in the
middle of a call), each step of the walk mirrored in a plain list of phases
(the model); at the end the accountant must hold the model and answer what
`leakproof account --phase ...` answers for it.  Issue 41's reproducers are
fixed seeds at the top.  Short lists of orders keep each call ~10 ms."""

import decimal
import json
import pickle
import random

import pytest

import leakproof
from leakproof import Accountant, _library, _rdp_curve, _accountant_state

D = decimal.Decimal
ORDERS = ("1.5", "2", "3", "5", "8", "16", "32", "64")
STEPS = [("1.1", "0.01"), ("2", "0.02"), ("0.9", "1/100"), ("1.5", "0"), ("3", "0.5")]
DELTAS = ("1e-5", "1e-8")
EPSILONS = ("1", "2.5")


def cli_reference(cli_json, phases, sampling="poisson", orders=ORDERS):
    """The command's own composition of `phases` [(M, q, T)]: epsilon at
    DELTAS and delta at EPSILONS (list mode: the grid of orders, no search)."""
    args = ["account"]
    for m, q, n in phases:
        args += ["--phase", "%s,%s,%d" % (m, q, n)]
    if orders:
        args += ["--orders", ",".join(orders)]
    if sampling != "poisson":
        args += ["--sampling", sampling]
    rec = cli_json(*args, "--delta", ",".join(DELTAS), "--delta-for-epsilon", ",".join(EPSILONS))
    return ([row["epsilon_upper_bound"] for row in rec["epsilons"]],
            [row["delta_upper_bound"] for row in rec["deltas"]])


def same_bound(ours, theirs):
    """ours (from the same balls, summed rounding up) at or above the
    command's, and equal to its printed digits but the last."""
    ours, theirs = D(ours), D(theirs)
    return theirs * (1 - D("1e-5")) <= ours <= theirs * (1 + D("2e-5")) + D("1e-300")


def assert_matches(acc, model, cli_json, sampling="poisson"):
    assert acc.history == [("gaussian", m, q, n, sampling) for m, q, n in model]
    if not model:
        with pytest.raises(ValueError, match="no step"):
            acc.get_epsilon(DELTAS[0])
        return
    eps, dlt = cli_reference(cli_json, model, sampling, acc._s.orders)
    got_e, got_d = acc.get_epsilon(list(DELTAS)), acc.get_delta(list(EPSILONS))
    for ours, theirs in zip(got_e + got_d, eps + dlt):
        assert ours.certified and same_bound(ours, theirs), (model, ours, theirs)
    fresh = Accountant(orders=acc.orders)
    fresh.history = model
    assert fresh.get_epsilon(list(DELTAS)) == got_e      # no trace of the walk


def merge(model, m, q, n):
    if model and model[-1][:2] == (m, q):
        model[-1] = (m, q, model[-1][2] + n)
    else:
        model.append((m, q, n))


class Interrupt:
    """Ctrl-C as the library's caller meets it: KeyboardInterrupt out of
    _library.call, at the k-th call from now."""

    def __init__(self, monkeypatch, k):
        self.k, self.real = k, _library.call
        monkeypatch.setattr(_library, "call", self)

    def __call__(self, args):
        self.k -= 1
        if self.k == 0:
            raise KeyboardInterrupt
        return self.real(args)


def forget_everything():
    """The process-wide kept curves and checks: the next calls run the command."""
    _rdp_curve._steps.clear()
    _accountant_state._accepted.clear()


BAD_STEPS = (999.9999, 2.9, True, 0, -3, "7.5", D("1.5"), None)


def walk(rng, acc, model, cli_json, monkeypatch):
    """One random operation on acc, mirrored in model (returned: it may be
    replaced)."""
    op = rng.choice(["step", "step", "bad_step", "assign", "assign_opacus", "bad_assign",
                     "load", "bad_load", "pickle", "interrupt_query", "interrupt_step"])
    m, q = rng.choice(STEPS)
    n = rng.choice([1, 7, 100, 400])
    if op == "step":
        acc.step(noise_multiplier=m, sample_rate=q, num_steps=n)
        merge(model, m, q, n)
    elif op == "bad_step":
        with pytest.raises((ValueError, TypeError)):
            acc.step(noise_multiplier=m, sample_rate=q, num_steps=rng.choice(BAD_STEPS))
    elif op in ("assign", "assign_opacus", "load"):
        new = []
        for _ in range(rng.randint(1, 3)):
            mm, qq = rng.choice(STEPS)
            merge(new, mm, qq, rng.choice([1, 50, 300]))
        if op == "assign":
            acc.history = [("gaussian", mm, qq, nn, "poisson") for mm, qq, nn in new]
        elif op == "assign_opacus":     # Opacus's (float, float, int), as its noise search
            acc.history = [(float(mm) if "/" not in mm else mm,
                            float(qq) if "/" not in qq else qq, nn) for mm, qq, nn in new]
            new = [(repr(float(mm)) if "/" not in mm else mm,
                    repr(float(qq)) if "/" not in qq else qq, nn) for mm, qq, nn in new]
        else:
            state = json.loads(json.dumps(acc.state_dict()))
            state["history"] = [["gaussian", mm, qq, nn, "poisson"] for mm, qq, nn in new]
            acc.load_state_dict(state)
        model[:] = new
    elif op == "bad_assign":
        good = [("gaussian", "1.1", "0.01", 10, "poisson")]
        bad = rng.choice([("gaussian", "-1", "0.01", 5, "poisson"), ("gaussian", "1", "1.5", 5),
                          (1.1, 0.01, 2.9), ("gaussian", "1", "0.1", 5, "fixed-batch"),
                          ("laplace", "1", "0.1", 5), ("1", "0.1")])
        with pytest.raises((ValueError, TypeError)):
            acc.history = good + [bad]
    elif op == "bad_load":
        state = acc.state_dict()
        state = dict(state, history=state["history"] + [["gaussian", "1.1", "0.01", 2.9]])
        if rng.random() < 0.3:
            state = dict(acc.state_dict(), digit=3)            # a misspelt key
        with pytest.raises(ValueError):
            acc.load_state_dict(state)
    elif op == "pickle":
        acc = pickle.loads(pickle.dumps(acc))
    elif op == "interrupt_query" and model:
        forget_everything()
        acc._curves.clear()
        with monkeypatch.context() as mp:
            Interrupt(mp, rng.randint(1, 3))
            try:
                acc.get_epsilon(list(DELTAS))
            except KeyboardInterrupt:
                pass
    elif op == "interrupt_step":
        forget_everything()
        with monkeypatch.context() as mp:
            Interrupt(mp, 1)
            with pytest.raises(KeyboardInterrupt):
                acc.step(noise_multiplier=m, sample_rate=q, num_steps=n)
    return acc, model


@pytest.mark.parametrize("seed", range(1, 13))
def test_random_walks_hold_the_command_line(seed, cli_json, monkeypatch):
    rng = random.Random(seed)
    acc, model = Accountant(orders=list(ORDERS)), []
    for _ in range(rng.randint(4, 9)):
        acc, model = walk(rng, acc, model, cli_json, monkeypatch)
        if rng.random() < 0.3 and model:
            assert_matches(acc, model, cli_json)
    assert_matches(acc, model, cli_json)


# ---- issue 41's reproducers, as fixed cases ---------------------------------------

def test_history_assignment_as_opacus_noise_search(cli_json):
    acc = Accountant(orders=list(ORDERS))
    acc.history = [(20, 0.01, 1000)]             # get_noise_multiplier's first probe
    assert acc.get_epsilon("1e-5") > 0
    acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=3)
    acc.history = [(0.625, 0.01, 1000)]          # replaced after a step: answered anew
    assert_matches(acc, [("0.625", "0.01", 1000)], cli_json)


def test_steps_are_exact_integers():
    acc = Accountant()
    for bad in (999.9999, 2.9, True, "1e3", D("0.5")):
        with pytest.raises((ValueError, TypeError)):
            acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=bad)
    with pytest.raises(ValueError):
        acc.load_state_dict({"history": [["gaussian", "1.1", "0.01", 2.9, "poisson"]]})
    assert acc.history == []
    acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=1000.0)
    acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=D(7))
    assert acc.history == [("gaussian", "1.1", "0.01", 1007, "poisson")]


def test_ctrl_c_in_the_middle_of_a_composition(cli_json, monkeypatch):
    """Two phases not yet composed; Ctrl-C during the second one's curve:
    before the fix the first was then counted twice (35935.5 for 23980.2)."""
    acc = Accountant(orders=list(ORDERS))
    acc.step(noise_multiplier="0.9", sample_rate="0.5", num_steps=400)
    acc.step(noise_multiplier="3", sample_rate="0.5", num_steps=400)
    forget_everything()
    with monkeypatch.context() as mp:
        Interrupt(mp, 2)
        with pytest.raises(KeyboardInterrupt):
            acc.get_epsilon("1e-5")
    assert_matches(acc, [("0.9", "0.5", 400), ("3", "0.5", 400)], cli_json)


def test_a_refused_load_leaves_the_state_whole(cli_json):
    acc = Accountant(orders=list(ORDERS))
    acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=1000)
    before = acc.get_epsilon("1e-5")
    with pytest.raises(ValueError):
        acc.load_state_dict({"accountant": "pld", "history": [
            ["gaussian", "1.1", "0.01", 10, "poisson"], ["gaussian", "1.1", "0.01", 10, "fixed-batch"]]})
    assert acc.accountant == "rdp" and acc.get_epsilon("1e-5") == before
    assert_matches(acc, [("1.1", "0.01", 1000)], cli_json)


def test_settings_are_checked_and_part_of_the_state(cli_json):
    acc = Accountant(orders=list(ORDERS))
    acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=1000)
    e = acc.get_epsilon("1e-5")
    for name, bad in (("digits", 2.5), ("digits", 0), ("accountant", "prv"), ("orders", ["0.5"]),
                      ("relation", "sideways"), ("width", "-1")):
        with pytest.raises((ValueError, TypeError)):
            setattr(acc, name, bad)
    with pytest.raises(AttributeError):
        acc.histroy = []                        # a misspelt setting is not kept silently
    acc.digits = 3
    assert acc.get_epsilon("1e-5") >= e and len(acc.get_epsilon("1e-5").as_tuple().digits) <= 3
    acc.accountant = "pld"
    pld = acc.get_epsilon("1e-5")
    assert pld.conversion == "privacy loss distribution" and pld < e


def test_pld_opacus_history_and_per_row_status(program):
    acc = Accountant(accountant="pld")
    acc.history = [(1.1, 0.01, 100)]            # Opacus's form: once an IndexError
    rows = acc.get_epsilon(["1e-5", "1e-15", "1e-7"])
    status, out, _ = program("account", "--accountant", "pld", "--noise-multiplier", "1.1",
                             "--sampling-rate", "0.01", "--steps", "100",
                             "--delta", "1e-5,1e-15,1e-7", "--digits", "6", "--json")
    ref = json.loads(out)["epsilons"]
    assert status == 3 and [r["certified"] for r in ref] == [True, False, True]
    assert D(rows[0]) == D(ref[0]["epsilon_upper_bound"]) and rows[0].certified
    assert D(rows[2]) == D(ref[2]["epsilon_upper_bound"]) and rows[2].certified
    assert rows[1].status == "uncertified" and not rows[1].certified and rows[1].why
    assert float(rows[1]) == float("inf")        # the one bound that holds there
    with pytest.raises(leakproof.LeakproofUncertified):
        acc.get_epsilon("1e-15")


def test_rdpaccountant_is_checked_too(cli_json):
    """leakproof.RDPAccountant (Opacus's shape, the command's own search): its
    history checked and replaced whole, steps exact, Opacus's hooks."""
    acc = leakproof.RDPAccountant()
    acc.history = [(1.1, 0.01, 500), (1.1, 0.01, 500)]          # merged, as Opacus keeps it
    assert acc.history == [("1.1", "0.01", 1000)] and len(acc) == 1000
    for bad in ([(1.1, 0.01, 2.9)], [(1.1, 0.01, True)], [(-1, 0.01, 5)], [(1.1, 0.01)]):
        with pytest.raises((ValueError, TypeError)):
            acc.history = bad
        assert acc.history == [("1.1", "0.01", 1000)]
    with pytest.raises(ValueError):
        acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=999.9999)
    ref = cli_json("account", "--noise-multiplier", "1.1", "--sampling-rate", "0.01", "--steps",
                   "1000", "--delta", "1e-5")
    assert acc.get_epsilon(1e-5) == D(ref["balle2020"]["epsilon_upper_bound"])

    class Optimizer:
        noise_multiplier, accumulated_iterations = 1.1, 1
    acc.get_optimizer_hook_fn(sample_rate=0.01)(Optimizer())
    assert len(acc) == 1001 and acc.mechanism() == "leakproof_rdp"
    other = leakproof.RDPAccountant()
    other.load_state_dict(acc.state_dict())
    assert other.history == acc.history
