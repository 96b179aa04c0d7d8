"""Loading libleakproof and calling its one entry point, lp_call.

The library is found, in this order, at the path in the environment variable
LEAKPROOF_LIBRARY, by the loader's ordinary search for libleakproof.so.1
(LD_LIBRARY_PATH, the system's library directories), through
ctypes.util.find_library("leakproof"), and in the directory `make install`
put it in (for systems whose loader does not search it, such as /usr/local/lib
before ldconfig has run).  Nothing is compiled: lp_call takes
strings and gives back text, so ctypes needs no C type of Arb, MPFR or GSL.
"""

import ctypes
import ctypes.util
import os
import threading
import time

SONAME = "libleakproof.so.1"

_lock = threading.Lock()     # loading the library once (lp_call itself is thread-safe)
_lib = None


def _load():
    path = os.environ.get("LEAKPROOF_LIBRARY")
    if path:
        try:
            lib = ctypes.CDLL(path)
        except OSError as exc:
            raise ImportError(
                "leakproof: LEAKPROOF_LIBRARY=%s cannot be loaded: %s" % (path, exc)) from exc
        if not hasattr(lib, "lp_call"):
            raise ImportError("leakproof: LEAKPROOF_LIBRARY=%s is not libleakproof (it has no "
                              "lp_call)" % path)
        return lib
    candidates = [SONAME]
    found = ctypes.util.find_library("leakproof")
    if found:
        candidates.append(found)
    try:
        from ._installed import LIBDIR   # written by make for make install
        candidates.append(os.path.join(LIBDIR, SONAME))
    except ImportError:
        pass
    for candidate in candidates:
        try:
            return ctypes.CDLL(candidate)
        except OSError:
            pass
    raise ImportError(
        "leakproof: the shared library was not found (tried %s); install leakproof "
        "(make install), or set LEAKPROOF_LIBRARY to the path of libleakproof.so "
        "(in a build tree: src/.libs/libleakproof.so)" % ", ".join(candidates))


def library():
    """The loaded libleakproof (a ctypes.CDLL), loaded on first use."""
    global _lib
    with _lock:
        if _lib is None:
            lib = _load()
            lib.lp_call.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
                                    ctypes.POINTER(ctypes.c_void_p),
                                    ctypes.POINTER(ctypes.c_void_p)]
            lib.lp_call.restype = ctypes.c_int
            if hasattr(lib, "lp_call_cancellable"):
                lib.lp_call_cancellable.argtypes = lib.lp_call.argtypes + [ctypes.POINTER(ctypes.c_int)]
                lib.lp_call_cancellable.restype = ctypes.c_int
            lib.lp_free.argtypes = [ctypes.c_void_p]
            lib.lp_free.restype = None
            _lib = lib
    return _lib


def _take_text(lib, pointer):
    """The C string at `pointer` as str, freed with lp_free; None for NULL."""
    if not pointer.value:
        return None
    try:
        return ctypes.string_at(pointer.value).decode("utf-8", errors="replace")
    finally:
        lib.lp_free(pointer)


_progress = None     # (callback, after, every): see on_progress


def on_progress(callback, after=2.0, every=1.0):
    """Calls callback(seconds, args) while a command runs in the main thread:
    first `after` seconds in, then every `every` seconds, with the seconds
    elapsed and the command's words (the command line's progress on a
    terminal, for Python).  on_progress(None) stops it.  The callback runs in
    the waiting thread; an exception from it cancels the command as Ctrl-C
    does and is raised."""
    global _progress
    _progress = None if callback is None else (callback, float(after), float(every))


def call(args):
    """Run one leakproof command in-process.

    `args` is the command line without the program name, as strings.  Returns
    (status, output, messages): the program's exit status (0 ok, 1 failure,
    2 bad input, 3 not certified), the text of its output (a JSON record;
    None when empty) and of its error stream (None when empty).
    """
    lib = library()
    encoded = [a.encode("utf-8") for a in args]
    argv = (ctypes.c_char_p * max(len(encoded), 1))(*encoded)
    out = ctypes.c_void_p()
    err = ctypes.c_void_p()
    # lp_call is thread-safe (its streams, parser and locale are the calling
    # thread's): no lock, and ctypes releases the GIL for the call
    if threading.current_thread() is not threading.main_thread() or not hasattr(lib, "lp_call_cancellable"):
        status = lib.lp_call(argv, len(encoded), ctypes.byref(out), ctypes.byref(err))
        return status, _take_text(lib, out), _take_text(lib, err)
    # In the main thread, Ctrl-C must stop the command: Python runs its signal
    # handlers only between bytecodes, never inside a C call, so the call runs
    # in a helper thread while this one waits; KeyboardInterrupt sets the
    # call's cancel flag, the command stops at its next check (no record,
    # status 5) and the interrupt is raised here.
    cancel = ctypes.c_int(0)
    result = []

    def run():
        result.append(lib.lp_call_cancellable(argv, len(encoded), ctypes.byref(out),
                                              ctypes.byref(err), ctypes.byref(cancel)))

    worker = threading.Thread(target=run, name="leakproof-call", daemon=True)
    progress = _progress
    t0 = time.monotonic()
    tick = progress[1] if progress else None
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.05)
            if progress and worker.is_alive() and time.monotonic() - t0 >= tick:
                progress[0](time.monotonic() - t0, list(args))
                tick += progress[2]
    except BaseException:
        cancel.value = 1
        worker.join()
        _take_text(lib, out)
        _take_text(lib, err)
        raise
    return result[0], _take_text(lib, out), _take_text(lib, err)
