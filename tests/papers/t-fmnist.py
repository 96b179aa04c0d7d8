#!/usr/bin/env python3
"""t-fmnist.py -- Biswas et al.'s Section IV-A experiment at its own setting on Fashion-MNIST (Fig. 1
and the text on Fig. 2; t-fmnist.sh finds the data and an interpreter with torch; TAP on stdout).

The setting, as the paper states it: one image's gradient of a network of about 13,700 parameters
(here 784-17-12-10 with sigmoid activations at its seeded initialisation, p = 13,691 weights and
biases), clipped to norm 1 (DP-SGD's clip c = 1, a batch of one) and released through
- the Gaussian mechanism, sigma the classical calibration at the clip (S sqrt(2 ln(1.25/delta)) /
  epsilon, S = 1, as the paper calibrates; leakproof's certified value), or
- the von Mises-Fisher mechanism (Algorithm 2: the gradient scaled to unit length, kappa = epsilon,
  drawn by Wood's algorithm, checked here against the mean cosine leakproof's certified capacity
  gives),
at the paper's 9 epsilons (cases/papers/biswas.cases: 0.5 .. 173, delta = 1e-5); the attack is the
Inverting Gradients attack (Geiping et al. 2020: 1 - cosine similarity of the candidate's gradient
to the released one plus 0.1 x total variation (IG's defaults), Adam on signed gradients, lr 0.1
decayed 10x at 3/8, 5/8 and 7/8 of the iterations, pixels boxed to [0, 1], a Gaussian start in
normalised units, the label known); attack success is the mean squared error to the image (pixels in [0, 1]), with its
standard error over images (each image a fresh release; common random numbers across the
settings); leakproof computes each setting's Bayes
capacity (certified, Theorems B.2 and B.3 at p = 13,691).

The per-example gradient is written out for the network (so that a batch of attacks runs as one
tensor program); it is checked against torch.autograd at the start.

Claims decided by the ledger's rule (cases/claims/README.md: |z| >= 4, else `# TODO inconclusive`;
standard errors over images, by the bootstrap over images for the interpolated gaps):
  biswas/fig1 (at equal epsilon the MSEs differ; at equal Bayes capacity they are similar, read as
  the p = 3 check reads it: the mean |ln MSE ratio| at equal log10 C at most half that at equal
  epsilon), biswas/sec-IV-A/proxy (the MSE is a closer function of the capacity than of epsilon),
  biswas/fig2/less-protection (at epsilon = 173 the Gaussian's MSE is the lower).
Sizes (LP_FMNIST_SIZE; the ledger's rule samples 4 times the images at each further look while a
claim is undecided, within the size's looks): verify (make verify: 48 images, 600 iterations, one
look: about 35 s of CPU), full (make verify-long: 100 images, IG's 4800 iterations, up to two
looks: 9 min of CPU a look of 100), or N,ITERS,LOOKS.  LP_FMNIST_SWAP=1 (a mutant of the experiment itself, make verify-long):
the noise scales run opposite to the epsilon grid while the capacities are taken at the stated
ones; the claims' lines must then fail.  The mutation hooks (the VMF's squared errors for Fig. 1,
the differences' signs for the other two) follow tests/mutant.h's protocol (LP_MUTANT)."""
import gzip
import math
import os
import sys
import time

import numpy as np

from taprule import Z, decide, mut, tap   # tests/papers/taprule.py, beside this file

EPS = ["0.5", "1", "2", "5", "10", "20", "50", "100", "173"]
DELTA = "1e-5"
HIDDEN = (17, 12)


def sizes():
    s = os.environ.get("LP_FMNIST_SIZE", "verify")
    if s == "verify":
        return 48, 600, 1
    if s == "full":
        return 100, 4800, 2
    try:
        n, it, lk = (int(v) for v in s.split(","))
        if n >= 4 and it >= 8 and 1 <= lk <= 3:
            return n, it, lk
    except ValueError:
        pass
    print(f"Bail out! LP_FMNIST_SIZE={s}: not verify, full or N,ITERS,LOOKS (N >= 4, ITERS >= 8, LOOKS 1 to 3)")
    sys.exit(1)


# ---- the data -----------------------------------------------------------------------------------
def idx_images(path):
    with gzip.open(path, "rb") as f:
        raw = f.read()
    magic, n, rows, cols = (int.from_bytes(raw[i:i + 4], "big") for i in range(0, 16, 4))
    if magic != 2051 or len(raw) != 16 + n * rows * cols:
        raise ValueError(f"{path}: not an idx3 image file")
    return np.frombuffer(raw, np.uint8, offset=16).reshape(n, rows * cols) / 255.0


def idx_labels(path):
    with gzip.open(path, "rb") as f:
        raw = f.read()
    magic, n = (int.from_bytes(raw[i:i + 4], "big") for i in (0, 4))
    if magic != 2049 or len(raw) != 8 + n:
        raise ValueError(f"{path}: not an idx1 label file")
    return np.frombuffer(raw, np.uint8, offset=8).astype(np.int64)


# ---- the network and its per-example gradient ---------------------------------------------------
def network(torch, seed):
    torch.manual_seed(seed)
    a, b = HIDDEN
    return torch.nn.Sequential(torch.nn.Linear(784, a), torch.nn.Sigmoid(), torch.nn.Linear(a, b),
                               torch.nn.Sigmoid(), torch.nn.Linear(b, 10)).double()


def weights(net):
    return [m.weight.detach() for m in net if hasattr(m, "weight")], \
           [m.bias.detach() for m in net if hasattr(m, "bias")]


def example_gradients(torch, Ws, bs, x, y):
    """The cross-entropy gradient of each row of x (normalised inputs, B x 784) with labels y, in
    the order of net.parameters() (W1, b1, W2, b2, W3, b3), as a list of (B, ...) blocks; written
    out by backpropagation so that it stays differentiable in x."""
    (W1, W2, W3), (b1, b2, b3) = Ws, bs
    a1 = torch.sigmoid(x @ W1.T + b1)
    a2 = torch.sigmoid(a1 @ W2.T + b2)
    d3 = torch.softmax(a2 @ W3.T + b3, dim=1) - torch.nn.functional.one_hot(y, 10).to(x.dtype)
    d2 = (d3 @ W3) * a2 * (1 - a2)
    d1 = (d2 @ W2) * a1 * (1 - a1)
    return [d1, x, d2, a1, d3, a2]       # gW_l = d_l (outer) a_{l-1}, gb_l = d_l: kept factored


def flat(torch, fac):
    d1, x, d2, a1, d3, a2 = fac
    B = x.shape[0]
    return torch.cat([(d1[:, :, None] * x[:, None, :]).reshape(B, -1), d1,
                      (d2[:, :, None] * a1[:, None, :]).reshape(B, -1), d2,
                      (d3[:, :, None] * a2[:, None, :]).reshape(B, -1), d3], dim=1)


def split(torch, g):
    """a flat gradient (B, p) as the blocks' targets (T1, t1, T2, t2, T3, t3)"""
    a, b = HIDDEN
    shapes = [(a, 784), (a,), (b, a), (b,), (10, b), (10,)]
    out, k = [], 0
    for s in shapes:
        n = int(np.prod(s))
        out.append(g[:, k:k + n].reshape(g.shape[0], *s).contiguous())
        k += n
    return out


def cos_to(torch, fac, T):
    """the cosine of each row's gradient (factored) to its target, without forming the gradient:
    <d a^T, T> = d . (T a) and |d a^T|^2 = |d|^2 |a|^2"""
    d1, x, d2, a1, d3, a2 = fac
    T1, t1, T2, t2, T3, t3 = T
    bil = lambda d, T, a: (torch.bmm(d.unsqueeze(1), T).squeeze(1) * a).sum(1)    # d^T T a, nothing B x 17 x 784
    dot = bil(d1, T1, x) + (d1 * t1).sum(1) + bil(d2, T2, a1) + (d2 * t2).sum(1) + bil(d3, T3, a2) + (d3 * t3).sum(1)
    sq = lambda v: (v * v).sum(1)
    nrm = sq(d1) * (sq(x) + 1) + sq(d2) * (sq(a1) + 1) + sq(d3) * (sq(a2) + 1)
    tn = sum(sq(t.reshape(t.shape[0], -1)) for t in T)
    return dot / torch.sqrt(nrm * tn)


# ---- the mechanisms -----------------------------------------------------------------------------
def wood_w(rng, p, kappa, n):
    """n draws of w = mu.y for y ~ VMF(mu, kappa) on S^{p-1} (Wood 1994's rejection sampler)"""
    m = p - 1
    b = m / (2 * kappa + math.sqrt(4 * kappa * kappa + m * m))
    x0 = (1 - b) / (1 + b)
    c = kappa * x0 + m * math.log(1 - x0 * x0)
    out = np.empty(n)
    k = 0
    while k < n:
        z = rng.beta(m / 2, m / 2, size=2 * (n - k) + 8)
        w = (1 - (1 + b) * z) / (1 - (1 - b) * z)
        u = rng.random(z.size)
        acc = w[kappa * w + m * np.log1p(-x0 * w) - c >= np.log(u)]
        take = min(acc.size, n - k)
        out[k:k + take] = acc[:take]
        k += take
    return out


def vmf_release(w, mu, v):
    """y ~ VMF(mu, kappa) for a unit vector mu, given w = mu.y from wood_w and a standard normal v:
    w mu + sqrt(1 - w^2) v', v' = v's part orthogonal to mu, normalised (uniform there)"""
    v = v - (v @ mu) * mu
    return w * mu + math.sqrt(max(0.0, 1 - w * w)) * v / np.linalg.norm(v)


# ---- the experiment ------------------------------------------------------------------------------
def ig_attack(torch, Ws, bs, targets, labels, x0, iters, tv_weight, box):
    """Inverting Gradients on a batch from the start x0 (normalised pixels): x minimising
    1 - cos(grad(x), target) + tv TV(x), Adam on the signed gradient, boxed, lr decayed at 3/8, 5/8, 7/8"""
    B = targets.shape[0]
    x = x0.clone().requires_grad_(True)
    T = split(torch, targets)
    opt = torch.optim.Adam([x], lr=0.1)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[int(iters // 2.667), int(iters // 1.6),
                                                                  int(iters // 1.142)], gamma=0.1)
    for _ in range(iters):
        opt.zero_grad()
        img = x.reshape(B, 28, 28)
        tv = (img[:, :, 1:] - img[:, :, :-1]).abs().mean((1, 2)) + (img[:, 1:, :] - img[:, :-1, :]).abs().mean((1, 2))
        loss = (1 - cos_to(torch, example_gradients(torch, Ws, bs, x, labels), T) + tv_weight * tv).sum()
        loss.backward()
        x.grad.sign_()
        opt.step()
        sched.step()
        with torch.no_grad():
            x.clamp_(box[0], box[1])
    return x.detach()


def squared_errors(torch, Ws, bs, imgs, labs, ids, noise_sig, noise_kap, iters, norm):
    """the MSE of each attack, (2 mechanisms, 9 epsilons, images): each image one release per
    setting, drawn from the image's own stream (its index in the test set: a later look adds images
    and leaves these as they are), with common random numbers across the settings (the same
    Gaussian draw scaled by each sigma, the same direction orthogonal to the gradient for the VMF,
    the same attack start), so that the settings' differences are measured on the same draws"""
    mean, std = norm
    p = sum(int(np.prod(w.shape)) + b.numel() for w, b in zip(Ws, bs))
    xn = torch.tensor((imgs - mean) / std)
    g = flat(torch, example_gradients(torch, Ws, bs, xn, torch.tensor(labs))).numpy()
    gn = np.linalg.norm(g, axis=1)
    targets, x0 = np.empty((2, len(EPS), len(ids), p), np.float32), np.empty((len(ids), 784))
    for i, idx in enumerate(ids):
        rng = np.random.default_rng([11, int(idx)])
        z, v = rng.standard_normal(p), rng.standard_normal(p)
        x0[i] = rng.standard_normal(784)
        for k in range(len(EPS)):
            targets[0, k, i] = g[i] / max(1.0, gn[i]) + noise_sig[k] * z
            targets[1, k, i] = vmf_release(wood_w(rng, p, noise_kap[k], 1)[0], g[i] / gn[i], v)
    B = 2 * len(EPS) * len(ids)
    f32 = lambda a: a.float() if torch.is_tensor(a) else torch.tensor(a, dtype=torch.float32)
    rec = ig_attack(torch, [f32(w) for w in Ws], [f32(b) for b in bs], torch.from_numpy(targets.reshape(B, p)),
                    torch.tensor(np.tile(labs, 2 * len(EPS))), f32(np.tile(x0, (2 * len(EPS), 1))), iters, 1e-1,
                    ((0 - mean) / std, (1 - mean) / std)).double().numpy() * std + mean
    return ((rec - np.tile(imgs, (2 * len(EPS), 1))) ** 2).mean(1).reshape(2, len(EPS), len(ids))


def interp(xs, ys, x):
    for k in range(len(xs) - 1):
        if xs[k] <= x <= xs[k + 1]:
            return ys[k] if xs[k + 1] == xs[k] else ys[k] + (ys[k + 1] - ys[k]) * (x - xs[k]) / (xs[k + 1] - xs[k])
    return None


def gaps(mse, logc):
    """(mean |ln MSE_G - ln MSE_V| over the epsilons, the mean |ln ratio| at equal log10 C: each
    mechanism's points on the other's curve, linear in ln MSE against log10 C, and their count) as the
    p = 3 check (t-reconstruct-claims) reads "similar"; mse[m][k], logc[m][k]"""
    ln = np.log(mse)
    g_eps = float(np.mean(np.abs(ln[0] - ln[1])))
    diffs = []
    for m in (0, 1):
        order = np.argsort(logc[1 - m])
        xs, ys = logc[1 - m][order], ln[1 - m][order]
        for k in range(len(EPS)):
            o = interp(xs, ys, logc[m][k])
            if o is not None:
                diffs.append(abs(ln[m][k] - o))
    return g_eps, (float(np.mean(diffs)) if diffs else math.nan), len(diffs)


def main():
    import torch
    import leakproof
    torch.set_num_threads(1)
    n_img, iters, looks = sizes()
    swap = os.environ.get("LP_FMNIST_SWAP") == "1"
    data = os.environ["LP_FMNIST_DIR"]
    t0 = time.process_time()
    X = idx_images(os.path.join(data, "t10k-images-idx3-ubyte.gz"))
    Y = idx_labels(os.path.join(data, "t10k-labels-idx1-ubyte.gz"))
    print("1..7")
    mean, std = 0.2860, 0.3530          # Fashion-MNIST's training pixels (Xiao et al.), the usual normalisation
    box = (-mean / std, (1 - mean) / std)
    net = network(torch, 1)
    p = sum(t.numel() for t in net.parameters())
    Ws, bs = weights(net)

    # the written-out gradient against torch.autograd (the attack's objective rests on it)
    xs = torch.tensor((X[:4] - mean) / std)
    ls = torch.tensor(Y[:4])
    mine = flat(torch, example_gradients(torch, Ws, bs, xs, ls))
    worst = 0.0
    for i in range(4):
        net.zero_grad()
        torch.nn.functional.cross_entropy(net(xs[i:i + 1]), ls[i:i + 1]).backward()
        ref = torch.cat([q.grad.reshape(-1) for q in net.parameters()])
        worst = max(worst, float((mine[i] - ref).abs().max() / ref.abs().max()))
    tap(worst < 1e-12 and p == 13691, f"the network 784-17-12-10 has p = {p} weights (the paper's 13,700); its "
        f"written-out per-example gradient equals torch.autograd's (largest relative difference {worst:.1e}, 4 images)")

    # Wood's sampler against leakproof: E[mu.y] = 1 - d ln C_vmf / d kappa (C_vmf = A e^kappa / Z(kappa))
    rng = np.random.default_rng(7)
    worst_z, rows = 0.0, []
    for kappa in (173.0, 2000.0):
        h = 1e-3
        lc = [float(leakproof.eval("vmf", p=p, kappa=repr(kappa + s * h))["log10"]) for s in (-1, 1)]
        want = 1 - math.log(10) * (lc[1] - lc[0]) / (2 * h)
        w = wood_w(rng, p, kappa, 200000)
        z = (w.mean() - want) / (w.std(ddof=1) / math.sqrt(w.size))
        worst_z = max(worst_z, abs(z))
        rows.append(f"kappa {kappa:g}: {w.mean():.6f} against {want:.6f}")
    y = vmf_release(wood_w(rng, p, 173.0, 1)[0], np.eye(p)[0], rng.standard_normal(p))
    tap(worst_z < Z and abs(np.linalg.norm(y) - 1) < 1e-12,
        f"Wood's VMF sampler at p = {p}: the mean cosine to mu matches the one leakproof's certified capacity "
        f"gives ({'; '.join(rows)}; largest |z| {worst_z:.2f}); releases have norm 1")

    # the releases and the attacks, look by look (the ledger's rule: 4 times the images at each look
    # while a claim is undecided, within the size's budget of looks)
    sig = [float(leakproof.calibrate("gaussian", epsilon=e, delta=DELTA, sensitivity=1)["sigma_classical"])
           for e in EPS]
    kap = [float(e) for e in EPS]
    noise_sig, noise_kap = (sig[::-1], kap[::-1]) if swap else (sig, kap)
    if swap:
        print("# LP_FMNIST_SWAP=1: the noise scales run opposite to the stated epsilons (a mutant)")
    logc = np.array([[float(leakproof.eval("gauss", p=p, sigma=repr(s), radius=1)["log10"]) for s in sig],
                     [float(leakproof.eval("vmf", p=p, kappa=e)["log10"]) for e in EPS]])
    order = np.random.default_rng(20240).permutation(len(Y))
    per = np.empty((2, len(EPS), 0))
    n = 0
    for look in range(looks):
        more = order[n:n_img * 4 ** look]
        t1 = time.process_time()
        per = np.concatenate([per, squared_errors(torch, Ws, bs, X[more], Y[more], more, noise_sig, noise_kap,
                                                  iters, (mean, std))], axis=2)
        n = per.shape[2]
        print(f"# look {look + 1}: {n} images, {iters} iterations, {2 * len(EPS) * len(more)} attacks in "
              f"{time.process_time() - t1:.1f} s CPU")
        lines = judge(per, logc, p, iters)
        if all(abs(z) >= Z for z, _ in lines[1:4]):
            break
    mse, se = per.mean(2), per.std(2, ddof=1) / math.sqrt(n)
    for k, e in enumerate(EPS):
        print(f"# fmnist eps={e} gauss sigma={sig[k]:.6g} log10C={logc[0][k]:.4f} mse={mse[0][k]:.5f}+-{se[0][k]:.5f}"
              f" | vmf kappa={e} log10C={logc[1][k]:.4f} mse={mse[1][k]:.5f}+-{se[1][k]:.5f}")
    ok_finite, _ = lines[0]
    tap(ok_finite, f"every MSE finite with a positive standard error ({2 * len(EPS)} settings x {n} images)")
    for z, desc in lines[1:]:
        decide(z, desc)
    print(f"# CPU {time.process_time() - t0:.1f} s")


def compare(per, logc):
    """(|z| of the paired difference at each epsilon, the gap at equal epsilon, the gap at equal
    log10 C, its count of points, and the two gaps over 400 bootstrap draws of the images: the
    same images are in every setting, so the draws keep the settings paired)"""
    n = per.shape[2]
    d = per[0] - per[1]
    zs = np.abs(d.mean(1)) / (d.std(1, ddof=1) / math.sqrt(n))
    g_eps, g_c, count = gaps(per.mean(2), logc)
    boot = np.random.default_rng(5)
    draws = [gaps(per[:, :, boot.integers(0, n, n)].mean(2), logc)[:2] for _ in range(400)]
    return zs, g_eps, g_c, count, np.array([a for a, _ in draws]), np.array([b for _, b in draws])


def judge(per, logc, p, iters):
    """the lines' (z, description) from the squared errors per (mechanism, epsilon, image): [finite,
    fig1, proxy, fig2/less-protection, the curves]; z >= 4 decides for the claim"""
    n = per.shape[2]
    mse, se = per.mean(2), per.std(2, ddof=1) / math.sqrt(n)
    finite = (bool(np.all(np.isfinite(per))) and bool(np.all(se > 0)), "")
    where = (f"Fashion-MNIST, p = {p}, Inverting Gradients ({iters} iterations), {n} images, delta = {DELTA}, "
             f"classical sigma at clip 1 and kappa = epsilon")
    # Fig. 1's two halves on the squared errors, the VMF's routed through the claim's hook (a VMF
    # twice or half as far off must not read as "similar at equal capacity")
    f1 = np.stack([per[0], mut("biswas/fig1", per[1], "x2 half")])
    zs, g_eps, g_c, count, bs_eps, bs_c = compare(f1, logc)
    kz = int(np.argmax(zs))
    f1_mse = f1.mean(2)
    half = 0.5 * bs_eps - bs_c
    z_half = (0.5 * g_eps - g_c) / half.std(ddof=1)
    fig1 = (min(zs[kz], z_half) if count else -math.inf,
            f"[biswas/fig1] {where}: at equal epsilon the MSEs differ (largest at epsilon = {EPS[kz]}: Gaussian "
            f"{f1_mse[0][kz]:.4f} against VMF {f1_mse[1][kz]:.4f}, z = {zs[kz]:.1f}; mean |ln MSE_G - ln MSE_V| = "
            f"{g_eps:.3f} over the 9 epsilons); at equal log10 C the mean |ln ratio| is {g_c:.3f} +- "
            f"{bs_c.std(ddof=1):.3f} over {count} interpolated points, against half the equal-epsilon gap "
            f"{0.5 * g_eps:.3f} (z = {z_half:.1f})")
    zs, g_eps, g_c, count, bs_eps, bs_c = compare(per, logc)
    lead = bs_eps - bs_c
    z_lead = mut("biswas/sec-IV-A/proxy", g_eps - g_c, "neg") / lead.std(ddof=1)
    proxy = (z_lead if count else -math.inf,
             f"[biswas/sec-IV-A/proxy] {where}: the MSE is a closer function of log10 C (mean |ln ratio| {g_c:.3f} "
             f"at equal capacity) than of epsilon ({g_eps:.3f} at equal epsilon): difference {g_eps - g_c:.3f} +- "
             f"{lead.std(ddof=1):.3f}")
    d = per[0] - per[1]
    k = EPS.index("173")
    d173 = -mut("biswas/fig2/less-protection", d[k].mean(), "neg")
    s173 = d[k].std(ddof=1) / math.sqrt(n)
    fig2 = (d173 / s173,
            f"[biswas/fig2/less-protection] {where}: at epsilon = 173 the Gaussian protects less (MSE "
            f"{mse[0][k]:.4f} +- {se[0][k]:.4f}) than the VMF ({mse[1][k]:.4f} +- {se[1][k]:.4f}): paired "
            f"difference {d173:.4f} +- {s173:.4f}")
    # Fig. 1's curves as the text reads them (no ledger id): the Gaussian's MSE falls from the
    # smallest epsilon to the largest, the VMF's moves less
    fall_g, fall_v = per[0][0] - per[0][-1], per[1][0] - per[1][-1]
    zg = fall_g.mean() / (fall_g.std(ddof=1) / math.sqrt(n))
    dd = fall_g - np.abs(fall_v)
    zd = dd.mean() / (dd.std(ddof=1) / math.sqrt(n))
    curves = (min(zg, zd), f"{where}: the Gaussian's MSE falls from epsilon 0.5 to 173 by {fall_g.mean():.4f} "
              f"(z = {zg:.1f}), the VMF's moves by {fall_v.mean():.4f}, less by {dd.mean():.4f} (z = {zd:.1f})")
    return [finite, fig1, proxy, fig2, curves]


if __name__ == "__main__":
    main()
