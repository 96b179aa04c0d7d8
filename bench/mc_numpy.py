#!/usr/bin/env python3
"""NumPy yardsticks for the Monte Carlo arbiter's throughput (`make bench` runs
them when NumPy is installed, e.g. Debian's python3-numpy; optional).

Integrand: sup_{|x|<=R} N(y; x, sigma^2 I_p) = (2 pi sigma^2)^{-p/2}
exp(-dist(y, B_R)^2 / (2 sigma^2)), on one core, two estimators:

  mixture: the estimator of `leakproof mc gauss`, vectorised: its mixture of
           a centred Gaussian, a shell around the ball and a wide Gaussian;
  naive:   what a researcher writes first: one centred Gaussian proposal whose
           variance matches the output's, s^2 = sigma^2 + R^2 / (p + 2)
           (x uniform in the ball plus the noise).

Each line gives samples per second and the variance of one weight, so that the
efficiency 1 / (time per sample * variance) can be compared; with --machine
it prints `name p rate variance estimate` lines for bench-mc.
"""
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402


def log_integrand(r, p, sigma, radius):
    d = np.maximum(r - radius, 0.0)
    return -0.5 * p * np.log(2 * np.pi * sigma ** 2) - d * d / (2 * sigma ** 2)


def mixture_chunk(rng, m, p, sigma, radius):
    # leakproof's proposal (src/mc/mechanism_gauss.c): N(0, s0^2), the shell
    # y = (c + sigma |z|) z/|z| and N(0, (sigma + R)^2) with probabilities
    # 0.4, 0.55, 0.05
    rstar = 0.5 * (radius + np.sqrt(radius ** 2 + 4.0 * (p - 1) * sigma ** 2))
    c = max(0.0, rstar - sigma * np.sqrt(p - 1.0))
    scales = np.array([1.1 * np.sqrt(sigma ** 2 + radius ** 2 / (p + 2.0)), sigma, sigma + radius])
    logpi = np.log([0.4, 0.55, 0.05])
    comp = rng.choice(3, size=m, p=[0.4, 0.55, 0.05])
    z = rng.standard_normal((m, p))
    rho = np.sqrt(np.einsum("ij,ij->i", z, z))
    factor = np.where(comp == 0, scales[0], np.where(comp == 2, scales[2], (c + sigma * rho) / rho))
    r = rho * factor
    lnorm = -0.5 * p * np.log(2 * np.pi * scales ** 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        shell = np.where(r > c, logpi[1] + lnorm[1] - (r - c) ** 2 / (2 * sigma ** 2)
                         + (p - 1) * np.log(np.where(r > c, (r - c) / r, 1.0)), -np.inf)
    lq = np.stack([logpi[0] + lnorm[0] - r * r / (2 * scales[0] ** 2), shell,
                   logpi[2] + lnorm[2] - r * r / (2 * scales[2] ** 2)], axis=1)
    top = lq.max(axis=1)
    log_q = top + np.log(np.exp(lq - top[:, None]).sum(axis=1))
    return np.exp(log_integrand(r, p, sigma, radius) - log_q)


def naive_chunk(rng, m, p, sigma, radius):
    s = np.sqrt(sigma ** 2 + radius ** 2 / (p + 2.0))
    y = rng.standard_normal((m, p)) * s
    r2 = np.einsum("ij,ij->i", y, y)
    log_q = -0.5 * p * np.log(2 * np.pi * s * s) - r2 / (2 * s * s)
    return np.exp(log_integrand(np.sqrt(r2), p, sigma, radius) - log_q)


def estimate(chunk_fn, p, sigma, radius, n, seed, chunk=1 << 20):
    """The estimate, the variance of one weight and the rate: the best full
    chunk's samples per CPU second (the shared machine's speed drifts between
    chunks; bench-mc's rate is likewise its best run's)."""
    rng = np.random.default_rng(seed)
    sw = sw2 = 0.0
    done = 0
    rate = 0.0
    while done < n:
        m = min(chunk, n - done)
        t0 = time.process_time()
        w = chunk_fn(rng, m, p, sigma, radius)
        sw += w.sum()
        sw2 += (w * w).sum()
        t = time.process_time() - t0
        if m == chunk or rate == 0.0:
            rate = max(rate, m / t)
        done += m
    mean = sw / n
    return mean, max(sw2 / n - mean * mean, 0.0), rate


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    machine = "--machine" in sys.argv
    n = int(args[0]) if args else 4_000_000
    for p in (4, 8):
        for name, fn in (("mixture", mixture_chunk), ("naive", naive_chunk)):
            est, var, rate = estimate(fn, p, 1.0, 1.0, n, 1)
            if machine:
                print(f"numpy-{name} {p} {rate:.6g} {var:.6g} {est:.8g}")
            else:
                print(f"numpy {name:8s} p={p} sigma=1 R=1: {est:.6f} +- {np.sqrt(var / n):.2g}"
                      f"  {rate / 1e6:8.2f} M samples/s (CPU time, 1 core, best chunk), variance per sample {var:.4g}")


if __name__ == "__main__":
    main()
