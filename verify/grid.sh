#!/bin/sh
# grid.sh -- the whole small-p grid (cases/grid.cases) against the Monte Carlo
# arbiter: the TAP goes to verify-grid.tap and the verdicts (each form's range
# of value / estimate and largest |z|, as leakproof verify states them) to
# stdout; the table per form and p is the report's (make report).  Run by
# `make verify`.
set -eu
L=${LEAKPROOF:-leakproof}
here=$(dirname "$0")
"$L" verify "$here/../cases/grid.cases" >verify-grid.tap
echo "# Monte Carlo verdicts on cases/grid.cases (TAP in verify-grid.tap)"
grep '^# verdict' verify-grid.tap
