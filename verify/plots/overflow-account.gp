# overflow-account.gp -- where the DP-SGD accountant in doubles breaks: the smallest failing
# integer order (left) and the first failing sampling rate (right) per noise multiplier.
# Colour: the method (as in overflow-map); filled: a failure found there; open: none up to the
# end of the search, drawn at that end.  Reads data/overflow-account.dat (series METHOD-order or
# METHOD-sampling_rate, multiplier, value, 1 found / 0 searched to).
# Usage: gnuplot -e "dir='reports'" verify/plots/overflow-account.gp
load "verify/plots/style.gp"
if (exists("png")) {
    set terminal pngcairo size 1100,480 font "sans,10" noenhanced background rgb "white"
    set output dir."/overflow-account.png"
} else {
    set terminal svg size 1100,480 font "sans,12" noenhanced background rgb "white"
    set output dir."/overflow-account.svg"
}
f = dir."/data/overflow-account.dat"
colour(m) = m eq "double" ? c_double : c_logdouble
series(name) = "< grep '^".name." ' ".f
set multiplot layout 1,2 title "The RDP accountant in doubles against the certified one (filled: fails there; open: no failure up to there)"
set logscale xy
set format y "1e%T"
set key off
set xlabel "noise multiplier M"
set title "smallest failing order alpha"
set ylabel "alpha"
set yrange [300:300000]
set lmargin 10
set rmargin 2
plot for [m in "double logdouble"] series(m."-order") using 2:3 with lines lw 2 lc rgb colour(m) notitle, \
     for [m in "double logdouble"] series(m."-order") using 2:($4 == 1 ? $3 : 1/0) with points pt 7 ps 1.2 lc rgb colour(m) notitle, \
     for [m in "double logdouble"] series(m."-order") using 2:($4 == 0 ? $3 : 1/0) with points pt 6 ps 1.4 lc rgb colour(m) notitle
set title "first failing sampling rate q (one order)"
set ylabel "q"
set autoscale y
set rmargin 24
set key outside right top vertical Left reverse
plot for [m in "double logdouble"] series(m."-sampling_rate") using 2:3 with lines lw 2 lc rgb colour(m) title m, \
     for [m in "double logdouble"] series(m."-sampling_rate") using 2:($4 == 1 ? $3 : 1/0) with points pt 7 ps 1.2 lc rgb colour(m) notitle, \
     for [m in "double logdouble"] series(m."-sampling_rate") using 2:($4 == 0 ? $3 : 1/0) with points pt 6 ps 1.4 lc rgb colour(m) notitle, \
     NaN with points pt 7 lc rgb "black" title "fails", \
     NaN with points pt 6 lc rgb "black" title "none up to"
unset multiplot
