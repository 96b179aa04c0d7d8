# overflow-map.gp -- the smallest p at which each non-certified method fails, per grid point.
# Colour: the method; line: the form (solid proof, dashed printed); point: filled circle for
# a failing status (overflow, underflow, NaN), open triangle for accuracy loss.  Reads data/overflow-map.dat
# (series mechanism-form-method, grid value, first failing p, 1 a failing status (overflow,
# underflow, nan) / 0 accuracy loss).  A series with no failure on the grid has no line (gnuplot
# warns that its data file has no valid points).
# Writes SVG and PDF (cairo); png=1 (gnuplot -e "dir='DIR'; png=1") a PNG to look at.
# Usage: gnuplot -e "dir='reports'" verify/plots/overflow-map.gp
f = dir."/data/overflow-map.dat"
colour(m) = m eq "double" ? c_double : m eq "gsl" ? c_gsl : c_logdouble
series(mech, form, m) = "< grep '^".mech."-".form."-".m." ' ".f
outputs = exists("png") ? "png" : "svg pdf"
do for [t in outputs] {
    reset
    load "verify/plots/style.gp"
    if (t eq "png") {
        set terminal pngcairo size 1100,520 font "sans,10" enhanced background rgb "white"
    } else { if (t eq "svg") {
        set terminal svg size 1100,520 font "sans,12" enhanced background rgb "white"
    } else {
        set terminal pdfcairo size 11in,5.2in font "sans,10" enhanced
    } }
    set output dir."/overflow-map.".t
    set multiplot layout 1,2 title "Smallest dimension p at which each non-certified method fails (filled: inf, 0 or NaN; open: accuracy loss)"
    set logscale xy
    set format y "10^{%T}"
    set ylabel "p"
    set key off
    set title "Gaussian (R = 1)"
    set xlabel "σ"
    set lmargin 10
    set rmargin 2
    # the method names are data words: drawn as written (noenhanced)
    plot for [m in "double gsl logdouble"] series("gauss", "proof", m) using 2:3 with lines lw 2 lc rgb colour(m) dt 1 notitle, \
         for [m in "double gsl logdouble"] series("gauss", "printed", m) using 2:3 with lines lw 2 lc rgb colour(m) dt 2 notitle, \
         for [m in "double gsl logdouble"] for [form in "proof printed"] series("gauss", form, m) \
             using 2:($4 == 1 ? $3 : 1/0) with points pt 7 ps 1.2 lc rgb colour(m) notitle, \
         for [m in "double gsl logdouble"] for [form in "proof printed"] series("gauss", form, m) \
             using 2:($4 == 0 ? $3 : 1/0) with points pt 8 ps 1.4 lc rgb colour(m) notitle
    set title "von Mises-Fisher"
    set xlabel "κ"
    set rmargin 24
    set key outside right top vertical Left reverse samplen 3 spacing 1.2
    plot for [m in "double gsl logdouble"] series("vmf", "proof", m) using 2:3 with lines lw 2 lc rgb colour(m) dt 1 title m." proof" noenhanced, \
         for [m in "double gsl logdouble"] series("vmf", "printed", m) using 2:3 with lines lw 2 lc rgb colour(m) dt 2 title m." printed" noenhanced, \
         for [m in "double gsl logdouble"] for [form in "proof printed"] series("vmf", form, m) \
             using 2:($4 == 1 ? $3 : 1/0) with points pt 7 ps 1.2 lc rgb colour(m) notitle, \
         for [m in "double gsl logdouble"] for [form in "proof printed"] series("vmf", form, m) \
             using 2:($4 == 0 ? $3 : 1/0) with points pt 8 ps 1.4 lc rgb colour(m) notitle, \
         NaN with points pt 7 lc rgb "black" title "inf, 0 or NaN", \
         NaN with points pt 8 lc rgb "black" title "accuracy loss"
    unset multiplot
    set output
}
