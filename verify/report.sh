#!/bin/sh
# report.sh -- regenerates reports/ (`make report`): reports/README.md and its
# SVG figures.  Deterministic: no timestamps, no timings (those go to
# reports/timing.txt, which is not committed).  Progress on stderr.
set -eu
L=${LEAKPROOF:-leakproof}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
out=${REPORT_DIR:-$top/reports}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
R=$out/README.md
T=$out/timing.txt
: >"$T"

say() { printf '%s\n' "$*" >&2; }
# jget KEY < json: a string or number field of leakproof's one-line JSON
jget() { sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\)\"\{0,1\}[,}].*/\1/p"; }
timed() { s=$(date +%s.%N); "$@"; e=$(date +%s.%N); echo "$(awk -v a="$s" -v b="$e" 'BEGIN { printf "%.2f", b - a }') s: $*" >>"$T"; }
digits_of() {   # correct digits from a relative error: floor(-log10(err)), or the status
    awk -v e="$1" -v s="$2" 'BEGIN { if (s != "ok") print s; else if (e == "" || e == "null") print "?";
        else if (e + 0 == 0) print ">30"; else { d = -log(e) / log(10); printf "%d\n", d < 0 ? 0 : d } }'
}

{
cat <<'HEAD'
# leakproof reports

Regenerate with `make report` (a few minutes on two cores; needs gnuplot). Every figure
below comes from the command shown beside it; certified values are Arb balls printed to the
digits they guarantee. Timings are not in this file (they go to `reports/timing.txt`, not
committed), so regenerating gives the same bytes.

HEAD

# ---- 1. verdicts -------------------------------------------------------------------
say "report: Monte Carlo verdicts on the small-p grid"
echo "## 1. Verdicts: each theorem form against the Monte Carlo arbiter"
echo
echo "\`leakproof verify cases/grid.cases\` (p = 1…8; σ ∈ {0.2, 0.5, 1, 2, 5}, R ∈ {0.5, 1, 3};"
echo "κ ∈ {0.1, 1, 10, 50}; 2·10⁶ samples per Gaussian case, 10⁶ per VMF case). The arb value of"
echo "each form divided by the Monte Carlo estimate, over the cases at each p, and the largest |z|:"
echo
cd "$work"
LEAKPROOF=$L timed sh "$here/grid.sh" >grid.txt
echo '| formula | form | p | cases | value / estimate | largest \|z\| |'
echo '|---|---|---|---|---|---|'
awk 'NR > 2 && !/^#/ { printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' grid.txt
echo
sed -n 's/^# verdict: \(.*\) at .*grid.cases:\([0-9]*\) (z = \(.*\))$/- **\1** (worst at grid.cases line \2, z = \3)/p; s/^# verdict: \(.*agrees.*\)$/- **\1**/p' grid.txt
echo

# ---- 2. configurations ---------------------------------------------------------------
say "report: the papers' configurations"
echo "## 2. The papers' configurations, certified"
echo
echo "### Biswas et al.: the 13,700-parameter network (clip c = 1, so R = 1)"
echo
echo "The text gives no numbers for Fig. 1's ε axis nor its δ (\"for fixed δ\"); this table uses"
echo "ε ∈ {0.5, 1, 2, 5, 10, 20, 50, 100, 173} (173 is Fig. 2's) and δ = 10⁻⁵, sensitivity 1."
echo "Gaussian σ by the classical calibration σ = √(2 ln(1.25/δ))/ε (proved for ε < 1 only) and by"
echo "the analytic Gaussian mechanism (Balle and Wang 2018, certified least σ); VMF κ = ε"
echo "(Appendix A). log₁₀ C_Bayes, certified (\`leakproof calibrate gaussian --epsilon E --delta 1e-5\`,"
echo "then \`leakproof eval gauss --p 13700 --sigma σ --radius 1 --form F\`, \`leakproof eval vmf --p 13700 --kappa ε\`):"
echo
echo '| ε | σ classical | σ analytic | Gauss proof (σ analytic) | Gauss printed (σ analytic) | Gauss proof (σ classical) | VMF (κ = ε) |'
echo '|---|---|---|---|---|---|---|'
: >eps.dat
for e in 0.5 1 2 5 10 20 50 100 173; do
    c=$($L calibrate gaussian --epsilon "$e" --delta 1e-5 --digits 20 --json)
    sc=$(echo "$c" | jget sigma_classical); sa=$(echo "$c" | jget sigma_analytic)
    gpa=$($L eval gauss --p 13700 --sigma "$sa" --radius 1 --form proof --digits 12 --json | jget log10)
    gpr=$($L eval gauss --p 13700 --sigma "$sa" --radius 1 --form printed --digits 12 --json | jget log10)
    gpc=$($L eval gauss --p 13700 --sigma "$sc" --radius 1 --form proof --digits 12 --json | jget log10)
    v=$($L eval vmf --p 13700 --kappa "$e" --form proof --digits 12 --json | jget log10)
    printf '| %s | %.6g | %.6g | %.8g | %.8g | %.8g | %.8g |\n' "$e" "$sc" "$sa" "$gpa" "$gpr" "$gpc" "$v"
    echo "$e $gpa $gpr $gpc $v" >>eps.dat
done
echo
echo "![Bayes capacity against ε at p = 13,700](capacity-vs-epsilon.svg)"
echo
echo "### Tan et al.: networks, DP-SGD noise multipliers, channel thresholds"
echo
echo "Theorem 4 with B = 64, S = 1 (\`leakproof channel dp --batch 64 --clip 1 --noise-multiplier M\`);"
echo "the stated capacities are Section 6.3's:"
echo
echo '| √σ (multiplier) | stated ε | bound (1) | supremum under the hypotheses | bound (2) at the stated ε | stated capacity |'
echo '|---|---|---|---|---|---|'
set -- 0.8 1.705 100 0.57 5.120 200 0.46 12.026 300 0.2066 331.668 1500
while [ $# -ge 3 ]; do
    j=$($L channel dp --batch 64 --clip 1 --noise-multiplier "$1" --digits 8 --json)
    k=$($L channel dp --batch 64 --clip 1 --epsilon "$2" --delta 1e-5 --digits 8 --json)
    printf '| %s | %s | %.6g | %.6g | %.6g | %s |\n' "$1" "$2" "$(echo "$j" | jget bound)" \
        "$(echo "$j" | jget capacity)" "$(echo "$k" | jget bound)" "$3"
    shift 3
done
echo
echo "Natural channel noise σ for the eigenvalues Appendix D reports ({λ_max, λ_1, λ_10} only: a"
echo "three-dimensional stand-in, not the full spectrum), at Section 6's thresholds κ"
echo "(\`leakproof channel natural --eigenvalues L1,L2,L3 --capacity K\`; certified):"
echo
echo '| dataset | eigenvalues | κ = 1 | κ = 5 | κ = 10 | κ = 50 |'
echo '|---|---|---|---|---|---|'
: >chan.dat
for ds in "CIFAR-10 222.21,85.08,9.91" "CelebA 346.21,71.01,12.82" "SVHN 313.0,28.04,4.67" "Fashion-MNIST 101.88,61.80,3.21"; do
    name=${ds%% *}; ev=${ds#* }
    row="| $name | $ev |"
    for k in 1 5 10 50; do
        s=$($L channel natural --eigenvalues "$ev" --capacity "$k" --digits 10 --json | jget noise_variance)
        row="$row $(printf '%.6g' "$s") |"
    done
    echo "$row"
done
echo
echo "(Section 6's κ ∈ {50, 100, 200, 300} (natural) and {500, 800, 1000, 1500} (white, personalized)"
echo "are for the full 3072-dimensional CIFAR-10 covariance, which the paper does not print.)"
echo
for ev in 222.21,85.08,9.91 346.21,71.01,12.82 313.0,28.04,4.67 101.88,61.80,3.21; do
    for s in 0.001 0.01 0.1 1 10 100 1000 10000; do
        printf '%s ' "$($L channel capacity --eigenvalues "$ev" --noise-variance "$s" --digits 10 --json | jget capacity)"
    done
    echo
done >chan.dat
echo "![channel capacity f(σ) for Appendix D's eigenvalues](channel-capacity.svg)"
echo
echo "The networks' parameter counts (Section 6) as dimensions: log₁₀ C_Bayes at σ = 1, R = 1 and"
echo "VMF κ = 173 (\`leakproof eval gauss --p P --sigma 1 --radius 1\`):"
echo
echo '| network | p | Gauss proof | Gauss printed | printed / proof | VMF κ = 173 |'
echo '|---|---|---|---|---|---|'
for np in "LeNet 62000" "ResNet10 4900000" "AlexNet 35900000" "VGG16 134000000"; do
    n=${np% *}; p=${np#* }
    a=$($L eval gauss --p "$p" --sigma 1 --radius 1 --form proof --digits 15 --json)
    b=$($L eval gauss --p "$p" --sigma 1 --radius 1 --form printed --digits 15 --json)
    v=$($L eval vmf --p "$p" --kappa 173 --digits 15 --json | jget log10)
    la=$(echo "$a" | jget log10); lb=$(echo "$b" | jget log10)
    printf '| %s | %s | %.12g | %.12g | %.10f | %.12g |\n' "$n" "$p" "$la" "$lb" \
        "$(awk -v x="$lb" -v y="$la" 'BEGIN { printf "%.10f", exp((x - y) * log(10)) }')" "$v"
done
echo
echo "### Balunović et al.: the defenses' networks"
echo
echo "Parameter counts computed from the tables (weights and biases; batch-norm γ, β):"
echo "ConvBig (Table 3, CIFAR-10 input 3×32×32): conv 3→32 3×3: 896; conv 32→64 1×1 with padding 1:"
echo "2,112 (output 18×18, pooled to 9×9, so 5184 features as the table says); linear 5184→2000:"
echo "10,370,000; 2000→1000: 2,001,000; 1000→10: 10,010; **12,384,018** in all (the first linear"
echo "layer 83.7 %, the second 16.2 %, the paper's \"around 80 % and 20 %\"). ConvNet width 64"
echo "(Table 4): nine 3×3 convolutions 3→64→128→128→256→256×5 with biases, 3,468,800; their"
echo "batch norms, 3,712; linear 2304→3 as printed (36·64 features after two 3×3 max-pools of"
echo "32×32), 6,915; **3,479,427** in all (with 100 outputs, as for CIFAR-100, 3,703,012)."
echo "The Gaussian defense σ = 0.1 with clipping to 1 (the paper does not clip; R = 1 is assumed):"
echo
echo '| network | p | log₁₀ C_Bayes, Gauss proof, σ = 0.1, R = 1 |'
echo '|---|---|---|'
for np in "ConvBig 12384018" "ConvNet-64 3479427"; do
    printf '| %s | %s | %s |\n' "${np% *}" "${np#* }" \
        "$($L eval gauss --p "${np#* }" --sigma 0.1 --radius 1 --digits 15 --json | jget log10)"
done
echo
echo "The Laplace defense (b = 0.1) has no closed form in the papers; leakproof's, for l1"
echo "clipping, is in the next part."
echo

# ---- 2b. beyond the papers ----------------------------------------------------------------
say "report: per-layer clipping and Laplace noise"
echo "### Beyond the papers: per-layer clipping and Laplace noise"
echo
echo "DP-SGD clipping each layer to c makes the input set a product of balls, inside the ball of"
echo "radius c√L, not c·L as Theorem III.1's \"R is the number of layers\" has it. The capacity of"
echo "the product is the product of the layers' capacities (each by Steiner's formula, equal to the"
echo "proof form, which Monte Carlo upholds), certified: \`leakproof eval gauss-layers --sigma σ --clip 1 --layers-file"
echo "cases/networks/NET.layers\`. log₁₀ C_Bayes, c = 1:"
echo
echo '| network | layers | p | σ | per-layer clipping | Thm III.1 printed, R = L | proof form, R = L | R = √L | whole vector, R = 1 |'
echo '|---|---|---|---|---|---|---|---|---|'
: >layers.dat
for net in lenet resnet10 vgg16 convbig convnet64; do
    for s in 0.5 1 2 4; do
        j=$($L eval gauss-layers --sigma "$s" --clip 1 --layers-file "$top/cases/networks/$net.layers" --digits 12 --json)
        printf '| %s | %s | %s | %s | %.10g | %.10g | %.10g | %.10g | %.10g |\n' "$net" "$(echo "$j" | jget layers)" \
            "$(echo "$j" | jget p)" "$s" "$(echo "$j" | jget log10)" "$(echo "$j" | jget log10_theorem_printed_R_Lc)" \
            "$(echo "$j" | jget log10_theorem_proof_R_Lc)" "$(echo "$j" | jget log10_proof_R_c_sqrtL)" \
            "$(echo "$j" | jget log10_whole_vector_R_c)"
        [ "$net" = convbig ] && echo "$s $(echo "$j" | jget log10) $(echo "$j" | jget log10_theorem_printed_R_Lc) $(echo "$j" | jget log10_proof_R_c_sqrtL) $(echo "$j" | jget log10_whole_vector_R_c)" >>layers.dat
    done
done
echo
echo "![ConvBig: per-layer clipping against Theorem III.1](per-layer-clipping.svg)"
echo
echo "Laplace noise of scale b with l1 clipping: C = Σ_{j≤p} (R/b)^j/j! (our derivation, certified:"
echo "\`leakproof eval laplace-l1 --p P --b B --radius R\`); it agrees with Monte Carlo on the grid"
echo "(section 1, rows laplace-l1). With l2 clipping no closed form is known: Monte Carlo"
echo "(\`leakproof mc laplace --clip l2\`, the inner l1 distance to the l2 ball by water-filling)"
echo "lands between the l1 balls of radius R and R√p on every grid case:"
echo
grep -E '^(not )?ok [0-9]+ - laplace l2 ' "$work/verify-grid.tap" 2>/dev/null | \
    sed 's/^\(not \)\{0,1\}ok [0-9]* - laplace l2 /- /' || true
echo
echo "Balunović et al.'s Laplace defense b = 0.1 with l1 clipping to 1 (assumed; the paper does"
echo "not clip), log₁₀ C_Bayes: ConvBig $($L eval laplace-l1 --p 12384018 --b 0.1 --radius 1 --digits 12 --json | jget log10),"
echo "ConvNet-64 $($L eval laplace-l1 --p 3479427 --b 0.1 --radius 1 --digits 12 --json | jget log10) (the sum saturates at e^{R/b} once p exceeds R/b)."
echo

# ---- 3. accuracy -----------------------------------------------------------------------
say "report: accuracy of the methods"
echo "## 3. Accuracy of each method against arb"
echo
echo "Correct significant digits, ⌊−log₁₀ |x − C|/C⌋ against the certified value (σ = R = 1;"
echo "κ = 173), or the status the method reports (\`leakproof eval ... --method M --compare\`):"
echo
echo '| form | method | p = 10 | p = 100 | p = 1,000 | p = 13,700 | p = 10⁶ | p = 1.34·10⁸ |'
echo '|---|---|---|---|---|---|---|---|'
for f in "gauss printed" "gauss proof" "vmf printed" "vmf proof"; do
    for m in mpfr double logdouble gsl; do
        row="| ${f} | $m |"
        for p in 10 100 1000 13700 1000000 134000000; do
            if [ "$m" = mpfr ] && [ "${f#* }" = printed ] && [ "${f% *}" = gauss ] && [ "$p" -gt 13700 ]; then
                row="$row (slow) |"; continue
            fi
            if [ "${f% *}" = gauss ]; then a="--sigma 1 --radius 1"; else a="--kappa 173"; fi
            j=$($L eval ${f% *} --p "$p" $a --form "${f#* }" --method "$m" --compare --json)
            row="$row $(digits_of "$(echo "$j" | jget rel_error)" "$(echo "$j" | jget status)") |"
        done
        echo "$row"
    done
done
echo
echo "(mpfr runs at the bits of 17 digits + 16; \"(slow)\": the term-by-term MPFR sum is not run"
echo "there, it takes minutes; declined: more terms than the method's limit.)"
echo

# ---- 4. overflow boundaries --------------------------------------------------------------
say "report: overflow boundaries (the longest part)"
echo "## 4. Where each method breaks as p grows"
echo
echo "The smallest p at which the method returns inf, NaN or 0 (its status), or agrees with arb"
echo "to fewer than half its digits (relative error > 10⁻⁸): \`leakproof overflow FORMULA --method M\`."
echo "Exact: p fails and p − 1 does not, both evaluated. For overflow this is the boundary; for"
echo "accuracy loss (\"inaccurate\") the error is erratic near the threshold, so the transition found"
echo "by bisection is one crossing, marked † when the failure does not persist at 2p, 4p, 8p."
echo
echo '| formula | form | method | grid point | smallest failing p | kind |'
echo '|---|---|---|---|---|---|'
: >map.dat
for fm in "gauss printed double" "gauss printed gsl" "gauss printed logdouble" "gauss proof double" \
          "gauss proof gsl" "gauss proof logdouble" "vmf printed double" "vmf printed gsl" \
          "vmf printed logdouble" "vmf proof double" "vmf proof gsl" "vmf proof logdouble"; do
    set -- $fm
    if [ "$1" = gauss ]; then g="--sigma-grid 0.1,0.2,0.5,1,2,5,10"; else g="--kappa-grid 0.1,1,10,50,173,1000"; fi
    if [ "$1 $2 $3" = "gauss printed logdouble" ]; then g="--sigma-grid 1"; fi
    timed $L overflow "$1" --form "$2" --method "$3" $g --csv >of.csv
    tail -n +2 of.csv | while IFS=, read -r f fo me x r pf kind e1 e0 pers upto; do
        mark=""; [ "$pers" = 0 ] && mark=" †"
        if [ "$f" = gauss ]; then gp="σ = $x"; else gp="κ = $x"; fi
        printf '| %s | %s | %s | %s | %s | %s%s |\n' "$f" "$fo" "$me" "$gp" "${pf:-none ≤ $upto}" "$kind" "$mark"
        echo "$f-$fo-$me $x ${pf:-nan}" >>map.dat
    done
done
echo
echo "![overflow boundaries](overflow-map.svg)"
echo
echo "MPFR precision (bits) that keeps 15 correct digits, σ = R = 1 / κ = 173"
echo "(\`leakproof overflow FORMULA --method mpfr --p-max 2\`):"
echo
echo '| form | p = 10 | p = 100 | p = 1,000 | p = 13,700 | p = 100,000 |'
echo '|---|---|---|---|---|---|'
for f in "gauss printed" "gauss proof" "vmf printed" "vmf proof"; do
    if [ "${f% *}" = gauss ]; then g="--sigma-grid 1"; else g="--kappa-grid 173"; fi
    timed $L overflow ${f% *} --form "${f#* }" --method mpfr $g --p-max 2 --json >mp.json
    printf '| %s |' "$f"
    sed 's/.*"mpfr_bits_for_15_digits":\[//; s/\]}$//' mp.json | tr '}' '\n' | sed -n 's/.*"bits":\(-\{0,1\}[0-9]*\).*/\1/p' |
        while read -r b; do printf ' %s |' "$b"; done
    echo
done
echo

# ---- 5. findings ---------------------------------------------------------------------------
echo "## 5. Findings about the papers"
echo
echo "Each is kept in \`make check\` as a \`# TODO\` TAP line with its figure; the commands reproduce them."
echo
echo "1. **Theorem III.1 as printed is twice the proof's shell term.** \`leakproof eval gauss --p 1 --sigma 1"
echo "   --radius 0 --form printed\` gives 2, \`--form proof\` 1 (a single input leaks nothing). Monte Carlo"
echo "   sides with the proof on all 120 grid cases (section 1); \`leakproof mc discrete --p 2 --sigma 0.5"
echo "   --radius 1\` rises to the proof's 5.5066, not the printed 9.0133."
echo "2. **Theorem IV.1 (VMF) agrees with its proof and with Monte Carlo.**"
echo "3. **Tan et al. Theorem 4's bounds are twice the capacity its hypotheses allow** (section 2's table:"
echo "   bound (1) / supremum = 2 exactly); \`leakproof channel dp --batch 64 --clip 1 --noise-multiplier 0.8\`."
echo "4. **Section 6.3's ε and capacities disagree through bound (2)** (section 2's table)."
echo "5. **Eq. (20) is a ratio where the proof of Theorem 2 derives a difference**; \`leakproof channel"
echo "   personalized --covariance cases/tan/cov-4.csv --beta cases/tan/beta-4.csv --capacity 1\` gives"
echo "   the proof's σ 2.0163 and the printed equation's 0.4318."
echo "6. **Classical calibration at large ε is not DP**: at ε = 173, δ = 10⁻⁵ the classical σ gives"
echo "   δ = $($L calibrate gaussian --epsilon 173 --delta 1e-5 --json | jget delta_at_sigma_classical)"
echo "   (\`leakproof calibrate gaussian --epsilon 173 --delta 1e-5\`); the analytic σ is 2.4 times larger."
echo "7. **Per-layer clipping is not Theorem III.1 with R = L** (section 2, beyond the papers): for LeNet at"
echo "   σ = c = 1 the theorem at R = 5 is 10^356.5 times the product-of-balls capacity"
echo "   (\`leakproof eval gauss-layers --sigma 1 --clip 1 --layers-file cases/networks/lenet.layers\`)."
echo "8. **Steiner's formula (ours) equals the proof form** to 30 digits at every p and agrees with Monte Carlo"
echo "   (section 1, rows steiner); **the Laplace l1 sum (ours) agrees with Monte Carlo** (rows laplace-l1)."
echo "9. **Balunović et al.'s Jensen step uses C = 1/δ^d where Jensen needs 1/vol(B)**: the printed inequality"
echo "   fails, e.g. d = 20, δ = 0.5 (section 6); the argmax, and so the attack, is unaffected."

# ---- 6. Balunovic et al. ---------------------------------------------------------------------
say "report: the Bayes optimal adversary"
echo
echo "## 6. Balunović et al.: the Bayes optimal adversary where it is exact"
echo
echo "Linear-Gaussian model (x ~ N(0, v I_d), g = a x + N(0, s² I_d)): the δ-ball adversary centres at"
echo "the posterior mean and succeeds with P(χ²_d ≤ δ²/τ²), certified; Monte Carlo beside it"
echo "(\`leakproof adversary gaussian --d D --prior-var 1 --gain 1 --noise 0.1 --delta R --samples 200000 --seed 1\`):"
echo
echo '| d | δ | success (certified) | Monte Carlo | without the observation | leakage |'
echo '|---|---|---|---|---|---|'
for dd in "1 0.1" "5 0.3" "20 0.5" "100 1"; do
    set -- $dd
    j=$($L adversary gaussian --d "$1" --prior-var 1 --gain 1 --noise 0.1 --delta "$2" --samples 200000 --seed 1 --json)
    printf '| %s | %s | %.10g | %.5f ± %.2g | %.6g | %.6g |\n' "$1" "$2" "$(echo "$j" | jget success_posterior)" \
        "$(echo "$j" | jget estimate)" "$(echo "$j" | jget std_error)" "$(echo "$j" | jget success_prior)" \
        "$(echo "$j" | jget leakage)"
done
echo
echo "The Jensen step before eq. (3), both sides certified, ball at the posterior mean, v = a = 1,"
echo "s = 0.1, |g| = 1 (\`leakproof adversary jensen\`): with the paper's C = 1/δ^d it can fail; with"
echo "C = 1/vol(B) it holds:"
echo
echo '| d | δ | log(C∫p), C = 1/δ^d | C∫log p | holds | log(C∫p), C = 1/vol | C∫log p | holds |'
echo '|---|---|---|---|---|---|---|---|'
for dd in "1 0.5" "5 0.1" "20 0.5" "100 0.5"; do
    set -- $dd
    j=$($L adversary jensen --d "$1" --prior-var 1 --gain 1 --noise 0.1 --delta "$2" --g-norm 1 --json)
    printf '| %s | %s | %.8g | %.8g | %s | %.8g | %.8g | %s |\n' "$1" "$2" \
        "$(echo "$j" | jget lhs_printed_c)" "$(echo "$j" | jget rhs_printed_c)" "$(echo "$j" | jget verdict_printed_c)" \
        "$(echo "$j" | jget lhs_volume_c)" "$(echo "$j" | jget rhs_volume_c)" "$(echo "$j" | jget verdict_volume_c)"
done
echo
echo "Eq. (3) with k uniform samples in the ball (d = 20, δ = 0.5; 500 repetitions each) converges to"
echo "its limit with spread ∝ 1/√k:"
echo
echo '```'
$L adversary jensen --d 20 --prior-var 1 --gain 1 --noise 0.1 --delta 0.5 --g-norm 1 --seed 1 | sed -n '/objective_limit/,$p'
echo '```'
echo
echo "Table 1 in numbers on the linear model (a linear layer's weight gradient u xᵀ, x ~ N(0, I₂₀),"
echo "u ~ N(0, I₁₀), Laplace noise), mean squared reconstruction error per coordinate over 1000 trials"
echo "(\`leakproof adversary attacks --b B\`):"
echo
echo '| noise b | ℓ2 (Gaussian conditional) | ℓ1 (Laplace conditional) | cosine | Bayes (Gaussian prior + Laplace) |'
echo '|---|---|---|---|---|'
for b in 0.1 1; do
    j=$($L adversary attacks --b "$b" --json)
    mse() { echo "$j" | sed -n "s/.*\"objective\":\"$1\",\"estimate\":\([^,}]*\).*/\1/p"; }
    printf '| %s | %.6g | %.6g | %.6g | %.6g |\n' "$b" "$(mse l2)" "$(mse l1)" "$(mse cosine)" "$(mse bayes)"
done
echo
echo "With Laplace noise the δ-ball adversary's best centre is found numerically (\`leakproof adversary"
echo "laplace --d 5 --delta 1.5\`, posterior sampled exactly): success at the posterior mean, at the MAP,"
echo "and at the mean-shift maximiser of the ball's posterior mass:"
echo
echo '```'
$L adversary laplace --d 5 --delta 1.5 --seed 1 | sed -n '/centres/,$p'
echo '```'
echo
echo "The link between the papers: the δ-ball leakage is at most the Bayes capacity (Gaussian mechanism,"
echo "p = 1, σ = 0.5, R = 1, δ = 0.2; \`leakproof adversary link\`):"
echo
echo '```'
$L adversary link --sigma 0.5 --radius 1 --delta 0.2 --samples 100000 --seed 1 | sed -n '/capacity/,$p'
echo '```'
echo
echo "Section 5's linear-layer reconstruction in ball arithmetic (\`leakproof adversary linear-layer"
echo "--grad-bias 0.25 --grad-weight 0.1,-0.75,3\`) gives x = (0.4, −3, 12) exactly, and refuses to divide"
echo "when dl/db_i is 0 or not certainly nonzero."
} >"$R.tmp"

# ---- figures -----------------------------------------------------------------------------
say "report: figures"
if command -v gnuplot >/dev/null 2>&1; then
    gnuplot <<GP
set terminal svg size 760,480 font "sans,12" noenhanced
set output "$out/capacity-vs-epsilon.svg"
set title "Bayes capacity at p = 13,700 (R = 1, delta = 1e-5)"
set xlabel "epsilon"; set ylabel "log10 C_Bayes (certified)"
set logscale x; set key top left; set grid
plot "$work/eps.dat" using 1:2 with linespoints title "Gaussian, proof form, analytic sigma", \
     "$work/eps.dat" using 1:3 with linespoints title "Gaussian, printed form, analytic sigma", \
     "$work/eps.dat" using 1:4 with linespoints title "Gaussian, proof form, classical sigma", \
     "$work/eps.dat" using 1:5 with linespoints title "von Mises-Fisher, kappa = epsilon"
set output "$out/channel-capacity.svg"
set title "Channel capacity f(sigma) for Appendix D's three eigenvalues"
set xlabel "sigma (noise variance)"; set ylabel "f(sigma), nats"; set logscale xy
set xtics ("0.001" 1, "0.01" 2, "0.1" 3, "1" 4, "10" 5, "100" 6, "1000" 7, "1e4" 8); unset logscale x
plot for [i=1:4] "$work/chan.dat" matrix every ::0:i-1:7:i-1 using (\$1+1):3 with linespoints \
     title word("CIFAR-10 CelebA SVHN Fashion-MNIST", i)
set output "$out/per-layer-clipping.svg"
set title "ConvBig (5 layers, p = 12,384,018), each layer clipped to 1"
set xlabel "sigma"; set ylabel "log10 C_Bayes (certified)"; set logscale x; unset logscale y; set key top right
set xtics ("0.5" 0.5, "1" 1, "2" 2, "4" 4); set xrange [0.4:5]
plot "$work/layers.dat" using 1:3 with linespoints title "Theorem III.1 as printed, R = L = 5", \
     "$work/layers.dat" using 1:4 with linespoints title "one ball of radius sqrt(L)", \
     "$work/layers.dat" using 1:2 with linespoints title "per-layer clipping (product of balls)", \
     "$work/layers.dat" using 1:5 with linespoints title "whole vector clipped to 1"
unset logscale
set xrange [*:*]; set xtics auto
set output "$out/overflow-map.svg"
set terminal svg size 1000,460 font "sans,11" noenhanced
set multiplot layout 1,2 title "Smallest p at which each non-certified method fails (exact boundaries)"
set logscale xy; set xtics auto; set ytics auto; set format y "1e%T"; set key bottom left font ",9"
set xlabel "sigma (R = 1)"; set ylabel "p"; set title "Gaussian, Theorem III.1"
plot for [k in "gauss-printed-double gauss-printed-gsl gauss-proof-double gauss-proof-gsl gauss-proof-logdouble"] \
     "< grep '^".k." ' $work/map.dat" using 2:3 with linespoints lw 2 pt 7 title k
set xlabel "kappa"; set title "von Mises-Fisher, Theorem IV.1"
plot for [k in "vmf-printed-double vmf-printed-gsl vmf-printed-logdouble vmf-proof-double vmf-proof-gsl vmf-proof-logdouble"] \
     "< grep '^".k." ' $work/map.dat" using 2:3 with linespoints lw 2 pt 7 title k
unset multiplot
GP
else
    say "report: gnuplot not found (Debian: gnuplot-nox); the figures were not redrawn"
fi
mv "$R.tmp" "$R"
say "report: wrote $R"
