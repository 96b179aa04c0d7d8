#!/bin/bash
# t-completion.sh -- the bash completion (src/leakproof.bash) offers the
# program's commands, subcommands, options, forms and methods.
# Needs $LEAKPROOF (the built program); run from any directory.
srcdir=${srcdir:-$(dirname "$0")/../..}
bindir=$(cd "$(dirname "${LEAKPROOF:?LEAKPROOF must name the built program}")" && pwd)
PATH=$bindir:$PATH
# shellcheck source=../src/leakproof.bash
. "$srcdir/src/leakproof.bash" || { echo "1..1"; echo "not ok 1 - sourcing src/leakproof.bash"; exit 0; }

n=0
# complete "WORDS..." WANT... : the completion of the last word offers every WANT
complete_has()
{
    local line=$1 w missing=""
    shift
    read -r -a COMP_WORDS <<<"$line"
    [[ $line == *' ' ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _leakproof leakproof "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    for w in "$@"; do
        printf '%s\n' "${COMPREPLY[@]}" | grep -qx -- "$w" || missing="$missing $w"
    done
    n=$((n + 1))
    if [ -z "$missing" ] && [ ${#COMPREPLY[@]} -gt 0 ]; then
        echo "ok $n - '$line' offers $* (${#COMPREPLY[@]} completions)"
    else
        echo "not ok $n - '$line' offers $*: missing$missing; got: ${COMPREPLY[*]}"
    fi
}
# the completion of the last word offers nothing but WANT
complete_is()
{
    local line=$1
    shift
    complete_has "$line" "$@" >/dev/null
    if [ "${#COMPREPLY[@]}" -eq "$#" ]; then
        echo "ok $n - '$line' completes to $* only"
    else
        echo "not ok $n - '$line' completes to $* only; got: ${COMPREPLY[*]}"
    fi
}
# the completion of the last word offers nothing (an option's number)
complete_none()
{
    local line=$1
    read -r -a COMP_WORDS <<<"$line"
    COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _leakproof leakproof "" "${COMP_WORDS[COMP_CWORD-1]}"
    n=$((n + 1))
    if [ "${#COMPREPLY[@]}" -eq 0 ]; then
        echo "ok $n - '$line' offers nothing (a number is expected)"
    else
        echo "not ok $n - '$line' offers nothing; got: ${COMPREPLY[*]}"
    fi
}

# the completion of the last word offers none of WANT (and something)
complete_lacks()
{
    local line=$1 w found=""
    shift
    read -r -a COMP_WORDS <<<"$line"
    [[ $line == *' ' ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _leakproof leakproof "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    for w in "$@"; do
        printf '%s\n' "${COMPREPLY[@]}" | grep -qx -- "$w" && found="$found $w"
    done
    n=$((n + 1))
    if [ -z "$found" ] && [ ${#COMPREPLY[@]} -gt 0 ]; then
        echo "ok $n - '$line' offers none of $*"
    else
        echo "not ok $n - '$line' offers none of $*: got$found"
    fi
}

complete_has "leakproof " eval forms mc verify channel calibrate overflow adversary --help --version
complete_has "leakproof claims --" --paper --id --logs --no-logs --ledger --release --json   # issues 28, 40
complete_has "leakproof prove --" --id --all --check --list --out --json
complete_is "leakproof ev" eval
complete_has "leakproof eval " gauss vmf laplace-l1 gauss-layers
complete_has "leakproof mc " gauss vmf laplace gauss-layers discrete
complete_is "leakproof channel n" natural
complete_has "leakproof adversary " gaussian linear-layer jensen
complete_is "leakproof eval gauss --me" --method
complete_has "leakproof eval gauss --" --p --sigma --radius --form --digits --json
complete_has "leakproof eval gauss --method " arb mpfr double logdouble gsl
complete_has "leakproof eval gauss --form " printed proof steiner
complete_is "leakproof mc laplace --clip " l1 l2
complete_is "leakproof eval gauss --secret " example batch
complete_is "leakproof calibrate gaussian --eps" --epsilon
complete_is "leakproof dp gauss --ord" --order
complete_is "leakproof account --pha" --phase
complete_has "leakproof account --" --phase --delta-for-epsilon --per-order --accountant
complete_none "leakproof eval gauss --p "
# the registry decides: every mechanism overflow can map, each mechanism's own
# parameters and forms, and no option twice
complete_has "leakproof overflow " account gauss vmf laplace-l1
# account --mechanism vmf (issue 20 part 2)
complete_is "leakproof account --mechanism " gauss vmf
complete_has "leakproof account --" --mechanism --kappa --sensitivity
complete_is "leakproof eval vmf --form " printed proof
complete_lacks "leakproof eval gauss --" --kappa --b --kappa-grid
complete_lacks "leakproof eval vmf --" --sigma --radius
complete_has "leakproof eval gauss --" --noise-multiplier --clip
# run-bounds and reconstruct on a whole run (issue 39)
complete_has "leakproof run-" run-bounds run-capacity
complete_has "leakproof run-bounds --" --prior-size --baseline --target-success --noise-multiplier --sampling-rate
complete_has "leakproof reconstruct gauss --" --noise-multiplier --sampling-rate --steps --sampling --delta
dups=$(printf '%s\n' "${COMPREPLY[@]}" | sort | uniq -d)
n=$((n + 1)); if [ -z "$dups" ]; then echo "ok $n - 'leakproof eval gauss --' offers no option twice"
else echo "not ok $n - 'leakproof eval gauss --' offers twice: $dups"; fi
complete_has "leakproof verify --" --record --json --threads
cd "$srcdir" && complete_is "leakproof verify cases/chec" cases/check.cases
complete_is "leakproof verify --record cases/chec" cases/check.cases
echo "1..$n"
