#!/bin/bash
# t-readme.sh -- every `leakproof ...` example of README.md (and of the docs it
# sends the reader to: verify/README.md, bench/README.md) runs as written,
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
srcdir=${srcdir:-$(dirname "$0")/../..}
srcdir=$(cd "$srcdir" && pwd)
bindir=$(cd "$(dirname "${LEAKPROOF:?LEAKPROOF must name the built program}")" && pwd)
PATH=$bindir:$PATH
readme=$srcdir/README.md
docs="$readme $srcdir/verify/README.md $srcdir/bench/README.md"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the examples, one per line
awk '/^```sh/ { inblock = 1; next } /^```/ { inblock = 0; next }
     inblock && /^leakproof / { print }' $docs >"$tmp/examples"

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

# ---- the Python examples: every ```python block runs as written (with the
# build's library), under an interpreter that has what the block imports
builddir=${LP_BUILDDIR:-$(cd "$bindir/.." && pwd)}
. "$srcdir/tests/python-env.sh"
python_for() {   # an interpreter that can import the modules of block $1
    python_with "$(grep -oE '^import [a-z0-9_, ]+' "$1" | sed 's/^import //' | tr ',' '\n' | tr -d ' ' |
                   grep -vx leakproof | tr '\n' ',' | sed 's/,$//')"
}
awk -v dir="$tmp" '/^```python/ { inblock = 1; k++; f = dir "/py" k ".py"; next }
     /^```/ { inblock = 0; next } inblock { print > f }' "$readme"
for block in "$tmp"/py*.py; do
    [ -f "$block" ] || continue
    n=$((n + 1))
    first=$(grep -m1 -v '^import' "$block")
    py=$(python_for "$block")
    if [ -z "$py" ]; then
        echo "ok $n - README python block ($first) # SKIP no Python with its modules"
        continue
    fi
    (cd "$tmp" && python_sanitizer_env "$builddir/src/.libs/libleakproof.so" &&
        PYTHONPATH=$srcdir/python PYTHONDONTWRITEBYTECODE=1 \
        LEAKPROOF_LIBRARY=$builddir/src/.libs/libleakproof.so "$py" "$block") >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    if [ "$rc" -eq 0 ] && [ -s "$tmp/out" ]; then
        echo "ok $n - README python block ($first), with $py"
    else
        echo "not ok $n - README python block ($first): exit $rc; $(tail -3 "$tmp/err" | tr '\n' ' ')"
    fi
done

# ---- every link of the README and its docs resolves: #anchors to the
# document's headings (GitHub's slugs), relative paths (and path#anchor) to
# files of the tree
slug() { tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9 _-]//g; s/ /-/g'; }
anchors() { grep -E '^#+ ' "$1" | sed -E 's/^#+ //' | while IFS= read -r h; do printf '%s\n' "$h" | slug; done; }
for doc in $docs; do
    dir=$(dirname "$doc"); name=${doc#"$srcdir"/}
    grep -oE '\]\([^)]+\)' "$doc" | sed -E 's/^\]\(//; s/\)$//' | sort -u >"$tmp/links"
    while IFS= read -r link; do
        n=$((n + 1))
        case $link in
            http://*|https://*) echo "ok $n - $name link $link # SKIP not followed (no network)"; continue ;;
            \#*) target=$doc; anchor=${link#\#} ;;
            *\#*) target=$dir/${link%%#*}; anchor=${link#*#} ;;
            *) target=$dir/$link; anchor= ;;
        esac
        if [ ! -e "$target" ]; then
            echo "not ok $n - $name link $link: no such file"
        elif [ -n "$anchor" ] && ! { [ -f "$target" ] && anchors "$target" | grep -qx -- "$anchor"; }; then
            echo "not ok $n - $name link $link: no such section in ${target#"$srcdir"/}"
        else
            echo "ok $n - $name link $link"
        fi
    done <"$tmp/links"
done

echo "# $n examples run, $skipped placeholders skipped"
if [ "$n" -eq 0 ]; then
    echo "not ok 1 - README.md has examples to run (found none in $readme)"
    n=1
fi
echo "1..$n"
