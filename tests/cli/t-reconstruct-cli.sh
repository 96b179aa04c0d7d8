#!/bin/sh
# t-reconstruct-cli.sh -- `leakproof reconstruct` from the command line: bad input is one
# message naming the parameter on stderr, exit status 2 and nothing on stdout; the record is
# JSON with the keys of leakproof(1); the seed alone decides (1 and 2 threads); the models run;
# the delta-ball gain's keys; --prior digits reads Debian's python3-sklearn (skipped without it).
L=${LEAKPROOF:?LEAKPROOF must name the built program}
n=0
ok() { n=$((n + 1)); if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bad() {  # bad WORD ARGS...: exit 2, stdout empty, stderr names WORD
    word=$1; shift
    "$L" reconstruct "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
    [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q -- "$word" "$tmp/err"
    ok $? "bad input rejected, naming $word: reconstruct $* ($(head -c 160 "$tmp/err"))"
}
bad "mechanism" --p 2 --sigma 1 --samples 10 --seed 1
bad "'bogus'" bogus --p 2 --sigma 1 --samples 10 --seed 1
bad "--p" gauss --sigma 1 --samples 10 --seed 1
bad "--p" vmf --p 1 --kappa 1 --samples 10 --seed 1
bad "--sigma" gauss --p 2 --sigma 0 --samples 10 --seed 1
bad "--kappa" gauss --p 2 --kappa 1 --samples 10 --seed 1
bad "exactly one" gauss --p 2 --sigma 1 --capacity 2 --samples 10 --seed 1
bad "--prior" vmf --p 3 --kappa 1 --prior gauss --samples 10 --seed 1
bad "--n" gauss --p 2 --sigma 1 --n 0 --samples 10 --seed 1
bad "--samples" gauss --p 2 --sigma 1 --samples 1 --seed 1
bad "--delta" gauss --p 2 --epsilon 1 --delta 2 --samples 10 --seed 1
bad "--relation" gauss --p 2 --epsilon 1 --delta 1e-5 --relation some --samples 10 --seed 1
bad "--capacity" gauss --p 2 --capacity 1e6 --samples 10 --seed 1
bad "--samples" gauss --p 2 --sigma 1 --samples 1e12 --seed 1
bad "--ball-radius" gauss --p 2 --sigma 1 --ball-radius 0 --samples 10 --seed 1
bad "--ball-radius" gauss --p 2 --sigma 1 --prior ball --ball-radius 0.5 --samples 10 --seed 1
bad "--n" gauss --p 2 --sigma 1 --n 5000 --ball-radius 0.5 --samples 10 --seed 1
bad "--data" gauss --p 2 --sigma 1 --data x.csv.gz --samples 10 --seed 1
bad "--p" gauss --p 32 --prior digits --sigma 1 --samples 10 --seed 1
bad "--n" gauss --prior digits --n 1798 --sigma 1 --samples 10 --seed 1
bad "$tmp/none.csv.gz" gauss --prior digits --data "$tmp/none.csv.gz" --sigma 1 --samples 10 --seed 1
printf '0,1,2\n' | gzip >"$tmp/short.csv.gz"
bad "short.csv.gz:1" gauss --prior digits --data "$tmp/short.csv.gz" --n 1 --sigma 1 --samples 10 --seed 1
bad "--trials" mlp --trials 1
bad "--steps" mlp --steps 0

"$L" reconstruct gauss --p 2 --sigma 0.5 --n 8 --samples 3000 --seed 4 --threads 1 --json >"$tmp/a"
"$L" reconstruct gauss --p 2 --sigma 0.5 --n 8 --samples 3000 --seed 4 --threads 2 --json >"$tmp/b"
sed 's/"threads":[0-9]*,//' "$tmp/a" >"$tmp/a1"; sed 's/"threads":[0-9]*,//' "$tmp/b" >"$tmp/b1"
cmp -s "$tmp/a1" "$tmp/b1"; ok $? "the same record at 1 and 2 threads, but for threads"
for k in '"success":' '"mse_std_error":' '"log2_capacity":' '"attacker_success_bound":' '"attacker_note":' \
         '"capacity":' '"mutual_information":'; do
    grep -q "$k" "$tmp/a"; ok $? "the record has $k"
done
for k in '"ball_success":' '"ball_success_upper":' '"ball_prior_vulnerability":' '"ball_capacity_bound":' \
         '"ball_capacity_bound_upper":' '"ball_note":'; do
    "$L" reconstruct vmf --p 3 --kappa 5 --n 20 --ball-radius 0.4 --samples 600 --seed 2 --json >"$tmp/c"
    grep -q "$k" "$tmp/c"; ok $? "with --ball-radius the record has $k"
done
digits=/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz
if [ -r "$digits" ]; then
    "$L" reconstruct gauss --prior digits --n 40 --sigma 0.3 --ball-radius 0.3 --samples 600 --seed 3 --threads 1 \
        --json >"$tmp/d1"
    "$L" reconstruct gauss --prior digits --n 40 --sigma 0.3 --ball-radius 0.3 --samples 600 --seed 3 --threads 2 \
        --json >"$tmp/d2"
    sed 's/"threads":[0-9]*,//' "$tmp/d1" >"$tmp/a1"; sed 's/"threads":[0-9]*,//' "$tmp/d2" >"$tmp/b1"
    grep -q '"prior":"digits"' "$tmp/d1" && grep -q '"p":64' "$tmp/d1" && cmp -s "$tmp/a1" "$tmp/b1"
    ok $? "--prior digits (python3-sklearn's 8x8 digits, p = 64) with the delta-ball gain: the same record at 1 and 2 threads"
else
    n=$((n + 1)); echo "ok $n # SKIP $digits absent (Debian: python3-sklearn)"
fi
"$L" reconstruct gauss --p 2 --sigma 1 --samples 1000 --seed 1 --estimate --json | grep -q '"estimated_seconds":'
ok $? "--estimate prints the work estimate"
"$L" reconstruct linear-gaussian --json | grep -q '"fig14":\[{"kappa":500'
ok $? "reconstruct linear-gaussian gives the five figures' series"
"$L" reconstruct mlp --trials 3 --steps 5 --json | grep -q '"paired_z":'
ok $? "reconstruct mlp runs (3 trials of 5 steps)"
echo "1..$n"
