# capacity-at-equal-dp.gp -- Biswas et al.'s Fig. 1 redrawn both ways at p = 13,700: (a) the
# VMF's certified epsilon at delta (any two secrets) against its kappa = epsilon; (b) log10 C_Bayes
# against epsilon as the paper sets the mechanisms (VMF kappa = epsilon, Gaussian at (epsilon,
# delta)) and at equal certified (epsilon, delta) (the Gaussian at the VMF's own certified epsilon,
# plotted at that epsilon).  Reads data/capacity-at-equal-dp.dat (verify/report_privacy.py): eps,
# vmf epsilon at delta, log10 C vmf, log10 C gauss at equal dp, log10 C gauss at the same eps,
# sigma at equal dp, sigma at the same eps.
# Usage: gnuplot -e "dir='reports'" verify/plots/capacity-at-equal-dp.gp
load "verify/plots/style.gp"
if (exists("png")) {
    set terminal pngcairo size 900,700 font "sans,10" noenhanced background rgb "white"
    set output dir."/capacity-at-equal-dp.png"
} else {
    set terminal svg size 900,700 font "sans,12" noenhanced background rgb "white"
    set output dir."/capacity-at-equal-dp.svg"
}
f = dir."/data/capacity-at-equal-dp.dat"
set multiplot layout 2,1 title "Gaussian against von Mises-Fisher at p = 13,700, delta = 1e-5, any two secrets"
set lmargin 12
set rmargin 40
set logscale x
set title "(a) the VMF's certified epsilon at delta against its kappa (the paper's epsilon)"
set xlabel "kappa = the paper's epsilon"
set ylabel "certified epsilon"
set logscale y
plot f using 1:2 with linespoints lc rgb c_vmf pt 13 lw 2 title "VMF: least epsilon at delta", \
     f using 1:1 with lines lc rgb c_other dt 3 title "epsilon = kappa"
unset logscale y
set key outside right top
set title "(b) log10 C_Bayes: as the paper compares, and at equal certified (epsilon, delta)"
set xlabel "epsilon of the guarantee"
set ylabel "log10 C_Bayes (certified)"
plot f using 1:5 with linespoints lc rgb c_classical pt 9 lw 2 title "Gaussian at (kappa, delta): 'the same epsilon'", \
     f using 1:3 with linespoints lc rgb c_vmf pt 13 lw 2 title "VMF kappa, at kappa (as the paper plots it)", \
     f using 2:3 with linespoints lc rgb c_vmf pt 12 lw 2 dt 2 title "VMF kappa, at its certified epsilon", \
     f using 2:4 with linespoints lc rgb c_proof pt 7 lw 2 title "Gaussian at the VMF's certified (epsilon, delta)"
unset multiplot
