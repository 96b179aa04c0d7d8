"""Bad input: ValueError with the command's message naming the parameter."""

import pytest

import leakproof


@pytest.mark.parametrize("params, named", [
    (dict(p=0, sigma="1", radius="1"), "--p"),
    (dict(p=5, sigma="nan", radius="1"), "sigma"),
    (dict(p=5, sigma="-1", radius="1"), "sigma"),
    (dict(p=5, sigma=float("inf"), radius="1"), "sigma"),
    (dict(p=5, sigma="1", radius="abc"), "radius"),
    (dict(p=5, sigma="1"), "radius"),
    (dict(p=5, sigma="1", radius="1", method="nonsense"), "method"),
])
def test_eval_bad_input(params, named):
    with pytest.raises(ValueError, match=named) as info:
        leakproof.eval("gauss", **params)
    assert "\n" not in str(info.value)       # one line


def test_unknown_mechanism_and_option():
    with pytest.raises(ValueError, match="nosuch"):
        leakproof.eval("nosuch", p=5)
    with pytest.raises(ValueError, match="--no-such-option"):
        leakproof.eval("gauss", p=5, sigma=1, radius=1, no_such_option=3)


def test_values_of_other_types_are_type_errors():
    # True alone is a flag (compare=True); as a number it is refused
    with pytest.raises(TypeError, match="layers"):
        leakproof.eval("gauss-layers", sigma=1, clip=1, layers=[3, True])
    with pytest.raises(TypeError, match="sigma"):
        leakproof.eval("gauss", p=5, sigma=1j, radius=1)


def test_state_is_clean_after_an_error():
    # getopt's state and the redirected streams are reset after every call
    with pytest.raises(ValueError):
        leakproof.eval("gauss", p=5, sigma="1", radius="1", digits="x")
    r = leakproof.eval("gauss", p=5, sigma="1", radius="1")
    assert r.status == "ok"


def test_calls_from_threads_are_serialised():
    import threading
    results, errors = {}, []

    def worker(p):
        try:
            results[p] = leakproof.eval("gauss", p=p, sigma="1", radius="1").value
        except Exception as exc:             # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(p,)) for p in range(1, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for p in range(1, 9):
        assert results[p] == leakproof.eval("gauss", p=p, sigma="1", radius="1").value
