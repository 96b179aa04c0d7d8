# capacity-vs-epsilon.gp -- Biswas et al.'s network against epsilon: log10 C_Bayes of each form
# and calibration, and the two ratios the values hide on a shared scale: printed / proof and
# classical sigma / analytic sigma (as log10, it spans hundreds of decades).  Reads
# data/capacity-vs-epsilon.dat (report.py): eps, log10 proof, log10 printed, log10 proof at the
# classical sigma, log10 vmf, printed/proof, log10 printed/proof, log10 classical/analytic.
# Usage: gnuplot -e "dir='reports'" verify/plots/capacity-vs-epsilon.gp
load "verify/plots/style.gp"
# png=1 (gnuplot -e "dir='DIR'; png=1") draws a PNG to look at; the report's figures are SVG
if (exists("png")) {
    set terminal pngcairo size 900,900 font "sans,10" noenhanced background rgb "white"
    set output dir."/capacity-vs-epsilon.png"
} else {
    set terminal svg size 900,900 font "sans,12" noenhanced background rgb "white"
    set output dir."/capacity-vs-epsilon.svg"
}
f = dir."/data/capacity-vs-epsilon.dat"
set multiplot layout 3,1 title "Bayes capacity of the 13,700-parameter network against epsilon (R = 1)"
# the same margins and x range in every panel, so the panels line up
set lmargin 12
set rmargin 40
set xrange [0.4:250]
set logscale x
set xlabel "epsilon"
set ylabel "log10 C_Bayes (certified)"
set title "(a) the capacities"
plot f using 1:2 with linespoints lc rgb c_proof pt 7 lw 2 title "Gaussian, proof form, analytic sigma", \
     f using 1:3 with linespoints lc rgb c_printed pt 5 lw 2 dt 2 title "Gaussian, printed form, analytic sigma", \
     f using 1:4 with linespoints lc rgb c_classical pt 9 lw 2 title "Gaussian, proof form, classical sigma", \
     f using 1:5 with linespoints lc rgb c_vmf pt 13 lw 2 title "von Mises-Fisher, kappa = epsilon"
set title "(b) printed / proof at the analytic sigma"
set ylabel "ratio"
set yrange [1.9:2.1]
plot f using 1:6 with linespoints lc rgb c_printed pt 5 lw 2 title "printed / proof"
set autoscale y
set title "(c) classical sigma against analytic sigma, proof form"
set ylabel "log10 of the ratio"
plot f using 1:8 with linespoints lc rgb c_classical pt 9 lw 2 title "C(classical) / C(analytic)", \
     0 with lines lc rgb c_other dt 3 title "ratio 1"
unset multiplot
