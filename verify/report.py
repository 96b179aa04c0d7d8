#!/usr/bin/env python3
"""report.py -- reports/README.md and its figures' data from leakproof's records.

The report only formats.  Every number in it is a field of a JSON record that a
leakproof command printed (or a TODO line of a test): the generator runs the
commands the case files in cases/papers/ call for, keeps their records in
records.json, and formats tables and data files for the gnuplot scripts in
verify/plots/.  It does no arithmetic on the numbers: it selects (the smallest
and largest of a column) and prints them as the records give them.

  report.py collect --leakproof BIN --builddir DIR [--tests T1,...] [--grid CASES] OUTDIR
      runs every command and the tests that carry findings (verify/findings.py's
      SOURCES, from DIR), writes OUTDIR/records.json, then formats; a test
      given as its make-check log (T.log) is read, not run
  report.py format RECORDS OUTDIR
      formats from recorded records only (no command runs): README.md and
      data/*.dat; the same records give the same bytes

Case files: cases/papers/*.cases, one configuration a line, `KIND key=value ...`
(cases/README.md).  A record the formatter needs and does not find is printed as
"not run"; a field a record lacks as "n/a" (and named on stderr).
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import findings  # noqa: E402
import report_privacy  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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
        return {"meta": self.meta, "tests": self.tests,
                "commands": [self.entries[k] for k in sorted(self.entries)]}


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


# ---- sections ---------------------------------------------------------------------------------
def section_verdicts(R, out, grid):
    rec = R.json(["verify", grid])
    checks = [c for c in (rec or {}).get("checks", []) if c.get("check") == "form" and c.get("method") == "arb"]
    groups = {}
    for c in checks:
        if c["outcome"] in ("pass", "finding", "fail"):
            size = c["p"] if "p" in c else "layers " + ",".join(str(x) for x in c["layers"])
            groups.setdefault((c["mechanism"], c["form"], str(size)), []).append(c)
    rows = []
    for (mech, form, size), cs in sorted(groups.items(), key=lambda g: (g[0][0], g[0][1], g[0][2].zfill(12))):
        ratios = [c["ratio"] for c in cs]
        rows.append([mech, form, size, len(cs), f"{fixed(min(ratios), 5)}..{fixed(max(ratios), 5)}",
                     fixed(max(abs(c["z"]) for c in cs), 2)])
    verdicts = []
    for v in (rec or {}).get("verdicts", []):
        bad = v["disagree"] > 0
        lo, hi = (v["disagree_ratio_min"], v["disagree_ratio_max"]) if bad else (v["ratio_min"], v["ratio_max"])
        verdicts.append({"mechanism": v["mechanism"], "form": v["form"], "cases": v["cases"],
                         "disagree": v["disagree"], "refused": v["refused"],
                         "ratios": f"{fixed(v['ratio_min'], 5)}..{fixed(v['ratio_max'], 5)}",
                         "bad_ratios": f"{fixed(lo, 5)}..{fixed(hi, 5)}", "z": fixed(v["max_abs_z"], 2),
                         "quadrature": v.get("quadrature_max_rel_difference")})
    out.append("## 1. Verdicts: each theorem form against the Monte Carlo arbiter\n")
    if rec is None:
        out.append(f"`leakproof verify {grid}`: not run.\n")
        return verdicts
    out.append(f"`leakproof verify --json {grid}` (the cases are listed there; fixed seeds). Each form's arb "
               "value divided by the Monte Carlo estimate (`ratio`), its range over the cases at each p, "
               "and the largest |z|:\n")
    out.append(table(["mechanism", "form", "p", "cases", "value / estimate", "largest \\|z\\|"], rows))
    for v in verdicts:
        tail = f"; {v['refused']} case(s) not judged (ESS/N too small)" if v["refused"] else ""
        if v["quadrature"] is not None:
            tail += f"; the quadrature check of C_(p,κ) differs by at most {v['quadrature']:.2g} (relative)"
        if v["disagree"]:
            out.append(f"- **{v['mechanism']} {v['form']} disagrees with Monte Carlo on {v['disagree']} of "
                       f"{v['cases']} cases: value / estimate {v['bad_ratios']}** (largest |z| {v['z']}){tail}")
        else:
            out.append(f"- **{v['mechanism']} {v['form']} agrees with Monte Carlo on all {v['cases']} cases: "
                       f"value / estimate {v['ratios']}** (largest |z| {v['z']}){tail}")
    l2 = [c for c in rec.get("checks", []) if c.get("check") == "bracket"]
    if l2:
        out.append("\nLaplace noise with l2 clipping has no closed form: verify checks that Monte Carlo lies "
                   "between the capacities of the l1 balls of radius R and R√p (certified):\n")
        out.append(table(["p", "b", "R", "l1 ball R", "Monte Carlo", "l1 ball R√p", "outcome"],
                         [[c["p"], c["b"], c["radius"], c["lower"], f"{c['estimate']:.6g} ± {c['std_error']:.2g}",
                           c["upper"], c["outcome"]] for c in l2]))
    vm = [c for c in rec.get("checks", []) if c.get("check") == "normaliser"]
    if vm:
        out.append("\nThe VMF normaliser C_(p,κ) by Monte Carlo (its own standard error) against the "
                   "quadrature, a separate check:\n")
        out.append(table(["p", "κ", "log C by Monte Carlo", "± (std. error)", "log C by quadrature", "z"],
                         [[c["p"], c["kappa"], f"{c['log_normaliser']['estimate']:.10g}",
                           f"{c['log_normaliser']['std_error']:.2g}", f"{c['log_normaliser']['quadrature']:.10g}",
                           fixed(c["log_normaliser"]["z"], 2)] for c in vm]))
    out.append("")
    return verdicts


def section_biswas(R, out, data, cases):
    sw = one_row(cases, "epsilon-sweep")
    p, radius, delta, sens = sw["p"], sw["radius"], sw["delta"], sw["sensitivity"]
    out.append(f"### Biswas et al.: the {int(p):,}-parameter network (R = {radius})\n")
    out.append(f"ε ∈ {{{', '.join(listed(sw['epsilon']))}}}, δ = {delta}, sensitivity {sens} (assumed: "
               "see the assumptions above). σ by the classical calibration (proved for ε < 1 only) and by the "
               "analytic Gaussian mechanism (`leakproof calibrate gaussian`); log₁₀ C_Bayes certified "
               f"(`leakproof eval gauss --p {p} --sigma σ --radius {radius} --form F --ratio-to ...`, "
               f"`leakproof eval vmf --p {p} --kappa ε`), evaluated at σ to 25 certified digits (shown to 8):\n")
    rows, plot = [], []
    for e in listed(sw["epsilon"]):
        cal = R.json(["calibrate", "gaussian", "--epsilon", e, "--delta", delta, "--sensitivity", sens,
                      "--digits", "8"])
        sc, sa = R.field(cal, "sigma_classical"), R.field(cal, "sigma_analytic")
        # the capacities at σ to 25 digits: the 10 digits of log10 C printed do not
        # depend on the σ digits beyond them (d ln C / d ln σ is about p), where σ to
        # the 8 digits shown would move log10 C in its 8th digit
        cal25 = R.json(["calibrate", "gaussian", "--epsilon", e, "--delta", delta, "--sensitivity", sens,
                        "--digits", "25"])
        sc, sa = R.field(cal25, "sigma_classical"), R.field(cal25, "sigma_analytic")
        g = ["eval", "gauss", "--p", p, "--radius", radius, "--digits", "10"]
        proof_a = R.json(g + ["--sigma", sa, "--form", "proof"]) if cal else None
        printed_a = R.json(g + ["--sigma", sa, "--form", "printed", "--ratio-to", "form=proof"]) if cal else None
        proof_c = R.json(g + ["--sigma", sc, "--form", "proof", "--ratio-to", f"sigma={sa}"]) if cal else None
        vmf = R.json(["eval", "vmf", "--p", p, "--kappa", e, "--digits", "10"])
        la, lpr, lc = (R.field(r, "log10") for r in (proof_a, printed_a, proof_c))
        lv = R.field(vmf, "log10")
        rpp, lrca = R.field(printed_a, "ratio"), R.field(proof_c, "log10_ratio")
        rows.append([e, R.field(cal, "sigma_classical"), R.field(cal, "sigma_analytic"), la, lpr, rpp, lc, lrca, lv])
        plot.append([e, la, lpr, lc, lv, rpp, R.field(printed_a, "log10_ratio"), lrca])
    out.append(table(["ε", "σ classical", "σ analytic", "proof (σ analytic)", "printed (σ analytic)",
                      "printed / proof", "proof (σ classical)", "log₁₀ classical / analytic", "VMF (κ = ε)"],
                     rows))
    dat(os.path.join(data, "capacity-vs-epsilon.dat"), plot)
    out.append(f"![Bayes capacity against ε at p = {int(p):,}, and the ratios](capacity-vs-epsilon.svg)\n")


def section_tan(R, out, data, cases):
    out.append("### Tan et al.: DP-SGD noise multipliers, channel thresholds, networks\n")
    dps = rows_of(cases, "dp-sgd")
    out.append("Theorem 4 (`leakproof channel dp --batch B --clip S --noise-multiplier M`, and `--epsilon E "
               "--delta D` for bound (2) at the stated ε); capacity: the largest its hypotheses allow; "
               "the stated ε and capacities are Section 6.3's:\n")
    rows = []
    for d in dps:
        base = ["channel", "dp", "--batch", d["batch"], "--clip", d["clip"], "--digits", "8"]
        j = R.json(base + ["--noise-multiplier", d["noise_multiplier"]])
        k = R.json(base + ["--epsilon", d["stated_epsilon"], "--delta", d["delta"]])
        rows.append([d["noise_multiplier"], d["stated_epsilon"], R.field(j, "bound"), R.field(j, "capacity"),
                     R.field(j, "ratio"), R.field(k, "bound"), d["stated_capacity"]])
    out.append(table(["noise multiplier", "stated ε", "bound (1)", "capacity under the hypotheses",
                      "bound / capacity", "bound (2) at the stated ε", "stated capacity"], rows))
    thr = listed(one_row(cases, "natural-thresholds")["capacity"])
    out.append("Natural channel noise variance for Appendix D's eigenvalues ({λ_max, λ_1, λ_10} only: a "
               "three-dimensional stand-in, not the full spectrum) at capacity thresholds κ "
               "(`leakproof channel natural --eigenvalues L --capacity K`; certified):\n")
    rows, curves = [], []
    curve = listed(one_row(cases, "capacity-curve")["noise_variance"])
    eigen = rows_of(cases, "eigenvalues")
    for ev in eigen:
        row = [ev["dataset"], ev["values"]]
        for t in thr:
            row.append(R.field(R.json(["channel", "natural", "--eigenvalues", ev["values"], "--capacity", t,
                                       "--digits", "6"]), "noise_variance"))
        rows.append(row)
    for i, s in enumerate(curve):
        line = [s]
        for ev in eigen:
            line.append(R.field(R.json(["channel", "capacity", "--eigenvalues", ev["values"],
                                        "--noise-variance", s, "--digits", "6"]), "capacity"))
        curves.append(line)
    out.append(table(["dataset", "eigenvalues"] + [f"κ = {t}" for t in thr], rows))
    dat(os.path.join(data, "channel-capacity.dat"), curves)
    with open(os.path.join(data, "channel-capacity.titles"), "w", encoding="utf-8") as f:
        f.write(" ".join(ev["dataset"] for ev in eigen) + "\n")
    out.append("![channel capacity f(σ) for Appendix D's eigenvalues](channel-capacity.svg)\n")
    nc = one_row(cases, "network-capacity")
    out.append(f"Section 6's networks as dimensions, log₁₀ C_Bayes at σ = {nc['sigma']}, R = {nc['radius']} "
               f"and VMF κ = {nc['kappa']} (`leakproof eval gauss --params-from cases/networks/NET.layers`: p "
               "is the layer file's total):\n")
    rows = []
    for net in rows_of(cases, "network"):
        size = network_size(net)
        g = ["eval", "gauss"] + size + ["--sigma", nc["sigma"], "--radius", nc["radius"], "--digits", "12"]
        a = R.json(g + ["--form", "proof"])
        b = R.json(g + ["--form", "printed", "--ratio-to", "form=proof"])
        v = R.json(["eval", "vmf"] + size + ["--kappa", nc["kappa"], "--digits", "12"])
        rows.append([net["name"], R.field(a, "p"), R.field(a, "log10"), R.field(b, "log10"), R.field(b, "ratio"),
                     R.field(v, "log10")])
    out.append(table(["network", "p", "Gauss proof", "Gauss printed", "printed / proof",
                      f"VMF κ = {nc['kappa']}"], rows))
    nets = rows_of(cases, "network")
    out.append("One DP-SGD step's Bayes capacity for Section 6.3's noise multipliers, beside the stated ε of "
               "the whole run: log₁₀ C_Bayes by Theorem III.1's proof form with R/σ = 1/M (`leakproof eval "
               "gauss --noise-multiplier M --clip 1 --params-from NET`; one example's clipped gradient is "
               "the secret):\n")
    rows = []
    for d in dps:
        row = [d["noise_multiplier"], d["stated_epsilon"]]
        for net in nets:
            j = R.json(["eval", "gauss"] + network_size(net) + ["--noise-multiplier", d["noise_multiplier"],
                                                                "--clip", d["clip"], "--form", "proof",
                                                                "--digits", "6"])
            row.append(R.field(j, "log10"))
        rows.append(row)
    out.append(table(["noise multiplier", "stated ε (whole run)"]
                     + [f"log₁₀ C_Bayes, one step, {net['name']}" for net in nets], rows))
    fits = rows_of(cases, "account-fit")
    if fits:
        f0 = fits[0]
        out.append(f"Section 6.3's stated ε against the certified RDP accountant (Poisson sampling, Opacus's "
                   f"conversion of Balle et al. 2020, Opacus's orders): the dataset size per client is not "
                   f"stated, so for each multiplier the batches per epoch K (q = 1/K, T = {f0['epochs']} K "
                   f"steps, batch {f0['batch']}, δ = {f0['delta']}) whose certified ε rounds to the stated "
                   "value, and the nearest K with its certified ε (`leakproof account --noise-multiplier M "
                   "--stated-epsilon E --batch B --epochs N --delta D --orders opacus`):\n")
        rows = []
        for f in fits:
            j = R.json(["account", "--noise-multiplier", f["noise_multiplier"], "--stated-epsilon",
                        f["stated_epsilon"], "--batch", f["batch"], "--epochs", f["epochs"], "--delta",
                        f["delta"], "--orders", f["orders"]])
            lo, hi = R.field(j, "batches_lo"), R.field(j, "batches_hi")
            nlo, nhi = R.field(j, "dataset_size_lo"), R.field(j, "dataset_size_hi")
            b = (j or {}).get("balle2020") or {}
            c = (j or {}).get("classic") or {}
            rows.append([f["noise_multiplier"], f["stated_epsilon"],
                         "none" if lo is None else f"{lo}..{hi}",
                         "—" if nlo is None else f"{nlo}..{nhi}",
                         R.field(j, "batches_nearest"),
                         f"{b.get('value', MISSING)} (± {b.get('rel_error_bound', 0):.2g} rel.), order "
                         f"{b.get('order', MISSING)}",
                         f"{c.get('value', MISSING)}, order {c.get('order', MISSING)}"])
        out.append(table(["noise multiplier", "stated ε", "K reproducing it", "dataset sizes N",
                          "nearest K", "certified ε at nearest K (Opacus's conversion)",
                          "classic conversion"], rows))


def network_size(net):
    """The options that give a network's p: its layer file (leakproof totals it) or p."""
    if "layers-file" in net:
        return ["--params-from", net["layers-file"]]
    return ["--p", net["p"]]


def section_balunovic(R, out, cases):
    out.append("### Balunović et al.: the defenses' networks, and the Bayes optimal adversary\n")
    defs = rows_of(cases, "defense")
    head, rows = ["network", "p"], []
    for d in defs:
        par = " ".join(f"{k} = {v}" for k, v in d.items() if k != "mechanism")
        head.append(f"log₁₀ C_Bayes, {d['mechanism']}, {par}")
    for net in rows_of(cases, "network"):
        row = [net["name"], None]
        for d in defs:
            argv = ["eval", d["mechanism"]] + network_size(net) + ["--digits", "12"]
            for k, v in d.items():
                if k != "mechanism":
                    argv += ["--" + k, v]
            j = R.json(argv)
            row[1] = row[1] or R.field(j, "p")
            row.append(R.field(j, "log10"))
        rows.append(row)
    out.append("Parameter counts from the layer files (cases/networks/); the paper does not clip, so the "
               "radius is assumed (see the assumptions above):\n")
    out.append(table(head, rows))
    out.append("The linear-Gaussian model (x ~ N(0, v I_d), g = a x + N(0, s² I_d)): the δ-ball adversary "
               "centred at the posterior mean, certified, with Monte Carlo beside it "
               "(`leakproof adversary gaussian`):\n")
    rows = []
    for a in rows_of(cases, "adversary-gaussian"):
        j = R.json(["adversary", "gaussian"] + options(a))
        mc = R.field(j, "mc")
        mc = mc if isinstance(mc, dict) else {}
        rows.append([a["d"], a["delta"], R.field(j, "success_posterior"), mc.get("estimate", MISSING),
                     mc.get("std_error", MISSING), R.field(j, "success_prior"), R.field(j, "leakage")])
    out.append(table(["d", "δ", "success (certified)", "Monte Carlo", "std_error", "without the observation",
                      "leakage"], rows))
    out.append("The Jensen step before eq. (3), both sides certified (`leakproof adversary jensen`): with the "
               "paper's C = 1/δ^d and with C = 1/vol(B):\n")
    rows = []
    for a in rows_of(cases, "jensen"):
        j = R.json(["adversary", "jensen"] + options(a))
        rows.append([a["d"], a["delta"], R.field(j, "lhs_printed_c"), R.field(j, "rhs_printed_c"),
                     R.field(j, "verdict_printed_c"), R.field(j, "lhs_volume_c"), R.field(j, "rhs_volume_c"),
                     R.field(j, "verdict_volume_c")])
    out.append(table(["d", "δ", "log(C∫p), C = 1/δ^d", "C∫log p", "verdict", "log(C∫p), C = 1/vol", "C∫log p",
                      "verdict"], rows))
    out.append("Table 1 in numbers on a linear layer with Laplace noise (`leakproof adversary attacks`): mean "
               "squared reconstruction error per coordinate:\n")
    rows = []
    for a in rows_of(cases, "attacks"):
        j = R.json(["adversary", "attacks"] + options(a))
        objectives = R.field(j, "objectives")
        by = {o.get("objective"): o for o in objectives} if isinstance(objectives, list) else {}
        rows.append([a["b"]] + [f"{by[k]['estimate']:.4g} ± {by[k]['std_error']:.2g}" if k in by else MISSING
                                for k in ("l2", "l1", "cosine", "bayes")])
    out.append(table(["noise b", "ℓ2 (Gaussian conditional)", "ℓ1 (Laplace conditional)", "cosine",
                      "Bayes (Gaussian prior + Laplace)"], rows))
    for kind, sub, what in (("adversary-laplace", "laplace", "The best δ-ball centre under Laplace noise"),
                            ("link", "link", "The δ-ball leakage against the Bayes capacity")):
        for a in rows_of(cases, kind):
            argv = ["adversary", sub] + options(a)
            text = R.text(argv)
            out.append(f"{what} (`leakproof {' '.join(argv)}`):\n")
            out.append("```\n" + (text.rstrip() if text else "not run") + "\n```\n")


def options(keys):
    argv = []
    for k, v in keys.items():
        argv += ["--" + k, v]
    return argv


def section_beyond(R, out, data, cases):
    pl = one_row(cases, "per-layer")
    out.append("### Beyond the papers: per-layer clipping\n")
    out.append(f"Each layer clipped to c = {pl['clip']} makes the inputs a product of balls; its capacity, "
               "certified, beside Theorem III.1 for the whole vector at R = L c (printed and proof), R = c√L "
               "and R = c (`leakproof eval gauss-layers --sigma σ --clip c --layers-file F`), log₁₀ C_Bayes:\n")
    rows, plot = [], []
    nets = listed(pl["networks"])
    for net in nets:
        for s in listed(pl["sigma"]):
            j = R.json(["eval", "gauss-layers", "--sigma", s, "--clip", pl["clip"], "--layers-file",
                        f"cases/networks/{net}.layers", "--digits", "12"])
            c = R.field(j, "compare_whole_vector")
            c = c if isinstance(c, dict) else {}
            r = [R.field(j, "log10"), c.get("log10_printed_radius_l_clip"), c.get("log10_proof_radius_l_clip"),
                 c.get("log10_proof_radius_clip_sqrt_l"), c.get("log10_proof_radius_clip")]
            layers = R.field(j, "layers")
            rows.append([net, len(layers) if isinstance(layers, list) else layers, R.field(j, "p"), s] + r)
            if net == nets[0]:
                plot.append([s] + r)
    out.append(table(["network", "layers", "p", "σ", "per-layer clipping", "printed, R = Lc", "proof, R = Lc",
                      "proof, R = c√L", "proof, R = c"], rows))
    dat(os.path.join(data, "per-layer-clipping.dat"), plot)
    with open(os.path.join(data, "per-layer-clipping.titles"), "w", encoding="utf-8") as f:
        f.write(nets[0] + "\n")
    out.append(f"![{nets[0]}: per-layer clipping against Theorem III.1](per-layer-clipping.svg)\n")


def section_methods(R, out, data, cases):
    out.append("## 3. Accuracy of each method against arb\n")
    out.append("Relative error against the certified value (`leakproof eval ... --method M --compare`, its "
               "`rel_error`), or the status the method reports:\n")
    ps, rows = [], []
    for a in rows_of(cases, "accuracy"):
        for p in listed(a["p"]):
            if p not in ps:
                ps.append(p)
    got = {}
    for a in rows_of(cases, "accuracy"):
        par = [x for k in ("sigma", "radius", "kappa") if k in a for x in ("--" + k, a[k])]
        for form in listed(a["form"]):
            for m in listed(a["method"]):
                for p in listed(a["p"]):
                    j = R.json(["eval", a["mechanism"], "--p", p] + par + ["--form", form, "--method", m, "--compare"])
                    st, err = R.field(j, "status"), R.field(j, "rel_error")
                    # the measured error; a status past the tolerance (inaccurate) is named beside it
                    got[(a["mechanism"], form, m, p)] = ((f"{err:.1e}" + ("" if st == "ok" else f" ({st})"))
                                                         if isinstance(err, float) else st)
    for (mech, form, m) in sorted({k[:3] for k in got}):
        rows.append([mech, form, m] + [got.get((mech, form, m, p), "—") for p in ps])
    out.append(table(["mechanism", "form", "method"] + [f"p = {int(p):,}" for p in ps], rows))
    out.append("## 4. Where each method breaks as p grows\n")
    out.append("The smallest p at which the method returns inf, NaN or 0 (its status) or loses half its digits "
               "against arb (`leakproof overflow MECHANISM --method M --NAME-grid ...`). Overflow is a "
               "boundary; accuracy loss is erratic near its threshold, so † marks a failure that does not "
               "persist at 2p, 4p, 8p:\n")
    rows, plot = [], []
    for o in rows_of(cases, "overflow"):
        grid = [k for k in o if k.endswith("-grid")][0]
        name = grid[:-5]
        for form in listed(o["form"]):
            for m in listed(o["method"]):
                j = R.json(["overflow", o["mechanism"], "--form", form, "--method", m, "--" + grid, o[grid]])
                pts = R.field(j, "points")
                for pt in pts if isinstance(pts, list) else []:
                    kind = pt.get("kind")
                    mark = " †" if pt.get("persists") is False else ""
                    first = pt.get("p")
                    rows.append([o["mechanism"], form, m, f"{name} = {pt.get(name)}",
                                 first if first is not None else f"none ≤ {pt.get('searched_to')}",
                                 f"{kind}{mark}"])
                    plot.append([f"{o['mechanism']}-{form}-{m}", pt.get(name), first,
                                 0 if kind == "inaccurate" else 1])
    out.append(table(["mechanism", "form", "method", "grid point", "smallest failing p", "kind"], rows))
    dat(os.path.join(data, "overflow-map.dat"), plot)
    out.append("![overflow boundaries](overflow-map.svg)\n")
    acc = rows_of(cases, "overflow-account")
    if acc:
        out.append("The DP-SGD accountant in doubles: each method is a peer's code followed step by step "
                   "(`double` = `opacus`: Opacus's rdp.py, the log of each binomial coefficient as a double and "
                   "the log_ndtr series for fractional orders; `dp-accounting`: dp_accounting's "
                   "rdp_privacy_accountant.py; `tf-privacy`: TF Privacy's legacy compute_rdp; `logdouble`: "
                   "leakproof's lgamma log-sum-exp, integer orders). "
                   "For each noise multiplier, the smallest integer order α at which the method's status is not "
                   "ok or its ε leaves the certified value by more than the tolerance, then at one order the "
                   "first failing decade of the sampling rate q and of the steps T (`leakproof overflow account "
                   "--method M --noise-multiplier-grid ...`):\n")
        rows, plot = [], []
        for o in acc:
            for m in listed(o["method"]):
                j = R.json(["overflow", "account", "--method", m, "--noise-multiplier-grid",
                            o["noise-multiplier-grid"], "--sampling-rate", o["sampling-rate"], "--steps",
                            o["steps"], "--delta", o["delta"], "--order", o["order"]])
                j = j or {}
                by = {}
                for key, col in (("points", "order"), ("sampling_rate_points", "sampling_rate"),
                                 ("steps_points", "steps")):
                    for pt in j.get(key) or []:
                        first = pt.get(col)
                        cell = (f"{first} ({pt.get('kind')})" if first is not None
                                else f"none to {pt.get('searched_to')}")
                        by.setdefault(pt.get("noise_multiplier"), {})[col] = cell
                        if key != "steps_points":
                            plot.append([f"{m}-{col}", pt.get("noise_multiplier"),
                                         first if first is not None else pt.get("searched_to"),
                                         1 if first is not None else 0])
                for M in listed(o["noise-multiplier-grid"]):
                    c = by.get(M, {})
                    rows.append([m, M, c.get("order", MISSING), c.get("sampling_rate", MISSING),
                                 c.get("steps", MISSING)])
        out.append(table(["method", "noise multiplier", "smallest failing order α (q = "
                          f"{acc[0]['sampling-rate']}, T = {acc[0]['steps']})",
                          f"first failing q (α = {acc[0]['order']})", f"first failing T (α = {acc[0]['order']})"],
                         rows))
        dat(os.path.join(data, "overflow-account.dat"), plot)
        out.append("![where the double accountants break](overflow-account.svg)\n")
    peers = rows_of(cases, "peer-map")
    if peers:
        out.append("The peers' whole accountants (their own default orders and conversion) against the certified "
                   "accountant over the same orders, at q = 1e-1 … 1e-K for each multiplier (`leakproof overflow "
                   "account --method M --map K`): how often the peer is off by more than the tolerance 1e-8, the "
                   "largest error above and below the certified value, how often it is *below* it by more than the "
                   "tolerance (an unsound ε), and what it says by itself (`method_status`):\n")
        rows = []
        for o in peers:
            for m in listed(o["method"]):
                for T in listed(o["steps"]):
                    j = R.json(["overflow", "account", "--method", m, "--noise-multiplier-grid",
                                o["noise-multiplier-grid"], "--steps", T, "--delta", o["delta"],
                                "--order-max", "64", "--map", o["decades"]])
                    if j is None:
                        rows.append([m, T] + ["not run"] * 7)
                        continue
                    pts = j.get("accountant_points") or []
                    off = [p for p in pts if isinstance(p.get("rel_error"), float) and p["rel_error"] > 1e-8]
                    below = [p for p in off if p.get("below_certified")]
                    above = [p for p in off if not p.get("below_certified")]
                    said = {}
                    for p in pts:
                        said[p.get("method_status")] = said.get(p.get("method_status"), 0) + 1
                    silent = [p for p in off if p.get("method_status") == "ok"]
                    worst_b = max(below, key=lambda p: p["rel_error"], default=None)
                    worst_a = max(above, key=lambda p: p["rel_error"], default=None)
                    fmt = lambda p: (f"{p['rel_error']:.2g} (M = {p['noise_multiplier']}, q = {p['sampling_rate']})"
                                     if p else "—")
                    rows.append([m, T, len(pts), len(off), fmt(worst_a), len(below), fmt(worst_b),
                                 ", ".join(f"{k} {v}" for k, v in sorted(said.items())), len(silent)])
        out.append(table(["method", "T", "points", "off > 1e-8", "worst above", "below (unsound)", "worst below",
                          "it says", "off but says ok"], rows))
    out.append("MPFR precision (bits) that keeps 15 correct digits (`leakproof overflow MECHANISM --method mpfr "
               "--p-max 2`):\n")
    rows, ps = [], []
    for o in rows_of(cases, "mpfr-bits"):
        grid = [k for k in o if k.endswith("-grid")][0]
        for form in listed(o["form"]):
            j = R.json(["overflow", o["mechanism"], "--form", form, "--method", "mpfr", "--" + grid, o[grid],
                        "--p-max", "2"])
            bits = R.field(j, "mpfr_bits", "mpfr_bits_for_15_digits")
            bits = bits if isinstance(bits, list) else []
            for b in bits:
                if b.get("p") not in ps:
                    ps.append(b.get("p"))
            rows.append((f"{o['mechanism']} {form}", {b.get("p"): b.get("bits") for b in bits}))
    out.append(table(["form"] + [f"p = {p:,}" if isinstance(p, int) else str(p) for p in ps],
                     [[name] + [by.get(p) for p in ps] for name, by in rows]))


def section_findings(R, verdicts):
    """What a reader should conclude: the verdicts that disagree, then each
    finding of the tests once, in words (verify/findings.py), with its figures."""
    out = ["## What to conclude\n"]
    n = 0
    for v in verdicts or []:
        if v["disagree"]:
            n += 1
            out.append(f"{n}. **{v['mechanism']} {v['form']} disagrees with the Monte Carlo arbiter on "
                       f"{v['disagree']} of {v['cases']} grid cases: value / estimate {v['bad_ratios']}** "
                       "(section 1).")
    agree = [f"{v['mechanism']} {v['form']} ({v['ratios']})" for v in verdicts or [] if not v["disagree"]]
    if agree:
        n += 1
        out.append(f"{n}. **Monte Carlo upholds** " + "; ".join(agree) + " (value / estimate, section 1).")
    paragraphs, unmatched = findings.classify(R.tests)
    for p in paragraphs:
        n += 1
        out.append(f"{n}. {p}")
    missing = [s for s in findings.SOURCES if not any(t["test"] == s and t["todo"] for t in R.tests)]
    if missing:
        out.append(f"\n**Findings missing from these records**: no `# TODO` line of {', '.join(missing)} "
                   "(run `make report`, which runs them).")
    if unmatched:
        out.append("\nFindings not yet written up (their tests' lines):")
        out += [f"- {d}" for d in unmatched]
    out.append("")
    return out


def assumptions(cases_all):
    b = one_row(cases_all["biswas"], "epsilon-sweep")
    dps = rows_of(cases_all["tan"], "dp-sgd")
    defs = rows_of(cases_all["balunovic"], "defense")
    radii = sorted({d["radius"] for d in defs})
    return ["## Assumptions, in one place\n",
            f"- δ = {b['delta']} for every (ε, δ) of Biswas et al. (their Fig. 1 fixes δ without a value) and "
            f"δ = {', '.join(sorted({d['delta'] for d in dps}))} for Tan et al.'s stated ε.",
            f"- R = {b['radius']}: Biswas et al.'s clip c; R = {', '.join(radii)} for Balunović et al.'s defenses, "
            "which do not clip (assumed).",
            "- ε of Biswas et al.'s sweep is one-shot: a single release of the mechanism (calibrate). "
            "Tan et al.'s stated ε are multi-step: DP-SGD over their training runs, held here against the "
            "certified RDP accountant (Poisson sampling, T = epochs × K steps) with the dataset size left "
            "open; the Bayes capacities beside them are of one step.",
            "- The Monte Carlo verdicts use fixed seeds (the case files); the report is the same bytes "
            "from the same records.", ""]


# ---- the whole report -------------------------------------------------------------------------
def build(R, outdir):
    data = os.path.join(outdir, "data")
    os.makedirs(data, exist_ok=True)
    cases = {n: read_cases(n) for n in ("biswas", "tan", "balunovic", "beyond", "methods")}
    body = []
    body.append("## 2. The papers' configurations, certified\n")
    failed = []

    def guarded(section, *args):
        # a formatting error must not lose the commands collected after it
        try:
            return section(R, *args)
        except Exception:
            import traceback
            traceback.print_exc()
            failed.append(section.__name__)
            return []
    guarded(section_biswas, body, data, cases["biswas"])
    guarded(report_privacy.section_equal_dp, body, data, cases["biswas"])
    guarded(section_tan, body, data, cases["tan"])
    guarded(section_balunovic, body, cases["balunovic"])
    guarded(section_beyond, body, data, cases["beyond"])
    guarded(section_methods, body, data, cases["methods"])
    verdict_part = []
    verdicts = guarded(section_verdicts, verdict_part, R.meta.get("grid", "cases/grid.cases"))
    head = ["# leakproof reports\n",
            f"Made by `make report` from {R.meta.get('version', 'an unknown version')}"
            + (f" (git {R.meta['git']})" if R.meta.get("git") else "") + ". Every number below is a field "
            "of a leakproof command's JSON record (all of them in `records.json`) or a `# TODO` line of its "
            "tests; `python3 verify/report.py format reports/records.json reports` rebuilds this file from "
            "them byte for byte. The configurations come from `cases/papers/*.cases`. A certified number is printed "
            "with only the digits Arb certifies (its rounded-up error bound is beside it in the record, "
            "`*_error_bound`); Monte Carlo estimates carry their standard errors.\n"]
    text = "\n".join(head + section_findings(R, verdicts) + assumptions(cases) + verdict_part + body) + "\n"
    with open(os.path.join(outdir, "README.md"), "w", encoding="utf-8") as f:
        f.write(text)
    for miss in sorted(set(R.lacking)):
        sys.stderr.write(f"report: a record lacks {miss}\n")
    return failed


def collect_tests(tests, leakproof=None):
    """The TODO lines of each test, run here (a test given as its make-check
    log T.log is read instead).  A test that cannot be run or read, or that
    prints no TAP, is an error: its findings would vanish from the report."""
    out = []
    for t in tests:
        if t.endswith(".log"):  # a test's log from make check: its TAP as it ran
            if not os.path.exists(t):
                raise SystemExit(f"report: {t}: no such log; its findings would be lost")
            with open(t, encoding="utf-8", errors="replace") as f:
                tap = f.read()
            t = t[:-4]
        else:
            if t.endswith(".sh") and not os.path.exists(t):
                t = os.path.join(TOP, "tests", os.path.basename(t))   # a script lives in the source tree
            if not (os.access(t, os.X_OK) or (t.endswith(".sh") and os.path.exists(t))):
                raise SystemExit(f"report: {t}: no such test program (make report builds it); "
                                 "its findings would be lost")
            env = dict(os.environ)
            if leakproof:   # the shell tests run the program
                env["LEAKPROOF"] = leakproof
            tap = subprocess.run(["sh", t] if t.endswith(".sh") else [t], capture_output=True, text=True,
                                 cwd=TOP, env=env).stdout
        if not re.search(r"^1\.\.\d+", tap, re.M):
            raise SystemExit(f"report: {t}: printed no TAP plan; its findings would be lost")
        todo = []
        for ln in tap.splitlines():
            if "# TODO" in ln and re.match(r"^(not )?ok ", ln):
                d = re.sub(r"^(not )?ok \d+ - ", "", ln).split(" # TODO")[0]
                if d not in todo:
                    todo.append(d)
        out.append({"test": os.path.relpath(t, TOP) if os.path.isabs(t) else t, "todo": todo})
        sys.stderr.write(f"report: {t}: {len(todo)} TODO lines\n")
    out.sort(key=lambda e: e["test"])
    return out


def main(argv):
    if len(argv) >= 2 and argv[1] == "format" and len(argv) == 4:
        with open(argv[2], encoding="utf-8") as f:
            R = Records(recorded=json.load(f))
        return 1 if build(R, argv[3]) else 0
    if len(argv) >= 2 and argv[1] == "collect":
        import argparse
        ap = argparse.ArgumentParser(prog="report.py collect")
        ap.add_argument("--leakproof", required=True)
        ap.add_argument("--tests", default="",
                        help="comma-separated test programs (or make-check logs T.log) to read findings from")
        ap.add_argument("--builddir", default=None,
                        help="run the tests that carry findings (findings.SOURCES) from this build tree")
        ap.add_argument("--grid", default="cases/grid.cases")
        ap.add_argument("outdir")
        a = ap.parse_args(argv[2:])
        tests = [t for t in a.tests.split(",") if t]
        if a.builddir:
            tests += [os.path.join(a.builddir, t) for t in findings.SOURCES]
        test_records = collect_tests(tests, a.leakproof)   # first: a lost findings source stops the report
        R = Records(leakproof=a.leakproof)
        ver = subprocess.run([a.leakproof, "--version"], capture_output=True, text=True).stdout.strip()
        git = subprocess.run(["git", "-C", TOP, "describe", "--always", "--dirty"], capture_output=True,
                             text=True)
        R.meta = {"version": ver, "git": git.stdout.strip() if git.returncode == 0 else None, "grid": a.grid}
        R.tests = test_records
        os.makedirs(a.outdir, exist_ok=True)
        try:
            build(R, a.outdir)
        finally:
            with open(os.path.join(a.outdir, "records.json"), "w", encoding="utf-8") as f:
                json.dump(R.dump(), f, indent=0, sort_keys=True, ensure_ascii=False)
                f.write("\n")
        # the README from the records alone, so collect and format agree byte for byte
        with open(os.path.join(a.outdir, "records.json"), encoding="utf-8") as f:
            return 1 if build(Records(recorded=json.load(f)), a.outdir) else 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
