# reconstruct-fig4.gp -- Balunovic et al.'s Fig. 4 re-run: the mean distance to the input over the
# Adam steps of the four prior x conditional attacks.  Reads data/reconstruct-fig4.dat (step,
# bayes, laplace prior, gaussian conditional, both wrong).  SVG and PDF (cairo); png=1 a PNG.
# Usage: gnuplot -e "dir='reports'" verify/plots/reconstruct-fig4.gp
load "verify/plots/style.gp"
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    if (t eq "png") {
        set terminal pngcairo size 800,500 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 800,500 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 8in,5in font "sans,10" enhanced
    } }
    set output dir."/reconstruct-fig4.".t
    set title "Balunović et al., Fig. 4 re-run: 2-layer MLP, Laplace noise b = 0.1, 20-dim N(0, I) inputs"
    set xlabel "step"
    set ylabel "mean ‖xₜ − x‖₂"
    set logscale y
    set key inside right top Left reverse samplen 2 box opaque
    f = dir."/data/reconstruct-fig4.dat"
    plot f using 1:2 with lines lc rgb c_proof lw 2 title "Gaussian prior, Laplace conditional (Bayes)", \
         f using 1:3 with lines lc rgb c_vmf lw 2 dt 2 title "Laplace prior, Laplace conditional", \
         f using 1:4 with lines lc rgb c_printed lw 2 title "Gaussian prior, Gaussian conditional", \
         f using 1:5 with lines lc rgb c_classical lw 2 dt 2 title "Laplace prior, Gaussian conditional"
    set output
}
