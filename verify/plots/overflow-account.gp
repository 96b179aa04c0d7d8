# overflow-account.gp -- where the DP-SGD accountant in doubles breaks: the smallest failing
# integer order (left) and the first failing sampling rate (right) per noise multiplier.
# Colour: the method (as in overflow-map); filled: a failure found there; open: none up to the
# end of the search, drawn at that end.  Reads data/overflow-account.dat (series METHOD-order or
# METHOD-sampling_rate, multiplier, value, 1 found / 0 searched to).
# Writes SVG and PDF (cairo); png=1 (gnuplot -e "dir='DIR'; png=1") a PNG to look at.
# Usage: gnuplot -e "dir='reports'" verify/plots/overflow-account.gp
f = dir."/data/overflow-account.dat"
colour(m) = m eq "double" ? c_double : c_logdouble
series(name) = "< grep '^".name." ' ".f
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    reset
    load "verify/plots/style.gp"
    if (t eq "png") {
        set terminal pngcairo size 1100,480 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 1100,480 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 11in,4.8in font "sans,10" enhanced
    } }
    set output dir."/overflow-account.".t
    set multiplot layout 1,2 title "The RDP accountant in doubles against the certified one (filled: fails there; open: no failure up to there)"
    set logscale xy
    set format y "10^{%T}"
    set key off
    set xlabel "noise multiplier M"
    set title "smallest failing order α"
    set ylabel "order α"
    set yrange [300:300000]
    set lmargin 10
    set rmargin 2
    plot for [m in "double logdouble"] series(m."-order") using 2:3 with lines lw 2 lc rgb colour(m) notitle, \
         for [m in "double logdouble"] series(m."-order") using 2:($4 == 1 ? $3 : 1/0) with points pt 7 ps 1.2 lc rgb colour(m) notitle, \
         for [m in "double logdouble"] series(m."-order") using 2:($4 == 0 ? $3 : 1/0) with points pt 6 ps 1.4 lc rgb colour(m) notitle
    set title "first failing sampling rate q (one order)"
    set ylabel "sampling rate q"
    set autoscale y
    # q spans 25 decades: a labelled tic every 5 decades and a minor one at each decade, placed by
    # hand (gnuplot's own minor tics clump at 2..9 times each labelled one), on the left only
    set ytics nomirror ("10^{-40}" 1e-40)
    set mytics 1
    do for [k=-39:5] { if (k % 5 == 0) { set ytics add (sprintf("10^{%d}", k) 10.0**k) } else { set ytics add ("" 10.0**k 1) } }
    set rmargin 24
    set key outside right top vertical Left reverse samplen 3 spacing 1.2
    # the method names are data words: drawn as written (noenhanced)
    plot for [m in "double logdouble"] series(m."-sampling_rate") using 2:3 with lines lw 2 lc rgb colour(m) title m noenhanced, \
         for [m in "double logdouble"] series(m."-sampling_rate") using 2:($4 == 1 ? $3 : 1/0) with points pt 7 ps 1.2 lc rgb colour(m) notitle, \
         for [m in "double logdouble"] series(m."-sampling_rate") using 2:($4 == 0 ? $3 : 1/0) with points pt 6 ps 1.4 lc rgb colour(m) notitle, \
         NaN with points pt 7 lc rgb "black" title "fails", \
         NaN with points pt 6 lc rgb "black" title "none up to"
    unset multiplot
    set output
}
