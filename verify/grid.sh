#!/bin/sh
# grid.sh [CASES] -- the whole small-p grid (CASES, a path in the source tree;
# cases/grid.cases by default) against the Monte Carlo arbiter, once: the TAP
# into verify-grid.tap and the same run's record into verify-grid.json (verify
# --record: the record of `leakproof verify CASES --json` run from the source
# tree, which make report formats instead of running the grid again), both in
# the current directory.  make verify prints the TAP's verdicts (each form's
# range of value / estimate and largest |z|, as leakproof verify states them).
# Run by make for verify-grid.json (make verify, make report): again only when
# the program, the library, the case file or this script changed.
set -eu
L=${LEAKPROOF:-leakproof}
grid=${1:-cases/grid.cases}
here=$(pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
rm -f verify-grid.json
(cd "$top" && "$L" verify --record "$here/verify-grid.json" "$grid") >verify-grid.tap
echo "grid.sh: $grid against the Monte Carlo arbiter: verify-grid.tap, verify-grid.json"
