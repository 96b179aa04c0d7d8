"""dpsgd: noise multiplier, clipping norm, batch and model in, the capacity of
whole-vector and per-layer clipping out."""

import os

import pytest

import leakproof
from reference import overlap

LENET = [456, 2416, 48120, 10164, 850]


def test_one_example_is_theorem_3_1_at_radius_clip():
    r = leakproof.dpsgd(noise_multiplier="1.1", clip="0.5", model_params=13700)
    assert (r.p, r.sigma, r.radius) == (13700, "0.55", "0.5")
    direct = leakproof.eval("gauss", p=13700, sigma="0.55", radius="0.5")
    assert overlap(r.whole_vector.value, r.whole_vector.bound, direct.value, direct.bound)
    assert r.per_layer is None


def test_the_batch_is_radius_batch_times_clip():
    r = leakproof.dpsgd(noise_multiplier="2", clip="0.5", model_params=1000, batch=64,
                        secret="batch")
    assert (r.sigma, r.radius) == ("1.0", "32.0")
    direct = leakproof.eval("gauss", p=1000, sigma="1", radius="32")
    assert overlap(r.whole_vector.value, r.whole_vector.bound, direct.value, direct.bound)
    example = leakproof.dpsgd(noise_multiplier="2", clip="0.5", model_params=1000)
    assert r.whole_vector.log10 > example.whole_vector.log10


def test_per_layer_beside_whole_vector(top_srcdir):
    r = leakproof.dpsgd(noise_multiplier=1, clip=1, layers=LENET)
    assert r.p == sum(LENET) == 62006
    # each layer clipped to C: a product of balls, larger than the ball of radius C
    assert r.per_layer.log10 > r.whole_vector.log10
    from_file = leakproof.dpsgd(noise_multiplier=1, clip=1, layers_file=os.path.join(
        top_srcdir, "cases", "networks", "lenet.layers"))
    assert from_file.p == r.p and from_file.per_layer.value == r.per_layer.value


def test_agrees_with_the_programs_noise_multiplier():
    try:
        cli = leakproof.eval("gauss", p=13700, noise_multiplier="1.1", clip="1")
    except ValueError as exc:
        pytest.skip("eval has no --noise-multiplier in this build: %s" % exc)
    mine = leakproof.dpsgd(noise_multiplier="1.1", clip="1", model_params=13700)
    assert overlap(cli.value, cli.bound, mine.whole_vector.value, mine.whole_vector.bound)


@pytest.mark.parametrize("params, named", [
    (dict(noise_multiplier="1", clip="1", model_params=10, secret="batch"), "batch"),
    (dict(noise_multiplier="-1", clip="1", model_params=10), "noise_multiplier"),
    (dict(noise_multiplier="1", clip="0", model_params=10), "clip"),
    (dict(noise_multiplier="1", clip="1", model_params=10, layers=[5, 5]), "exactly one"),
    (dict(noise_multiplier="1", clip="1", model_params=10, secret="model"), "secret"),
])
def test_bad_input(params, named):
    with pytest.raises(ValueError, match=named):
        leakproof.dpsgd(**params)
