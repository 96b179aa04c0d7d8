# reconstruct-fig1.gp -- Biswas et al.'s Fig. 1 where the attacker is exact: the Bayes-optimal
# attacker's MSE (posterior mean) for the Gaussian and the VMF against epsilon (a) and against
# log2 C_Bayes (b), and the MAP guess's success likewise (c, d; with min(1, C/n) in d), as the
# paper calibrates (solid) and at equal certified (epsilon, delta) (dashed); error bars are 2
# standard errors.  Reads data/reconstruct-fig1.dat (verify/sections/
# reconstruct.py): eps, then for paper and any-two: log2C_g mse_g se_g log2C_v mse_v se_v succ_g
# succ_v, then min(1, C/n) for each (attacker_success_bound).  Writes SVG and PDF (cairo); png=1 a PNG to look at.
# Usage: gnuplot -e "dir='reports'" verify/plots/reconstruct-fig1.gp
load "verify/plots/style.gp"
f = dir."/data/reconstruct-fig1.dat"
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    if (t eq "png") {
        set terminal pngcairo size 1000,820 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 1000,820 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 10in,8.2in font "sans,10" enhanced
    } }
    set output dir."/reconstruct-fig1.".t
    set multiplot layout 2,2 title "Biswas et al., Fig. 1 with the exact attacker: p = 3, n = 1024 points on S², δ = 10^{−5}"
    set key inside left bottom Left reverse samplen 2 spacing 1.1 box opaque
    set logscale y
    set format y "10^{%T}"
    set ylabel "MSE  E‖x − E[x | y]‖²"
    set logscale x
    set format x "%g"
    set xlabel "ε"
    set title "(a) against ε"
    plot f using 1:3:(2*$4) with yerrorlines lc rgb c_proof pt 7 lw 2 title "Gaussian, paper's σ", \
         f using 1:6:(2*$7) with yerrorlines lc rgb c_vmf pt 13 lw 2 title "VMF, κ = ε", \
         f using 1:11:(2*$12) with yerrorlines lc rgb c_proof pt 6 lw 2 dt 2 title "Gaussian, certified (ε, δ)", \
         f using 1:14:(2*$15) with yerrorlines lc rgb c_vmf pt 12 lw 2 dt 2 title "VMF, certified (ε, δ)"
    unset logscale x
    set xlabel "certified log₂ C_{Bayes}, in bits"
    set title "(b) against log₂ C_{Bayes}"
    plot f using 2:3:(2*$4) with yerrorlines lc rgb c_proof pt 7 lw 2 title "Gaussian, paper's σ", \
         f using 5:6:(2*$7) with yerrorlines lc rgb c_vmf pt 13 lw 2 title "VMF, κ = ε", \
         f using 10:11:(2*$12) with yerrorlines lc rgb c_proof pt 6 lw 2 dt 2 title "Gaussian, certified (ε, δ)", \
         f using 13:14:(2*$15) with yerrorlines lc rgb c_vmf pt 12 lw 2 dt 2 title "VMF, certified (ε, δ)"
    set ylabel "P(MAP guess = x)"
    set format y "10^{%T}"
    # the legend above the curves: a decade and a half of headroom over P = 1, no tic there
    set key inside left top
    set yrange [*:30]
    set ytics 1e-3, 10, 1
    set logscale x
    set xlabel "ε"
    set title "(c) exact reconstruction against ε"
    plot f using 1:8 with linespoints lc rgb c_proof pt 7 lw 2 title "Gaussian, paper's σ", \
         f using 1:9 with linespoints lc rgb c_vmf pt 13 lw 2 title "VMF, κ = ε", \
         f using 1:16 with linespoints lc rgb c_proof pt 6 lw 2 dt 2 title "Gaussian, certified (ε, δ)", \
         f using 1:17 with linespoints lc rgb c_vmf pt 12 lw 2 dt 2 title "VMF, certified (ε, δ)"
    unset logscale x
    set autoscale y
    set ytics autofreq
    set key inside right bottom
    set xlabel "certified log₂ C_{Bayes}, in bits"
    set title "(d) exact reconstruction against log₂ C_{Bayes}"
    plot f using 2:8 with linespoints lc rgb c_proof pt 7 lw 2 title "Gaussian, paper's σ", \
         f using 5:9 with linespoints lc rgb c_vmf pt 13 lw 2 title "VMF, κ = ε", \
         f using 10:16 with linespoints lc rgb c_proof pt 6 lw 2 dt 2 title "Gaussian, certified (ε, δ)", \
         f using 13:17 with linespoints lc rgb c_vmf pt 12 lw 2 dt 2 title "VMF, certified (ε, δ)", \
         f using 2:18 with lines lc rgb c_other dt 3 lw 2 title "min(1, C/n) (certified)", \
         f using 5:19 with lines lc rgb c_other dt 3 lw 2 notitle
    unset multiplot
    set output
}
