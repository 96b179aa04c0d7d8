# cli-lib.sh -- sourced by the command-line contract tests (t-*-cli.sh,
# t-cli.sh): the program, scratch files, and the two TAP helpers.
L=${LEAKPROOF:-$(dirname "$0")/../../src/leakproof}
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
n=0

ok() {  # ok COND-STATUS DESCRIPTION
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

# bad NAME-IN-MESSAGE ARGS...: exit 2, empty stdout, one stderr line naming it
# (within 60 s)
bad() {
    want=$1; shift
    timeout 60 "$L" "$@" >"$out" 2>"$err"; rc=$?
    lines=$(wc -l <"$err")
    if [ "$rc" -eq 2 ] && [ ! -s "$out" ] && [ "$lines" -eq 1 ] && grep -q -- "$want" "$err"; then
        ok 0 "bad input rejected: leakproof $* ($(cat "$err"))"
    else
        ok 1 "bad input rejected: leakproof $* (rc=$rc, stdout $(head -c 300 "$out"), stderr: $(head -c 300 "$err"))"
    fi
}
