#!/bin/sh
# papers.sh -- every closed form of the Bayes-capacity paper evaluated by arb (30 certified
# digits) on the papers' configurations, the printed form beside the proof's.  Run by
# `make verify`.  The configurations are read from cases/papers/ (the same rows the report
# formats): Biswas et al.'s network over its epsilon sweep (VMF kappa = epsilon) and the
# networks of Tan et al. and Balunovic et al. (p from their layer files), at sigma = 1, R = 1
# and kappa = 173.
set -eu
L=${LEAKPROOF:-leakproof}
cases=$(cd "$(dirname "$0")/../cases/papers" && pwd)
top=$(cd "$cases/../.." && pwd)

# value KEY ROW: the value of key=... in a case row
value() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

row() {  # row FORMULA ARGS...: printed and proof side by side
    f=$1; shift
    printed=$("$L" eval "$f" "$@" --form printed --digits 30 --json)
    proof=$("$L" eval "$f" "$@" --form proof --digits 30 --json)
    v1=$(printf '%s' "$printed" | sed 's/.*"value":"\([^"]*\)".*/\1/')
    v2=$(printf '%s' "$proof" | sed 's/.*"value":"\([^"]*\)".*/\1/')
    printf '%-6s %-44s printed %-38s proof %s\n' "$f" "$*" "$v1" "$v2"
}

echo "# leakproof verify: closed forms by arb, 30 certified digits, on cases/papers/"
sweep=$(sed -n 's/#.*//; /^epsilon-sweep /p' "$cases/biswas.cases")
p=$(value p "$sweep"); r=$(value radius "$sweep")
for k in $(value epsilon "$sweep" | tr ',' ' '); do
    row vmf --p "$p" --kappa "$k"
done
sed -n 's/#.*//; /^network /p' "$cases/tan.cases" "$cases/balunovic.cases" | while read -r line; do
    f=$(value layers-file "$line")
    if [ -n "$f" ]; then size="--params-from $top/$f"; else size="--p $(value p "$line")"; fi
    row gauss $size --sigma 1 --radius "$r"
    row vmf $size --kappa 173
done
echo "# the Gaussian printed form is the proof's ball term plus twice its shell"
echo "# term (the proof derives the integral as Z/2; the statement uses Z): see README"
