"""The binding prints what the program prints: same record, same numbers."""

import pytest

import leakproof

CASES = [
    (leakproof.eval, ["eval", "gauss"], dict(p=13700, sigma="1.1", radius="1")),
    (leakproof.eval, ["eval", "vmf"], dict(p=13700, kappa="173", form="printed", digits=20)),
    (leakproof.eval, ["eval", "gauss"], dict(p=134000000, sigma="1", radius="1")),
    (leakproof.eval, ["eval", "gauss"], dict(p=50, sigma="1", radius="1", method="logdouble",
                                              compare=True)),
    (leakproof.mc, ["mc", "gauss"], dict(p=3, sigma="1", radius="1", samples=20000, seed=7)),
    (leakproof.calibrate, ["calibrate", "gaussian"], dict(epsilon="1", delta="1e-5")),
]


def cli_args(words, params):
    args = list(words)
    for key, value in params.items():
        args.append("--" + key.replace("_", "-"))
        if value is not True:
            args.append(str(value))
    return args


@pytest.mark.parametrize("function, words, params", CASES,
                         ids=lambda x: " ".join(x) if isinstance(x, list) else None)
def test_same_record_as_the_program(cli_json, function, words, params):
    expected = cli_json(*cli_args(words, params))
    result = function(words[1], **params)
    assert result.raw == expected


def test_same_message_as_the_program(program):
    status, out, err = program("eval", "gauss", "--p", "5", "--sigma", "-1", "--radius", "1")
    assert status == 2 and out == ""
    with pytest.raises(ValueError) as info:
        leakproof.eval("gauss", p=5, sigma="-1", radius="1")
    # the program's message, worded for Python (issue 32): the function's name
    # for the command's, the option's Python spelling beside it
    body = err.strip().split(": ", 1)[1]
    assert str(info.value) == "leakproof.eval(): " + body + " [in Python: sigma=]", str(info.value)
