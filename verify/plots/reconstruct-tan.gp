# reconstruct-tan.gp -- Tan et al.'s Figs. 10, 13, 6, 8 and 14 in their linear-Gaussian model:
# the optimal attacker's MSE (closed form).  Reads data/reconstruct-tan-fig{10,13,6,8,14}.dat
# (verify/sections/reconstruct.py).  Writes SVG and PDF (cairo); png=1 a PNG to look at.
# Usage: gnuplot -e "dir='reports'" verify/plots/reconstruct-tan.gp
load "verify/plots/style.gp"
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    if (t eq "png") {
        set terminal pngcairo size 1200,760 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 1200,760 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 12in,7.6in font "sans,10" enhanced
    } }
    set output dir."/reconstruct-tan.".t
    set multiplot layout 2,3 title "Tan et al.'s reconstruction figures in the linear-Gaussian model (MMSE, closed form)"
    set key inside right top Left reverse samplen 2 box opaque
    set logscale y
    set format y "10^{%T}"
    set title "Fig. 10: natural channel"
    set xlabel "κ (nats)"
    set ylabel "MSE / d"
    plot dir."/data/reconstruct-tan-fig10.dat" using 1:2 with linespoints lc rgb c_proof pt 7 lw 2 title "MMSE", \
         "" using 1:3 with lines lc rgb c_printed dt 2 lw 2 title "Theorem 1, I = κ"
    set title "Fig. 13: rounds at κ = 300"
    set logscale x
    set format x "10^{%T}"
    set xlabel "n (rounds)"
    plot dir."/data/reconstruct-tan-fig13.dat" using 1:2 with linespoints lc rgb c_proof pt 7 lw 2 title "MMSE", \
         "" using 1:3 with lines lc rgb c_printed dt 2 lw 2 title "Theorem 1, I(D; W_{1..n})"
    set title "Fig. 6: DP (multiplier 1.3, S = 1)"
    set logscale x 2
    set format x "%g"
    set xlabel "B (batch size)"
    set ylabel "MSE (E‖D‖² = 1)"
    set key inside left bottom
    plot dir."/data/reconstruct-tan-fig6.dat" using 1:2 with linespoints lc rgb c_proof pt 7 lw 2 title "the batch mean", \
         "" using 1:3 with linespoints lc rgb c_vmf pt 13 lw 2 title "one example"
    set title "Fig. 8: one eigen-direction compressed (κ = 300)"
    set logscale x 10
    set format x "%g"
    set xlabel "λ of the compressed direction"
    set ylabel "rise of the MSE"
    set key inside left top
    plot dir."/data/reconstruct-tan-fig8.dat" using 1:2 with linespoints lc rgb c_proof pt 7 lw 2 title "λ²/(λ + σ)"
    set title "Fig. 14: the three channels, d = 1024"
    unset logscale x
    set format x "%g"
    set xlabel "κ (nats)"
    set ylabel "MSE / d"
    set key inside left bottom
    plot dir."/data/reconstruct-tan-fig14.dat" using 1:2 with linespoints lc rgb c_proof pt 7 lw 2 title "natural", \
         "" using 1:3 with linespoints lc rgb c_printed pt 5 lw 2 title "white", \
         "" using 1:4 with linespoints lc rgb c_classical pt 9 lw 2 title "personalized (β of App. C)"
    unset multiplot
    set output
}
