# per-layer-clipping.gp -- per-layer clipping (a product of balls) against Theorem III.1 for
# the whole vector.  Reads data/per-layer-clipping.dat (sigma, log10 per-layer, printed R = Lc,
# proof R = Lc, proof R = c sqrt(L), proof R = c) and data/per-layer-clipping.titles (the network).
# Writes SVG and PDF (cairo); png=1 (gnuplot -e "dir='DIR'; png=1") a PNG to look at.
# Usage: gnuplot -e "dir='reports'" verify/plots/per-layer-clipping.gp
f = dir."/data/per-layer-clipping.dat"
net = system("cat ".dir."/data/per-layer-clipping.titles")
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    reset
    load "verify/plots/style.gp"
    if (t eq "png") {
        set terminal pngcairo size 760,500 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 760,500 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 7.6in,5in font "sans,10" enhanced
    } }
    set output dir."/per-layer-clipping.".t
    # the network's name is data: drawn as written (noenhanced), an underscore stays one
    set title net.": each layer clipped to c = 1, against one ball for the whole vector" noenhanced
    set key below vertical maxrows 3 Left reverse samplen 3 spacing 1.2
    set xlabel "σ  (noise standard deviation; c = 1, so also the noise multiplier)"
    set ylabel "certified log₁₀ C_{Bayes}"
    set logscale x
    set xtics ("0.5" 0.5, "1" 1, "2" 2, "4" 4)
    set xrange [0.4:5]
    set yrange [0:*]
    plot f using 1:3 with linespoints lc rgb c_printed pt 5 lw 2 dt 2 title "Theorem III.1 printed, R = L·c", \
         f using 1:4 with linespoints lc rgb c_proof pt 7 lw 2 dt 2 title "proof form, R = L·c", \
         f using 1:5 with linespoints lc rgb c_proof pt 6 lw 2 dt 4 title "proof form, R = c·√L", \
         f using 1:2 with linespoints lc rgb c_classical pt 9 lw 3 title "per-layer clipping (product of balls)", \
         f using 1:6 with linespoints lc rgb c_other pt 4 lw 2 dt 3 title "proof form, whole vector, R = c"
    set output
}
