"""findings/tan.py -- the write-ups of Tan et al.'s findings: Theorem 4, eq. (20), Section 6.3, and
the claims ledger's (issue 28: tests/t-tan-accumulation, tests/t-tan-proofs)."""
from findings.writeup import WriteUp, span


def _tan_factor2(m):
    ratios = [g[3] for g in m["bound1"]] + [g[0] for g in m["contract"]]
    mult = ", ".join(f"M = {g[0]}: bound {g[1]}, supremum {g[2]}" for g in m["bound1"])
    return ("**Tan et al., Theorem 4, bound (1) B·S²/σ is twice the largest channel capacity its "
            f"hypotheses allow** (measured ratio {span([f'{float(r):.6f}' for r in ratios])}). "
            f"Certified supremum against the bound: {mult}. The AM-GM step of the proof drops the "
            "1/2 of f(σ).")


def _tan_eq20(m):
    return ("**Tan et al., eq. (20) (personalized channel) as printed is a ratio where its proof "
            "derives a difference.** The proof gives ½[ln det(Σ + σ diag β) − Σ ln(σβ_i)], which "
            "falls in σ and has one root; the printed ln det(Σ + σ diag β) / (2 Σ ln(σβ_i)) tends to ½ "
            "as σ grows, so on a 32×32 image covariance with Appendix C's β and κ = 300 it has "
            f"{m['eq20'][0][0]} root(s) away from its pole. A defender cannot calibrate noise with the "
            "printed equation; the proof's form (`leakproof channel personalized`) gives the noise.")


def _tan_63_bound2(m):
    rows = "; ".join(f"ε = {g[0]} gives {g[1]} for the stated {g[2]} (ratio {g[3]})" for g in m["bound2"])
    return ("**Tan et al., Section 6.3: the stated (ε, capacity) pairs do not follow from bound (2).** "
            f"Through Theorem 4's bound (2) at δ = 1e-5: {rows}. The pairs are off by factors from "
            f"{span([g[3] for g in m['bound2']])}, so the section's table of capacities against ε "
            "cannot be reproduced from the theorem it cites; where the ratio is below 1 the stated "
            "capacity is larger than the bound allows (safe), where above 1 it understates it (unsafe).")


def _tan_63_fit(m):
    fails = "; ".join(f"M = {g[0]}: stated {g[1]}, nearest K = {g[2]} gives ≤ {g[3]}, K + 1 gives ≤ {g[4]}"
                      for g in m["nofit"])
    best = m["best"][0] if m["best"] else None
    text = ("**Tan et al., Section 6.3: no dataset size reproduces all four stated ε, and for three "
            "multipliers none reproduces the stated ε at all** (certified RDP accountant, Opacus's "
            f"Poisson loader, q = 1/K). {fails}.")
    if best:
        text += (f" At the best single K = {best[0]} (N = {best[1]}, worst relative deviation {best[2]}) the "
                 f"stated ε would read {best[3]} for the printed {best[4]}.")
    return text + (" Either the runs used different dataset sizes or another accountant; the ε "
                   "column cannot be taken as the privacy of one training set-up.")


def _tan_eq9(m):
    g = m["eq9"][0]
    return ("**Tan et al., eq. (9): the \"Markov property\" step is false; the total leakage is not "
            "Γ_client + Γ_server + prior.** In linear-Gaussian federated runs (every mutual information "
            f"certified two ways) the joint information equals the printed sum in {g[0]}/{g[1]} runs; the "
            f"largest gap: joint {g[2]} nats against the sum {g[3]} (sum − joint {g[4]}). The chain rule (the "
            "first equality) holds; dropping the past from the conditions does not, because given W_i(t) "
            "the round's output still depends on the earlier parameters through D. The sum remains an "
            "upper bound, so the n·κ conclusion survives.")


def _tan_eq16(m):
    g = m["eq16"][0]
    return ("**Tan et al., eq. (16)'s \"= I(D; D̃)\" is a strict inequality after the first round.** "
            f"In linear-Gaussian runs it holds in {g[0]}/{g[1]} rounds t ≥ 1; farthest: I(D; D̃_t | W_i(t)) "
            f"= {g[2]} nats against I(D; D̃_t) = {g[3]}. The received W_i(t) already carries D, so "
            "I(D; D̃ | W_i) = I(D; D̃) − I(W_i; D̃). The data-processing step and the bound by I(D; D̃) "
            "hold; the equality does not.")


def _tan_markov_wi(m):
    g = m["markov"][0]
    return ("**Tan et al., Section 5.2: given W_i(t), W_o(t) is not independent of the earlier "
            f"parameters.** I(W_o(t); past | W_i(t)) = 0 in {g[0]}/{g[1]} rounds of linear-Gaussian runs; "
            f"largest {g[2]} nats. It is the premise of eq. (9)'s Markov step and of eq. (16)'s \"=\".")


def _tan_eq14(m):
    g = m["eq14"][0]
    return ("**Tan et al., eq. (14): the aggregation period changes Γ_client, not only Γ_server.** In a "
            f"linear-Gaussian run with n = 4, Γ_client = {g[0]} nats when the server aggregates every step "
            f"and {g[1]} when it never does (ratio {g[2]}). The per-step bound κ holds in both, so the "
            "n·κ conclusion is unaffected; the sentence that Γ_client \"remains the same\" is not.")


def _tan_server(m):
    g = m["server"][0]
    return ("**Tan et al., Section 4.2: V(t) independent of D does not make Γ_server vanish.** With "
            "V = −ξ + ν (independent of D but sharing the victim's noise, as a pairwise mask of secure "
            f"aggregation does) I(D; W_i(t+1) | W_o(t)) = 0 in {g[0]}/{g[1]} draws; largest {g[2]} nats. The "
            "Markov chain D → W_o(t) → W_i(t+1) needs V independent of (D, W_o(t)), and then the term is 0 "
            "(certified).")


def _tan_vacuous(m):
    g = m["vac"][0]
    return ("**Tan et al.: at Section 6's own defaults the n·κ guarantee is vacuous.** With n = 10⁴ and "
            "κ = 50 to 300 on 32×32×3 (or 32×32) images, Theorem 1 bounds the reconstruction MSE below by "
            f"the data's entropy power times exp(−2nκ/d), a factor from 10^{g[0]} to 10^{g[1]}. The bound "
            "holds but guarantees nothing; a meaningful guarantee needs n·κ of the order of d.")


def _tan_u_second(m):
    g = m["u2"][0]
    return ("**Tan et al., B.5: the printed second derivative u''_σ(d) is wrong.** The derivative of "
            "u_σ(d) = d ln((σ + S²/d)/σ) is −S⁴/(d(σd + S²)²); the printed −S²(2σd + S²)/(d(σd + S²)²) "
            f"is 1 + 2σd/S² times it (it agrees at {g[0]}/{g[1]} random points; largest ratio {g[2]} at "
            f"d = {g[3]}, σ = {g[4]}, S² = {g[5]}, certified Taylor coefficients). The sign, all the proof "
            "uses, is right: Theorem 4 is unaffected.")


def _tan_calibration(m):
    g = m["calib"][0]
    return ("**Tan et al., B.5: the calibration Theorem 4 rests on is used outside its proved range.** "
            "σ = 2 ln(1.25/δ) S²/ε² (Dwork and Roth, Thm A.1) is proved for ε < 1, where it holds "
            f"(certified); Section 6.3 uses it at ε = 1.705 to 331.668, and there only {g[0]}/4 are "
            f"(ε, 10⁻⁵)-DP; the others:{g[1]} (certified Gaussian δ at the classical noise).")


def _tan_bound2(m):
    g = m["bound2"][0]
    return ("**Tan et al., Theorem 4 (2) does not bound the capacity of every (ε, δ)-DP Gaussian "
            "mechanism.** The proof substitutes the classical calibration, a sufficient condition for DP, "
            "as if it were necessary. With the least noise that is (ε, δ)-DP (the analytic Gaussian "
            "mechanism, certified) and the clipped trace spread over 2³⁰ coordinates, the certified "
            f"capacity exceeds ε²/(2 ln(1.25/δ)) in {int(g[1]) - int(g[0])}/{g[1]} cases; worst ε = {g[2]}, "
            f"δ = {g[3]}: {g[4]} against {g[5]} (ratio {g[6]}); at the paper's δ = 10⁻⁵, {g[7]}/13 covered, "
            f"worst ratio {g[8]} at ε = {g[9]}.")


def _tan_u_printed(m):
    g = m["U"][0]
    return ("**Tan et al., Theorem 3's U(σ) as printed inherits eq. (20)'s ratio.** At the σ = "
            f"{g[0]} where the proof's form ½[min(…) − Σ ln(σβ_i)] equals κ = 1 (a random 4×4 covariance, "
            f"β = 1:50:1:1), the printed min(…)/(2 Σ ln(σβ_i)) evaluates to {g[1]}: solving the printed "
            "U(σ) = κ does not give the noise the theorem justifies.")


def _tan_identical(m):
    g = m["same"][0]
    return ("**Tan et al., Section 6.3: the capacities it calls identical are not.** The DP runs' "
            "{100, 200, 300, 1500} share " + g[0] + " of four values with the Natural Channel's "
            "{50, 100, 200, 300} and " + g[1] + " with the White and Personalized Channels' "
            "{500, 800, 1000, 1500}: Fig. 15 and 16 compare the methods at partly different capacities.")


KINDS = [
    WriteUp("tan-thm4-factor2", ("tests/t-channel", "tests/t-channel-contract"), {
        "bound1": r"Thm 4 bound \(1\) B S\^2/sigma is the largest capacity its hypotheses allow, multiplier "
                  r"([\d.]+): bound ([\d.]+), supremum ([\d.]+), ratio ([\d.]+)",
        "contract": r"Theorem 4's bound equals the largest capacity its hypotheses allow: the ratio printed "
                    r"is ([\d.e+-]+)"}, _tan_factor2),
    WriteUp("tan-eq20", "tests/t-channel", {
        "eq20": r"eq\. \(20\) as printed .* gives the proof's sigma for kappa = \d+: (\d+) root"}, _tan_eq20),
    WriteUp("tan-63-bound2", "tests/t-channel", {
        "bound2": r"Section 6\.3: the stated epsilon ([\d.]+) \(delta [^)]*\) through bound \(2\) gives "
                  r"([\d.e+-]+), the stated capacity (\d+) \(ratio ([\d.e+-]+)\)"}, _tan_63_bound2),
    WriteUp("tan-63-fit", "tests/t-account-tan", {
        "nofit": r"M=([\d.]+): no N reproduces the stated epsilon ([\d.]+); nearest K = (\d+) gives <= "
                 r"([\d.]+), K\+1 <= ([\d.]+)",
        "all": r"one dataset size fits all four stated epsilons",
        "best": r"at the best single K = (\d+) \(N = ([\d.]+); worst relative deviation ([\d.]+)\) the stated "
                r"epsilons would read ([\d., ]+) \(certified upper bounds\) for ([\d., ]+)"}, _tan_63_fit),
    WriteUp("tan-eq9", "tests/t-tan-accumulation", {
        "eq9": r"\[tan/eq9\] last equality .* in (\d+)/(\d+) runs; largest gap: joint ([\d.e+-]+), the printed "
               r"sum ([\d.e+-]+) \(sum - joint ([\d.e+-]+) nats\)"}, _tan_eq9),
    WriteUp("tan-eq16", "tests/t-tan-accumulation", {
        "eq16": r"\[tan/eq16\] \"= I\(D; D~\)\": .* in (\d+)/(\d+) cases; farthest: I\(D; D~_t \| W_i\(t\)\) = "
                r"([\d.e+-]+) against I\(D; D~_t\) = ([\d.e+-]+) nats"}, _tan_eq16),
    WriteUp("tan-markov-wi", "tests/t-tan-accumulation", {
        "markov": r"\[tan/sec5\.2/markov-wi\] .* = 0 in (\d+)/(\d+) rounds; largest ([\d.e+-]+) nats"},
     _tan_markov_wi),
    WriteUp("tan-eq14", "tests/t-tan-accumulation", {
        "eq14": r"\[tan/eq14\] aggregation every E steps .* Gamma_client = ([\d.]+) nats at E = 1, ([\d.]+) at "
                r"E = n = 4 \(ratio ([\d.]+)\)"}, _tan_eq14),
    WriteUp("tan-server-mask", "tests/t-tan-accumulation", {
        "server": r"\[tan/sec4\.2/gamma-server-zero\] V independent of D implies .* = 0 in (\d+)/(\d+) draws; "
                  r"largest ([\d.e+-]+) nats"}, _tan_server),
    WriteUp("tan-vacuous", "tests/t-tan-accumulation", {
        "vac": r"\[tan/sec8/n-kappa-defends\] .* is 10\^(-?[\d.]+) to 10\^(-?[\d.]+)"}, _tan_vacuous),
    WriteUp("tan-u-second", "tests/t-tan-proofs", {
        "u2": r"\[tan/B\.5/u-second\] .* at (\d+)/(\d+) random points; largest ratio printed/true ([\d.e+-]+) at "
              r"d = ([\d.e+-]+), sigma = ([\d.e+-]+), S\^2 = ([\d.e+-]+)"}, _tan_u_second),
    WriteUp("tan-calibration", "tests/t-tan-proofs", {
        "calib": r"\[tan/B\.5/calibration\] the calibration invoked .* gives \(eps, 1e-5\)-DP: (\d)/4 do;(.*)$"},
     _tan_calibration),
    WriteUp("tan-bound2", "tests/t-tan-proofs", {
        "bound2": r"\[tan/thm4/2\] bound \(2\) .*: (\d+)/(\d+) \(eps .*worst: eps = ([\d.e+-]+), delta = "
                  r"([\d.e+-]+), capacity ([\d.e+-]+) .* against the bound ([\d.e+-]+) \(ratio ([\d.]+)\); at "
                  r"delta = 1e-5 (\d+)/13 covered, worst ratio ([\d.]+) at eps = ([\d.e+-]+)"}, _tan_bound2),
    WriteUp("tan-identical", "tests/t-tan-proofs", {
        "same": r"\[tan/sec6\.3/identical-capacities\] .*: (\d) of 4 in common with the Natural Channel's, (\d) of 4 "
                r"with the others'"}, _tan_identical),
    WriteUp("tan-u-printed", "tests/t-tan-proofs", {
        "U": r"\[tan/thm3/U\] U\(sigma\) as printed.* at the proof's sigma = ([\d.e+-]+) it evaluates to "
             r"([\d.e+-]+), not kappa = 1"}, _tan_u_printed),
]
