# run-leak-kappa.gp -- the Opacus run (M = 0.729, epsilon 3) against the prior's baseline kappa =
# 1/n: the exact attacker on n simplex candidates and every bound (run-leak-body.gp).
# Usage: gnuplot -e "dir='reports'" verify/plots/run-leak-kappa.gp
which = "kappa"; xlab = "the prior's baseline κ = 1/n"; logy = 1
ttl = "Against κ: LeNet/MNIST at ε = 3 (M = 0.729, q = 256/60000, T = 3525)"
load "verify/plots/run-leak-body.gp"
