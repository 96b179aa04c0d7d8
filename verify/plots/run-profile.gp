# run-profile.gp -- the privacy profile delta(epsilon) of the papers' DP-SGD run (the Gaussian
# at the VMF's single-step (epsilon, delta), q = 0.01, T = 1000): the PLD's certified bracket
# as a band, the RDP accountant's certified upper bound beside it, log-scale delta, the run's
# delta = 1e-5 marked, and the VMF run's own PLD bracket (kappa 173, p 13,700, the same q and T).
# Reads data/run-profile.dat (sections/run_profile.py): epsilon, PLD lower, PLD upper, RDP upper,
# VMF PLD lower, VMF PLD upper.
# Writes SVG and PDF (cairo); png=1 (gnuplot -e "dir='DIR'; png=1") a PNG to look at.
# Usage: gnuplot -e "dir='reports'" verify/plots/run-profile.gp
f = dir."/data/run-profile.dat"
outputs = exists("png") ? "png" : "svg pdf"
stats f using 1 nooutput
emax = STATS_max
do for [t in outputs] {
    reset
    load "verify/plots/style.gp"
    if (t eq "png") {
        set terminal pngcairo size 800,520 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 800,520 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 8in,5.2in font "sans,10" enhanced
    } }
    set output dir."/run-profile.".t
    set title "Privacy profile of the DP-SGD run (q = 0.01, T = 1000): Gaussian M = 0.3385 and VMF κ = 173, certified"
    # delta falls to the right: the legend in the empty lower left, boxed
    set key inside left bottom vertical Left reverse samplen 3 spacing 1.2 box opaque
    set logscale y
    set format y "10^{%L}"
    set yrange [1e-10:1.5]
    set xrange [0:emax]
    set xlabel "ε"
    set ylabel "δ(ε)"
    plot f using 1:2:3 with filledcurves lc rgb c_proof fs transparent solid 0.35 title "Gaussian (M = 0.3385), PLD, certified bracket of δ(ε)", \
         f using 1:3 with lines lc rgb c_proof lw 1 notitle, \
         f using 1:5:6 with filledcurves lc rgb c_vmf fs transparent solid 0.25 title "VMF (κ = 173, p = 13,700), PLD, certified bracket of δ(ε)", \
         f using 1:6 with lines lc rgb c_vmf lw 1 notitle, \
         f using 1:4 with lines lc rgb c_printed lw 2 dt 2 title "Gaussian, RDP, certified upper bound (Balle et al. 2020)", \
         1e-5 with lines lc rgb c_other dt 3 title "the run's δ = 10^{−5}"
    set output
}
