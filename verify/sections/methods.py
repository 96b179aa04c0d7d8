"""sections/methods.py -- The accuracy of every method and where each breaks."""
import os
import re
import sys

from sections.common import MISSING, rows_of, listed, table, dat


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
