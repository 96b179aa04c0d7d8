# channel-capacity.gp -- Tan et al.'s channel capacity f(sigma) for Appendix D's eigenvalues.
# Reads data/channel-capacity.dat (noise variance, then f for each dataset, in the order of
# data/channel-capacity.titles).  Writes SVG and PDF (cairo); png=1 (gnuplot -e "dir='DIR';
# png=1") a PNG to look at.  Usage: gnuplot -e "dir='reports'" verify/plots/channel-capacity.gp
f = dir."/data/channel-capacity.dat"
names = system("cat ".dir."/data/channel-capacity.titles")
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    reset
    load "verify/plots/style.gp"
    if (t eq "png") {
        set terminal pngcairo size 760,480 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 760,480 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 7.6in,4.8in font "sans,10" enhanced
    } }
    set output dir."/channel-capacity.".t
    colours = c_data1." ".c_data2." ".c_data3." ".c_data4
    set title "Channel capacity f(σ) for Appendix D's three eigenvalues"
    set xlabel "σ  (noise variance)"
    set ylabel "f(σ)  (nats, certified)"
    set logscale xy
    set format x "10^{%T}"
    set format y "10^{%T}"
    # the curves fall to the right: the legend in the empty upper right
    set key inside right top vertical Left reverse samplen 3 spacing 1.2 box opaque
    # the dataset names are data: drawn as written (noenhanced), an underscore stays one
    plot for [i=1:words(names)] f using 1:(column(i+1)) with linespoints lw 2 pt 6+i ps 0.8 \
         lc rgb word(colours, i) title word(names, i) noenhanced
    set output
}
