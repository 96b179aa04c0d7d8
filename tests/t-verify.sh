#!/bin/sh
# t-verify.sh -- the subset of the verification grid (cases/check.cases): every
# form and method against the Monte Carlo arbiter, as TAP; findings are # TODO.
L=${LEAKPROOF:-$(dirname "$0")/../src/leakproof}
exec "$L" verify "$(dirname "$0")/../cases/check.cases"
