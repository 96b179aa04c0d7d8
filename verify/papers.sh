#!/bin/sh
# papers.sh -- the main job, for now: every closed form of the Bayes-capacity
# paper evaluated by arb (30 certified digits) on the papers' configurations,
# the printed form beside the proof's.  Run by `make verify`.
#
#   Biswas et al.: the 13,700-parameter network, clipping c = 1 (R = 1), VMF
#     kappa = epsilon (Appendix A) over Fig. 1's range and epsilon = 173 (Fig. 2).
#   Tan et al. network sizes (Section 6): LeNet 6.20e4, ResNet10 4.90e6,
#     AlexNet 3.59e7, VGG16 1.34e8 parameters; and the largest p, 2^31 - 1.
# The Gaussian sigma for a given (epsilon, delta) is `leakproof calibrate`'s
# job; here sigma runs over a grid.
set -eu
L=${LEAKPROOF:-leakproof}

row() {  # row FORMULA ARGS...: printed and proof side by side
    f=$1; shift
    printed=$("$L" eval "$f" "$@" --form printed --digits 30 --json)
    proof=$("$L" eval "$f" "$@" --form proof --digits 30 --json)
    v1=$(printf '%s' "$printed" | sed 's/.*"value":"\([^"]*\)".*/\1/')
    v2=$(printf '%s' "$proof" | sed 's/.*"value":"\([^"]*\)".*/\1/')
    printf '%-6s %-34s printed %-38s proof %s\n' "$f" "$*" "$v1" "$v2"
}

echo "# leakproof verify: closed forms by arb, 30 certified digits"
for k in 0.1 1 10 50 173; do
    row vmf --p 13700 --kappa "$k"
done
for s in 0.5 1 2 5; do
    row gauss --p 13700 --sigma "$s" --radius 1
done
for p in 62006 4900000 35900000 134000000 2147483647; do
    row gauss --p "$p" --sigma 1 --radius 1
    row vmf --p "$p" --kappa 173
done
echo "# the Gaussian printed form is the proof's ball term plus twice its shell"
echo "# term (the proof derives the integral as Z/2; the statement uses Z): see README"
