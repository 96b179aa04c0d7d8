#!/bin/sh
# t-adversary-cli.sh -- the command-line contract of `leakproof adversary`:
# each subcommand refuses bad input and the options of other subcommands by
# name (exit 2, nothing on stdout, one stderr line), refuses work it cannot
# do in bounded time and memory, uses all 64 bits of --seed, says when it
# cannot certify (exit 3), and has its own --help.  TAP.
. "$(dirname "$0")/../cli-lib.sh"
out2=$(mktemp)
trap 'rm -f "$out" "$err" "$out2"' EXIT

G="--d 3 --prior-var 1 --gain 1 --noise 1 --delta 1"

# missing, malformed and out-of-domain values name their option
bad "missing subcommand" adversary
bad "unknown subcommand" adversary frob
bad "missing --d" adversary gaussian --prior-var 1 --gain 1 --noise 1 --delta 1
bad "--noise" adversary gaussian --d 3 --prior-var 1 --gain 1 --noise 0 --delta 1
bad "--d" adversary gaussian --d 0 --prior-var 1 --gain 1 --noise 1 --delta 1
bad "--prior-var" adversary gaussian --d 3 --prior-var nan --gain 1 --noise 1 --delta 1
bad "--gain" adversary gaussian --d 3 --prior-var 1 --gain -1 --noise 1 --delta 1
bad "--samples" adversary gaussian $G --samples 1
bad "--seed" adversary gaussian $G --samples 10 --seed 9223372036854775808
bad "--digits" adversary gaussian $G --digits 0
bad "--delta" adversary jensen --d 3 --prior-var 1 --gain 1 --noise 1 --delta 0
bad "--g-norm" adversary jensen $G --g-norm -1
bad "--d" adversary attacks --d 100
bad "--trials" adversary attacks --trials 1
bad "missing --delta" adversary laplace --d 3
bad "--samples" adversary laplace --d 64 --delta 1 --samples 10000000
bad "missing --sigma" adversary link --radius 1 --delta 1
bad "missing --grad-weight" adversary linear-layer --grad-bias 1
bad "missing --grad-bias" adversary linear-layer --grad-weight 1
bad "--grad-bias" adversary linear-layer --grad-bias 1x --grad-weight 1
bad "entry 2 is not a decimal" adversary linear-layer --grad-bias 1 --grad-weight 1,x
# issue 11 item 8: an empty list, an empty entry
bad "--grad-weight: entry 1 is empty" adversary linear-layer --grad-bias 1 --grad-weight ''
bad "--grad-weight: entry 3 is empty" adversary linear-layer --grad-bias 1 --grad-weight 1,2,
bad "--rel-error" adversary linear-layer --grad-bias 1 --grad-weight 1 --rel-error -0.1
bad "needs a value" adversary gaussian --d
bad "unknown option '--frob'" adversary gaussian --frob 1
bad "unexpected argument 'extra'" adversary attacks extra

# issue 11 item 8: the options of other subcommands are refused by name
bad "--d is not an option of link" adversary link --sigma 1 --radius 1 --delta 1 --d 2
bad "--samples is not an option of jensen" adversary jensen $G --samples 10
bad "--grad-bias is not an option of gaussian" adversary gaussian $G --grad-bias 1
bad "--sigma is not an option of attacks" adversary attacks --sigma 5
bad "--prior-var is not an option of laplace" adversary laplace --delta 1 --prior-var 1
bad "--seed is not an option of linear-layer" adversary linear-layer --grad-bias 1 --grad-weight 1 --seed 1
bad "--digits is not an option of attacks" adversary attacks --digits 5

# issue 11 item 1: work the discretised link cannot do is refused, not attempted
bad "--sigma, --radius: sigma/radius" adversary link --sigma 1e400 --radius 1 --delta 1 --samples 1000 --seed 1
bad "--sigma, --radius: sigma/radius" adversary link --sigma 1000 --radius 0.001 --delta 1
bad "--sigma, --radius: sigma/radius" adversary link --sigma 0.001 --radius 1 --delta 1
bad "--delta: delta/radius" adversary link --sigma 1 --radius 1 --delta 1e-400

# issue 11 item 7: values beyond the samplers' range are refused; certified ones computed
bad "--b must lie in" adversary attacks --b 1e400
bad "--gain must lie in" adversary laplace --delta 1 --gain 1e400
"$L" adversary jensen --d 20 --prior-var 1 --gain 1e400 --noise 0.1 --delta 0.5 --g-norm 1 --digits 12 --json >"$out"; rc=$?
[ "$rc" -eq 0 ] && grep -q '"rhs_volume_c":"-1.13636363636e+801"' "$out" && grep -q '"status":"overflow","estimate":null' "$out" \
    && ! grep -q 'nan\|inf\|"?"\|-1,' "$out"
ok $? "adversary jensen --gain 1e400: certified sides (rhs -1.136e801), the double Monte Carlo says overflow (rc=$rc)"
"$L" adversary gaussian --d 3 --prior-var 1 --gain 1e400 --noise 1 --delta 1 --samples 100 --json >"$out"; rc=$?
[ "$rc" -eq 0 ] && grep -q '"success_posterior":"1.0000000000000000000e+0"' "$out" && grep -q '"status":"declined"' "$out"
ok $? "adversary gaussian --gain 1e400: success 1 certified, Monte Carlo declined (rc=$rc)"
"$L" adversary link --sigma 1e400 --radius 1e400 --delta 2e399 --samples 1000 --json >"$out"; rc=$?
[ "$rc" -eq 0 ] && grep -q '"capacity":"1.797884561e+0"' "$out"
ok $? "adversary link at sigma = R = 1e400: computed in units of R (capacity 1 + sqrt(2/pi), rc=$rc)"

# issue 11 item 9: all 64 bits of the seed count
for sub in "link --sigma 0.5 --radius 1 --delta 0.2 --samples 2000" "laplace --d 2 --delta 1 --samples 1000" \
           "attacks --trials 50" "jensen $G" "gaussian $G --samples 1000"; do
    "$L" adversary $sub --seed 1 --json >"$out"
    "$L" adversary $sub --seed 4294967297 --json >"$out2"
    sed 's/"seed":[0-9]*//' "$out" >"$err"; sed 's/"seed":[0-9]*//' "$out2" >"$out2.x"
    ! cmp -s "$err" "$out2.x"; ok $? "adversary $sub: --seed 1 and --seed 4294967297 give different draws"
    "$L" adversary $sub --seed 4294967297 --json >"$out"
    cmp -s "$out" "$out2"; ok $? "adversary $sub: the same seed gives the same output"
    rm -f "$out2.x"
done

# could not certify: exit 3 with status uncertified
"$L" adversary linear-layer --grad-bias 1 --grad-weight 1 --rel-error 0.9 --json >"$out"; rc=$?
[ "$rc" -eq 3 ] && grep -q '"status":"uncertified"' "$out" && grep -q '"digits":0' "$out"
ok $? "adversary linear-layer with 90% input error: not one digit, exit 3, status uncertified (rc=$rc)"
"$L" adversary linear-layer --grad-bias 0 --grad-weight 1,2 --json >"$out"; rc=$?
[ "$rc" -eq 0 ] && grep -q '"status":"declined"' "$out" && grep -q '"x":null' "$out"
ok $? "adversary linear-layer refuses dl/db = 0 (exit 0, status declined, x null)"

# issue 10: one identifying key, command, first; no attack/model keys
for sub in "gaussian $G" "jensen $G" "laplace --d 2 --delta 1 --samples 1000" "attacks --trials 50" \
           "link --sigma 0.5 --radius 1 --delta 0.2 --samples 1000" "linear-layer --grad-bias 2 --grad-weight 1,3"; do
    name=${sub%% *}
    "$L" adversary $sub --json >"$out"
    head -c 40 "$out" | grep -q "^{\"command\":\"adversary $name\"" && ! grep -q '"attack"\|"model"' "$out"
    ok $? "adversary $name --json: command first, no attack/model key"
done

"$L" adversary attacks --trials 200 --json >"$out"
st=0
for o in l2 l1 cosine bayes; do grep -q "{\"objective\":\"$o\",\"estimate\":[0-9.e-]*,\"std_error\":" "$out" || st=1; done
ok $st "adversary attacks --json: the four objectives' errors with std_error"

# help: every subcommand has its own; the top-level usage lists them all
for sub in gaussian jensen laplace attacks link linear-layer; do
    "$L" adversary $sub --help >"$out" 2>"$err"; rc=$?
    [ "$rc" -eq 0 ] && [ ! -s "$err" ] && grep -q "^usage: leakproof adversary $sub" "$out" && [ "$(grep -c 'leakproof adversary' "$out")" -eq 1 ]
    ok $? "adversary $sub --help: its own usage"
    "$L" adversary $sub -h >"$out2"; cmp -s "$out" "$out2"; ok $? "adversary $sub -h = --help"
done
"$L" adversary --help >"$out"
[ "$(grep -c '^.*leakproof adversary ' "$out")" -eq 6 ]; ok $? "adversary --help lists the six subcommands"
"$L" --help | grep -qF 'gaussian|jensen|laplace|attacks|link|linear-layer'
ok $? "leakproof --help names every adversary subcommand"


# the certified capacity's meaning for an attacker (leakproof(1), log2_capacity)
"$L" adversary link --sigma 1 --radius 1 --delta 0.1 --samples 1000 --seed 1 --json >"$out"
attacker certified "adversary link"
grep -q '"log2_capacity":"0.846"' "$out"; ok $? "adversary link sigma = R: log2 C = log2(1 + sqrt(2/pi)) = 0.846"
echo "1..$n"
