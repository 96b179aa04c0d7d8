#!/bin/sh
# t-files.sh -- every option that reads a file, against every kind of file a
# hostile user can give: empty, missing, a directory, binary, a 1 MB line, CRLF,
# a byte order mark, a NUL byte, 10^7 lines, NaN, inf, 1e400.  Legal input
# (CRLF, BOM, a long line of blanks) gives the same result as the plain file;
# anything else exits 2 with one stderr line naming the file (and its line
# where there is one) and nothing on stdout.  TAP.
L=${LEAKPROOF:-$(dirname "$0")/../../src/leakproof}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
out=$dir/out err=$dir/err ref=$dir/ref
n=0
tried=0 behaving=0

ok() {  # ok COND-STATUS DESCRIPTION
    n=$((n + 1)); tried=$((tried + 1))
    if [ "$1" -eq 0 ]; then behaving=$((behaving + 1)); echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

# The targets: NAME, the command with @ for the file, its legal content
# (lines), the number of those lines, and a bad line for NaN / inf / 1e400.
cat >"$dir/beta" <<'X'
1
1
X
printf '2,0\n0,1\n' >"$dir/cov"
targets="layers eig data cov beta cases"
cmd_layers="eval gauss-layers --sigma 1 --clip 1 --layers-file @"
good_layers='3
4'
bad_layers='%s'
cmd_eig="channel natural --eigenvalues-file @ --capacity 2"
good_eig='1
2'
bad_eig='%s'
cmd_data="channel natural --data @ --capacity 2"
good_data='1,2
3,5
4,4'
bad_data='1,%s'
cmd_cov="channel personalized --covariance @ --beta $dir/beta --capacity 2"
good_cov='2,0.5
0.5,1'
bad_cov='0.5,%s'
cmd_beta="channel personalized --covariance $dir/cov --beta @ --capacity 2"
good_beta='1
2'
bad_beta='%s'
cmd_cases="verify @"
good_cases='gauss p=2 sigma=1 radius=1 samples=2000 seed=1'
bad_cases='gauss p=2 sigma=%s radius=1 samples=2000 seed=1'

run() {  # run TARGET FILE: the target's command on FILE, into $out/$err, rc in $rc
    eval "c=\$cmd_$1"
    # shellcheck disable=SC2086
    set -- $(echo "$c" | sed "s|@|$2|")
    "$L" "$@" >"$out" 2>"$err"; rc=$?
}

# refused TARGET KIND FILE WANT: exit 2, nothing on stdout, one stderr line
# holding WANT (the file, or file:line)
refused() {
    run "$1" "$3"
    lines=$(wc -l <"$err")
    if [ "$rc" -eq 2 ] && [ ! -s "$out" ] && [ "$lines" -eq 1 ] && grep -qF -- "$4" "$err"; then
        ok 0 "$1 $2: refused, naming $4 ($(head -c 200 "$err"))"
    else
        ok 1 "$1 $2: want exit 2 naming $4; got rc=$rc, stdout $(wc -c <"$out") bytes, $lines stderr lines: $(head -c 300 "$err")"
    fi
}

# same TARGET KIND FILE: the result of the plain file (paths aside)
same() {
    run "$1" "$3"
    sed "s|$3|FILE|g" "$out" >"$out.n"
    if [ "$rc" -eq "$refrc" ] && [ "$rc" -eq 0 ] && cmp -s "$out.n" "$ref"; then
        ok 0 "$1 $2: accepted, the same result as the plain file"
    else
        ok 1 "$1 $2: want the plain file's result; got rc=$rc, stderr: $(head -c 300 "$err")"
    fi
}

for t in $targets; do
    eval "good=\$good_$t; bad=\$bad_$t"
    nlines=$(printf '%s\n' "$good" | wc -l)
    f=$dir/$t.in
    printf '%s\n' "$good" >"$f"
    run "$t" "$f"; refrc=$rc
    sed "s|$f|FILE|g" "$out" >"$ref"
    [ "$rc" -eq 0 ] && [ -s "$ref" ]; ok $? "$t plain: exit 0 and a result on the legal file ($(head -c 200 "$err"))"

    : >"$f.empty";                              refused "$t" empty "$f.empty" "$f.empty"
    refused "$t" missing "$dir/none/$t.in" "$dir/none/$t.in"
    mkdir -p "$f.dir";                          refused "$t" directory "$f.dir" "$f.dir"
    printf '\177ELF\002\001\001\000\000\000\000' >"$f.bin"; refused "$t" binary "$f.bin" "$f.bin:1"
    { printf '%s\n' "$good" | sed '1s/^/\r/' | sed 's/$/\r/' | sed '1s/^\r//'; } >"$f.crlf"
    same "$t" CRLF "$f.crlf"
    { printf '\357\273\277'; printf '%s\n' "$good"; } >"$f.bom"; same "$t" BOM "$f.bom"
    { printf '%s\n' "$good" | head -n $((nlines - 1)); printf '%s' "$good" | tail -n 1 | tr -d '\n'; printf '\000\n'; } >"$f.nul"
    refused "$t" NUL "$f.nul" "$f.nul:$nlines"
    { head -c 1048576 /dev/zero | tr '\000' ' '; printf '%s\n' "$good"; } >"$f.long"
    if [ "$t" = cases ]; then      # case lines are short by design: refused with the line
        refused "$t" "1 MB line" "$f.long" "$f.long:1"
    else
        same "$t" "1 MB line" "$f.long"
    fi
    for v in nan inf 1e400; do
        { printf '%s\n' "$good"; printf "$bad\n" "$v"; } >"$f.$v"
        case "$t:$v" in
            layers:1e400|eig:1e400) ;;      # exact readers: 1e400 is a number, refused later
            *:1e400) refused "$t" "$v" "$f.$v" "$f.$v" ;;
            *) refused "$t" "$v" "$f.$v" "$f.$v:$((nlines + 1))" ;;
        esac
    done
    # 10^7 lines: the last one bad, its number right
    { printf '%s\n' "$good"; yes '#' | head -n $((10000000 - nlines - 1)); printf "$bad\n" 1.5abc; } >"$f.big"
    refused "$t" "10^7 lines" "$f.big" "$f.big:10000000"
    rm -rf "$f".*
done
echo "# file-input matrix: $tried tried, $behaving behaving"
echo "1..$n"
