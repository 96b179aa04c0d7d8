"""Ctrl-C in a child Python: SIGINT once a call is at work, then one more
call.  The tests of test_host.py, test_budget.py and test_first_hour.py hold
the call to stopping within seconds and the library to working after it."""
import os
import subprocess
import sys
import textwrap

# Python source (after `import os, signal, threading, time`) that sends the
# process SIGINT once it has had AT_WORK_CPU seconds of CPU time (all its
# threads) from here: a call at work by then.  A fixed delay (it was 1.5 s) gave
# a call on a loaded machine a fraction of that and one on an idle machine more
# than it needed, at the suite's cost.
AT_WORK_CPU = 0.3
SIGINT_AT_WORK = textwrap.dedent("""
    def _sigint_at_work(cpu, c0=time.process_time()):
        while time.process_time() - c0 < cpu:
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=_sigint_at_work, args=(%r,), daemon=True).start()
""") % AT_WORK_CPU


def ctrl_c_during(call):
    """Runs `call` (Python source, one statement) in a child that sends itself
    SIGINT once it is at work (SIGINT_AT_WORK); returns (word, seconds,
    status): word is "interrupted" or "finished", seconds the time to it,
    status the next eval's status."""
    script = textwrap.dedent("""
        import os, signal, threading, time
        import leakproof
        # Python's own SIGINT handler even where the parent ignored SIGINT
        # (a shell's background job): the test is of the call, not the shell
        signal.signal(signal.SIGINT, signal.default_int_handler)
        %s
        t0 = time.time()
        try:
            %s
            print("finished %%.1f" %% (time.time() - t0))
        except KeyboardInterrupt:
            print("interrupted %%.1f" %% (time.time() - t0))
        print(leakproof.eval("gauss", p=3, sigma="1", radius="1.5").status)
    """) % (SIGINT_AT_WORK, call)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + \
        (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    lines = done.stdout.split()
    assert len(lines) == 3, done.stdout + done.stderr
    return lines[0], float(lines[1]), lines[2]
