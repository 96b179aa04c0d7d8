"""Work budgets from Python (issue 21, item 4): max_seconds= reaches every
command that has --max-seconds, a decline is the documented ValueError naming
--max-seconds and max_seconds, estimate=True returns the estimate, and Ctrl-C
stops a long certified call (account, dp) as it stops mc (test_host.py)."""

import os

import pytest

import leakproof
from conftest import TOP_SRCDIR
from interrupt import SIGINT_AT_WORK, ctrl_c_during

COV = os.path.join(TOP_SRCDIR, "cases/tan/cov-4.csv")
BETA = os.path.join(TOP_SRCDIR, "cases/tan/beta-4.csv")
SAMPLES = os.path.join(TOP_SRCDIR, "cases/tan/samples.csv")
ACCOUNT = dict(noise_multiplier=1, sampling_rate="0.01", steps=1000, delta="1e-5")
CASES = os.path.join(TOP_SRCDIR, "cases/check.cases")

# every command with --max-seconds, each as a small run: name, call(**budget)
CALLS = [
    ("account", lambda **b: leakproof.account(orders="150.5", **ACCOUNT, **b)),
    ("account vmf", lambda **b: leakproof.account(mechanism="vmf", kappa=173, p=13700, sampling_rate="0.5",
                                                  steps=1000, delta="1e-5", orders=200, **b)),
    ("account pld", lambda **b: leakproof.account(accountant="pld", width="1e-3", **ACCOUNT, **b)),
    ("RDPAccountant", lambda **b: _accountant().get_epsilon("1e-5", orders="150.5", **b)),
    ("get_noise_multiplier", lambda **b: leakproof.get_noise_multiplier(
        target_epsilon=1, target_delta="1e-5", sample_rate="0.01", steps=1000, orders="300.5", **b)),
    ("pld_epsilon", lambda **b: leakproof.pld_epsilon(1, "0.01", 1000, "1e-5", width="1e-3", **b)),
    ("calibrate vmf", lambda **b: leakproof.calibrate("vmf", p=3, epsilon=1, delta="1e-5", digits=30, **b)),
    ("dp vmf", lambda **b: leakproof.dp("vmf", p=2147483647, kappa=1000000, epsilon=1, digits=100, **b)),
    ("channel natural", lambda **b: leakproof.channel("natural", eigenvalues=["1", "2"], capacity=1,
                                                      digits=1000, **b)),
    ("channel natural --data", lambda **b: leakproof.channel("natural", data=SAMPLES, capacity=1, **b)),
    ("channel personalized", lambda **b: leakproof.channel("personalized", covariance=COV, beta=BETA,
                                                           capacity=1, **b)),
    ("mc", lambda **b: leakproof.mc("gauss", p=2, sigma=1, radius=1, samples=200000, seed=1, threads=1, **b)),
    ("adversary gaussian", lambda **b: leakproof.adversary("gaussian", d=2, prior_var=1, gain=1, noise=1,
                                                           delta=1, samples=100000, seed=1, **b)),
    ("adversary attacks", lambda **b: leakproof.adversary("attacks", d=2, m=2, b="0.1", trials=1000, seed=1,
                                                          **b)),
    ("overflow", lambda **b: leakproof.overflow("gauss", method="double", sigma_grid=1, **b)),
    ("verify", lambda **b: leakproof.verify(CASES, **b)),
]


def _accountant():
    acc = leakproof.RDPAccountant()
    acc.step(noise_multiplier=1, sample_rate="0.01", num_steps=1000)
    return acc


@pytest.mark.parametrize("name,call", CALLS, ids=[c[0] for c in CALLS])
def test_max_seconds_declines(name, call):
    # a budget far below the estimate: declined before it starts, the message
    # naming the option (--max-seconds) and its Python spelling
    with pytest.raises(ValueError) as e:
        call(max_seconds="0.000001")
    message = str(e.value)
    assert "--max-seconds" in message and "max_seconds=" in message, message
    assert "beyond the budget of 1e-06 s" in message or "beyond the budget of 0.000001 s" in message, message


# --estimate: every command that has a budget but the accountant's Python
# classes and pld_epsilon, which return numbers, not records
ESTIMATED = [c for c in CALLS if c[0] not in ("RDPAccountant", "get_noise_multiplier", "pld_epsilon")]


@pytest.mark.parametrize("name,call", ESTIMATED, ids=[c[0] for c in ESTIMATED])
def test_estimate_and_a_raised_budget(name, call):
    r = call(estimate=True, max_seconds=1000)
    assert r["max_seconds"] == 1000 and r["within_budget"] is True, r.json
    assert r["estimated_seconds"] > 0 and r["budget_option"], r.json


def test_a_raised_budget_runs():
    # the same account run declined at 0.000001 s runs at the default and at 1000 s
    a = leakproof.account(orders="150.5", **ACCOUNT)
    b = leakproof.account(orders="150.5", max_seconds=1000, **ACCOUNT)
    assert a.json == b.json and a.epsilon > 0


def test_a_bad_budget_names_the_option():
    with pytest.raises(ValueError, match="--max-seconds"):
        leakproof.account(orders="150.5", max_seconds=0, **ACCOUNT)


@pytest.mark.parametrize("call", [
    # account: a fractional order near 1000 (the certified integral, ~265 s)
    'leakproof.account(noise_multiplier=1, sampling_rate="0.01", steps=1000, delta="1e-5", '
    'orders="999.5", max_seconds=10**6)',
    # dp vmf --delta at 300 digits (~100 s or more)
    'leakproof.dp("vmf", p=2147483647, kappa=1000000, delta="1e-5", digits=300, max_seconds=10**6)',
    # account --accountant pld at q 1e-5, T 1e6, --width 1e-4 (a minute and more)
    'leakproof.pld_epsilon("0.8", "0.00001", 1000000, "1e-8", width="1e-4", max_seconds=10**6)',
], ids=["account", "dp", "pld"])
def test_ctrl_c_stops_account_and_dp(call):
    # SIGINT into a call of minutes, once at work, must raise KeyboardInterrupt
    # within seconds, and the next call must work
    word, seconds, status = ctrl_c_during(call)
    assert word == "interrupted" and seconds < 30 and status == "ok", (word, seconds, status)


def test_ctrl_c_leaves_no_thread_running():
    # after KeyboardInterrupt, the PLD call's helper thread has ended (the
    # call stopped at its next cancel check), not computing on behind it
    import subprocess
    import sys
    import textwrap
    script = textwrap.dedent("""
        import os, signal, threading, time
        import leakproof
        signal.signal(signal.SIGINT, signal.default_int_handler)
        %s
        try:
            leakproof.pld_epsilon("0.8", "0.00001", 1000000, "1e-8", width="1e-4", max_seconds=10**6)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
        time.sleep(0.2)
        print(len([t for t in threading.enumerate() if t.name == "leakproof-call" and t.is_alive()]))
    """) % SIGINT_AT_WORK
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + \
        (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.split() == ["interrupted", "0"], done.stdout + done.stderr


@pytest.mark.parametrize("args", [
    ("1.1", "1e-12", 1000000000, "1e-5"),
    ("0.1", "0.99", 1000000000, "1e-5"),
    ("1.1", "0.01", 1000, "1e-320"),
])
def test_pld_hostile_runs_are_declined_at_once(args):
    # runs the PLD grid cannot hold (they hung the host) are refused before
    # starting with the reason, within seconds
    import time
    t0 = time.time()
    with pytest.raises(ValueError):
        leakproof.pld_epsilon(*args)
    assert time.time() - t0 < 10
