"""DP-SGD accounting in Opacus's words: certified numbers a training loop can use."""

import decimal
import math

import pytest

import leakproof


def test_account_epsilon_is_an_upper_bound_with_its_order():
    r = leakproof.account(noise_multiplier=1.1, sampling_rate=0.00512, steps=3906, delta=1e-5)
    eps = r.epsilon
    assert isinstance(eps, decimal.Decimal) and isinstance(eps, leakproof.UpperBound)
    assert eps.certified is True and eps.status == "ok" and eps.order
    assert "Balle" in eps.conversion
    assert decimal.Decimal(float(eps)) >= eps            # float() rounds up
    assert float(eps) == math.nextafter(float(decimal.Decimal(eps)), 0) or \
        decimal.Decimal(float(eps)) >= eps
    assert r.epsilon_classic >= eps                      # Balle et al.'s conversion is tighter


def test_float_rounds_up():
    b = leakproof.UpperBound("0.1")
    assert decimal.Decimal(float(b)) >= decimal.Decimal("0.1")
    assert float(leakproof.UpperBound("0.5")) == 0.5


def test_opacus_loop_agrees_with_the_command():
    acc = leakproof.RDPAccountant()
    for _ in range(3906):
        acc.step(noise_multiplier=1.1, sample_rate=256 / 50000)
    assert len(acc) == 3906 and len(acc.history) == 1
    eps = acc.get_epsilon(1e-5)
    cli = leakproof.account(noise_multiplier="1.1", sampling_rate="0.00512", steps=3906,
                            delta="1e-5")
    assert eps == cli.epsilon and eps.order == cli.epsilon.order
    eps2, order = acc.get_privacy_spent(delta=1e-5)
    assert eps2 == eps and order == eps.order
    acc2 = leakproof.RDPAccountant()
    acc2.step(noise_multiplier=1.1, sample_rate=0.00512, num_steps=3906)
    assert acc2.get_epsilon(1e-5) == eps


def test_get_noise_multiplier_meets_its_target():
    m = leakproof.get_noise_multiplier(target_epsilon=2, target_delta=1e-5,
                                       sample_rate=0.00512, steps=3906)
    assert isinstance(m, leakproof.UpperBound) and m > 0
    eps = leakproof.account(noise_multiplier=m, sampling_rate="0.00512", steps=3906,
                            delta="1e-5").epsilon
    assert eps <= 2
    # epochs: Opacus's int(epochs / sample_rate) steps
    m2 = leakproof.get_noise_multiplier(target_epsilon=2, target_delta=1e-5,
                                        sample_rate="0.00512", epochs=20)
    assert m2 == m                                       # int(20 / 0.00512) = 3906
    with pytest.raises(TypeError, match="epochs"):
        leakproof.get_noise_multiplier(target_epsilon=2, target_delta=1e-5,
                                       sample_rate=0.00512)


def test_lists_and_words_are_checked():
    with pytest.raises(TypeError, match="sigma"):
        leakproof.eval("gauss", p=5, sigma=[1, 2], radius=1)
    with pytest.raises(TypeError, match="str"):
        leakproof.eval(3, p=5, sigma=1, radius=1)
    with pytest.raises(ValueError, match="NUL"):
        leakproof.eval("gauss\0evil", p=5, sigma=1, radius=1)


def test_every_command_sweeps():
    numpy = pytest.importorskip("numpy")
    s = leakproof.calibrate(epsilon=numpy.array(["0.5", "1"]), delta="1e-5")
    assert len(s) == 2
    s = leakproof.account(noise_multiplier=numpy.array([1.0, 2.0]), sampling_rate="0.01",
                          steps=100, delta="1e-5")
    eps = [r.epsilon for r in s.results]
    assert eps[1] < eps[0]


def test_help_documents_parameters_and_an_example():
    for f in (leakproof.eval, leakproof.mc, leakproof.account, leakproof.calibrate,
              leakproof.channel, leakproof.get_noise_multiplier, leakproof.RDPAccountant.step,
              leakproof.RDPAccountant.get_epsilon):
        doc = f.__doc__ or ""
        assert len(doc.splitlines()) >= 2, f.__name__


def test_dpsgd_inputs_checked():
    with pytest.raises(TypeError, match="layers"):
        leakproof.dpsgd(noise_multiplier=1, clip=1, layers="456")
    with pytest.raises(TypeError, match="layers"):
        leakproof.dpsgd(noise_multiplier=1, clip=1, layers=b"\x64")
    with pytest.raises(ValueError, match="batch"):
        leakproof.dpsgd(noise_multiplier=1, clip=1, model_params=10, secret="batch", batch="0.5")
    with pytest.raises(ValueError, match="noise_multiplier"):
        leakproof.dpsgd(noise_multiplier="\uff11", clip=1, model_params=10)


def test_account_in_dpsgd_terms_names_its_convention():
    r = leakproof.account(noise_multiplier="1.1", batch=256, dataset_size=50000, epochs=20,
                          delta="1e-5", orders="integers")
    assert r["sampling_rate"] == "256/50000" and r["steps"] == 3920
    assert r["sampling_convention"].startswith("poisson")
    same = leakproof.account(noise_multiplier="1.1", sampling_rate="256/50000", steps=3920,
                             delta="1e-5", orders="integers")
    assert r.epsilon == same.epsilon
    o = leakproof.account(noise_multiplier="1.1", batch=256, dataset_size=50000, epochs=20,
                          delta="1e-5", sampling="opacus", orders="integers")
    assert o["sampling_rate"] == "1/196" and o["sampling_convention"].startswith("opacus")
    with pytest.raises(ValueError, match="dataset-size"):
        leakproof.account(noise_multiplier=1, batch=300, dataset_size=100, epochs=1, delta=1e-5)
