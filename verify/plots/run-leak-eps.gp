# run-leak-eps.gp -- the Opacus run against epsilon (M the certified PLD's least multiplier at
# each epsilon): the exact attacker and every bound (run-leak-body.gp).
# Usage: gnuplot -e "dir='reports'" verify/plots/run-leak-eps.gp
which = "eps"; xlab = "ε of the run (δ = 10^{−5}, certified)"; logy = 0
ttl = "A DP-SGD run against the exact attacker: LeNet/MNIST (batch 256, 15 epochs), 10 candidates (κ = 1/10)"
load "verify/plots/run-leak-body.gp"
