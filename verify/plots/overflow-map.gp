# overflow-map.gp -- the smallest p at which each non-certified method fails, per grid point.
# Colour: the method; line: the form (solid proof, dashed printed); point: filled circle for
# a failing status (overflow, underflow, NaN), open triangle for accuracy loss.  Reads data/overflow-map.dat
# (series mechanism-form-method, grid value, first failing p, 1 a failing status (overflow,
# underflow, nan) / 0 accuracy loss).
# Usage: gnuplot -e "dir='reports'" verify/plots/overflow-map.gp
load "verify/plots/style.gp"
# png=1 (gnuplot -e "dir='DIR'; png=1") draws a PNG to look at; the report's figures are SVG
if (exists("png")) {
    set terminal pngcairo size 1100,520 font "sans,10" noenhanced background rgb "white"
    set output dir."/overflow-map.png"
} else {
    set terminal svg size 1100,520 font "sans,12" noenhanced background rgb "white"
    set output dir."/overflow-map.svg"
}
f = dir."/data/overflow-map.dat"
colour(m) = m eq "double" ? c_double : m eq "gsl" ? c_gsl : c_logdouble
series(mech, form, m) = "< grep '^".mech."-".form."-".m." ' ".f
set multiplot layout 1,2 title "Smallest p at which each non-certified method fails (filled: inf, 0 or NaN; open: accuracy loss)"
set logscale xy
set format y "1e%T"
set ylabel "p"
set key off
set title "Gaussian (R = 1)"
set xlabel "sigma"
set lmargin 10
set rmargin 2
plot for [m in "double gsl logdouble"] series("gauss", "proof", m) using 2:3 with lines lw 2 lc rgb colour(m) dt 1 notitle, \
     for [m in "double gsl logdouble"] series("gauss", "printed", m) using 2:3 with lines lw 2 lc rgb colour(m) dt 2 notitle, \
     for [m in "double gsl logdouble"] for [form in "proof printed"] series("gauss", form, m) \
         using 2:($4 == 1 ? $3 : 1/0) with points pt 7 ps 1.2 lc rgb colour(m) notitle, \
     for [m in "double gsl logdouble"] for [form in "proof printed"] series("gauss", form, m) \
         using 2:($4 == 0 ? $3 : 1/0) with points pt 8 ps 1.4 lc rgb colour(m) notitle
set title "von Mises-Fisher"
set xlabel "kappa"
set rmargin 24
set key outside right top vertical Left reverse
plot for [m in "double gsl logdouble"] series("vmf", "proof", m) using 2:3 with lines lw 2 lc rgb colour(m) dt 1 title m." proof", \
     for [m in "double gsl logdouble"] series("vmf", "printed", m) using 2:3 with lines lw 2 lc rgb colour(m) dt 2 title m." printed", \
     for [m in "double gsl logdouble"] for [form in "proof printed"] series("vmf", form, m) \
         using 2:($4 == 1 ? $3 : 1/0) with points pt 7 ps 1.2 lc rgb colour(m) notitle, \
     for [m in "double gsl logdouble"] for [form in "proof printed"] series("vmf", form, m) \
         using 2:($4 == 0 ? $3 : 1/0) with points pt 8 ps 1.4 lc rgb colour(m) notitle, \
     NaN with points pt 7 lc rgb "black" title "inf, 0 or NaN", \
     NaN with points pt 8 lc rgb "black" title "accuracy loss"
unset multiplot
