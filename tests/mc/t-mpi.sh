#!/bin/sh
# t-mpi.sh -- under MPI the Monte Carlo estimate is the same bits as one
# process: blocks are shared over ranks and threads and their sums added in
# block order.  Runs `mpirun --oversubscribe -np 2` and `-np 3` (ranks x
# threads too) on each sampling path -- the batched Gaussian kernel, the
# scalar callbacks (Laplace, layers), the VMF normaliser -- and one run of more
# than one chunk of blocks, against the single-process run with 1 and 2
# threads.  Skipped when the build has no MPI (./configure --with-mpi).  TAP.
. "$(dirname "$0")/../cli-lib.sh"

if ! "$L" mc --help 2>/dev/null | grep -q "^MPI: built in"; then
    echo "1..0 # SKIP MPI not built (./configure --with-mpi)"
    exit 0
fi
if ! command -v mpirun >/dev/null 2>&1; then
    echo "1..0 # SKIP built with MPI but no mpirun on PATH (Debian: openmpi-bin)"
    exit 0
fi
# Open MPI refuses root unless told twice; CI runs as root
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM

# the record less the fields that say how the work was shared
numbers() {
    sed -e 's/"threads":[0-9]*,//' -e 's/"ranks":[0-9]*,//' "$1"
}
field() {
    sed -n "s/.*\"$1\":\\([^,}]*\\).*/\\1/p" "$2"
}

one=$(mktemp) several=$(mktemp)
trap 'rm -f "$out" "$err" "$one" "$several"' EXIT

for run in "gauss --p 5 --sigma 0.7 --radius 2 --samples 50001" \
           "laplace --p 3 --b 0.5 --radius 1 --clip l1 --samples 30001" \
           "gauss-layers --sigma 1 --clip 1 --layers 2,3 --samples 30001" \
           "vmf --p 7 --kappa 30 --samples 50001" \
           "gauss --p 2 --sigma 1 --radius 1 --samples 9000001 --sup-checks 10"; do
    "$L" mc $run --seed 42 --threads 1 --json >"$one" 2>"$err" \
        && grep -q '"estimate":[0-9]' "$one" && grep -q '"std_error":[0-9]' "$one"
    ok $? "mc $run: one process, one thread ($(field estimate "$one") +- $(field std_error "$one"))"
    "$L" mc $run --seed 42 --threads 2 --json >"$out" 2>"$err"
    [ "$(numbers "$out")" = "$(numbers "$one")" ]
    ok $? "mc $run: 2 threads, the same bits as 1 ($(field estimate "$out"))"
    for shape in "2 1" "3 1" "2 2"; do
        set -- $shape
        mpirun --oversubscribe -np "$1" "$L" mc $run --seed 42 --threads "$2" --json >"$several" 2>"$err"
        rc=$?
        [ "$rc" -eq 0 ] && [ "$(wc -l <"$several")" -eq 1 ] && [ "$(field ranks "$several")" = "$1" ] \
            && [ "$(numbers "$several")" = "$(numbers "$one")" ]
        ok $? "mc $run: mpirun -np $1 x $2 threads, one record (ranks $(field ranks "$several")), the same bits as one process ($(field estimate "$several"); rc=$rc$(head -c 200 "$err"))"
    done
done
echo "1..$n"
