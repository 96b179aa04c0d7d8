#!/bin/sh
# t-verify-record.sh -- `leakproof verify --record OUT`: one run, the TAP on
# stdout as without it and --json's record in OUT, byte for byte (make verify
# leaves the grid's record this way and make report formats it instead of
# running the grid again); OUT written whole or not at all: a place that cannot
# be written is refused before any case runs (exit 2, one line naming
# --record, nothing on stdout), and an interrupted run or --estimate leaves OUT
# as it was, with no temporary file beside it.
. "$(dirname "$0")/../cli-lib.sh"

dir=$(mktemp -d)
trap 'rm -f "$out" "$err"; rm -rf "$dir"' EXIT
printf 'gauss p=2 sigma=0.5 radius=1 samples=20000 seed=7\nvmf p=3 kappa=2 samples=20000 seed=8\n' >"$dir/small.cases"
cd "$dir" || exit 1

"$L" verify small.cases >plain.tap 2>/dev/null
"$L" verify --json small.cases >plain.json 2>/dev/null
"$L" verify --record rec.json small.cases >"$out" 2>"$err"; rc=$?
ok $(( rc != 0 )) "verify --record rec.json: exit $rc ($(head -c 200 "$err"))"
cmp -s "$out" plain.tap
ok $? "verify --record: the TAP on stdout is verify's without it ($(wc -l <"$out") lines)"
cmp -s rec.json plain.json
ok $? "verify --record: the file is verify --json's record, byte for byte ($(wc -c <rec.json) bytes)"
"$L" verify --json --record both.json small.cases >"$out" 2>/dev/null
cmp -s "$out" plain.json && cmp -s both.json plain.json
ok $? "verify --json --record: the record on stdout and in the file"

# refused at the door: a directory that does not exist, a directory as the file
for bad in "$dir/no-such-dir/rec.json" "$dir/"; do
    "$L" verify --record "$bad" small.cases >"$out" 2>"$err"; rc=$?
    [ "$rc" -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q -- '--record' "$err"
    ok $? "verify --record $bad: refused before any case (exit $rc, $(wc -c <"$out") bytes on stdout: $(cat "$err"))"
done

# interrupted: the file keeps what it held, nothing beside it
echo "before" >kept.json
printf 'gauss p=64 sigma=1 radius=1 samples=100000000000 seed=2\n' >long.cases
"$L" verify --threads 1 --max-seconds 1e9 --record kept.json long.cases >"$out" 2>"$err" &
pid=$!
wait_cpu "$pid" 0.3
kill -INT "$pid" 2>/dev/null
wait "$pid"; rc=$?
[ "$rc" -eq 130 ] && [ "$(cat kept.json)" = before ] && [ "$(ls | grep -c '^kept\.json')" -eq 1 ]
ok $? "verify --record interrupted: exit $rc, the file as it was, no temporary beside it ($(ls | tr '\n' ' '))"
"$L" verify --record est.json --estimate small.cases >"$out" 2>"$err"; rc=$?
[ "$rc" -eq 0 ] && [ ! -e est.json ] && [ "$(ls | grep -c '^est\.json')" -eq 0 ]
ok $? "verify --record with --estimate: the estimate on stdout, no file (exit $rc)"
echo "1..$n"
