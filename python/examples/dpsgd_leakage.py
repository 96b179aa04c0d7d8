#!/usr/bin/env python3
"""How much can one DP-SGD step leak?  The Bayes capacity of a configuration.

Usage: dpsgd_leakage.py [NOISE_MULTIPLIER [CLIP [BATCH [LAYERS_FILE]]]]
(defaults: 1.1, 1, 256 and LeNet-5's layers).

The Bayes capacity C bounds how much an observation of the noisy gradient can
multiply an adversary's chance of guessing the secret (Biswas et al.): a
secret guessed with probability q a priori is guessed with probability at most
C q after one step.  Two secrets: one example's gradient (R = C_clip) and the
whole batch (R = B C_clip); two ways to clip: the whole gradient vector, or
every layer separately.
"""

import sys

import leakproof

LENET = [456, 2416, 48120, 10164, 850]


def main(argv):
    multiplier = argv[1] if len(argv) > 1 else "1.1"
    clip = argv[2] if len(argv) > 2 else "1"
    batch = argv[3] if len(argv) > 3 else "256"
    model = dict(layers_file=argv[4]) if len(argv) > 4 else dict(layers=LENET)
    print("noise multiplier %s, clipping norm %s, batch %s" % (multiplier, clip, batch))
    for secret in ("example", "batch"):
        r = leakproof.dpsgd(noise_multiplier=multiplier, clip=clip, batch=batch,
                            secret=secret, **model)
        print("secret: one %s (p = %d, sigma = %s, R = %s)" % (secret, r.p, r.sigma, r.radius))
        for name, result in (("whole vector", r.whole_vector), ("per layer", r.per_layer)):
            # log10 rather than the value: these numbers overflow a double
            print("  %-12s clipping: C = 10^%.4f  (log10 within +-%.1e, certified)"
                  % (name, result.log10, result.log10_bound))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
