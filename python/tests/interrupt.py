"""Ctrl-C in a child Python: SIGINT some seconds into one call, then one more
call.  The tests of test_host.py and test_budget.py hold the call to
stopping within seconds and the library to working after it."""
import os
import subprocess
import sys
import textwrap


def ctrl_c_during(call, after=1.5):
    """Runs `call` (Python source, one statement) in a child that sends itself
    SIGINT `after` seconds in; returns (word, seconds, status): word is
    "interrupted" or "finished", seconds the time to it, status the next
    eval's status."""
    script = textwrap.dedent("""
        import os, signal, threading, time
        import leakproof
        # Python's own SIGINT handler even where the parent ignored SIGINT
        # (a shell's background job): the test is of the call, not the shell
        signal.signal(signal.SIGINT, signal.default_int_handler)
        threading.Timer(%r, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        t0 = time.time()
        try:
            %s
            print("finished %%.1f" %% (time.time() - t0))
        except KeyboardInterrupt:
            print("interrupted %%.1f" %% (time.time() - t0))
        print(leakproof.eval("gauss", p=3, sigma="1", radius="1.5").status)
    """) % (after, call)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + \
        (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    lines = done.stdout.split()
    assert len(lines) == 3, done.stdout + done.stderr
    return lines[0], float(lines[1]), lines[2]
