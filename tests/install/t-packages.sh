#!/bin/bash
# t-packages.sh -- one list of packages: everything configure.ac checks for
# (headers, libraries, pkg-config modules, bash-completion's directory) and
# every program the build, the tests and the report run, maps to a Debian
# package (dpkg -S on the file that satisfies the check here) that the
# README's `apt-get install -y ...` lines name -- the list .ci/run installs
# from.  A package that only comes in as a dependency of a listed one counts.
# One TAP line per check; a failure names the package that is missing.
# Skipped (visibly) where dpkg is not the package manager.
srcdir=${srcdir:-$(dirname "$0")/../..}
srcdir=$(cd "$srcdir" && pwd)
readme=$srcdir/README.md
configure_ac=$srcdir/configure.ac
if ! command -v dpkg >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
    echo "1..0 # SKIP not a Debian system (no dpkg): the README's list is Debian's"
    exit 0
fi
CC=${CC:-cc}
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $*"; }

# the README's packages (every `apt-get install -y` line), and what each
# pulls in directly (Depends, one level)
listed=$(grep -o 'apt-get install -y [^&`]*' "$readme" | sed 's/apt-get install -y //' | tr ' ' '\n' |
         grep -E '^[a-z0-9][a-z0-9.+-]+$' | sort -u)
if [ -z "$listed" ]; then
    echo "1..1"
    echo "not ok 1 - README.md has an 'apt-get install -y' line"
    exit 0
fi
deps=$(for p in $listed; do dpkg-query -W -f='${Pre-Depends},${Depends}\n' "$p" 2>/dev/null; done |
       tr ',|' '\n\n' | sed 's/(.*//; s/:.*//; s/ //g' | grep . | sort -u)

# owner FILE: the Debian package that installed FILE (symlinks resolved), or ""
owner() {
    local f p
    f=$(realpath -s "$1")
    p=$(dpkg -S "$f" 2>/dev/null | head -n 1 | cut -d: -f1)
    if [ -z "$p" ]; then p=$(dpkg -S "$(readlink -f "$f")" 2>/dev/null | head -n 1 | cut -d: -f1); fi
    echo "$p"
}
# is_listed PACKAGE WHAT
need() {
    local pkg=$1 what=$2
    if [ -z "$pkg" ]; then
        not_ok "$what: no Debian package owns it here (dpkg -S)"
    elif grep -qx "$pkg" <<<"$listed"; then
        ok "$what: $pkg, on the README's list"
    elif grep -qx "$pkg" <<<"$deps"; then
        ok "$what: $pkg, a dependency of a package on the README's list"
    else
        not_ok "$what: the Debian package $pkg is missing from the README's apt-get install line"
    fi
}

# headers: configure.ac's AC_CHECK_HEADER([h]) that resolve here
for h in $(grep -o 'AC_CHECK_HEADER(\[[^]]*\]' "$configure_ac" | sed 's/.*\[//; s/\]//' | sort -u); do
    f=$(echo "#include <$h>" | $CC -E -M -x c - 2>/dev/null | tr ' \\' '\n\n' | grep -m1 "/$h\$")
    [ -n "$f" ] || { echo "# header <$h>: not present here (an alternative layout)"; continue; }
    need "$(owner "$f")" "configure's header <$h> ($f)"
done
# libraries: AC_CHECK_LIB([name]) and the ones tried in a loop (for arb_lib in ...)
libs=$( (grep -o 'AC_CHECK_LIB(\[[a-z0-9_-]*\]' "$configure_ac" | sed 's/.*\[//; s/\]//'
         grep -o 'for arb_lib in [a-z0-9 -]*;' "$configure_ac" | sed 's/for arb_lib in //; s/;//' | tr ' ' '\n') |
       grep -v '^\$' | grep . | sort -u)
for l in $libs; do
    f=$($CC -print-file-name="lib$l.so")
    [ "$f" != "lib$l.so" ] || { echo "# library -l$l: not present here (an alternative layout)"; continue; }
    need "$(owner "$f")" "configure's library -l$l ($f)"
done
# pkg-config modules (PKG_CHECK_MODULES and PKG_CHECK_VAR), MPI's too when installed
for m in $(grep -oE 'PKG_CHECK_(MODULES|VAR)\(\[[A-Za-z_]*\], *\[[a-z0-9_-]*' "$configure_ac" | sed 's/.*\[//' | sort -u); do
    d=$(pkg-config --variable=pcfiledir "$m" 2>/dev/null)
    if [ -z "$d" ]; then
        case $m in ompi-c) echo "# pkg-config $m: not installed (optional, --with-mpi)"; continue ;; esac
        not_ok "configure's pkg-config module $m: not found here"
        continue
    fi
    need "$(owner "$d/$m.pc")" "configure's pkg-config module $m ($d/$m.pc)"
done
# programs: the build's, the report's, the tests'
for prog in autoconf automake libtoolize pkg-config gnuplot python3 mpirun; do
    f=$(command -v "$prog") || { case $prog in mpirun) continue ;; esac
                                 not_ok "the program $prog: not found here"; continue; }
    case $f in /usr/*|/bin/*|/sbin/*) ;; *) f=/usr/bin/$prog ;; esac   # a pyenv shim: Debian's
    [ -e "$f" ] || { not_ok "the program $prog: no Debian one at $f"; continue; }
    need "$(owner "$f")" "the program $prog ($f)"
done
# Debian's python3 modules the tests use: pytest, venv (ensurepip), pip
for mod in pytest ensurepip pip; do
    f=$(/usr/bin/python3 -c "import $mod, os; print(os.path.dirname($mod.__file__))" 2>/dev/null)
    [ -n "$f" ] || { not_ok "Debian's python3 module $mod: not installed"; continue; }
    pkg=$(owner "$f")
    case $mod in ensurepip) pkg=python3-venv ; # ensurepip's wheels come with python3-venv
        dpkg-query -W -f='${Status}' python3-venv 2>/dev/null | grep -q installed || pkg= ;; esac
    need "$pkg" "Debian's python3 module $mod ($f)"
done
echo "1..$n"
