"""No host harmed (issue 41): a Python process that calls leakproof survives
what killed it or left it spinning -- threads the host cannot start
(threads=1024 under a memory limit: libgomp ended the interpreter), and
Ctrl-C in the middle of the VMF attacker at kappa 1e17 (Wood's sampler never
accepted there and its worker spun on after KeyboardInterrupt)."""

import os
import subprocess
import sys
import textwrap

import pytest


def _child(script, timeout=120):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + \
        (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True,
                          text=True, env=env, timeout=timeout)


def test_threads_the_host_cannot_start():
    if "asan" in os.environ.get("LD_PRELOAD", "") or "tsan" in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("a sanitizer build reserves terabytes of address space: no memory limit")
    done = _child("""
        import resource
        import leakproof
        leakproof.eval("gauss", p=3, sigma="1", radius="1")     # the library loaded first
        with open("/proc/self/statm") as f:
            used = int(f.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + 400 * 2**20, resource.RLIM_INFINITY))
        r = leakproof.reconstruct("gauss", p=4, sigma=1, samples=20000, seed=1, threads=1024)
        m = leakproof.mc("gauss", p=4, sigma=1, radius=1, samples=20000, seed=1, threads=1024)
        print(r["threads"], m["threads"], "threads_note" in r and "threads_note" in m, r["mse"], m["estimate"])
    """)
    assert done.returncode == 0, done.stdout + done.stderr
    r_threads, m_threads, noted, mse, estimate = done.stdout.split()
    assert int(r_threads) < 1024 and int(m_threads) < 1024 and noted == "True"
    assert float(mse) > 0 and float(estimate) > 1


def test_ctrl_c_stops_the_vmf_attacker_at_huge_kappa():
    done = _child("""
        import os, signal, threading, time
        import leakproof
        r = leakproof.reconstruct("vmf", p=8, kappa="1e17", samples=200, seed=1, threads=1)
        print("answered", r["success"])
        signal.signal(signal.SIGINT, signal.default_int_handler)
        threading.Timer(1.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        t0 = time.time()
        try:
            leakproof.reconstruct("vmf", p=8, kappa="1e17", samples=10**10, seed=1, threads=2,
                                  max_seconds=10**9)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted %.1f" % (time.time() - t0))
        time.sleep(0.2)
        print(len([t for t in threading.enumerate() if t.name == "leakproof-call" and t.is_alive()]))
    """)
    words = done.stdout.split()
    assert done.returncode == 0 and words[:2] == ["answered", "1.0"], done.stdout + done.stderr
    assert words[2] == "interrupted" and float(words[3]) < 15 and words[4] == "0", done.stdout
