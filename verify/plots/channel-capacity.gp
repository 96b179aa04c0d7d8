# channel-capacity.gp -- Tan et al.'s channel capacity f(sigma) for Appendix D's eigenvalues.
# Reads data/channel-capacity.dat (noise variance, then f for each dataset, in the order of
# data/channel-capacity.titles).  Usage: gnuplot -e "dir='reports'" verify/plots/channel-capacity.gp
load "verify/plots/style.gp"
# png=1 (gnuplot -e "dir='DIR'; png=1") draws a PNG to look at; the report's figures are SVG
if (exists("png")) {
    set terminal pngcairo size 760,480 font "sans,10" noenhanced background rgb "white"
    set output dir."/channel-capacity.png"
} else {
    set terminal svg size 760,480 font "sans,12" noenhanced background rgb "white"
    set output dir."/channel-capacity.svg"
}
f = dir."/data/channel-capacity.dat"
names = system("cat ".dir."/data/channel-capacity.titles")
colours = c_data1." ".c_data2." ".c_data3." ".c_data4
set title "Channel capacity f(sigma) for Appendix D's three eigenvalues"
set xlabel "sigma (noise variance)"
set ylabel "f(sigma), nats (certified)"
set logscale xy
set format x "1e%T"
set format y "1e%T"
plot for [i=1:words(names)] f using 1:(column(i+1)) with linespoints lw 2 pt 6+i \
     lc rgb word(colours, i) title word(names, i)
