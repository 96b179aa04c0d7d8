"""sections/tan.py -- Tan et al.'s channels and Section 6.3."""
import os
import re
import sys

from sections.common import MISSING, rows_of, one_row, listed, table, dat, network_size


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
        out.append("The same runs (q = 1/K at the nearest K, T = epochs × K) by the tight accountants: the "
                   "certified RDP at its best real order (the default) and the certified PLD bracket of the "
                   "true ε (`leakproof account --accountant pld`, the worse of add and remove), against the "
                   "stated ε; beside them the Bayes capacity of the whole run (`leakproof run-capacity`, the "
                   "example secret, clip 1): certified lower and upper bounds when its gradient is the same at "
                   "every step, and the upper bound for gradients chosen adaptively:\n")
        # the run's capacity at the first network's p (from its one-step record above)
        net_name = nets[0]["name"] if nets else MISSING
        tight = []
        for f in fits:
            j = R.json(["account", "--noise-multiplier", f["noise_multiplier"], "--stated-epsilon",
                        f["stated_epsilon"], "--batch", f["batch"], "--epochs", f["epochs"], "--delta",
                        f["delta"], "--orders", f["orders"]])
            k, t = R.field(j, "batches_nearest"), R.field(j, "steps_nearest")
            if not isinstance(k, int) or not isinstance(t, int):
                tight.append([f["noise_multiplier"], f["stated_epsilon"], k] + [MISSING] * 5)
                continue
            run = ["--noise-multiplier", f["noise_multiplier"], "--sampling-rate", f"1/{k}",
                   "--steps", str(t), "--delta", f["delta"]]
            rdp = R.json(["account"] + run)
            pld = R.json(["account", "--accountant", "pld"] + run)
            one = R.json(["eval", "gauss"] + network_size(nets[0]) + ["--noise-multiplier", f["noise_multiplier"],
                                                                 "--clip", "1", "--form", "proof",
                                                                 "--digits", "6"]) if nets else None
            net_p = R.field(one, "p")
            cap = None if not isinstance(net_p, int) else R.json(
                ["run-capacity", "--p", str(net_p), "--noise-multiplier", f["noise_multiplier"], "--clip", "1",
                 "--sampling-rate", f"1/{k}", "--steps", str(t)])
            b = (rdp or {}).get("balle2020") or {}
            tight.append([f["noise_multiplier"], f["stated_epsilon"], k,
                          f"{b.get('epsilon_upper_bound', MISSING)} (order {b.get('order', MISSING)})",
                          f"[{R.field(pld, 'epsilon_lower_bound')}, {R.field(pld, 'epsilon_upper_bound')}]",
                          R.field(pld, "relation"),
                          f"[{R.field(cap, 'log10_capacity_lower')}, {R.field(cap, 'log10_capacity_upper_same')}]",
                          R.field(cap, "log10_capacity_upper_adaptive")])
        out.append(table(["noise multiplier", "stated ε", "K", "RDP, best real order (certified upper bound)",
                          "PLD: the true ε lies in", "relation",
                          f"log₁₀ C_Bayes of the run, {net_name} (lower, same gradient)",
                          "log₁₀ C_Bayes, adaptive upper bound"], tight))
        out.append("The stated ε are Rényi-DP upper bounds (Opacus's accountant reproduces them); the "
                   "certified PLD brackets say where each run's true ε lies, below them.\n")
