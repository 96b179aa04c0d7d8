"""A new user's first hour (issue 32): the traps that were there, each held."""
import decimal
import math

import pytest

import leakproof


def test_opacus_words_take_opacus_rule_in_python_and_cli(program):
    """Item 3: sample_rate with epochs is Opacus's T = int(epochs / q) in
    Python and on the command line (it was 7031 in Python, 7050 on the command
    line's batch/dataset-size words); the DataLoader's words keep E ceil(N/B),
    and each rule is an option."""
    m = leakproof.get_noise_multiplier(target_epsilon=3, target_delta=1e-5,
                                       sample_rate=256 / 60000, epochs=30)
    r = leakproof.account(epsilon=3, sampling_rate=256 / 60000, epochs=30, delta=1e-5)
    assert r["steps"] == 7031 and r.noise_multiplier == m == decimal.Decimal("0.857")
    assert r["steps_rule"].startswith("opacus")
    rc, out, _ = program("account", "--epsilon", "3", "--batch", "256", "--dataset-size", "60000",
                         "--epochs", "30", "--delta", "1e-5", "--steps-rule", "opacus", "--json")
    assert rc == 0 and '"steps":7031' in out and '"noise_multiplier":"0.857"' in out, out
    d = leakproof.account(epsilon=3, batch=256, dataset_size=60000, epochs=30, delta=1e-5)
    assert d["steps"] == 7050 and d.noise_multiplier == decimal.Decimal("0.858")
    t = leakproof.account(epsilon=3, batch=256, dataset_size=60000, epochs=30, delta=1e-5,
                          steps_rule="tf-privacy")
    assert t["steps"] == 7032


def test_sweeps_give_numbers_or_raise():
    """Item 5: a sweep of account over epochs gave .value all None and
    ['epsilon'] all NaN, silently; PLD bounds came back as strings."""
    numpy = pytest.importorskip("numpy")
    s = leakproof.account(noise_multiplier=1.1, batch=256, dataset_size=60000,
                          epochs=numpy.arange(1, 31), delta=1e-5)
    eps = s["epsilon"]
    # issue 41: float arrays (matplotlib plots them as numbers), each the exact
    # certified bound rounded up; the Decimals stay in s.results
    assert len(eps) == 30 and eps.dtype == numpy.float64
    assert all(decimal.Decimal(e) >= r.epsilon for e, r in zip(eps, s.results))
    assert all(a < b for a, b in zip(eps, eps[1:]))         # more epochs, more epsilon
    with pytest.raises(KeyError, match="epsilon"):          # the error says where to look
        s.value
    with pytest.raises(KeyError, match="no point"):
        s["no_such_key"]
    p = leakproof.account(accountant="pld", noise_multiplier=1.1, sampling_rate=0.01,
                          steps=numpy.array([10, 20]), delta=1e-5)
    lo, hi = p["epsilon_lower_bound"], p["epsilon_upper_bound"]
    assert lo.dtype == hi.dtype == numpy.float64 and all(a <= b for a, b in zip(lo, hi))
    assert all(decimal.Decimal(x) <= r["epsilon_lower_bound"] and decimal.Decimal(y) >= r["epsilon_upper_bound"]
               for x, y, r in zip(lo, hi, p.results))            # rounded outward
    # every command's main number, swept: numbers, none blank
    sweeps = [
        (leakproof.eval("gauss", p=numpy.array([10, 20]), sigma=1, radius=1), "value"),
        (leakproof.mc("gauss", p=2, sigma=1, radius=1, samples=10000, seed=numpy.array([1, 2])), "estimate"),
        (leakproof.calibrate(epsilon=numpy.array(["0.5", "1"]), delta="1e-5"), "sigma_analytic"),
        (leakproof.dp("gauss", p=10, sigma=numpy.array([1, 2]), radius=1, delta="1e-5"), "epsilon"),
        (leakproof.run_capacity(p=10, noise_multiplier=1, clip=1, sampling_rate=0.01,
                                steps=numpy.array([10, 20])), "capacity_gauss"),
    ]
    for sw, key in sweeps:
        column = sw[key]
        assert all(v is not None and not (isinstance(v, float) and math.isnan(v)) for v in column), (key, column)


def test_python_words():
    """Item 7: both spellings of the rate; errors worded for Python; bounds as
    the program printed them."""
    a = leakproof.RDPAccountant()
    a.step(noise_multiplier=1.1, sampling_rate=0.01, num_steps=10)
    b = leakproof.account(noise_multiplier=1.1, sample_rate=0.01, steps=10, delta=1e-5)
    assert a.get_epsilon(1e-5) == b.epsilon
    with pytest.raises(TypeError, match="sample_rate"):
        a.step(noise_multiplier=1.1, sample_rate=0.01, sampling_rate=0.01)
    with pytest.raises(ValueError) as info:
        leakproof.account(noise_multiplier=1.1, sampling_rate=0.01, steps=10, delta=1e-5, nosuch=1)
    message = str(info.value)
    assert "leakproof.account()" in message and "help(leakproof.account)" in message, message
    assert "nosuch=" in message and "leakproof account --help" not in message, message
    r = leakproof.eval("gauss", p=13700, sigma=1, radius=1)
    assert repr(r.bound) == "Decimal('2.2E-31')", repr(r.bound)


def test_ctrl_c_leaves_no_thread_computing():
    """Item 8: run_capacity at p = 2^31 - 1 over 1e9 steps had no cancel
    check: after Ctrl-C its thread went on computing.  Now the call stops,
    and no leakproof-call thread is left; run_capacity takes max_seconds= and
    estimate= like every budgeted command."""
    import os
    import subprocess
    import sys
    import textwrap
    from conftest import PYTHON_DIR
    from interrupt import SIGINT_AT_WORK
    est = leakproof.run_capacity(p=2147483647, noise_multiplier=1, clip=1, sampling_rate="0.5",
                                 steps=1000000000, estimate=True)
    assert est["estimated_seconds"] > 10, est
    with pytest.raises(ValueError, match="max_seconds"):
        leakproof.run_capacity(p=2147483647, noise_multiplier=1, clip=1, sampling_rate="0.5",
                               steps=1000000000, max_seconds=5)
    script = textwrap.dedent("""
        import os, signal, threading, time
        import leakproof
        signal.signal(signal.SIGINT, signal.default_int_handler)
        %s
        t0 = time.time()
        try:
            leakproof.run_capacity(p=2147483647, noise_multiplier=1, clip=1, sampling_rate="0.5",
                                   steps=1000000000)
            print("finished", round(time.time() - t0, 1))
        except KeyboardInterrupt:
            print("interrupted", round(time.time() - t0, 1))
        time.sleep(0.2)
        print(sum(t.name == "leakproof-call" and t.is_alive() for t in threading.enumerate()))
    """) % SIGINT_AT_WORK
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR + (os.pathsep + os.environ["PYTHONPATH"]
                                                     if os.environ.get("PYTHONPATH") else ""))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                          timeout=120)
    words = done.stdout.split()
    assert len(words) == 3, done.stdout + done.stderr
    assert words[0] == "interrupted" and float(words[1]) < 10 and words[2] == "0", words


def test_progress_callback():
    """Item 4: a long call reports progress to Python (the command line's
    stderr notice has no Python counterpart before): on_progress(fn) is
    called while the command runs, and not after."""
    seen = []
    leakproof.on_progress(lambda s, args: seen.append((s, args[0])), after=0.2, every=0.2)
    try:
        leakproof.run_capacity(p=2147483647, noise_multiplier=1, clip=1, sampling_rate="0.5", steps=1000000)
    finally:
        leakproof.on_progress(None)
    assert seen and all(cmd == "run-capacity" for _, cmd in seen), seen
    assert all(a < b for (a, _), (b, _) in zip(seen, seen[1:])), seen
    n = len(seen)
    leakproof.eval("gauss", p=3, sigma=1, radius=1)
    assert len(seen) == n
