"""Exit statuses to exceptions, checked on the mapping itself (the commands
rarely fail for reasons that are not the input's)."""

import pytest

import leakproof
from leakproof import _library, _run

RECORD = '{"command":"eval","value":"1.5e+3","rel_error_bound":2.5e-30,"status":"ok"}\n'


def fake_call(status, output, messages):
    def call(args):
        return status, output, messages
    return call


def test_exit_1_is_leakproof_error(monkeypatch):
    monkeypatch.setattr(_library, "call", fake_call(1, None, "leakproof eval: it broke\n"))
    with pytest.raises(leakproof.LeakproofError, match="it broke") as info:
        leakproof.eval("gauss", p=1)
    assert isinstance(info.value, RuntimeError)


def test_exit_3_is_uncertified_with_its_record(monkeypatch):
    monkeypatch.setattr(_library, "call", fake_call(3, RECORD, "not certified\n"))
    with pytest.raises(leakproof.LeakproofUncertified, match="not certified") as info:
        leakproof.eval("gauss", p=1)
    assert info.value.result["value"] == _run.Result(RECORD)["value"]


def test_exit_2_is_value_error(monkeypatch):
    monkeypatch.setattr(_library, "call", fake_call(2, None, "leakproof eval: --p bad\n"))
    with pytest.raises(ValueError, match="--p bad"):
        leakproof.eval("gauss", p=1)


def test_ok_without_a_record_is_an_error(monkeypatch):
    monkeypatch.setattr(_library, "call", fake_call(0, "not json", None))
    with pytest.raises(leakproof.LeakproofError, match="not one JSON record"):
        leakproof.eval("gauss", p=1)
