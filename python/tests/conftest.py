"""Test set-up: the package from this tree, the program for comparisons, and
TAP output for Automake (one line per test) when LEAKPROOF_TAP names a file."""

import os
import subprocess
import json
import decimal

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.dirname(HERE)
TOP_SRCDIR = os.path.dirname(PYTHON_DIR)


@pytest.fixture(scope="session")
def program():
    """The leakproof program of this build (LEAKPROOF), run with --json."""
    path = os.environ.get("LEAKPROOF")
    if not path:
        pytest.skip("LEAKPROOF (the program's path) is not set: no CLI comparison")

    def run(*args):
        done = subprocess.run([path] + [str(a) for a in args], capture_output=True, text=True)
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(program):
    """The parsed JSON record the program prints for a command line."""
    def run(*args):
        status, out, err = program(*args, "--json")
        assert status == 0, err
        return json.loads(out, parse_float=decimal.Decimal)
    return run


@pytest.fixture
def top_srcdir():
    return TOP_SRCDIR


# ---- commands not yet writing through lp_out() ------------------------------
# A command that still prints on the process's stdout instead of lp_out()
# gives lp_call no record.  Its tests are reported as TODO (expected failures
# with the reason), not hidden: they become real checks as soon as the
# command is converted.
NO_RECORD = "the command printed no record"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.when == "call" and call.excinfo is not None and report.failed:
        text = str(call.excinfo.value)
        if NO_RECORD in text:
            report.outcome = "skipped"
            report.wasxfail = ("the command writes to stdout, not lp_out(): lp_call "
                               "returns no record (%s)" % text)


# ---- TAP ----------------------------------------------------------------------
_tap_lines = []


def _tap_line(ok, name, directive=None):
    line = "%s %d - %s" % ("ok" if ok else "not ok", len(_tap_lines) + 1, name)
    if directive:
        line += " # " + directive.replace("\n", " ")
    _tap_lines.append(line)


def pytest_runtest_logreport(report):
    name = report.nodeid.split("::", 1)[-1]
    if report.when == "call" or (report.when == "setup" and not report.passed):
        if hasattr(report, "wasxfail"):
            # a known disagreement, kept visible: TODO with the reason
            _tap_line(report.passed, name, "TODO " + report.wasxfail)
        elif report.skipped:
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else ""
            _tap_line(True, name, "SKIP " + reason.replace("Skipped: ", ""))
        else:
            _tap_line(report.passed, name)
    elif report.when == "teardown" and report.failed:
        _tap_line(False, name + " (teardown)")


def pytest_collectreport(report):
    if report.failed:
        _tap_line(False, "collecting " + report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("LEAKPROOF_TAP")
    if not path:
        return
    if not _tap_lines:
        _tap_line(False, "pytest ran no test (exit status %d)" % exitstatus)
    with open(path, "w") as out:
        out.write("1..%d\n" % len(_tap_lines))
        for line in _tap_lines:
            out.write(line + "\n")
