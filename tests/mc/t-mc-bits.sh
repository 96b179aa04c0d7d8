#!/bin/sh
# t-mc-bits.sh -- the Gaussian Monte Carlo kernel's estimates are pinned to
# the bits they had before issue 22's speed work (2026-11-24, the library of
# commit 105ee57), on every kernel build the CPU runs: a faster kernel must
# do the same arithmetic.  (t-mc-cli.sh checks that the builds agree with
# each other; this checks that they all still agree with the past.)  TAP.
. "$(dirname "$0")/../cli-lib.sh"

field() {
    sed -n "s/.*\"$1\":\\([^,}]*\\).*/\\1/p" "$out"
}

# ARGS|estimate std_error ess (read in this shell, not a pipe's subshell: ok counts)
for isa in generic avx2 avx512; do
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        LEAKPROOF_MC_ISA=$isa "$L" mc gauss $args --threads 2 --sup-checks 0 --json >"$out" 2>"$err"
        got="$(field estimate) $(field std_error) $(field ess)"
        [ "$got" = "$want" ]
        ok $? "mc gauss $args, kernel $(field kernel) (asked $isa), 2 threads: the pinned bits ($got; want $want)"
    done <<PINNED
--p 4 --sigma 1 --radius 1 --samples 300037 --seed 7|5.133958928790662 0.0010405391799401464 296384.07856216584
--p 7 --sigma 1 --radius 1 --samples 300037 --seed 7|10.072663868428439 0.0027268331503901211 293581.49107226217
--p 9 --sigma 0.05 --radius 1.5 --samples 200003 --seed 11|24484421116.810642 57835578.768317483 94521.598997920693
PINNED
done
echo "1..$n"
