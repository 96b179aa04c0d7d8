# capacity-vs-epsilon.gp -- Biswas et al.'s network against epsilon: log10 C_Bayes of each form
# and calibration, and the two ratios the values hide on a shared scale: printed / proof and
# classical sigma / analytic sigma (as log10, it spans hundreds of decades).  Reads
# data/capacity-vs-epsilon.dat (report.py): eps, log10 proof, log10 printed, log10 proof at the
# classical sigma, log10 vmf, printed/proof, log10 printed/proof, log10 classical/analytic.
# Writes SVG and PDF (cairo); png=1 (gnuplot -e "dir='DIR'; png=1") a PNG to look at.
# Usage: gnuplot -e "dir='reports'" verify/plots/capacity-vs-epsilon.gp
f = dir."/data/capacity-vs-epsilon.dat"
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    reset
    load "verify/plots/style.gp"
    if (t eq "png") {
        set terminal pngcairo size 800,960 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 800,960 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 8in,9.6in font "sans,10" enhanced
    } }
    set output dir."/capacity-vs-epsilon.".t
    set multiplot layout 3,1 title "Bayes capacity of the 13,700-parameter network against ε (R = 1)"
    # the same margins and x range in every panel, so the panels line up; each legend in the
    # panel's empty upper left (the curves rise to the right)
    set lmargin 12
    set rmargin 4
    set key inside left top vertical Left reverse samplen 3 spacing 1.2 box opaque
    set xrange [0.4:250]
    set logscale x
    set xlabel "ε"
    set ylabel "certified log₁₀ C_{Bayes}"
    set title "(a) the capacities"
    plot f using 1:2 with linespoints lc rgb c_proof pt 7 lw 2 title "Gaussian, proof form, analytic σ", \
         f using 1:3 with linespoints lc rgb c_printed pt 5 lw 2 dt 2 title "Gaussian, printed form, analytic σ", \
         f using 1:4 with linespoints lc rgb c_classical pt 9 lw 2 title "Gaussian, proof form, classical σ", \
         f using 1:5 with linespoints lc rgb c_vmf pt 13 lw 2 title "von Mises-Fisher, κ = ε"
    set title "(b) printed / proof at the analytic σ"
    set ylabel "C_{printed}/C_{proof}"
    set yrange [1.9:2.1]
    plot f using 1:6 with linespoints lc rgb c_printed pt 5 lw 2 title "printed / proof"
    set autoscale y
    set title "(c) classical σ against analytic σ, proof form"
    set ylabel "log₁₀ (C_{classical}/C_{analytic})"
    plot f using 1:8 with linespoints lc rgb c_classical pt 9 lw 2 title "C(classical σ) / C(analytic σ)", \
         0 with lines lc rgb c_other dt 3 title "ratio 1"
    unset multiplot
    set output
}
