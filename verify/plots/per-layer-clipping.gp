# per-layer-clipping.gp -- per-layer clipping (a product of balls) against Theorem III.1 for
# the whole vector.  Reads data/per-layer-clipping.dat (sigma, log10 per-layer, printed R = Lc,
# proof R = Lc, proof R = c sqrt(L), proof R = c) and data/per-layer-clipping.titles (the network).
# Usage: gnuplot -e "dir='reports'" verify/plots/per-layer-clipping.gp
load "verify/plots/style.gp"
# png=1 (gnuplot -e "dir='DIR'; png=1") draws a PNG to look at; the report's figures are SVG
if (exists("png")) {
    set terminal pngcairo size 760,480 font "sans,10" noenhanced background rgb "white"
    set output dir."/per-layer-clipping.png"
} else {
    set terminal svg size 760,480 font "sans,12" noenhanced background rgb "white"
    set output dir."/per-layer-clipping.svg"
}
f = dir."/data/per-layer-clipping.dat"
net = system("cat ".dir."/data/per-layer-clipping.titles")
set title net.": each layer clipped to c = 1, against one ball for the whole vector"
set key below vertical maxrows 3 Left reverse
set xlabel "sigma"
set ylabel "log10 C_Bayes (certified)"
set logscale x
set xtics ("0.5" 0.5, "1" 1, "2" 2, "4" 4)
set xrange [0.4:5]
plot f using 1:3 with linespoints lc rgb c_printed pt 5 lw 2 dt 2 title "Theorem III.1 printed, R = L c", \
     f using 1:4 with linespoints lc rgb c_proof pt 7 lw 2 dt 2 title "proof form, R = L c", \
     f using 1:5 with linespoints lc rgb c_proof pt 6 lw 2 dt 4 title "proof form, R = c sqrt(L)", \
     f using 1:2 with linespoints lc rgb c_classical pt 9 lw 3 title "per-layer clipping (product of balls)", \
     f using 1:6 with linespoints lc rgb c_other pt 4 lw 2 dt 3 title "proof form, whole vector, R = c"
