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

# attacker KIND DESCRIPTION: the attacker keys of the JSON record in $out
# (leakproof(1)): KIND certified (log2_capacity a finite ball with its bound,
# attacker_certified true), uncertified (finite, bound null, attacker_certified
# false, the note beginning "not certified") or absent (null, the note saying
# why); the note is never empty.
attacker() {
    python3 - "$1" "$out" <<'PY'
import json, math, sys
kind, r = sys.argv[1], json.load(open(sys.argv[2]))
keys = ("log2_capacity", "log2_capacity_abs_error_bound", "attacker_min_entropy_bits",
        "attacker_min_entropy_bits_abs_error_bound", "attacker_note", "attacker_certified")
assert all(k in r for k in keys), [k for k in keys if k not in r]
note = r["attacker_note"]
assert isinstance(note, str) and len(note) > 20, note
if kind == "absent":
    assert r["log2_capacity"] is None and r["attacker_certified"] is None, r
    assert note.startswith(("no bound", "a Shannon capacity")), note
else:
    b = float(r["log2_capacity"])
    assert math.isfinite(b) and b >= 0 and r["attacker_min_entropy_bits"] == r["log2_capacity"], r
    e = r["log2_capacity_abs_error_bound"]
    if kind == "certified":
        assert r["attacker_certified"] is True and math.isfinite(e) and e >= 0, r
    else:
        assert r["attacker_certified"] is False and e is None and note.startswith("not certified"), r
PY
    ok $? "$2: attacker keys $1 ($(sed -n 's/.*"log2_capacity":\([^,]*\),.*"attacker_note":"\([^"]\{0,90\}\).*/log2_capacity \1, note: \2/p' "$out"))"
}

# wait_cpu PID SECONDS: wait until the process PID (all its threads) has used
# SECONDS of CPU time, or has ended (at most 60 s of wall time); then 0 when it
# still runs.  For "signal it once it is at work": a fixed sleep gives the
# process a fraction of a second of CPU on a loaded machine and more than it
# needs (the test's CPU) on an idle one.  Without /proc: sleep 1 instead.
wait_cpu() {
    if [ ! -r /proc/self/stat ]; then
        sleep 1
    else
        hz=$(getconf CLK_TCK 2>/dev/null || echo 100)
        polls=0
        while [ "$polls" -lt 1200 ] &&
            ! awk -v hz="$hz" -v want="$2" '{ sub(/^.*\) /, ""); exit !(($12 + $13) / hz >= want) }' \
                "/proc/$1/stat" 2>/dev/null && kill -0 "$1" 2>/dev/null; do
            sleep 0.05
            polls=$((polls + 1))
        done
    fi
    kill -0 "$1" 2>/dev/null
}
