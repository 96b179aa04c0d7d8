"""account(..., accountant="pld", relation="replace"): the replace-one bracket
(issue 33, part 3) through the Python path, beside the RDP accountant's
replace-one bound (an independent upper bound) and the add/remove bracket."""

import leakproof


def test_replace_bracket_below_rdp_and_above_add_remove():
    run = dict(noise_multiplier="1.1", sampling_rate="0.01", steps=100, delta="1e-5")
    r = leakproof.account(accountant="pld", relation="replace", **run)
    assert r["relation"] == "replace" and r["dominance_status"] == "checked"
    assert r["certified"] and r["neighbours"] == "replace one example"
    lo, hi = float(r["epsilon_lower_bound"]), float(r.epsilon)
    assert 0 < lo <= hi <= 1.02 * lo
    rdp = leakproof.account(relation="replace", **run).epsilon
    assert lo <= float(rdp)
    ar = leakproof.account(accountant="pld", **run)
    assert float(ar.epsilon) < lo       # substituting costs more than adding or removing


def test_accountant_object_replace_matches_the_command():
    acc = leakproof.Accountant(accountant="pld", relation="replace")
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=100)
    one = leakproof.account(noise_multiplier="1.1", sampling_rate="0.01", steps=100,
                            delta="1e-5", accountant="pld", relation="replace")
    eps = acc.get_epsilon(1e-5)
    assert float(one["epsilon_lower_bound"]) <= float(eps) <= 1.02 * float(one.epsilon)
