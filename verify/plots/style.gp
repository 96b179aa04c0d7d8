# style.gp -- what every figure shares: one colour per method or form across all panels and
# figures, legends outside the plotting area.  Loaded by the other scripts.
set grid lc rgb "#dddddd"
# forms of the Gaussian mechanism and the other series of the capacity figures
c_proof    = "#1f77b4"
c_printed  = "#d62728"
c_classical = "#2ca02c"
c_vmf      = "#9467bd"
c_other    = "#7f7f7f"
# non-certified methods (overflow map)
c_double    = "#ff7f0e"
c_gsl       = "#17becf"
c_logdouble = "#8c564b"
# datasets (channel capacity)
c_data1 = "#1f77b4"; c_data2 = "#d62728"; c_data3 = "#2ca02c"; c_data4 = "#9467bd"
set key outside right top vertical Left reverse samplen 3 spacing 1.2
# enhanced text splits a label into pieces at a sub- or superscript and at a font, and an SVG
# renderer drops a space (a non-breaking one too) at either end of a piece: "log_2 C" is drawn
# "log2C", "against {/Symbol e}" "againste".  So no space touches a sub- or superscript (log₂,
# x², 10^{−5} at the end, C_{Bayes} before punctuation), and Greek letters are Unicode
# (tests/check/figure-text.py checks the SVGs)
