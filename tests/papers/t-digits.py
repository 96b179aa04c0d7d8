#!/usr/bin/env python3
"""t-digits.py -- small CPU experiments on scikit-learn's 8x8 digits (1797 images of 64 pixels in
[0, 1], 10 classes) for the claims that need a trained model and an attack, where the papers ran
CIFAR-10 / MNIST with trained CNNs (t-digits.sh runs it with an interpreter that has numpy and scikit-learn; TAP on stdout):

- Tan et al., Figs. 9, 11, 12, 15, 16 and Section 6.2: the Natural Channel (each training image
  sent as D + xi, xi ~ N(0, sigma I), sigma the root of 1/2 sum ln(1 + lambda_i/sigma) = kappa,
  lambda the eigenvalues of the images' covariance: Section 5.2), DP-SGD (per-example clipping to
  S = 1, Gaussian noise of multiplier M on the batch's sum: Section 6.3's settings, B = 64) and
  DP-PSAC (per-sample adaptive clipping, Xia et al. 2023: g S / (|g| + r / (|g| + r)), r = 0.1) on
  a softmax-regression classifier; the attacks: membership inference by the training loss
  (AUC of non-members' loss above members'), reconstruction from a batch's shared gradient by the
  linear layer's exact inversion x = dl/dW_c / dl/db_c (the class row nearest the target, pixels
  clipped to [0, 1]: the MSE to the target image); IMP_MIA, IMP_DRA and GDC as Section 6.1 defines
  them.
- Balunovic et al., Fig. 7: Algorithm 1's Bayes attack with k = 1, 4, 16 Monte Carlo samples of
  the delta-ball (delta = 9 scaled from MNIST's 784 pixels to 64: 9 sqrt(64/784)) against Gaussian
  noise 0.1 on the gradient of an untrained softmax-regression model; Section 5's Soteria (the
  defended layer's gradient dropped, the input recovered from the first linear layer) on a
  64-32-32-10 MLP; and early training against late (a constant Gaussian gradient noise in place of
  ATS's augmentations: the shared gradient's signal shrinks as the network trains).

Every comparison of random outcomes is decided by the ledger's rule (cases/claims/README.md):
|z| >= 4 over independent seeds, else `# TODO inconclusive` with the effect and its standard error.
LP_DIGITS_FULL=1 (make verify) runs more seeds and the papers' n = 1e4 steps; the default is
make check's few seconds.  The mutation hooks follow tests/mutant.h's protocol (LP_MUTANT)."""
import math
import os
import sys

import numpy as np

from taprule import Z, count, decide, mut, tap   # tests/papers/taprule.py, beside this file

FULL = os.environ.get("LP_DIGITS_FULL") == "1"


def paired_z(a, b):
    """z of the mean of a - b over paired seeds (0 when every difference is 0)."""
    d = np.asarray(a, float) - np.asarray(b, float)
    se = d.std(ddof=1) / math.sqrt(len(d)) if len(d) > 1 else 0.0
    return (d.mean() / se if se > 0 else (math.inf if d.mean() > 0 else -math.inf if d.mean() < 0 else 0.0),
            d.mean(), se)


# ---- the data and the models --------------------------------------------------------------------
def digits():
    from sklearn.datasets import load_digits
    d = load_digits()
    perm = np.random.default_rng(0).permutation(len(d.target))
    return d.data[perm] / 16.0, d.target[perm]


def softmax(z):
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def natural_sigma(lam, kappa):
    """the noise variance with 1/2 sum ln(1 + lambda_i/sigma) = kappa (it falls in sigma)"""
    lam = lam[lam > 0]
    lo, hi = math.log(1e-12), math.log(1e12)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if 0.5 * np.log1p(lam / math.exp(mid)).sum() > kappa:
            lo = mid
        else:
            hi = mid
    return math.exp(0.5 * (lo + hi))


def train(X, y, steps, rng, lr=0.5, batch=64, sigma=None, dp=None):
    """softmax regression by SGD; sigma: the Natural Channel's data noise variance; dp: (M, S,
    'sgd' or 'psac') per-example clipping and noise M S on the batch's sum"""
    W = np.zeros((10, X.shape[1]))
    b = np.zeros(10)
    n = len(y)
    for _ in range(steps):
        idx = rng.integers(0, n, batch)
        x, t = X[idx], y[idx]
        if sigma is not None:
            x = x + rng.normal(0.0, math.sqrt(sigma), x.shape)
        G = softmax(x @ W.T + b)
        G[np.arange(batch), t] -= 1
        if dp is None:
            gW, gb = G.T @ x / batch, G.mean(axis=0)
        else:
            M, S, how = dp
            norm = np.sqrt((G ** 2).sum(1) * (1 + (x ** 2).sum(1)))     # |(G_i x_i^T, G_i)|
            if how == "sgd":
                scale = 1 / np.maximum(1, norm / S)
            else:                                                        # DP-PSAC, r = 0.1
                scale = S / (norm + 0.1 / (norm + 0.1))
            Gs = G * scale[:, None]
            gW = (Gs.T @ x + rng.normal(0, M * S, (10, X.shape[1]))) / batch
            gb = (Gs.sum(0) + rng.normal(0, M * S, 10)) / batch
        W -= lr * gW
        b -= lr * gb
    return W, b


def accuracy(W, b, X, y):
    return float(((X @ W.T + b).argmax(1) == y).mean())


def losses(W, b, X, y):
    p = softmax(X @ W.T + b)
    return -np.log(np.maximum(p[np.arange(len(y)), y], 1e-300))


def auc(members, others):
    """P(a non-member's loss above a member's), ties halved: the loss-threshold MIA's AUC"""
    a = np.sort(members)
    gt = np.searchsorted(a, others, side="left")
    eq = np.searchsorted(a, others, side="right") - gt
    return float((gt + 0.5 * eq).sum() / (len(members) * len(others)))


def dra_mse(W, b, X, y, rng, sigma=None, dp=None, batch=8, trials=20):
    """the shared gradient of a batch of `batch` training images (the defense applied as in
    training), inverted row by row (x = dl/dW_c / dl/db_c, clipped to [0, 1]); each target image's
    MSE to its nearest row's reconstruction, averaged"""
    out = []
    for _ in range(trials):
        idx = rng.choice(len(y), batch, replace=False)
        x0, t = X[idx], y[idx]
        x = x0 + rng.normal(0.0, math.sqrt(sigma), x0.shape) if sigma is not None else x0
        G = softmax(x @ W.T + b)
        G[np.arange(batch), t] -= 1
        if dp is None:
            gW, gb = G.T @ x / batch, G.mean(0)
        else:
            M, S, how = dp
            norm = np.sqrt((G ** 2).sum(1) * (1 + (x ** 2).sum(1)))
            scale = 1 / np.maximum(1, norm / S) if how == "sgd" else S / (norm + 0.1 / (norm + 0.1))
            Gs = G * scale[:, None]
            gW = (Gs.T @ x + rng.normal(0, M * S, gW_shape(W))) / batch
            gb = (Gs.sum(0) + rng.normal(0, M * S, 10)) / batch
        rec = np.clip(gW / np.where(np.abs(gb) > 1e-300, gb, 1e-300)[:, None], 0, 1)
        d = ((x0[:, None, :] - rec[None, :, :]) ** 2).mean(2)           # target x row
        out.append(d.min(1).mean())
    return float(np.mean(out))


def gW_shape(W):
    return W.shape


# ---- Tan et al., Section 6 --------------------------------------------------------------------------
def tan_experiments(X, y):
    members, nonmembers, test = (X[:300], y[:300]), (X[300:600], y[300:600]), (X[600:], y[600:])
    lam = np.linalg.eigvalsh(np.cov(members[0], rowvar=False))
    seeds = 24 if FULL else 6
    steps = 2000 if FULL else 200                   # Fig. 12 runs the figure's n = 1666 .. 10000 in make verify
    # the figures' kappa 50 .. 300 (and 25, 600 beyond) per CIFAR-10 image of 3072 values, at the same
    # information per pixel on a 64-pixel digit: kappa 64/3072
    kappas = [25, 50, 100, 200, 300, 600]
    scale = X.shape[1] / 3072
    mults = [0.8, 0.57, 0.46, 0.2066]                # Section 6.3's multipliers, B = 64, S = 1

    def run(seed, sigma=None, dp=None, n=steps):
        rng = np.random.default_rng(1000 + seed)
        W, b = train(members[0], members[1], n, rng, sigma=sigma, dp=dp)
        return (accuracy(W, b, *test),
                auc(losses(W, b, *members), losses(W, b, *nonmembers)),
                dra_mse(W, b, *members, rng, sigma=sigma, dp=dp))

    none = [run(s) for s in range(seeds)]
    nat = {k: [run(s, sigma=natural_sigma(lam, k * scale)) for s in range(seeds)] for k in kappas}
    dps = {m: [run(s, dp=(m, 1.0, "sgd")) for s in range(seeds)] for m in mults}
    psac = {m: [run(s, dp=(m, 1.0, "psac")) for s in range(seeds)] for m in mults}
    acc = {k: np.array([mut("tan/fig9 tan/fig11", r[0], "neg") for r in nat[k]]) for k in kappas}
    mse = {k: np.array([mut("tan/fig11 tan/sec6.2/kappa-mse", r[2], "neg") for r in nat[k]]) for k in kappas}

    def rises(series, what, claim, label):       # claim: the line's "[id]"
        """the series over the grid: no step decided down, the whole range decided up"""
        keys = list(series)
        nseeds = len(series[keys[0]])
        steps_z = [paired_z(series[b], series[a])[0] for a, b in zip(keys, keys[1:])]
        z, eff, se = paired_z(series[keys[-1]], series[keys[0]])
        means = ", ".join(f"{series[k].mean():.4f}" for k in keys)
        decide(-Z if min(steps_z) <= -Z else z,
               f"{claim} digits, softmax regression, {nseeds} seeds, {steps} steps: {what} over {label} "
               f"{', '.join(map(str, keys))}: {means} (from first to last {eff:+.4f} +- {se:.4f}, z = {z:.1f}; "
               f"smallest step z = {min(steps_z):.1f})")

    rises(acc, "the test accuracy (Natural Channel; kappa per pixel as on 3072)", "[tan/fig9]", "kappa")
    mse_neg = {k: -mse[k] for k in kappas}
    rises(mse_neg, "minus the reconstruction MSE from a batch of 8's gradient", "[tan/sec6.2/kappa-mse]", "kappa")
    # Fig. 11: the trade-off: utility up and protection (the MSE) down with kappa, both decided
    za = paired_z(acc[300], acc[50])[0]
    zm = paired_z(mse[50], mse[300])[0]
    decide(min(za, zm), f"[tan/fig11] utility-privacy trade-off along kappa = 50 .. 300 (per pixel as on 3072): "
           f"accuracy {acc[50].mean():.4f} -> {acc[300].mean():.4f} (z = {za:.1f}), reconstruction MSE "
           f"{mse[50].mean():.4f} -> {mse[300].mean():.4f} (z = {zm:.1f})")
    # Fig. 12: the accuracy rises with n at kappa = 300 (the figure's n = TotalInfo / 300, scaled)
    ns = [1666, 3333, 6666, 10000] if FULL else [100, 200, 400, 800]
    s300 = natural_sigma(lam, 300 * scale)
    seeds_n = 24 if FULL else 10                      # the cheapest of the runs: more seeds here
    byn = {n: np.array([mut("tan/fig12", run(s, sigma=s300, n=n)[0], "neg") for s in range(seeds_n)]) for n in ns}
    rises(byn, "the test accuracy at kappa = 300", "[tan/fig12]", "n")

    # Figs. 15, 16: IMP_MIA, IMP_DRA, GDC against the undefended runs (paired by seed)
    def imps(runs):
        return np.array([[(n0[1] - r[1]) / n0[1], (1 / n0[2] - 1 / r[2]) / (1 / n0[2])]
                         for n0, r in zip(none, runs)])                 # seeds x (IMP_MIA, IMP_DRA)
    nat_i = {k: imps(nat[k]) for k in (50, 100, 200, 300)}
    dp_i = {m: imps(dps[m]) for m in mults}
    ps_i = {m: imps(psac[m]) for m in mults}
    nat_i_all = {k: imps(nat[k]) for k in kappas}

    def trade_gap(other, other_i):
        """per seed: the Natural Channel's accuracy at each DP point's GDC (linear in GDC between its
        own points; None outside their range) minus that point's accuracy, averaged"""
        gaps, inside = [], 0
        for s in range(seeds):
            g = sorted((nat_i_all[k][s].mean(), acc[k][s]) for k in kappas)
            xs, ys = [p[0] for p in g], [p[1] for p in g]
            d = []
            for m in mults:
                x = other_i[m][s].mean()
                if xs[0] <= x <= xs[-1]:
                    d.append(np.interp(x, xs, ys) - other[m][s][0])
            inside += len(d)
            if d:
                gaps.append(mut("tan/fig15", float(np.mean(d)), "neg"))
        return np.array(gaps), inside

    for name, other, other_i in (("DP-SGD", dps, dp_i), ("DP-PSAC", psac, ps_i)):
        gaps, inside = trade_gap(other, other_i)
        if len(gaps) < 2:
            tap(False, f"[tan/fig15] the Natural Channel against {name} in the utility-privacy plane: their GDC ranges "
                f"do not overlap ({inside} points of {name} within the channel's GDC)",
                "TODO inconclusive: not decided at |z| >= 4 within the sampling budget")
            continue
        z, eff, se = paired_z(gaps, np.zeros(len(gaps)))
        gdc_n = ", ".join(f"{nat_i[k].mean():.3f}" for k in nat_i)
        gdc_o = ", ".join(f"{other_i[m].mean():.3f}" for m in mults)
        decide(z, f"[tan/fig15] the Natural Channel (kappa 50..300: GDC {gdc_n}) against {name} (M 0.8..0.2066: GDC "
               f"{gdc_o}) at equal GDC: the channel's accuracy is higher by {eff:+.4f} +- {se:.4f} (z = {z:.1f}, "
               f"{inside} points compared)")
    # Fig. 16: DP specialises in MIA, the channels in DRA: IMP_MIA - IMP_DRA, DP's above the channel's
    spec_dp = np.array([np.mean([dp_i[m][s][0] - dp_i[m][s][1] for m in mults]) for s in range(seeds)])
    spec_nat = np.array([np.mean([nat_i[k][s][0] - nat_i[k][s][1] for k in nat_i]) for s in range(seeds)])
    z, eff, se = paired_z(mut("tan/fig16", spec_dp, "neg"), spec_nat)
    decide(z, f"[tan/fig16] the defense-defense plane: DP-SGD's IMP_MIA - IMP_DRA {spec_dp.mean():+.3f} against the "
           f"Natural Channel's {spec_nat.mean():+.3f} (difference {eff:+.3f} +- {se:.3f}, z = {z:.1f}): DP leans to "
           f"MIA, the channel to DRA")


# ---- Balunovic et al. ------------------------------------------------------------------------------
def bayes_attack(W, b, g, t, k, delta, sigma, steps, rng, lr=0.05):
    """Algorithm 1 on softmax regression: x <- x + lr grad (1/k) sum_i [log p(g|x_i) + log p(x_i)],
    x_i uniform in B(x, delta); p(g|x) = N(grad l(x), sigma^2 I), the prior N(0.3, 0.3^2 I) on the
    pixels, the label t known; returns the distance to the truth after every step (set by caller)"""
    d = W.shape[1]
    x = rng.uniform(0, 1, d)
    onehot = np.eye(10)[t]
    path = []
    for _ in range(steps):
        u = rng.normal(size=(k, d))
        u *= (delta * rng.uniform(size=(k, 1)) ** (1 / d)) / np.linalg.norm(u, axis=1, keepdims=True)
        xs = x + u                                              # k points of the ball
        p = softmax(xs @ W.T + b)                              # (k, 10)
        e = p - onehot                                         # dl/db at each x_i
        R = (g[0][None] - e[:, :, None] * xs[:, None, :]) / sigma ** 2    # residuals of dl/dW
        r = (g[1][None] - e) / sigma ** 2
        u_c = (R * xs[:, None, :]).sum(2) + r                  # sum_j R_cj x_j + r_c
        wbar = p @ W                                           # (k, d)
        grad = (u_c * p) @ W - (u_c * p).sum(1, keepdims=True) * wbar   # through p
        grad += np.einsum("kcj,kc->kj", R, e)                  # through the explicit x in dl/dW
        grad += -(xs - 0.3) / 0.3 ** 2                         # the prior
        x = x + lr * sigma ** 2 * grad.mean(0)
        path.append(x)
    return path


def balunovic_experiments(X, y):
    rng = np.random.default_rng(7)
    # Fig. 7: k = 1, 4, 16 samples; an untrained model (small random weights), noise 0.1, delta 9 on
    # 784 pixels scaled to 64
    W = rng.normal(0, 0.1, (10, 64))
    b = np.zeros(10)
    delta = 9 * math.sqrt(64 / 784)
    images = 40 if FULL else 12
    steps = 300 if FULL else 150
    ks = [1, 4, 16]
    final = {k: [] for k in ks}
    half = {k: [] for k in ks}
    for i in range(images):
        x0, t = X[i], y[i]
        e = softmax(x0 @ W.T + b) - np.eye(10)[t]
        g = (np.outer(e, x0) + rng.normal(0, 0.1, (10, 64)), e + rng.normal(0, 0.1, 10))
        for k in ks:
            path = bayes_attack(W, b, g, t, k, delta, 0.1, steps, np.random.default_rng(100 + i))
            dist = [float(np.linalg.norm(p - x0)) for p in path]
            final[k].append(dist[-1])
            half[k].append(dist[steps // 3])
    zf, ef, sf = paired_z(final[1], mut("balunovic/fig7", np.array(final[16]), "neg x2"))
    zh, eh, sh = paired_z(half[1], mut("balunovic/fig7", np.array(half[16]), "neg x2"))
    decide(min(zf, zh), f"[balunovic/fig7] digits, softmax regression at initialisation, Gaussian noise 0.1, delta = "
           f"{delta:.3f} (9 on MNIST's 784 pixels), {images} images, {steps} steps: the distance to the input after "
           f"{steps // 3} steps {np.mean(half[1]):.3f} (k = 1), {np.mean(half[4]):.3f} (4), {np.mean(half[16]):.3f} (16); "
           f"after {steps} {np.mean(final[1]):.3f}, {np.mean(final[4]):.3f}, {np.mean(final[16]):.3f}: k = 16 closer by "
           f"{eh:.3f} +- {sh:.3f} (z = {zh:.1f}) and {ef:.3f} +- {sf:.3f} (z = {zf:.1f})")

    # an MLP 64-32-32-10 (ReLU), its layers' gradients for one image
    def mlp(seed):
        r = np.random.default_rng(seed)
        return [(r.normal(0, math.sqrt(2 / 64), (32, 64)), np.zeros(32)),
                (r.normal(0, math.sqrt(2 / 32), (32, 32)), np.zeros(32)),
                (r.normal(0, math.sqrt(2 / 32), (10, 32)), np.zeros(10))]

    def grads(net, x, t):
        hs, a = [x], x
        for i, (Wl, bl) in enumerate(net):
            a = a @ Wl.T + bl
            if i < 2:
                a = np.maximum(a, 0)
            hs.append(a)
        delta_ = softmax(hs[-1]) - np.eye(10)[t]
        out = []
        for i in (2, 1, 0):
            out.append((np.outer(delta_, hs[i]), delta_.copy()))
            if i:
                delta_ = (delta_ @ net[i][0]) * (hs[i] > 0)
        return out[::-1]                                         # layers 0, 1, 2

    def sgd_step_idx(net, idx):
        """one SGD step of the MLP on the images idx, the batch's mean gradient"""
        x, t = X[idx], y[idx]
        hs, a = [x], x
        for i, (Wl, bl) in enumerate(net):
            a = a @ Wl.T + bl
            if i < 2:
                a = np.maximum(a, 0)
            hs.append(a)
        d = softmax(hs[-1])
        d[np.arange(len(t)), t] -= 1
        d /= len(t)
        new = list(net)
        for i in (2, 1, 0):
            Wl, bl = net[i]
            new[i] = (Wl - 0.1 * d.T @ hs[i], bl - 0.1 * d.sum(0))
            if i:
                d = (d @ Wl) * (hs[i] > 0)
        return new

    def psnr(rec, x0):
        m = float(((rec - x0) ** 2).mean())
        return math.inf if m == 0 else 10 * math.log10(1 / m)

    # Section 5, Soteria: the defended layer (the largest after the "feature extractor": here layer 1)
    # perturbed (80 % of its gradient's entries pruned); the attacker drops it and inverts layer 0
    ps = []
    for i in range(20):
        net = mlp(i)
        gl = grads(net, X[i], y[i])
        Wg = gl[1][0].copy()
        Wg[np.random.default_rng(i).uniform(size=Wg.shape) < 0.8] = 0    # Soteria's pruning, irrelevant here
        gW, gb = gl[0]
        rows = np.abs(gb) > 0
        rec = (gW[rows] / gb[rows][:, None]).mean(0) if rows.any() else np.full(64, 0.5)
        ps.append(psnr(mut("balunovic/sec5/soteria-drop", rec, "half neg"), X[i]))
    worst = min(ps)
    tap(worst > 100, f"[balunovic/sec5/soteria-drop] digits, MLP 64-32-32-10 at initialisation, Soteria on the "
        f"second layer (80 % of its gradient pruned): with that layer's gradient dropped, the first layer's gives "
        f"the input back in 20 of 20 images, PSNR {'infinite (exact)' if worst == math.inf else f'{worst:.1f} dB'} "
        f"at the worst")

    # Section 5, ATS: early in training the shared gradient gives the input, later it does not:
    # a constant Gaussian noise (std 0.01) on the gradient, the first layer inverted, at steps 0 and
    # after training (the same images and noise draws)
    seeds = 12 if FULL else 6
    early, late = [], []
    for s in range(seeds):
        net = mlp(50 + s)
        r = np.random.default_rng(500 + s)
        imgs = r.choice(len(y), 8, replace=False)

        def attack(net_):
            out = []
            for j in imgs:
                gW, gb = grads(net_, X[j], y[j])[0]
                gW = gW + r.normal(0, 0.01, gW.shape)
                gb = gb + r.normal(0, 0.01, gb.shape)
                i = int(np.argmax(np.abs(gb)))
                out.append(psnr(np.clip(gW[i] / gb[i], 0, 1), X[j]))
            return float(np.mean(out))
        early.append(attack(net))
        for _ in range(300 if not FULL else 2000):             # SGD on batches of 32, lr 0.1
            net = sgd_step_idx(net, r.integers(0, 1200, 32))
        late.append(attack(net))
    z, eff, se = paired_z(mut("balunovic/sec5/ats-early", np.array(early), "neg half"), late)
    decide(z, f"[balunovic/sec5/ats-early] digits, MLP 64-32-32-10 with Gaussian gradient noise 0.01, the first layer "
           f"inverted: PSNR {np.mean(early):.1f} dB at initialisation against {np.mean(late):.1f} dB after "
           f"{300 if not FULL else 2000} steps ({eff:+.1f} +- {se:.1f} dB, z = {z:.1f}, {seeds} networks of 8 images)")


def main():
    try:
        X, y = digits()
    except ImportError as e:
        print(f"1..0 # SKIP scikit-learn's digits are not available ({e}; Debian: python3-sklearn)")
        return 0
    tan_experiments(X, y)
    balunovic_experiments(X, y)
    print(f"1..{count()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
