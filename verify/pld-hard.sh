#!/bin/sh
# pld-hard.sh -- the certified PLD accountant where issue 20's peers disagree: tiny
# sampling rates over long runs.  Run by `make verify` (about a minute and 1.3 GB:
# too long for make check, whose t-pld holds a smaller run of the same regime).
# Checks that the bracket is certified on both sides (an upper bound, not null) and
# that its upper end is below the certified RDP accountant's epsilon; prints the
# peers' figures (issue 20) beside it.  Exit 1 when a check fails.
set -eu
L=${LEAKPROOF:-leakproof}
run="--noise-multiplier 0.8 --sampling-rate 0.00001 --steps 1000000 --delta 1e-8"
pld=$("$L" account --accountant pld $run --json)
rdp=$("$L" account $run --json)
lo=$(printf '%s' "$pld" | sed 's/.*"epsilon_lower_bound":"\{0,1\}\([^",}]*\)"\{0,1\},"epsilon_upper_bound".*/\1/')
hi=$(printf '%s' "$pld" | sed 's/.*"epsilon_upper_bound":"\{0,1\}\([^",}]*\)"\{0,1\},"certified".*/\1/')
r=$(printf '%s' "$rdp" | sed 's/.*"balle2020":{[^}]*"epsilon_upper_bound":"\([^"]*\)".*/\1/')
echo "# PLD q = 1e-5, M = 0.8, T = 1e6, delta = 1e-8: epsilon in [$lo, $hi]; RDP $r;" \
     "peers (issue 20): dp_accounting PLD 0.153, PRV 0.100 and 0.185"
if [ "$hi" = null ] || ! awk -v a="$lo" -v b="$hi" -v c="$r" 'BEGIN { exit !(a <= b && b <= c) }'; then
    echo "pld-hard: FAILED (an upper bound, lower <= upper <= RDP expected)"
    exit 1
fi
echo "pld-hard: ok"
