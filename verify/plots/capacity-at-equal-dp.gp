# capacity-at-equal-dp.gp -- Biswas et al.'s Fig. 1 redrawn both ways at p = 13,700: (a) the
# VMF's certified epsilon at delta (any two secrets) against its kappa = epsilon; (b) log10 C_Bayes
# against epsilon as the paper sets the mechanisms (VMF kappa = epsilon, Gaussian at (epsilon,
# delta)) and at equal certified (epsilon, delta) (the Gaussian at the VMF's own certified epsilon,
# plotted at that epsilon).  Reads data/capacity-at-equal-dp.dat (verify/report_privacy.py): eps,
# vmf epsilon at delta, log10 C vmf, log10 C gauss at equal dp, log10 C gauss at the same eps,
# sigma at equal dp, sigma at the same eps.
# Writes SVG and PDF (cairo); png=1 (gnuplot -e "dir='DIR'; png=1") a PNG to look at.
# Usage: gnuplot -e "dir='reports'" verify/plots/capacity-at-equal-dp.gp
f = dir."/data/capacity-at-equal-dp.dat"
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    reset
    load "verify/plots/style.gp"
    if (t eq "png") {
        set terminal pngcairo size 800,760 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 800,760 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 8in,7.6in font "sans,10" enhanced
    } }
    set output dir."/capacity-at-equal-dp.".t
    set multiplot layout 2,1 title "Gaussian against von Mises-Fisher at p = 13,700, δ = 10^{−5}, any two secrets"
    # the same margins in both panels; each legend in the panel's empty upper left
    set lmargin 12
    set rmargin 4
    set key inside left top vertical Left reverse samplen 3 spacing 1.2 box opaque
    set logscale x
    set format x "10^{%T}"
    set title "(a) the VMF's certified ε at δ against its κ (the paper's ε)"
    set xlabel "κ  (the paper's ε)"
    set ylabel "certified ε at δ"
    set logscale y
    set format y "10^{%T}"
    plot f using 1:2 with linespoints lc rgb c_vmf pt 13 lw 2 title "VMF: least ε at δ", \
         f using 1:1 with lines lc rgb c_other dt 3 lw 2 title "ε = κ"
    # log10 C on a log scale too: at equal certified epsilon the VMF's values (below 1) stay visible
    # at equal certified (epsilon, delta) the two capacities nearly coincide: the VMF is drawn
    # dashed over a wider Gaussian line
    set yrange [0.01:3000]
    set title "(b) log₁₀ C_{Bayes}: as the paper compares, and at equal certified (ε, δ)"
    set xlabel "ε of the guarantee"
    set ylabel "certified log₁₀ C_{Bayes}"
    plot f using 1:5 with linespoints lc rgb c_classical pt 9 lw 2 title "Gaussian at (κ, δ): “the same ε”", \
         f using 1:3 with linespoints lc rgb c_vmf pt 13 lw 2 title "VMF κ, at κ (as the paper plots it)", \
         f using 2:4 with linespoints lc rgb c_proof pt 7 ps 1.3 lw 4 title "Gaussian at the VMF's certified (ε, δ)", \
         f using 2:3 with linespoints lc rgb c_vmf pt 12 lw 2 dt 2 title "VMF κ, at its certified ε (drawn over it)"
    unset multiplot
    set output
}
