#!/bin/sh
# t-hostile.sh -- every option of every command against hostile values.  For
# each base command line below (one per command and subcommand, small and
# fast) and each of its options, the option's value is replaced by each of
# {missing, empty, nan, inf, -inf, negative, 0, 1e400, 99999999999999999999,
# 0x10, 1.5abc, whitespace}, and an option of another command is added.  A
# command behaves when it refuses (exit 2, nothing on stdout, one stderr line
# naming the option) or, where the value is legal, answers (exit 0 or 3, one
# JSON record with no NaN or inf in it), within 20 seconds.  One TAP line per
# (command, option); a summary of tried / behaving at the end.  TAP.
L=${LEAKPROOF:-$(dirname "$0")/../src/leakproof}
top=$(cd "$(dirname "$0")/.." && pwd)
# the program itself, not libtool's wrapper script: a thousand runs
if [ -x "$(dirname "$L")/.libs/leakproof" ]; then
    LD_LIBRARY_PATH=$(cd "$(dirname "$L")/.libs" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    export LD_LIBRARY_PATH
    L=$(dirname "$L")/.libs/leakproof
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 tried=0 behaving=0

if ! command -v python3 >/dev/null 2>&1; then
    echo "1..0 # SKIP python3 (the JSON checker) is not installed"
    exit 0
fi
cat >"$tmp/json_ok.py" <<'PY'
import json, math, sys
def finite(v):
    if isinstance(v, float):
        return math.isfinite(v)
    if isinstance(v, str):
        return v.lower() not in ("nan", "inf", "-inf", "+inf", "?", "infinity", "-infinity")
    if isinstance(v, dict):
        # status and kind are names ("nan" is a status), not numbers
        return all(finite(x) for k, x in v.items() if k not in ("status", "kind", "note"))
    if isinstance(v, list):
        return all(finite(x) for x in v)
    return True
try:
    rec = json.loads(open(sys.argv[1]).read(), parse_constant=lambda c: float("nan"))
except Exception as e:
    print("not one JSON record: %s" % e); sys.exit(1)
if not isinstance(rec, dict) or not finite(rec):
    print("NaN, inf or '?' in the record"); sys.exit(1)
PY

# behaves OPTION ARGS...: 0 when the command behaves, else 1 with the reason in $why
behaves() {
    opt=$1; shift
    timeout 20 "$L" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
    lines=$(wc -l <"$tmp/err")
    case $rc in
    2)
        if [ -s "$tmp/out" ]; then why="exit 2 with output"; return 1; fi
        if [ "$lines" -ne 1 ]; then why="exit 2 with $lines stderr lines"; return 1; fi
        if ! grep -q -- "$opt" "$tmp/err"; then why="message does not name $opt: $(cat "$tmp/err")"; return 1; fi
        return 0 ;;
    0|3)
        if ! python3 "$tmp/json_ok.py" "$tmp/out" >"$tmp/why" 2>&1; then why="exit $rc: $(cat "$tmp/why")"; return 1; fi
        return 0 ;;
    124) why="ran past 20 s"; return 1 ;;
    *) why="exit $rc: $(head -c 200 "$tmp/err")"; return 1 ;;
    esac
}

values='|nan|inf|-inf|-1|0|1e400|99999999999999999999|0x10|1.5abc| 1'

# matrix BASE...: for each --option VALUE pair of the base command line
matrix() {
    base="$*"
    set -- $base
    args=$*
    i=0
    for word in $args; do
        i=$((i + 1))
        case $word in
        --json) continue ;;
        --*) ;;
        *) continue ;;
        esac
        opt=$word
        bad_list=""
        # missing: the option and its value removed
        rest=$(printf '%s\n' $args | awk -v o="$opt" 'skip { skip = 0; next } $0 == o { skip = 1; next } { print }' | tr '\n' ' ')
        tried=$((tried + 1))
        if behaves "$opt" $rest; then behaving=$((behaving + 1)); else bad_list="$bad_list [missing: $why]"; fi
        IFS='|'
        for v in $values; do
            IFS=' '
            new=$(printf '%s\n' $args | awk -v o="$opt" 'BEGIN { r = 0 } r { print "\001"; r = 0; next } $0 == o { print; r = 1; next } { print }')
            # rebuild argv with the hostile value in place of the option's value
            set --
            for w in $(printf '%s\n' "$new" | tr '\n' ' '); do
                if [ "$w" = "$(printf '\001')" ]; then set -- "$@" "$v"; else set -- "$@" "$w"; fi
            done
            tried=$((tried + 1))
            if behaves "$opt" "$@"; then behaving=$((behaving + 1)); else bad_list="$bad_list ['$v': $why]"; fi
            IFS='|'
        done
        IFS=' '
        n=$((n + 1))
        if [ -z "$bad_list" ]; then
            echo "ok $n - leakproof $base: $opt behaves for every hostile value"
        else
            echo "not ok $n - leakproof $base: $opt:$bad_list"
        fi
    done
    # an option of another command
    foreign=--kappa
    case $base in *--kappa*|*" vmf "*) foreign=--eigenvalues ;; esac
    tried=$((tried + 1)) n=$((n + 1))
    if behaves "$foreign" $args "$foreign" 1; then
        behaving=$((behaving + 1))
        echo "ok $n - leakproof $base $foreign 1: refused, naming $foreign"
    else
        echo "not ok $n - leakproof $base $foreign 1: $why"
    fi
}

cd "$top" || exit 1
while IFS= read -r line; do
    case $line in ''|'#'*) continue ;; esac
    matrix $line
done <<'BASES'
eval gauss --p 5 --sigma 1 --radius 1 --digits 10 --json
eval vmf --p 5 --kappa 1 --json
eval laplace-l1 --p 5 --b 1 --radius 1 --json
eval gauss-layers --sigma 1 --clip 1 --layers 2,3 --json
eval gauss --p 5 --noise-multiplier 1 --clip 1 --json
eval gauss --p 50 --sigma 1 --radius 1 --method double --json
overflow gauss --method double --sigma-grid 1 --p-max 1000 --json
channel capacity --eigenvalues 1,2 --noise-variance 1 --json
channel natural --eigenvalues 1,2 --capacity 1 --json
channel white --eigenvalues 1,2 --capacity 1 --json
channel dp --batch 64 --clip 1 --noise-multiplier 0.8 --json
calibrate gaussian --epsilon 1 --delta 1e-5 --sensitivity 1 --json
BASES
echo "# hostile inputs: $tried tried, $behaving behaving"
echo "1..$n"
