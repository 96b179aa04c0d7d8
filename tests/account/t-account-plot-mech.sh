#!/bin/sh
# t-account-plot-mech.sh -- `account --plot` of runs that are not the Poisson
# Gaussian's (src/cli/cmd_account_plot.c): the PLD band beside the
# mechanism's own RDP curve where leakproof has one (the VMF's, Zhu and
# Wang's bound; fixed batches, Wang, Balle and Kasiviswanathan's), else the
# band alone (phases of Laplace and randomized response), the legend and the
# record's "drawn" saying which; the RDP curve at or above the PLD band's
# upper end at every profile point (a certified upper bound cannot be below
# a certified lower one, and here it is above the upper).  TAP.
. "$(dirname "$0")/../cli-lib.sh"
j() { "$L" "$@" --json >"$out" 2>"$err"; }

if ! command -v gnuplot >/dev/null 2>&1; then
    for i in 1 2 3 4 5; do n=$((n + 1)); echo "ok $n # SKIP gnuplot not installed (--plot)"; done
    echo "1..$n"
    exit 0
fi
fig=$(mktemp -d)
trap 'rm -rf "$fig" "$out" "$err"' EXIT

check() {   # check FILE WANT-RDP(vmf|gauss|none) LEGEND-WORDS
    python3 -c 'import json,sys,os
d=json.load(open(sys.argv[1])); p=d["plot"]; kind=sys.argv[3]
assert os.path.getsize(sys.argv[2]) > 1000, "no figure"
assert len(p["profile"]) == 9, p
svg=open(sys.argv[2], encoding="utf-8", errors="replace").read()
assert sys.argv[4] in svg, ("legend", sys.argv[4])
pld=[r for r in p["profile"] if "pld_delta_upper_bound" in r]
if kind == "none":
    assert "alone" in p["drawn"] and all(r["rdp_delta_upper_bound"] is None for r in p["profile"]), p
else:
    assert ("VMF" in p["drawn"]) == (kind == "vmf") and "alone" not in p["drawn"], p
    for r in p["profile"]:
        rd = r["rdp_delta_upper_bound"]
        assert rd is not None and (not pld or rd >= r["pld_delta_upper_bound"] * (1 - 1e-12)), r
if kind != "none":
    assert any(r["rdp_delta_upper_bound"] < 1 for r in p["profile"]), "the RDP curve is trivial"
print("# %s: %s" % (os.path.basename(sys.argv[2]), p["drawn"]))' "$out" "$1" "$2" "$3"
}

j account --accountant pld --mechanism vmf --kappa 2 --p 5 --sampling-rate 0.1 --steps 10 --delta 1e-5 --plot "$fig/vmf.svg"
[ $? -eq 0 ] && check "$fig/vmf.svg" vmf "VMF, Zhu-Wang"
ok $? "--accountant pld --mechanism vmf --plot: the PLD band and the VMF's RDP curve at or above it, the legend naming it"

j account --accountant pld --phase laplace,2,0.01,50 --phase rr,1,0.01,20 --delta 1e-5 --plot "$fig/phases.svg"
[ $? -eq 0 ] && check "$fig/phases.svg" none "no RDP curve"
ok $? "--accountant pld --phase laplace --phase rr --plot: the band alone, the legend and the record saying there is no RDP curve"

j account --accountant pld --sampling fixed-batch --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5 --plot "$fig/fixed.svg"
[ $? -eq 0 ] && check "$fig/fixed.svg" gauss "Balle et al. 2020"
ok $? "--accountant pld --sampling fixed-batch --plot: the fixed-batch band below RDP's fixed-batch curve"

j account --accountant pld --relation replace --noise-multiplier 1.1 --sampling-rate 0.01 --steps 100 --delta 1e-5 --plot "$fig/replace.svg"
[ $? -eq 0 ] && check "$fig/replace.svg" gauss "Balle et al. 2020" && grep -q "replace-one" "$fig/replace.svg"
ok $? "--accountant pld --relation replace --plot: the replace-one band below RDP's replace-one curve"

j account --mechanism vmf --kappa 2 --p 5 --sampling-rate 0.1 --steps 10 --delta 1e-5 --plot "$fig/rdp-vmf.svg"
[ $? -eq 0 ] && check "$fig/rdp-vmf.svg" vmf "VMF, Zhu-Wang"
ok $? "--mechanism vmf --plot (the RDP accountant): the VMF's curve alone"
echo "1..$n"
