"""sections/reconstruct.py -- the papers' reconstruction experiments where the Bayes-optimal
attacker is exact (leakproof reconstruct; tests/reconstruct/t-reconstruct-claims, t-reconstruct-tan).

Biswas et al.'s Fig. 1 redrawn: for each epsilon of the sweep (cases/papers/biswas.cases) and
each calibration (relation=paper, any-two), `leakproof reconstruct gauss|vmf --p 3 --epsilon E
--delta D --relation REL --prior sphere-points --n N --samples S --seed K`: the posterior mean's
MSE and the MAP guess's success (estimates with standard errors) and log2 C (certified).  Writes
data/reconstruct-fig1.dat for verify/plots/reconstruct-fig1.gp, one line per epsilon:
  eps  [for paper, any-two: log2C_g mse_g se_g log2C_v mse_v se_v succ_g succ_v]
       [for paper, any-two: min(1, C/n)_g min(1, C/n)_v]  (attacker_success_bound)
The verdicts (equal epsilon against equal capacity, Remark 2, Sec. V) are the tests' lines.
"""
import os

from sections.common import table, dat, fixed


def est(x, places):
    """An estimate for display (formatting only): a float rounded, anything else as the record has it."""
    return fixed(x, places) if isinstance(x, float) or x is None else str(x)


def fig1_rows(R, row, epsilons, delta):
    out = []
    for e in epsilons:
        line = [e]
        for rel in row["relation"].split(","):
            recs = []
            for mech in ("gauss", "vmf"):
                recs.append(R.json(["reconstruct", mech, "--p", row["p"], "--epsilon", e, "--delta", delta,
                                    "--relation", rel, "--prior", row["prior"], "--n", row["n"],
                                    "--samples", row["samples"], "--seed", row["seed"]]))
            line.append((rel, recs))
        out.append(line)
    return out


def section_reconstruct(R, out, data, cases):
    sweep = [k for kind, k, _ in cases if kind == "epsilon-sweep"][0]
    row = [k for kind, k, _ in cases if kind == "reconstruct-fig1"][0]
    rows = fig1_rows(R, row, sweep["epsilon"].split(","), sweep["delta"])
    out.append("### Biswas et al., Fig. 1: does equal capacity give equal reconstruction?\n")
    out.append(f"Where the attacker is exact: secrets n = {row['n']} equally likely points on the unit "
               f"sphere at p = {row['p']} (both mechanisms apply to them), the paper's ε grid at δ = "
               f"{sweep['delta']}; the Bayes-optimal attacker's MSE (posterior mean, E|x − E[x|y]|², "
               "summed over coordinates; a blind guess has about 1) and success (the MAP guess), Monte "
               f"Carlo with {row['samples']} samples each and their standard errors "
               "(`leakproof reconstruct gauss|vmf --epsilon E --delta D --relation paper|any-two "
               "--prior sphere-points ...`). *paper*: the Gaussian's classical σ at clip 1 and "
               "κ = ε, as the paper sets them; *any-two*: both certified (ε, δ)-DP for any two "
               "secrets. log₂ C is certified (the registry's proof forms; the Gaussian's over its "
               "input set, the unit ball).\n")
    plot = []
    for line in rows:
        e = line[0]
        prow = [e]
        for rel, (g, v) in line[1:]:
            prow += [R.field(g, "log2_capacity"), R.field(g, "mse"), R.field(g, "mse_std_error"),
                     R.field(v, "log2_capacity"), R.field(v, "mse"), R.field(v, "mse_std_error"),
                     R.field(g, "success"), R.field(v, "success")]
        for rel, (g, v) in line[1:]:
            prow += [R.field(g, "attacker_success_bound"), R.field(v, "attacker_success_bound")]
        plot.append(prow)
    for k, rel in enumerate(row["relation"].split(",")):
        trows = []
        for line in rows:
            g, v = line[1 + k][1]
            trows.append([line[0], R.field(g, "sigma"), R.field(g, "log2_capacity"),
                          f"{est(R.field(g, 'mse'), 4)} ± {est(R.field(g, 'mse_std_error'), 4)}",
                          est(R.field(g, "success"), 4), R.field(v, "kappa"), R.field(v, "log2_capacity"),
                          f"{est(R.field(v, 'mse'), 4)} ± {est(R.field(v, 'mse_std_error'), 4)}",
                          est(R.field(v, "success"), 4)])
        out.append(f"Calibration *{rel}*:\n")
        out.append(table(["ε", "Gaussian σ", "log₂ C", "MSE", "success", "VMF κ", "log₂ C", "MSE",
                          "success"], trows))
    dat(os.path.join(data, "reconstruct-fig1.dat"), plot)
    out.append("![Fig. 1 redrawn: MSE and exact-reconstruction success against ε and against log₂ C](reconstruct-fig1.svg)\n")
    out.append("At equal ε the two mechanisms' MSEs differ (panel a); "
               "plotted against log₂ C the two curves nearly coincide (panel b), and the MAP guess's success follows "
               "min(1, C/n) closely up to a few bits, for both mechanisms (panel d). The verdict lines of "
               "`tests/reconstruct/t-reconstruct-claims` ([biswas/fig1]) measure it: the "
               "mean |ln MSE ratio| at equal ε against that at equal log₂ C (interpolated), in the claims "
               "ledger; at the paper's own setting on Fashion-MNIST (a 13,691-parameter network, one image's "
               "clipped gradient, the Inverting Gradients attack), `tests/papers/t-fmnist.sh` (make verify) "
               "measures the same and decides [biswas/sec-IV-A/proxy] and [biswas/fig2/less-protection]. [biswas/remark2] holds in every setting: success ≤ min(1, C/n), and "
               "MMSE ≥ 4 − C (4 − prior MSE) (the miracle theorem with the gain 4 − |w − x|²) where that "
               "says something. [biswas/sec-V/mse-order]: a lower capacity need not mean a lower "
               "MSE leakage (an exhaustive search of three-secret channels finds pairs), and on these "
               "mechanisms the exact attacker finds such pairs too, against the paper's experiments "
               "(the `# TODO` line).\n")


def section_tan_reconstruct(R, out, data):
    """Tan et al.'s Figs. 6, 8, 10, 13, 14 in the linear-Gaussian model (one record).  Writes
    data/reconstruct-tan-figN.dat for verify/plots/reconstruct-tan.gp."""
    j = R.json(["reconstruct", "linear-gaussian"])
    out.append("### Tan et al., Figs. 6, 8, 10, 13, 14: in their own linear-Gaussian model\n")
    out.append("Data N(0, diag λ) with λᵢ = 222.21 i^−1.2 (Appendix D's λ_max, a power-law decay; "
               "d = 256, Fig. 14 d = 1024 with Appendix C's β), released with Gaussian noise; the "
               "optimal attacker's MSE is the closed form Σ λᵢσᵢ/(λᵢ + σᵢ) (`leakproof reconstruct "
               "linear-gaussian`). Each panel is a claim of the ledger (tests/reconstruct/t-reconstruct-tan, by "
               "its own code): the MSE falls with κ and stays above Theorem 1's bound (Fig. 10); falls "
               "with the rounds n at κ = 300 (Fig. 13); DP noise (multiplier 1.3, S = 1) on the batch "
               "mean leaves it easier to reconstruct as B grows while one example gets harder (Fig. 6); "
               "compressing a direction of larger λ raises the MSE more (Fig. 8); at equal κ the white "
               "and personalized channels leave a larger MSE than the natural one (Fig. 14).\n")
    series = {
        "fig10": ["kappa", "mse_per_coordinate", "tan_bound_per_coordinate"],
        "fig13": ["rounds", "mse_per_coordinate", "tan_bound_per_coordinate"],
        "fig6": ["batch", "mse_batch_mean", "mse_one_example"],
        "fig8": ["lambda", "mse_rise"],
        "fig14": ["kappa", "mse_natural", "mse_white", "mse_personalized"],
    }
    for key, cols in series.items():
        rows = R.field(j, key) if j is not None else []
        rows = rows if isinstance(rows, list) else []
        dat(os.path.join(data, f"reconstruct-tan-{key}.dat"), [[r.get(c) for c in cols] for r in rows])
        if key == "fig14":
            out.append(table(["κ", "natural", "white", "personalized"],
                             [[r.get(c) for c in cols] for r in rows]))
    out.append("![Tan et al.'s figures in the linear-Gaussian model](reconstruct-tan.svg)\n")


def section_balunovic_fig4(R, out, data):
    """Balunovic et al.'s Fig. 4 re-run (one record).  Writes data/reconstruct-fig4.dat."""
    j = R.json(["reconstruct", "mlp", "--trials", "400"])
    out.append("### Balunović et al., Fig. 4: the four Bayes attacks on a 2-layer MLP\n")
    out.append("As described: 20-dimensional N(0, I) inputs, labels argmax(Wx), a 2-layer MLP "
               "(20-50-10 here: the paper gives no width) with its gradients written out, Laplace noise "
               "0.1 on the gradient; each attack minimises −log p(g̃|x) − log p(x) by Adam from a common "
               "start, its step size tuned on separate trials; the wrong models are matched in variance "
               "(`leakproof reconstruct mlp --trials 400`). Distance to the input at step 200, with its "
               "standard error and the paired z against the Bayes attack:\n")
    attacks = R.field(j, "attacks") if j is not None else []
    attacks = attacks if isinstance(attacks, list) else []
    out.append(table(["attack", "step size", "distance", "± s.e.", "paired z"],
                     [[a.get("model"), a.get("step_size"), est(a.get("distance"), 3),
                       est(a.get("distance_std_error"), 3), est(a.get("paired_z"), 2)] for a in attacks]))
    curve = R.field(j, "curve") if j is not None else []
    curve = curve if isinstance(curve, list) else []
    dat(os.path.join(data, "reconstruct-fig4.dat"),
        [[c.get("step"), c.get("bayes"), c.get("laplace_prior"), c.get("gauss_conditional"),
          c.get("both_wrong")] for c in curve])
    out.append("![Fig. 4 re-run: distance to the input over 200 steps](reconstruct-fig4.svg)\n")


def section_capacity_meaning(R, out, cases):
    """What the papers' capacities mean for an attacker: log2 C and the note of each eval record
    (the sweep's VMF and the Gaussian at sigma = 1 on the sweep's network)."""
    sweep = [k for kind, k, _ in cases if kind == "epsilon-sweep"][0]
    p, radius = sweep["p"], sweep["radius"]
    out.append("### What these capacities mean for an attacker\n")
    out.append("An exact-reconstruction attacker's success is at most C times the prior's largest "
               "probability: min(1, C/n) for n equally likely secrets, below 1 only for a secret of more "
               "than log₂ C bits of min-entropy. For the paper's network (p = "
               f"{p}), from each `leakproof eval` record (`log2_capacity`, `attacker_note`):\n")
    rows = []
    g = R.json(["eval", "gauss", "--p", p, "--sigma", "1", "--radius", radius])
    rows.append(["Gaussian σ = 1, R = " + radius, R.field(g, "log2_capacity"), R.field(g, "attacker_note")])
    for k in sweep["epsilon"].split(","):
        v = R.json(["eval", "vmf", "--p", p, "--kappa", k])
        rows.append([f"VMF κ = {k}", R.field(v, "log2_capacity"), R.field(v, "attacker_note")])
    out.append(table(["mechanism", "log₂ C (bits)", "what it means"], rows))


DIGITS_BITS = ("4", "8", "16", "32")


def digits_argv(mech, bits):
    return ["reconstruct", mech, "--prior", "digits", "--n", "200", "--capacity", bits, "--ball-radius",
            "0.5", "--samples", "2000", "--seed", "1"]


def section_reconstruct_digits(R, out):
    """A real data set (the 8x8 digits of Debian's python3-sklearn, read at run time) as the prior,
    at equal capacity for both mechanisms, with the delta-ball gain beside the exact one.  Left out
    of a report whose records predate it (format mode finds none of its commands); where the data
    set was absent at collection, says so."""
    argvs = [(m, b, digits_argv(m, b)) for b in DIGITS_BITS for m in ("gauss", "vmf")]
    entries = [R.entries.get(tuple(a + ["--json"])) for _, _, a in argvs]
    if not R.leakproof and all(e is None for e in entries):
        return
    recs = [(m, b, R.json(a)) for m, b, a in argvs]
    out.append("### A real data set: the 8×8 digits, exact and δ-ball reconstruction at equal capacity\n")
    if all(r is None for _, _, r in recs):
        out.append("Not run: the data set (Debian's python3-sklearn, `digits.csv.gz`) was not installed "
                   "when the records were collected (`leakproof reconstruct ... --prior digits` exits 2 "
                   "naming the file).\n")
        return
    out.append("Secrets: the first 200 of the 1797 8×8 handwritten digits that Debian's python3-sklearn "
               "installs (p = 64, read at run time, never copied into leakproof), equally likely, centred "
               "and scaled into the input set (Gaussian: the unit ball, the farthest on its sphere; VMF: "
               "each on the unit sphere), the noise calibrated to the same certified log₂ C "
               "(`leakproof reconstruct gauss|vmf --prior digits --n 200 --capacity BITS --ball-radius 0.5 "
               "--samples 2000 --seed 1`). Beside the MAP guess's success and its bound min(1, C/n), the "
               "δ-ball gain at δ = 0.5: the best guess among the 200 images (*δ-ball*), no guess "
               "anywhere above *any guess ≤*, and the capacity times the gain's prior vulnerability "
               "(*C·V_δ*). MSE is summed over the 64 coordinates; *prior MSE* is a blind guess's.\n")
    rows = []
    for m, b, r in recs:
        rows.append([m, b, R.field(r, "sigma", "kappa"),
                     f"{est(R.field(r, 'mse'), 4)} ± {est(R.field(r, 'mse_std_error'), 4)}",
                     est(R.field(r, "prior_mse"), 4),
                     f"{est(R.field(r, 'success'), 4)} ± {est(R.field(r, 'success_std_error'), 4)}",
                     R.field(r, "attacker_success_bound"),
                     f"{est(R.field(r, 'ball_success'), 4)} ± {est(R.field(r, 'ball_success_std_error'), 4)}",
                     est(R.field(r, "ball_success_upper"), 4), R.field(r, "ball_capacity_bound")])
    out.append(table(["mechanism", "log₂ C", "σ or κ", "MSE", "prior MSE", "success", "min(1, C/n)",
                      "δ-ball", "any guess ≤", "C·V_δ"], rows))
    out.append("200 equally likely images carry log₂ 200 ≈ 7.6 bits of min-entropy, so min(1, C/n) is 1 "
               "from 8 bits on; the success column shows how far below its bound the exact attacker stays "
               "on a real prior, and the MSE columns whether equal capacity leaves the two mechanisms equal "
               "fractions of the blind guess's error (their priors differ: the ball against the sphere).\n")
