"""sections/beyond.py -- Beyond the papers: Laplace, per-layer clipping, the networks."""
import os
import re
import sys

from sections.common import one_row, listed, table, dat


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
