#!/bin/bash
# t-hygiene.sh -- the repository stands on its own: no file refers to a path
# outside it (a sibling checkout's shared folder, the machine it was written
# on) or to the tracker's discussion instead of saying what it means.
srcdir=${srcdir:-$(dirname "$0")/../..}
cd "$srcdir" || exit 1
# the patterns are split so that this file does not match itself
outside='\.\./'"shared|/"'work/'
tracker='[Tt]he (foundation |calibration )?'"issue"
n=0
# the repository's files: git's list in a checkout; else (a release tarball,
# with build outputs beside the sources) the source-like files
sources()
{
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files
    else
        find . -path ./autom4te.cache -prune -o -type f \( -name '*.[ch]' -o -name '*.sh' \
             -o -name '*.md' -o -name '*.am' -o -name '*.ac' -o -name '*.1' -o -name '*.cases' \
             -o -name '*.py' -o -name '*.gp' -o -name '*.in' -o -name '*.bash' -o -name run \) -print |
            grep -v -e '^./Makefile.in$' -e '^./build-aux/'
    fi
}
check()
{
    local what=$1 pattern=$2 hits
    hits=$(sources | grep -v -e '^tests/install/t-hygiene.sh$' -e '^./tests/install/t-hygiene.sh$' |
           tr '\n' '\0' | xargs -0 grep -InE -e "$pattern" 2>/dev/null)
    n=$((n + 1))
    if [ -z "$hits" ]; then
        echo "ok $n - no file refers to $what"
    else
        echo "not ok $n - files refer to $what:"
        sed 's/^/#   /' <<<"$hits" | head -20
    fi
}
check "paths outside the repository" "$outside"
check "the tracker's discussion (\"the issue\")" "$tracker"
echo "1..$n"
