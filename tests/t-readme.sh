#!/bin/bash
# t-readme.sh -- every `leakproof ...` example of README.md runs as written,
# from the top of the source tree (as from a fresh clone): exit status 0 and
# something on stdout.  One TAP line per example, so drift is caught.
#
# Examples are the lines of the README's ```sh blocks that begin with
# `leakproof ` (inline `leakproof ...` spans in the prose name commands and
# forms; they are not complete commands).  A trailing
# `# comment` is dropped; optional parts `[...]` are dropped (the plain form)
# and then, where there are any, kept with their first alternative (`[--json|--csv]`
# runs as `--json`).  Skipped as placeholders: a block line ending in
# `# placeholder`, and a line with a word in capitals (FILE, P, ...) or `...`
# standing for what the reader supplies.
srcdir=${srcdir:-$(dirname "$0")/..}
srcdir=$(cd "$srcdir" && pwd)
bindir=$(cd "$(dirname "${LEAKPROOF:?LEAKPROOF must name the built program}")" && pwd)
PATH=$bindir:$PATH
readme=$srcdir/README.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the examples, one per line
awk '/^```sh/ { inblock = 1; next } /^```/ { inblock = 0; next }
     inblock && /^leakproof / { print }' "$readme" >"$tmp/examples"

n=0
skipped=0
run_example()
{
    local cmd=$1 rc
    n=$((n + 1))
    (cd "$srcdir" && eval "$cmd") >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    if [ "$rc" -eq 0 ] && [ -s "$tmp/out" ]; then
        echo "ok $n - README: $cmd"
    else
        echo "not ok $n - README: $cmd: exit $rc, $(wc -c <"$tmp/out") bytes on stdout; stderr: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
    fi
}

while IFS= read -r line; do
    case $line in
        *'# placeholder') skipped=$((skipped + 1)); continue ;;
    esac
    line=${line%%  #*}                           # the comment after the command
    line=$(sed 's/[[:space:]]*$//' <<<"$line")
    if grep -Eq '(^| |=|,)[A-Z][A-Z0-9_]*([ ,.]|$)|\.\.\.' <<<"$line"; then
        skipped=$((skipped + 1))
        echo "# placeholder, not run: $line"
        continue
    fi
    plain=$(sed -E 's/ ?\[[^]]*\]//g' <<<"$line")
    run_example "$plain"
    if [ "$plain" != "$line" ]; then
        run_example "$(sed -E 's/\[([^]|]*)(\|[^]]*)?\]/\1/g' <<<"$line")"
    fi
done <"$tmp/examples"

echo "# $n examples run, $skipped placeholders skipped"
if [ "$n" -eq 0 ]; then
    echo "not ok 1 - README.md has examples to run (found none in $readme)"
    n=1
fi
echo "1..$n"
