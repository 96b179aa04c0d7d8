# run-leak-body.gp -- one figure of "What a training run leaks" (verify/sections/run_leak.py):
# the exact attacker's success on the whole run (error bars: 2 standard errors) against every
# certified bound at kappa = 1/n: ReRo (its bracket as a band; the upper end a line), the (eps,
# delta) bound at delta = 1e-5 and at its best delta, the Renyi bound, the capacity's min(1, C kappa).
# Loaded by run-leak-eps.gp, run-leak-kappa.gp and run-leak-steps.gp, which set `which` (the data
# file run-leak-WHICH.dat: x, attacker, se, ReRo upper, ReRo lower, (eps, delta) at 1e-5, best,
# Renyi, capacity), `xlab`, `ttl` and `logy`.  Writes SVG and PDF (cairo); png=1 a PNG to look at.
load "verify/plots/style.gp"
set encoding utf8
f = dir."/data/run-leak-".which.".dat"
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    if (t eq "png") {
        set terminal pngcairo size 900,560 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 900,560 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 9in,5.6in font "sans,10" enhanced
    } }
    set output dir."/run-leak-".which.".".t
    set title ttl
    set logscale x
    set format x "%g"
    set xlabel xlab
    if (logy) { set logscale y; set format y "10^{%T}"; set yrange [*:1.05] } else { unset logscale y; set format y "%g"; set yrange [0:1.05] }
    set ylabel "P(the informed adversary's guess is right)"
    plot f using 1:5:4 with filledcurves lc rgb c_proof fs transparent solid 0.25 noborder title "ReRo, certified bracket", \
         f using 1:6 with linespoints lc rgb c_printed pt 5 lw 1.5 dt 2 title "(ε, δ) bound at δ = 10^{−5}", \
         f using 1:7 with linespoints lc rgb c_printed pt 4 ps 1.4 lw 1 dt 4 title "(ε, δ) bound, best δ", \
         f using 1:8 with linespoints lc rgb c_classical pt 9 lw 1.5 title "Rényi bound", \
         f using 1:9 with linespoints lc rgb c_vmf pt 13 lw 1.5 dt 3 title "capacity min(1, Cκ)", \
         f using 1:4 with lines lc rgb c_proof lw 2 title "ReRo 1 - f(κ) (upper end)", \
         f using 1:2:(2*$3) with yerrorbars lc rgb "black" pt 7 ps 0.8 title "exact attacker (2 s.e.)"
    set output
}
