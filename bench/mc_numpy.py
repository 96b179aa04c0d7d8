#!/usr/bin/env python3
"""The same importance-sampling estimator as `leakproof mc gauss`, vectorised in
NumPy: the yardstick for the C estimator's throughput (`make bench` runs it when
NumPy is installed, e.g. Debian's python3-numpy; it is optional).

Integrand: sup_{|x|<=R} N(y; x, sigma^2 I_p) = (2 pi sigma^2)^{-p/2}
exp(-dist(y, B_R)^2 / (2 sigma^2)); proposal: the equal mixture of three centred
Gaussians with the scales leakproof uses.  Prints samples per second on one core.
"""
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402


def estimate(p, sigma, radius, n, seed, chunk=1 << 20):
    rng = np.random.default_rng(seed)
    scales = np.array([1.25 * sigma,
                       1.25 * np.sqrt(sigma ** 2 + radius ** 2 / (p + 2.0)),
                       1.25 * (sigma + radius)])
    log_norm = 0.5 * p * np.log(2 * np.pi * sigma ** 2)
    sw = sw2 = 0.0
    done = 0
    while done < n:
        m = min(chunk, n - done)
        s = scales[rng.integers(0, 3, m)]
        y = rng.standard_normal((m, p)) * s[:, None]
        r = np.sqrt(np.einsum("ij,ij->i", y, y))
        d = np.maximum(r - radius, 0.0)
        log_f = -log_norm - d * d / (2 * sigma ** 2)
        lq = (-np.log(3.0) - 0.5 * p * np.log(2 * np.pi * scales[None, :] ** 2)
              - (r * r)[:, None] / (2 * scales[None, :] ** 2))
        top = lq.max(axis=1)
        log_q = top + np.log(np.exp(lq - top[:, None]).sum(axis=1))
        w = np.exp(log_f - log_q)
        sw += w.sum()
        sw2 += (w * w).sum()
        done += m
    mean = sw / n
    return mean, np.sqrt(max(sw2 / n - mean * mean, 0.0) / (n - 1))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4_000_000
    for p in (4, 8):
        t0 = time.perf_counter()
        est, se = estimate(p, 1.0, 1.0, n, 1)
        t = time.perf_counter() - t0
        print(f"numpy   p={p} sigma=1 R=1: {est:.6f} +- {se:.2g}  {n / t / 1e6:8.2f} M samples/s (1 core)")


if __name__ == "__main__":
    main()
