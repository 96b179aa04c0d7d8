#!/bin/sh
# t-reconstruct-mpi.sh -- `leakproof reconstruct`'s Monte Carlo depends on the seed only: the
# same record (every field but threads and ranks) at 1 and 2 threads, and under
# `mpirun --oversubscribe -np 2` and `-np 3` (ranks x threads too) where the build has MPI
# (./configure --with-mpi; make check-mpi runs it there), for a finite prior with the
# delta-ball gain (more than one chunk of blocks), a continuous prior and the vmf release, and
# the attacker on a whole run (gauss and vmf at q < 1, more than one chunk of blocks).
# The MPI lines are skipped without MPI or mpirun.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

numbers() {
    sed -e 's/"threads":[0-9]*,//' -e 's/"ranks":[0-9]*,//' "$1"
}
field() {
    sed -n "s/.*\"$1\":\\([^,}]*\\).*/\\1/p" "$2"
}
mpi=1
if ! "$L" mc --help 2>/dev/null | grep -q "^MPI: built in"; then
    mpi=0 why="MPI not built (./configure --with-mpi)"
elif ! command -v mpirun >/dev/null 2>&1; then
    mpi=0 why="built with MPI but no mpirun on PATH (Debian: openmpi-bin)"
fi
# Open MPI refuses root unless told twice; CI runs as root
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM

one=$(mktemp) several=$(mktemp)
trap 'rm -f "$out" "$err" "$one" "$several"' EXIT

for run in "gauss --p 3 --sigma 0.6 --n 40 --ball-radius 0.5 --samples 20001" \
           "laplace --p 2 --b 0.5 --prior ball --inner 300 --samples 3001" \
           "vmf --p 4 --kappa 8 --prior sphere-points --n 25 --ball-radius 0.7 --samples 5001" \
           "gauss --noise-multiplier 1 --sampling-rate 0.3 --steps 20 --prior simplex --n 5 --p 4 --samples 3001" \
           "vmf --kappa 3 --sampling-rate 0.5 --steps 10 --prior sphere-points --n 6 --p 5 --samples 2001"; do
    "$L" reconstruct $run --seed 42 --threads 1 --json >"$one" 2>"$err" && grep -q '"mse":[0-9]' "$one"
    ok $? "reconstruct $run: one process, one thread (mse $(field mse "$one"), success $(field success "$one"))"
    "$L" reconstruct $run --seed 42 --threads 2 --json >"$out" 2>"$err"
    [ "$(numbers "$out")" = "$(numbers "$one")" ]
    ok $? "reconstruct $run: 2 threads, the same bits as 1 (mse $(field mse "$out"))"
    for shape in "2 1" "3 1" "2 2"; do
        set -- $shape
        if [ "$mpi" -eq 0 ]; then
            n=$((n + 1)); echo "ok $n # SKIP mpirun -np $1 x $2 threads: $why"
            continue
        fi
        mpirun --oversubscribe -np "$1" "$L" reconstruct $run --seed 42 --threads "$2" --json >"$several" 2>"$err"
        rc=$?
        [ "$rc" -eq 0 ] && [ "$(wc -l <"$several")" -eq 1 ] && [ "$(field ranks "$several")" = "$1" ] \
            && [ "$(numbers "$several")" = "$(numbers "$one")" ]
        ok $? "reconstruct $run: mpirun -np $1 x $2 threads, one record (ranks $(field ranks "$several")), the same bits as one process (mse $(field mse "$several"); rc=$rc$(head -c 200 "$err"))"
    done
done
echo "1..$n"
