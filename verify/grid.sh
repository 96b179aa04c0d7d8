#!/bin/sh
# grid.sh -- the whole small-p grid (cases/grid.cases) against the Monte Carlo
# arbiter: the TAP goes to verify-grid.tap, and a table per theorem form and p
# (arb values: ratio to the estimate, largest |z|) and the verdicts to stdout.
# Run by `make verify`.
set -eu
L=${LEAKPROOF:-leakproof}
here=$(dirname "$0")
"$L" verify "$here/../cases/grid.cases" >verify-grid.tap
echo "# Monte Carlo verdicts on cases/grid.cases (TAP in verify-grid.tap)"
printf '%-6s %-8s %2s %5s %21s %10s\n' formula form p cases "ratio to estimate" "max |z|"
awk '/ arb p=[0-9]+ .* ratio / {
        h = $0; sub(/^(not )?ok [0-9]+ - /, "", h); split(h, w, " ")
        f = w[1] " " w[2]; p = w[4]; sub(/p=/, "", p)
        r = $0; sub(/.* ratio /, "", r); sub(/ .*/, "", r)
        z = $0; sub(/.* z = /, "", z); sub(/ .*/, "", z); z += 0; r += 0; if (z < 0) z = -z
        k = f " " p
        if (!(k in n)) { lo[k] = r; hi[k] = r; mz[k] = z; keys[++nk] = k }
        n[k]++; if (r < lo[k]) lo[k] = r; if (r > hi[k]) hi[k] = r; if (z > mz[k]) mz[k] = z
     }
     END { for (i = 1; i <= nk; i++) { k = keys[i]; split(k, a, " ")
               printf "%-6s %-8s %2s %5d %10.4f..%-9.4f %10.2f\n", a[1], a[2], a[3], n[k], lo[k], hi[k], mz[k] } }' \
    verify-grid.tap | sort -k1,1 -k2,2 -k3,3n
grep '^# verdict' verify-grid.tap
