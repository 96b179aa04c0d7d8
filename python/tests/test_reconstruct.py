"""reconstruct(): the Bayes-optimal attacker from Python, and what a capacity
means for an attacker in eval's and dpsgd()'s records."""

import math
from decimal import Decimal

import pytest

import leakproof


def test_two_points_map_success_is_phi_of_half_the_distance_over_sigma():
    r = leakproof.reconstruct("gauss", p=1, sigma="0.5", n=2, samples=20000, seed=3)
    assert r["command"] == "reconstruct" and r["n"] == 2
    # the capacity bound min(1, C/2) holds within 4 standard errors
    assert r["success"] <= float(Decimal(r["attacker_success_bound"])) + 4 * r["success_std_error"]
    assert 0.5 <= r["success"] <= 1 and r["mse"] <= r["prior_mse"]


def test_gaussian_prior_mmse_and_tan_bound():
    r = leakproof.reconstruct("gauss", p=2, sigma=1, prior="gauss", prior_scale=1, inner=2000,
                              samples=3000, seed=1)
    exact = 2 * 1 * 1 / (1 + 1)
    assert r["tan_bound"] == pytest.approx(exact, rel=1e-12)
    # the posterior mean is closed here: no inner draws, no bias to allow for
    assert r["inner_ess_mean"] is None and r["mse_bias"] == 0
    assert abs(r["mse"] - exact) <= 4 * r["mse_std_error"]
    assert r["success"] is None and r["log2_capacity"] is None   # the prior is not in the ball


def test_the_seed_alone_decides():
    a = leakproof.reconstruct("vmf", p=3, kappa=5, n=32, samples=600, seed=9, threads=1)
    b = leakproof.reconstruct("vmf", p=3, kappa=5, n=32, samples=600, seed=9, threads=2)
    assert (a["success"], a["mse"]) == (b["success"], b["mse"])


def test_delta_ball_gain_below_its_capacity_bound():
    r = leakproof.reconstruct("gauss", p=2, sigma=1, n=40, ball_radius="0.3", samples=2000, seed=2)
    assert r["success"] <= r["ball_success"] <= r["ball_success_upper"] <= 1
    assert r["ball_success"] <= float(Decimal(r["ball_capacity_bound"])) + 4 * r["ball_success_std_error"]
    assert r["ball_prior_vulnerability"] <= r["ball_prior_vulnerability_upper"]


def test_digits_prior_or_the_file_named():
    try:
        r = leakproof.reconstruct("gauss", prior="digits", n=20, sigma="0.5", samples=300, seed=1)
    except ValueError as e:      # python3-sklearn absent: one message naming the file
        assert "digits.csv.gz" in str(e)
        pytest.skip("python3-sklearn's digits.csv.gz absent")
    assert r["p"] == 64 and r["prior"] == "digits" and 0 < r["success"] <= 1


def test_bad_input_names_the_parameter():
    with pytest.raises(ValueError, match="--prior"):
        leakproof.reconstruct("vmf", p=3, kappa=5, prior="gauss", samples=10, seed=1)


def test_eval_says_what_the_capacity_means():
    r = leakproof.eval("gauss", p=13700, sigma=1, radius=1)
    bits = Decimal(r["log2_capacity"])
    assert abs(bits - Decimal(r["log10"]) * Decimal(math.log2(10))) < Decimal("0.01")
    assert r["attacker_min_entropy_bits"] == r["log2_capacity"]
    assert r["attacker_note"].startswith("vacuous")
    small = leakproof.eval("gauss", p=3, sigma=1, radius=1)
    assert not small["attacker_note"].startswith("vacuous")


def test_dpsgd_says_it_too():
    r = leakproof.dpsgd(noise_multiplier=1, clip=1, model_params=13700)
    assert r.log2_capacity == r.whole_vector["log2_capacity"]
    assert "vacuous" in r.attacker_note and "bits" in repr(r)


def test_every_capacity_says_whether_its_bound_is_certified():
    # the same keys from Python: eval arb certified, a double's point value and
    # a Monte Carlo estimate not certified (the note says so), a Shannon
    # capacity absent with the reason
    assert leakproof.eval("gauss", p=3, sigma=1, radius=1)["attacker_certified"] is True
    d = leakproof.eval("gauss", p=3, sigma=1, radius=1, method="double")
    assert d["attacker_certified"] is False and d["attacker_note"].startswith("not certified")
    m = leakproof.mc("gauss", p=2, sigma=1, radius=1, samples=2000, seed=1)
    assert m["attacker_certified"] is False and float(m["log2_capacity"]) >= math.log2(m["estimate"])
    c = leakproof.channel("capacity", eigenvalues=["1"], noise_variance="2")
    assert c["log2_capacity"] is None and "Fano" in c["attacker_note"]
