# run-leak-steps.gp -- the Opacus run's multiplier and rate (M = 0.729, q = 256/60000) over T
# steps: the exact attacker and every bound at kappa = 1/10 (run-leak-body.gp).
# Usage: gnuplot -e "dir='reports'" verify/plots/run-leak-steps.gp
which = "steps"; xlab = "steps T"; logy = 0
ttl = "Against the steps: M = 0.729, q = 256/60000, 10 candidates (κ = 1/10)"
load "verify/plots/run-leak-body.gp"
