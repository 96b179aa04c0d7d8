"""sections/common.py -- what every section of the report shares: the case files,
the records (run in collect mode, looked up in format mode) and the table and
number formatting.  The report only formats: nothing here computes a figure."""
import json
import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MISSING = "n/a"


# ---- case files --------------------------------------------------------------------------
def read_cases(name):
    """The rows of cases/papers/NAME.cases: (kind, {key: value}, 'file:line')."""
    path = os.path.join(TOP, "cases", "papers", name + ".cases")
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            keys = {}
            for item in line[1:]:
                if "=" not in item:
                    sys.exit(f"{path}:{n}: '{item}' is not key=value")
                k, v = item.split("=", 1)
                keys[k] = v
            rows.append((line[0], keys, f"{path}:{n}"))
    return rows


def rows_of(cases, kind):
    return [keys for k, keys, _ in cases if k == kind]


def one_row(cases, kind):
    rows = rows_of(cases, kind)
    if len(rows) != 1:
        sys.exit(f"report: cases: expected one '{kind}' row, found {len(rows)}")
    return rows[0]


def listed(value):
    return value.split(",")


# ---- records: run (collect) or look up (format) -----------------------------------------------
class Records:
    """Commands by their argument lists.  collect mode runs them (and keeps the
    records); format mode only looks them up.  Both walk the same code below,
    so the commands a report needs are the ones it formats."""

    def __init__(self, leakproof=None, recorded=None):
        self.leakproof = leakproof
        self.entries = {}
        self.lacking = []
        if recorded is not None:
            for e in recorded["commands"]:
                self.entries[tuple(e["argv"])] = e
            self.meta = recorded["meta"]
            self.tests = recorded["tests"]
        else:
            self.meta, self.tests = {}, []
        # the claims ledger's record (report.py collect_claims); None in records collected before it
        self.claims = recorded.get("claims") if recorded is not None else None

    def _run(self, argv):
        proc = subprocess.run([self.leakproof] + argv, capture_output=True, text=True, cwd=TOP)
        sys.stderr.write(f"report: leakproof {' '.join(argv)} (exit {proc.returncode})\n")
        return proc

    def json(self, argv):
        """The JSON record of `leakproof ARGV --json`, or None if not run."""
        argv = list(argv) + ["--json"]
        key = tuple(argv)
        if key not in self.entries and self.leakproof:
            proc = self._run(argv)
            try:
                rec = json.loads(proc.stdout) if proc.stdout.strip() else None
            except json.JSONDecodeError:
                rec = None
            self.entries[key] = {"argv": argv, "exit": proc.returncode, "record": rec,
                                 "stderr": proc.stderr.strip()}
        e = self.entries.get(key)
        return None if e is None else e["record"]

    def text(self, argv):
        """The human output of `leakproof ARGV` (for listings), or None."""
        key = tuple(argv)
        if key not in self.entries and self.leakproof:
            proc = self._run(argv)
            self.entries[key] = {"argv": list(argv), "exit": proc.returncode, "text": proc.stdout}
        e = self.entries.get(key)
        return None if e is None else e["text"]

    def field(self, rec, *names):
        """The first of `names` that rec has; MISSING (and a note) otherwise."""
        if rec is None:
            return "not run"
        for n in names:
            if n in rec:
                return rec[n]
        self.lacking.append(f"{rec.get('command', rec.get('model', '?'))}: {'|'.join(names)}")
        return MISSING

    def dump(self):
        out = {"meta": self.meta, "tests": self.tests,
               "commands": [self.entries[k] for k in sorted(self.entries)]}
        if self.claims is not None:
            out["claims"] = self.claims
        return out


def show(value):
    """A record's value as the report prints it: texts as given, null as '—'."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def table(head, rows):
    # a column no record filled (a key the commands do not give yet) is left out, not shown empty
    keep = [i for i in range(len(head)) if not rows or any(r[i] != MISSING for r in rows)]
    head, rows = [head[i] for i in keep], [[r[i] for i in keep] for r in rows]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(show(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def dat(path, rows):
    """A gnuplot data file: one row a line, null as NaN (gnuplot skips it)."""
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(" ".join("NaN" if c is None or c in ("not run", MISSING) else str(c) for c in r) + "\n")


# ---- numbers as the report shows them -------------------------------------------------------------
def span(texts):
    """The smallest and largest of decimal texts, as printed (no arithmetic on them)."""
    texts = sorted(texts, key=float)
    return f"{texts[0]}..{texts[-1]}" if texts else "—"


def fixed(x, places):
    """A record's double rounded for display (formatting only); null as '—'."""
    return "—" if x is None else f"{x:.{places}f}"


def options(keys):
    argv = []
    for k, v in keys.items():
        argv += ["--" + k, v]
    return argv


def network_size(net):
    """The options that give a network's p: its layer file (leakproof totals it) or p."""
    if "layers-file" in net:
        return ["--params-from", net["layers-file"]]
    return ["--p", net["p"]]
