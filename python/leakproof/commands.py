"""The commands of leakproof(1) as Python functions.

Each function runs the command of the same name in this process through the
library's entry point lp_call and returns a Result built from its JSON record
(see result.py).  Keyword names are the command's option names with '-'
written '_'; values may be str, int, decimal.Decimal or float (a float is
taken as its exact binary value, see _params.py).  Bad input raises
ValueError with the command's message, which names the parameter; a failure
raises LeakproofError; an answer that could not be certified raises
LeakproofUncertified (errors.py).  When NumPy is installed, eval and mc
accept one parameter as a NumPy array and return a Sweep (sweep.py).
"""

from . import _run
from ._params import decimal_text, option_args
from . import sweep as _sweep


def _command(words, params):
    args = list(words) + option_args(params)
    return _run.run(args)


def eval(mechanism, **params):
    """Evaluate a closed form of the Bayes capacity (leakproof eval).

    mechanism: gauss, vmf, laplace-l1 or gauss-layers.  Parameters as the
    command takes them, e.g. eval('gauss', p=5, sigma='1', radius='1',
    form='proof', method='arb', digits=30) or eval('vmf', p=3, kappa=10,
    method='double', compare=True).  Returns a Result: value (Decimal, exact
    as printed), bound (rel_error_bound), log10, status, digits, certified.
    One parameter given as a NumPy array makes it a sweep (a Sweep)."""
    return _sweep.maybe_sweep(_command, ["eval", mechanism], params)


def mc(mechanism, **params):
    """Monte Carlo estimate of the Bayes capacity from the mechanism (leakproof mc).

    e.g. mc('gauss', p=5, sigma=1, radius=1, samples=100000, seed=1).  The
    estimate and its std_error are floats; they depend on the seed only."""
    return _sweep.maybe_sweep(_command, ["mc", mechanism], params)


def calibrate(mechanism="gaussian", **params):
    """The noise for (epsilon, delta)-DP, classical and analytic (leakproof calibrate).

    e.g. calibrate(epsilon='1', delta='1e-5')."""
    return _command(["calibrate", mechanism], params)


def channel(sub, **params):
    """Tan et al.'s channels (leakproof channel SUB): capacity, natural, white,
    personalized, dp or toy.

    e.g. channel('capacity', eigenvalues=['1', '0.5'], noise_variance='2'):
    a list becomes a comma-separated option value."""
    return _command(["channel", sub], params)


def overflow(formula, **params):
    """The smallest p at which a non-certified method fails (leakproof overflow).

    e.g. overflow('gauss', method='double', sigma_grid='1', radius='1')."""
    return _command(["overflow", formula], params)


def adversary(sub, **params):
    """The Bayes optimal adversary where it is exact (leakproof adversary SUB)."""
    return _command(["adversary", sub], params)


def account(**params):
    """The privacy accountant (leakproof account), where the library has it."""
    return _command(["account"], params)


def forms():
    """The registry (leakproof forms): a Result whose 'mechanisms' is a list of
    dicts, one per mechanism: its name, description, default_form, parameters
    (name, meaning, domain) and forms (form, source, expression, methods)."""
    return _run.run(["forms"])


class VerifyReport:
    """What `leakproof verify` printed: TAP text, and its lines parsed.

    passed: True when every test line is 'ok' (TODO lines are findings kept
    visible, not failures); tests: a list of (ok, description, directive);
    tap: the text; status: the program's exit status."""

    def __init__(self, status, tap):
        self.status = status
        self.tap = tap or ""
        self.tests = []
        for line in self.tap.splitlines():
            if line.startswith("ok") or line.startswith("not ok"):
                ok = line.startswith("ok")
                text, _, directive = line.partition(" # ")
                self.tests.append((ok, text, directive or None))
        self.passed = status == _run.EXIT_OK and all(
            ok or (d or "").upper().startswith("TODO") for ok, _, d in self.tests)

    def __repr__(self):
        return "VerifyReport(status=%d, tests=%d, passed=%s)" % (
            self.status, len(self.tests), self.passed)


def verify(*paths, threads=None):
    """Every form and method against Monte Carlo on case files (leakproof verify).

    Returns a VerifyReport; bad input (a missing or malformed file) raises
    ValueError naming file:line."""
    args = ["verify"]
    if threads is not None:
        args += ["--threads", decimal_text(threads, "threads")]
    args += [decimal_text(p, "path") for p in paths]
    status, output, messages = _run.run_text(args)
    if not output:
        raise _run.LeakproofError("leakproof: the command printed no record" +
                                  (": " + messages.strip() if messages else ""))
    return VerifyReport(status, output)
