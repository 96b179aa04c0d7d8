"""leakproof inside a host process (issue 21): a comma-decimal locale set by
the host, and calls from many threads at once without a lock."""

import concurrent.futures
import locale
import os
import shutil
import subprocess
import tempfile

import pytest

import leakproof
from conftest import TOP_SRCDIR
from interrupt import ctrl_c_during

CALLS = [
    lambda: leakproof.mc("vmf", p=3, kappa="2.5", samples=20000, seed=5, threads=1),
    lambda: leakproof.eval("gauss", p=3, sigma="1", radius="1.5", method="double"),
    lambda: leakproof.eval("gauss", p=3, sigma="1", radius="1.5"),
    lambda: leakproof.mc("gauss", p=3, sigma="0.5", radius="1.2", samples=20000, seed=7, threads=1),
    lambda: leakproof.calibrate(epsilon="0.5", delta="1e-5"),
    lambda: leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=100, delta="1e-5",
                              orders="2,8.5,32"),
    lambda: leakproof.channel("personalized",
                              covariance=os.path.join(TOP_SRCDIR, "cases/tan/cov-4.csv"),
                              beta=os.path.join(TOP_SRCDIR, "cases/tan/beta-4.csv"), capacity="1.5"),
]


def _comma_locale():
    """Sets de_DE.UTF-8 (the system's, or one compiled here); the directory to
    remove afterwards, or skips."""
    try:
        locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")
        return None
    except locale.Error:
        pass
    if shutil.which("localedef") is None:
        pytest.skip("de_DE.UTF-8 is not installed and there is no localedef (Debian: locales)")
    tmp = tempfile.mkdtemp(prefix="leakproof-locale-")
    done = subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8", os.path.join(tmp, "de_DE.UTF-8")],
                          capture_output=True)
    os.environ["LOCPATH"] = tmp
    try:
        locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")
    except locale.Error:
        shutil.rmtree(tmp, ignore_errors=True)
        pytest.skip("de_DE.UTF-8 is not installed and localedef could not make it (status %d; "
                    "Debian: apt-get install locales)" % done.returncode)
    return tmp


def test_a_comma_locale_changes_nothing():
    in_c = [c().json for c in CALLS]
    tmp = _comma_locale()
    try:
        assert locale.localeconv()["decimal_point"] == ","
        under_de = [c().json for c in CALLS]
        assert locale.localeconv()["decimal_point"] == ","     # the host's locale is left as it was
    finally:
        locale.setlocale(locale.LC_ALL, "C")
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
            del os.environ["LOCPATH"]
    for a, b in zip(in_c, under_de):
        assert a == b
    # the figures a comma locale got wrong: kappa 2.5 (not 2), radius 1.5 (not 1)
    assert leakproof.eval("gauss", p=3, sigma="1", radius="1.5").value > 6.5


def test_many_threads_without_a_lock():
    serial = [c().json for c in CALLS]
    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
        futures = [(i, pool.submit(CALLS[i])) for _ in range(4) for i in range(len(CALLS))]
        for i, f in futures:
            assert f.result().json == serial[i]


def test_threads_do_not_stick():
    a = leakproof.mc("gauss", p=3, sigma="0.8", radius="1.2", samples=20000, seed=77)
    leakproof.mc("gauss", p=3, sigma="0.8", radius="1.2", samples=20000, seed=77, threads=3)
    c = leakproof.mc("gauss", p=3, sigma="0.8", radius="1.2", samples=20000, seed=77)
    assert a.json == c.json


def test_ctrl_c_stops_a_long_call():
    # SIGINT into an mc call of about an hour, once at work, must raise
    # KeyboardInterrupt within seconds, and the next call must work
    word, seconds, status = ctrl_c_during('leakproof.mc("gauss", p=64, sigma="0.8", radius="1.2", '
                                          'samples=10**11, seed=1, threads=1, max_seconds=10**9)')
    assert word == "interrupted" and seconds < 30 and status == "ok", (word, seconds, status)
