"""Certified accountants for Opacus: its PrivacyEngine, make_private_with_epsilon
and get_noise_multiplier take them as they are.

    import leakproof.opacus
    from opacus import PrivacyEngine
    leakproof.opacus.register()                    # Opacus learns the two names below
    engine = PrivacyEngine(accountant="leakproof_rdp")     # or "leakproof_pld"
    model, optimizer, loader = engine.make_private_with_epsilon(
        module=model, optimizer=optimizer, data_loader=loader,
        target_epsilon=3, target_delta=1e-5, epochs=10, max_grad_norm=1.0)
    ...                                            # train as usual
    engine.get_epsilon(1e-5)                       # certified: a float rounded up

RDPAccountant ("leakproof_rdp"): the certified Renyi-DP accountant (Balle et
al. 2020's conversion, Opacus's own); PLDAccountant ("leakproof_pld"): the
certified upper end of the privacy loss distribution's bracket (tighter).
Both are leakproof.Accountant (a state that cannot be made to lie: see its
doc) speaking Opacus's IAccountant: step(noise_multiplier=, sample_rate=),
get_epsilon(delta) as a float (CertifiedFloat: the certified upper bound
rounded up, its exact UpperBound in .bound), __len__, mechanism(),
get_optimizer_hook_fn(sample_rate), state_dict()/load_state_dict() (Opacus's
checkpoints: plain values, 'history' and 'mechanism' among them), and
history assignment as Opacus's get_noise_multiplier does it.

register() imports Opacus and tells it the names: through
opacus.accountants.register_accountant where it exists (Opacus >= 1.5), and
by wrapping opacus's create_accountant where it is looked up (its own
module, opacus.accountants.utils, opacus.privacy_engine: Opacus 1.4 has no
registry) so that it also takes an instance, PrivacyEngine(accountant=
leakproof.opacus.RDPAccountant()).  It is idempotent, and runs by itself
when this module is imported after Opacus, or when Opacus asks an
accountant its mechanism() (make_private_with_epsilon does, before its
noise search).  `engine.accountant = RDPAccountant()` works without it.

get_noise_multiplier(...) here is Opacus's function's signature answered by
leakproof's certified least multiplier (leakproof.get_noise_multiplier):
its certified epsilon is at most target_epsilon.
"""

import decimal
import sys
import threading

from .accountant import Accountant
from .account_result import UpperBound
from ._params import decimal_text

RDP_NAME = "leakproof_rdp"
PLD_NAME = "leakproof_pld"


class CertifiedFloat(float):
    """A certified upper bound as a float: the smallest double at or above
    it, so that the double is still an upper bound; .bound is the exact
    UpperBound (its .record, .order, .status)."""

    def __new__(cls, bound):
        self = super().__new__(cls, float(bound))
        self.bound = bound
        return self

    def __repr__(self):
        return "CertifiedFloat(%s)" % float.__repr__(self)


def _exact_times(rate, k):
    """rate x k for Opacus's sample_rate * accumulated_iterations, exactly
    where k is a whole number (1, usually)."""
    if isinstance(k, bool) or not float(k).is_integer():
        return rate * k
    k = int(k)
    if k == 1:
        return rate
    text = decimal_text(rate, "sample_rate")
    if "/" in text:
        num, den = text.split("/")
        return "%d/%s" % (int(num) * k, den)
    with decimal.localcontext() as ctx:
        ctx.prec = len(text) + 25
        return str(decimal.Decimal(text) * k).replace("E", "e")


class _OpacusAccountant(Accountant):
    """Opacus's IAccountant over leakproof.Accountant (see the module doc)."""

    NAME = None
    ACCOUNTANT = None

    def __init__(self, orders=None, digits=6, relation=None, width=None):
        super().__init__(accountant=self.ACCOUNTANT, orders=orders, digits=digits,
                         relation=relation, width=width)

    def mechanism(self):
        """Opacus's name of this accountant (registered with Opacus), its
        settings appended where they are not the defaults
        ('leakproof_rdp[orders=2,4,8]'): make_private_with_epsilon's noise
        search creates its accountant from this name, and must account as
        the engine's will."""
        _register_if_opacus_is_loaded()
        s = self._s
        settings = [("orders", ",".join(s.orders) if s.orders is not None else None),
                    ("digits", str(s.digits) if s.digits != 6 else None),
                    ("relation", s.relation), ("width", s.width)]
        settings = ["%s=%s" % (k, v) for k, v in settings if v is not None]
        return self.NAME + ("[%s]" % ";".join(settings) if settings else "")

    @classmethod
    def from_mechanism(cls, name):
        """The accountant a mechanism() name describes."""
        settings = {}
        if name != cls.NAME:
            inner = name[len(cls.NAME):]
            if not (inner.startswith("[") and inner.endswith("]")):
                raise ValueError("leakproof: not a name of %s: %r" % (cls.NAME, name))
            for item in inner[1:-1].split(";"):
                key, _, value = item.partition("=")
                if key not in ("orders", "digits", "relation", "width") or key in settings:
                    raise ValueError("leakproof: %r: unknown setting %r" % (name, key))
                settings[key] = value.split(",") if key == "orders" else value
        return cls(**settings)

    def get_epsilon(self, delta, **kwargs):
        """The certified upper bound on epsilon spent so far at delta, as a
        CertifiedFloat (0 before any step, as Opacus's); a list of deltas
        gives a list.  Opacus's keyword arguments: alphas (RDP: the orders of
        this query), eps_error and delta_error (its PRV accountant's error
        targets: the PLD bracket here is certified, they change nothing),
        poisson (True only)."""
        orders = self._opacus_options(kwargs)
        if not self._s.history:
            zero = CertifiedFloat(UpperBound("0", status="ok", certified=True))
            return [zero for _ in delta] if isinstance(delta, (list, tuple)) else zero
        if orders is not None:
            out = self._query("delta", delta, orders)
        else:
            out = super().get_epsilon(delta)
        return [CertifiedFloat(b) for b in out] if isinstance(out, list) else CertifiedFloat(out)

    def _opacus_options(self, kwargs):
        alphas = kwargs.pop("alphas", None)
        kwargs.pop("eps_error", None)
        kwargs.pop("delta_error", None)
        if kwargs.pop("poisson", True) is not True:
            raise ValueError("leakproof: poisson=False: these accountants account Poisson "
                             "sampling (fixed batches: leakproof.Accountant, sampling="
                             "'fixed-batch')")
        if kwargs:
            raise TypeError("leakproof: %s.get_epsilon() got unexpected keyword argument%s %s"
                            % (type(self).__name__, "s" if len(kwargs) > 1 else "",
                               ", ".join(sorted(kwargs))))
        if alphas is None:
            return None
        if self.ACCOUNTANT != "rdp":
            raise ValueError("leakproof: alphas (RDP orders) with the PLD accountant")
        return tuple(decimal_text(a, "alphas") for a in alphas)

    def get_privacy_spent(self, *, delta, alphas=None):
        """(epsilon, best order) as floats, as Opacus's RDPAccountant returns
        them (order nan under the PLD); (0, 0) before any step."""
        eps = self.get_epsilon(delta, alphas=alphas) if alphas is not None \
            else self.get_epsilon(delta)
        order = eps.bound.order
        return eps, (0.0 if not self._s.history else float(order) if order else float("nan"))

    def get_optimizer_hook_fn(self, sample_rate):
        """The hook Opacus attaches to its DPOptimizer: one step per optimizer
        step at the optimizer's noise multiplier and sample_rate times its
        accumulated iterations."""
        def hook_fn(optim):
            self.step(noise_multiplier=optim.noise_multiplier,
                      sample_rate=_exact_times(sample_rate, optim.accumulated_iterations))
        return hook_fn

    def state_dict(self, destination=None):
        state = super().state_dict(destination)
        state["mechanism"] = self.NAME
        return state

    def load_state_dict(self, state_dict):
        """Opacus's checkpoint of this accountant (or any leakproof
        Accountant's state_dict of the same accountant, or the history of
        Opacus's own accountants: {'history': [(M, q, T), ...], 'mechanism':
        'rdp'}); all or nothing."""
        if state_dict is None or len(state_dict) == 0:
            raise ValueError("leakproof: state dict is either None or empty and hence cannot be "
                             "loaded into the privacy accountant")
        mech = state_dict.get("mechanism")
        if isinstance(mech, str) and mech.split("[", 1)[0] in ACCOUNTANTS \
                and mech.split("[", 1)[0] != self.NAME:
            raise ValueError("leakproof: a state_dict of %s cannot be loaded into %s"
                             % (mech, self.NAME))
        state = dict(state_dict)
        if state.get("accountant", self.ACCOUNTANT) != self.ACCOUNTANT:
            raise ValueError("leakproof: a state_dict of accountant %r cannot be loaded into %s"
                             % (state["accountant"], self.NAME))
        super().load_state_dict(state)

    def __setstate__(self, saved):
        type(self).__init__(self)
        self.load_state_dict(saved["state_dict"])


class RDPAccountant(_OpacusAccountant):
    """Opacus's RDPAccountant, certified (mechanism 'leakproof_rdp')."""
    NAME = RDP_NAME
    ACCOUNTANT = "rdp"


class PLDAccountant(_OpacusAccountant):
    """The certified PLD bracket's upper end for Opacus (mechanism
    'leakproof_pld'); Opacus's 'prv' accountant estimates the same curve."""
    NAME = PLD_NAME
    ACCOUNTANT = "pld"


ACCOUNTANTS = {RDP_NAME: RDPAccountant, PLD_NAME: PLDAccountant}

_lock = threading.Lock()
_registered = []                # the opacus.accountants module registered with


def _wrap(original):
    if getattr(original, "_leakproof_original", None) is not None:
        return original

    def create_accountant(mechanism):
        if isinstance(mechanism, _OpacusAccountant):
            return mechanism            # PrivacyEngine(accountant=<instance>)
        if isinstance(mechanism, Accountant):
            raise ValueError("leakproof: Opacus takes leakproof.opacus.RDPAccountant or "
                             "PLDAccountant (a float epsilon, Opacus's mechanism names), not %s"
                             % type(mechanism).__name__)
        if isinstance(mechanism, str):
            base = mechanism.split("[", 1)[0]
            if base in ACCOUNTANTS:
                return ACCOUNTANTS[base].from_mechanism(mechanism)
        return original(mechanism=mechanism)

    create_accountant._leakproof_original = original
    create_accountant.__doc__ = original.__doc__
    return create_accountant


def register():
    """Tells Opacus (imported here) the names 'leakproof_rdp' and
    'leakproof_pld' and lets its create_accountant take an instance of
    either (see the module doc).  Returns the names."""
    import opacus.accountants as accountants        # noqa: F401 (ImportError: no Opacus)
    with _lock:
        if accountants in _registered:
            return sorted(ACCOUNTANTS)
        if hasattr(accountants, "register_accountant"):
            for name, cls in ACCOUNTANTS.items():
                try:
                    accountants.register_accountant(name, cls, force=True)
                except TypeError:           # a registry without force=
                    accountants.register_accountant(name, cls)
        for module_name in ("opacus.accountants", "opacus.accountants.registry",
                            "opacus.accountants.utils", "opacus.privacy_engine"):
            try:
                __import__(module_name)
            except ImportError:
                continue
            module = sys.modules[module_name]
            if hasattr(module, "create_accountant"):
                module.create_accountant = _wrap(module.create_accountant)
        _registered.append(accountants)
    return sorted(ACCOUNTANTS)


def _register_if_opacus_is_loaded():
    module = sys.modules.get("opacus.accountants")
    if module is not None and module not in _registered:
        register()


def get_noise_multiplier(*, target_epsilon, target_delta, sample_rate, epochs=None, steps=None,
                         accountant="rdp", epsilon_tolerance=0.01, **kwargs):
    """Opacus's get_noise_multiplier, certified: the least noise multiplier
    (on leakproof's grid) whose certified epsilon is at most target_epsilon,
    as a CertifiedFloat (a float at or above the sufficient multiplier).
    accountant: 'rdp' or 'leakproof_rdp' (certified RDP), 'pld',
    'leakproof_pld' or 'prv' (the certified PLD bracket's upper end: Opacus's
    PRV accountant estimates the same curve); steps = int(epochs /
    sample_rate) from epochs, as Opacus counts them."""
    from . import accounting
    names = {RDP_NAME: "rdp", PLD_NAME: "pld"}
    return CertifiedFloat(accounting.get_noise_multiplier(
        target_epsilon=target_epsilon, target_delta=target_delta, sample_rate=sample_rate,
        epochs=epochs, steps=steps, accountant=names.get(accountant, accountant),
        epsilon_tolerance=epsilon_tolerance, **kwargs))


_register_if_opacus_is_loaded()
