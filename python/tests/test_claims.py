"""claims: the ledger with verdicts, as `leakproof claims` gives it."""

import pytest

import leakproof


def test_a_claim_by_id():
    r = leakproof.claims(id="biswas/thm-III.1", no_logs=True)
    assert [c["claim"] for c in r["claims"]] == ["biswas/thm-III.1"]
    c = r["claims"][0]
    assert c["claim_kind"] == "theorem" and c["verdict"] == "not run" and "t-gauss" in c["tests"]


def test_a_paper_counts_its_verdicts():
    r = leakproof.claims(paper="biswas", no_logs=True)
    assert r["papers"][0]["paper"] == "biswas"
    assert sum(c["claims"] for c in r["counts"]) == len(r["claims"]) > 60


def test_bad_input_is_value_error():
    with pytest.raises(ValueError, match="--paper"):
        leakproof.claims(paper="smith")
    with pytest.raises(ValueError, match="no claim"):
        leakproof.claims(id="biswas/no-such-claim", no_logs=True)


def test_the_release_s_verdicts():
    import os
    records = os.path.join(os.path.dirname(__file__), "..", "..", "reports", "records.json")
    if not os.path.exists(records):
        pytest.skip("no reports/records.json beside the package")
    r = leakproof.claims(paper="tan", release=records)
    assert r["verdicts_from"] == "release" and "commit" in r["release"]
    assert sum(c["verdict"] == "fails" for c in r["claims"]) > 0
    assert all(c["reproducer"] for c in r["claims"] if c["verdict"] in ("holds", "fails"))

