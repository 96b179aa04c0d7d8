"""A stand-in for Opacus's accounting surface, for the contract tests when
Opacus is not installed: modules named as Opacus's (opacus.accountants,
opacus.accountants.utils, opacus.privacy_engine, and opacus.accountants.
registry for 1.5) whose functions make the calls Opacus's make, in the same
order and with the same arguments, as read in its sources (v1.4.0 and
v1.5): nothing of its code, only what it asks of an accountant.

- create_accountant(mechanism=NAME): 1.4 knows 'rdp', 'gdp', 'prv' by an
  if-chain and raises ValueError otherwise; 1.5 looks NAME up in a dict that
  register_accountant(name, cls, force=False) fills.
- get_noise_multiplier(*, target_epsilon, target_delta, sample_rate,
  epochs=None, steps=None, accountant='rdp', epsilon_tolerance=0.01,
  **kwargs): steps = int(epochs / sample_rate); one accountant from
  create_accountant(mechanism=accountant); sigma doubled from 10 while
  get_epsilon(delta=target_delta, **kwargs) of history [(sigma, q, steps)]
  exceeds the target (ValueError past 1e6), then halved between 0 and it
  until the target minus the upper end's epsilon is within the tolerance,
  keeping the upper end only where its epsilon is below the target;
  returns the upper end.
- PrivacyEngine(accountant='prv'): self.accountant = create_accountant(
  mechanism=accountant); make_private attaches
  accountant.get_optimizer_hook_fn(sample_rate=1/len(data_loader)) to the
  optimizer, which calls it once per step(); make_private_with_epsilon warns
  if len(accountant) > 0 and asks get_noise_multiplier(...,
  accountant=self.accountant.mechanism(), **kwargs); get_epsilon(delta) is
  accountant.get_epsilon(delta); save_checkpoint pickles
  accountant.state_dict() (torch.save) and load_checkpoint hands it back to
  accountant.load_state_dict.
"""

import io
import pickle
import sys
import types
import warnings


class FakeAccountant:
    """An accountant of Opacus's own, as far as the tests need one."""

    def __init__(self, name):
        self.name, self.history = name, []

    def mechanism(self):
        return self.name


def install(monkeypatch, version="1.4"):
    """Puts the stand-in modules in sys.modules (monkeypatch restores them);
    returns the namespace of its functions."""
    ns = types.SimpleNamespace(version=version, registry={})
    for known in ("rdp", "gdp", "prv"):
        ns.registry[known] = (lambda k: (lambda: FakeAccountant(k)))(known)

    def create_accountant(mechanism):
        if version == "1.4":
            if mechanism == "rdp":
                return ns.registry["rdp"]()
            elif mechanism == "gdp":
                return ns.registry["gdp"]()
            elif mechanism == "prv":
                return ns.registry["prv"]()
            raise ValueError(f"Unexpected accounting mechanism: {mechanism}")
        if mechanism in ns.registry:
            return ns.registry[mechanism]()
        raise ValueError(f"Unexpected accounting mechanism: {mechanism}")

    def register_accountant(mechanism, accountant, force=False):
        if mechanism in ns.registry and not force:
            raise ValueError(f"Accountant for mechanism {mechanism} is already registered")
        ns.registry[mechanism] = accountant

    accountants = types.ModuleType("opacus.accountants")
    accountants.create_accountant = create_accountant
    utils = types.ModuleType("opacus.accountants.utils")
    engine_module = types.ModuleType("opacus.privacy_engine")
    opacus = types.ModuleType("opacus")
    opacus.accountants = accountants
    accountants.utils = utils
    modules = {"opacus": opacus, "opacus.accountants": accountants,
               "opacus.accountants.utils": utils, "opacus.privacy_engine": engine_module}
    if version != "1.4":
        registry = types.ModuleType("opacus.accountants.registry")
        registry.create_accountant = create_accountant
        registry.register_accountant = register_accountant
        accountants.register_accountant = register_accountant
        modules["opacus.accountants.registry"] = registry

    # each module calls the create_accountant it imported, looked up at call time
    utils.create_accountant = create_accountant
    engine_module.create_accountant = create_accountant

    def get_noise_multiplier(*, target_epsilon, target_delta, sample_rate, epochs=None,
                             steps=None, accountant="rdp", epsilon_tolerance=0.01, **kwargs):
        if (steps is None) == (epochs is None):
            raise ValueError("EITHER steps or epochs")
        if steps is None:
            steps = int(epochs / sample_rate)
        acc = utils.create_accountant(mechanism=accountant)
        ns.probes = []
        eps_high, sigma_low, sigma_high = float("inf"), 0, 10
        while eps_high > target_epsilon:
            sigma_high = 2 * sigma_high
            acc.history = [(sigma_high, sample_rate, steps)]
            eps_high = acc.get_epsilon(delta=target_delta, **kwargs)
            ns.probes.append((sigma_high, eps_high))
            if sigma_high > 1e6:
                raise ValueError("The privacy budget is too low.")
        while target_epsilon - eps_high > epsilon_tolerance:
            sigma = (sigma_low + sigma_high) / 2
            acc.history = [(sigma, sample_rate, steps)]
            eps = acc.get_epsilon(delta=target_delta, **kwargs)
            ns.probes.append((sigma, eps))
            if eps < target_epsilon:
                sigma_high, eps_high = sigma, eps
            else:
                sigma_low = sigma
        return sigma_high

    utils.get_noise_multiplier = get_noise_multiplier

    class DPOptimizer:
        def __init__(self, noise_multiplier, accumulated_iterations=1):
            self.noise_multiplier = noise_multiplier
            self.accumulated_iterations = accumulated_iterations
            self.step_hook = None

        def attach_step_hook(self, fn):
            self.step_hook = fn

        def step(self):
            if self.step_hook:
                self.step_hook(self)

    class PrivacyEngine:
        def __init__(self, *, accountant="prv", secure_mode=False):
            self.accountant = engine_module.create_accountant(mechanism=accountant)

        def make_private(self, *, data_loader, noise_multiplier, **ignored):
            sample_rate = 1 / len(data_loader)
            optimizer = DPOptimizer(noise_multiplier)
            optimizer.attach_step_hook(self.accountant.get_optimizer_hook_fn(sample_rate=sample_rate))
            return optimizer

        def make_private_with_epsilon(self, *, data_loader, target_epsilon, target_delta,
                                      epochs, **kwargs):
            sample_rate = 1 / len(data_loader)
            if len(self.accountant) > 0:
                warnings.warn("non-zero privacy budget already spent")
            return self.make_private(data_loader=data_loader, noise_multiplier=utils.get_noise_multiplier(
                target_epsilon=target_epsilon, target_delta=target_delta, sample_rate=sample_rate,
                epochs=epochs, accountant=self.accountant.mechanism(), **kwargs))

        def get_epsilon(self, delta):
            return self.accountant.get_epsilon(delta)

        def save_checkpoint(self, *, path):
            pickle.dump({"privacy_accountant_state_dict": self.accountant.state_dict()}, path)

        def load_checkpoint(self, *, path):
            checkpoint = pickle.load(path)
            self.accountant.load_state_dict(checkpoint["privacy_accountant_state_dict"])

    engine_module.PrivacyEngine = PrivacyEngine
    opacus.PrivacyEngine = PrivacyEngine
    ns.PrivacyEngine, ns.DPOptimizer, ns.get_noise_multiplier = PrivacyEngine, DPOptimizer, get_noise_multiplier
    ns.create_accountant = lambda mechanism: accountants.create_accountant(mechanism=mechanism)
    ns.BytesIO = io.BytesIO
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    return ns
