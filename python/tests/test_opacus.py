"""leakproof.opacus against Opacus's call sequences (issue 41 item 2): a
stand-in of Opacus 1.4 and of 1.5 (fake_opacus.py: its functions make the
calls Opacus's make) runs PrivacyEngine, make_private_with_epsilon,
get_noise_multiplier, the optimizer hook and checkpoints with the shipped
accountants; the real Opacus, where importable, trains a tiny model."""

import decimal
import io
import os
import pickle
import sys
import warnings

import pytest

import leakproof
import leakproof.opacus as lpo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fake_opacus  # noqa: E402

D = decimal.Decimal
ORDERS = ["1.5", "2", "3", "4", "6", "8", "12", "16", "24", "32", "48", "64"]


@pytest.fixture(params=["1.4", "1.5"])
def opacus(request, monkeypatch):
    ns = fake_opacus.install(monkeypatch, request.param)
    monkeypatch.setattr(lpo, "_registered", [])
    return ns


def test_register_and_privacy_engine_by_name_and_instance(opacus):
    assert lpo.register() == ["leakproof_pld", "leakproof_rdp"]
    assert lpo.register() == ["leakproof_pld", "leakproof_rdp"]       # idempotent
    engine = opacus.PrivacyEngine(accountant="leakproof_rdp")
    assert isinstance(engine.accountant, lpo.RDPAccountant)
    mine = lpo.PLDAccountant()
    assert opacus.PrivacyEngine(accountant=mine).accountant is mine
    assert opacus.PrivacyEngine(accountant="rdp").accountant.mechanism() == "rdp"  # Opacus's own
    with pytest.raises(ValueError, match="Unexpected accounting mechanism"):
        opacus.PrivacyEngine(accountant="nonsense")
    with pytest.raises(ValueError, match="leakproof.opacus"):
        opacus.PrivacyEngine(accountant=leakproof.Accountant())


def test_make_private_with_epsilon_then_training_steps(opacus):
    """The engine's accountant set by hand (no registration asked): Opacus
    asks its mechanism() before the noise search, which registers it."""
    engine = opacus.PrivacyEngine(accountant="rdp")
    engine.accountant = lpo.RDPAccountant(orders=ORDERS)
    loader = list(range(100))                       # 100 batches: sample_rate 0.01
    optimizer = engine.make_private_with_epsilon(data_loader=loader, target_epsilon=3,
                                                 target_delta=1e-5, epochs=10)
    sigma = optimizer.noise_multiplier
    # Opacus's search ran on our accountant: every probe a certified float
    assert all(isinstance(e, lpo.CertifiedFloat) for _, e in opacus.probes)
    assert 0.5 < sigma < 2
    for _ in range(1000):
        optimizer.step()
    assert len(engine.accountant) == 1000 and len(engine.accountant.history) == 1
    eps = engine.get_epsilon(1e-5)
    assert isinstance(eps, float) and eps <= 3 and 3 - eps <= 0.01 + 1e-9
    # the float is the certified bound rounded up; the bound is the command's
    assert D(eps) >= eps.bound and eps.bound.certified
    ref = leakproof.Accountant(orders=ORDERS)
    ref.step(noise_multiplier=sigma, sample_rate=0.01, num_steps=1000)
    assert ref.get_epsilon(1e-5) == eps.bound


def test_get_noise_multiplier_of_opacus_on_both_accountants(opacus):
    if opacus.version == "1.4":
        pytest.skip("the search is the same in both: run once, on 1.5's registry")
    lpo.register()
    for name in ("leakproof_rdp[orders=2,3,4,6,8,12,16,32,64]", "leakproof_pld"):
        sigma = opacus.get_noise_multiplier(target_epsilon=3, target_delta=1e-5,
                                            sample_rate=0.1, steps=50, accountant=name,
                                            epsilon_tolerance=0.1)
        acc = opacus.create_accountant(name)
        assert isinstance(acc, lpo.ACCOUNTANTS[name.split("[")[0]])
        acc.history = [(sigma, 0.1, 50)]
        assert acc.get_epsilon(1e-5) <= 3                # the certified upper end


def test_hook_counts_accumulated_iterations_exactly(opacus):
    acc = lpo.RDPAccountant()
    hook = acc.get_optimizer_hook_fn(sample_rate=0.01)
    hook(opacus.DPOptimizer(noise_multiplier=1.1, accumulated_iterations=3))
    hook(opacus.DPOptimizer(noise_multiplier=1.1, accumulated_iterations=3))
    assert acc.history == [("gaussian", "1.1", "0.03", 2, "poisson")]


def test_checkpoints_round_trip_and_refuse_the_other_accountant(opacus):
    lpo.register()
    engine = opacus.PrivacyEngine(accountant="leakproof_pld")
    optimizer = engine.make_private(data_loader=list(range(100)), noise_multiplier=1.1)
    for _ in range(100):
        optimizer.step()
    eps = engine.get_epsilon(1e-5)
    buffer = io.BytesIO()
    engine.save_checkpoint(path=buffer)
    again = opacus.PrivacyEngine(accountant="leakproof_pld")
    buffer.seek(0)
    again.load_checkpoint(path=buffer)
    assert again.accountant.history == engine.accountant.history
    assert again.get_epsilon(1e-5) == eps
    state = engine.accountant.state_dict()
    assert state["mechanism"] == "leakproof_pld" and state["history"]
    with pytest.raises(ValueError):
        lpo.RDPAccountant().load_state_dict(state)          # the PLD's into the RDP
    other = lpo.RDPAccountant()
    other.load_state_dict({"history": [(1.1, 0.01, 100)], "mechanism": "rdp"})   # Opacus's own
    assert len(other) == 100
    assert pickle.loads(pickle.dumps(engine.accountant)).history == engine.accountant.history


def test_opacus_face_of_the_accountants():
    acc = lpo.RDPAccountant()
    assert acc.get_epsilon(1e-5) == 0 and acc.get_privacy_spent(delta=1e-5) == (0, 0)
    acc.step(noise_multiplier=1.1, sample_rate=0.01)
    eps, order = acc.get_privacy_spent(delta=1e-5)
    assert isinstance(eps, float) and order > 1
    assert acc.get_epsilon(1e-5, alphas=[2, 4, 8, 16]) >= eps    # fewer orders: no better
    with pytest.raises(TypeError, match="unexpected"):
        acc.get_epsilon(1e-5, nonsense=1)
    assert lpo.PLDAccountant().mechanism() == "leakproof_pld"
    pld = lpo.PLDAccountant()
    pld.step(noise_multiplier=1.1, sample_rate=0.01)
    assert pld.get_epsilon(1e-5, eps_error=0.01) <= eps


def test_leakproof_get_noise_multiplier_takes_opacus_names():
    run = dict(target_epsilon=3, target_delta=1e-5, sample_rate=0.1, steps=50,
               resolution=1)     # a grid of 0.1: fewer compositions, the same promise
    r = leakproof.get_noise_multiplier(accountant="pld", **run)
    with warnings.catch_warnings(record=True) as caught:       # Opacus's signature and name
        warnings.simplefilter("always")
        p = lpo.get_noise_multiplier(accountant="prv", **run)
    assert isinstance(p, float) and D(p) >= r and p.bound == r
    assert any("PLD" in str(w.message) for w in caught)
    # the promise: the certified upper end of account's own bracket at it
    lo, hi = leakproof.pld_epsilon(r, "0.1", 50, "1e-5")
    assert hi <= 3 and D(r.record["epsilon_upper_bound"]) == hi
    b = leakproof.get_noise_multiplier(target_epsilon=3, target_delta=1e-5, batch_size=100,
                                       dataset_size=1000, epochs=5, resolution=1)
    assert b.record["sampling_rate"] == "100/1000" or D(b.record["sampling_rate"]) == D("0.1")
    assert b.record["steps"] == 50
    with pytest.raises(ValueError, match="accountant"):
        leakproof.get_noise_multiplier(accountant="gdp", **run)


# ---- the real Opacus, where it is installed ----------------------------------------

def test_real_opacus_trains_with_the_certified_accountant(tmp_path):
    import importlib.util
    if importlib.util.find_spec("opacus") is None:       # before torch's second of import
        pytest.skip("Opacus is not installed (not in Debian; pip install opacus where PyPI "
                    "is reachable)")
    torch = pytest.importorskip("torch", reason="PyTorch is not installed (Debian: python3-torch)")
    opacus = pytest.importorskip("opacus", reason="Opacus does not import here")
    from torch.utils.data import DataLoader, TensorDataset
    lpo.register()
    torch.manual_seed(1)
    data = TensorDataset(torch.randn(256, 4), torch.randint(0, 2, (256,)))
    model = torch.nn.Linear(4, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    engine = opacus.PrivacyEngine(accountant="leakproof_rdp")
    model, optimizer, loader = engine.make_private_with_epsilon(
        module=model, optimizer=optimizer, data_loader=DataLoader(data, batch_size=32),
        target_epsilon=3, target_delta=1e-5, epochs=2, max_grad_norm=1.0)
    for _ in range(2):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
    eps = engine.get_epsilon(1e-5)
    assert isinstance(eps, lpo.CertifiedFloat) and 0 < eps <= 3 and eps.bound.certified
    path = str(tmp_path / "checkpoint.pt")
    engine.save_checkpoint(path=path, module=model)
    again = opacus.PrivacyEngine(accountant="leakproof_rdp")
    again.load_checkpoint(path=path, module=model)
    assert again.get_epsilon(1e-5) == eps
