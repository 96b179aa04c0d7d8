"""--sampling fixed-batch under the PLD accountant (issue 33): the bracket of
fixed-size batches drawn without replacement (replace-one) through
account(), Accountant(accountant='pld') and pld_events, each against the
command's record and the RDP accountant's fixed-batch bound (an independent
upper bound)."""

import pytest
import leakproof
from leakproof.accounting import pld_events


RUN = dict(noise_multiplier="1.1", sampling_rate="0.01", steps=100)


def test_account_fixed_batch_pld_below_rdp():
    r = leakproof.account(accountant="pld", sampling="fixed-batch", delta="1e-5", **RUN)
    assert r["sampling"] == "fixed-batch" and r["relation"] == "replace"
    assert r["dominance_status"] == "cited" and r["neighbours"] == "replace one example"
    lo, hi = float(r["epsilon_lower_bound"]), float(r.epsilon)
    assert 0 < lo <= hi <= 1.02 * lo
    rdp = leakproof.account(sampling="fixed-batch", delta="1e-5", **RUN).epsilon
    assert hi <= float(rdp)
    poisson = leakproof.account(accountant="pld", relation="replace", delta="1e-5", **RUN)
    assert float(poisson.epsilon) < lo  # fixed batches cost more than Poisson's, both replace-one


def test_accountant_object_and_pld_events_match_the_command():
    one = leakproof.account(accountant="pld", sampling="fixed-batch", delta="1e-5", **RUN)
    acc = leakproof.Accountant(accountant="pld")
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=60, sampling="fixed-batch")
    acc.step(noise_multiplier="1.1", sample_rate="0.01", num_steps=40, sampling="fixed-batch")
    eps = acc.get_epsilon(1e-5)
    assert float(one["epsilon_lower_bound"]) <= float(eps) <= 1.02 * float(one.epsilon)
    lo, hi = pld_events([("gauss", "1.1", "0.01", 100)], delta="1e-5", sampling="fixed-batch")
    assert lo <= float(one.epsilon) and float(one["epsilon_lower_bound"]) <= hi
    dlo, dhi = pld_events([("gauss", "1.1", "0.01", 100)], epsilon="5", sampling="fixed-batch")
    assert 0 < dlo <= dhi
    with pytest.raises(TypeError, match="fixed-batch"):
        pld_events([("gauss", "1.1", "0.01", 10), ("gauss", "2", "0.01", 10)], delta="1e-5",
                   sampling="fixed-batch")
