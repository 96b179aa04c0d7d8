#!/bin/bash
# t-install.sh -- the Python package installs where its interpreter imports
# from, both ways the README gives:
#   1. make install into a staging directory (DESTDIR): the package lands in
#      configure's pythondir, which the configured interpreter searches (when
#      configure said so), and imports from there against the staged library;
#   2. `pip install ./python` into a fresh `python3 -m venv`, for the
#      configured interpreter and Debian's /usr/bin/python3, offline (the
#      build backend needs only the standard library), leaving the source
#      tree untouched.
# And python/install_dir.py's answer for every interpreter: a directory that
# interpreter searches.
srcdir=${srcdir:-$(dirname "$0")/../..}
srcdir=$(cd "$srcdir" && pwd)
L=${LEAKPROOF:?LEAKPROOF must name the built program}
builddir=${LP_BUILDDIR:-$(cd "$(dirname "$L")/.." && pwd)}
library=$builddir/src/.libs/libleakproof.so
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $*"; }
skip() { n=$((n + 1)); echo "ok $n - $* # SKIP"; }
check() { if [ "$1" = 0 ]; then ok "$2"; else not_ok "$2${3:+: $3}"; fi; }

. "$srcdir/tests/python-env.sh"     # python_sanitizer_env, where Python loads the library

probe='import leakproof, sys; r = leakproof.eval("gauss", p=13700, sigma=1, radius=1); '\
'sys.exit(0 if str(r.value).startswith("5.2907499777293390011") and r.certified else 1)'

# the interpreters: configure's and Debian's, each once
interpreters=
for py in "${PYTHON:-}" /usr/bin/python3; do
    [ -n "$py" ] && [ "$py" != : ] || continue
    exe=$("$py" -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null) || continue
    case " $interpreters " in *" $exe "*) continue ;; esac
    interpreters="$interpreters $exe"
done
if [ -z "$interpreters" ]; then
    echo "1..0 # SKIP no Python 3 (Debian: python3)"
    exit 0
fi

# ---- install_dir.py: the directory it answers 'yes' for is searched ------------
for py in $interpreters; do
    for prefix in /usr/local "$tmp/prefix" "$tmp/prefix explicit"; do
        answer=$("$py" "$srcdir/python/install_dir.py" $prefix)
        dir=$(sed -n 1p <<<"$answer"); searched=$(sed -n 2p <<<"$answer")
        on=$("$py" -c 'import os, sys; d = os.path.realpath(sys.argv[1]); '\
'print("yes" if d in [os.path.realpath(p) for p in sys.path if p] else "no")' "$dir")
        check "$([ "$searched" = "$on" ] && echo 0 || echo 1)" \
            "install_dir.py for $py, prefix $prefix: $dir, searched: $searched" "the interpreter says $on"
    done
done

# ---- 1. make install into a staging directory ------------------------------------
if [ -z "${LP_PYTHONDIR:-}" ] || [ "${PYTHON:-:}" = : ]; then
    skip "make install's Python package (configure found no Python)"
else
    stage=$tmp/stage
    if ${MAKE:-make} -C "$builddir" install DESTDIR="$stage" >"$tmp/install.log" 2>&1; then
        ok "make install DESTDIR=$stage"
    else
        not_ok "make install DESTDIR=$stage: $(tail -3 "$tmp/install.log" | tr '\n' ' ')"
    fi
    staged=$stage$LP_PYTHONDIR
    check "$([ -f "$staged/leakproof/__init__.py" ] && echo 0 || echo 1)" \
        "the package is installed in configure's pythondir ($LP_PYTHONDIR)"
    if [ "${LP_PYTHON_SEARCHED:-}" = yes ]; then
        "$PYTHON" -c 'import os, sys; sys.exit(os.path.realpath(sys.argv[1]) not in
            [os.path.realpath(p) for p in sys.path if p])' "$LP_PYTHONDIR"
        check $? "$PYTHON searches $LP_PYTHONDIR (configure said it does)"
    fi
    (cd "$tmp" && python_sanitizer_env "$library" && PYTHONPATH=$staged LEAKPROOF_LIBRARY=$stage$LP_LIBDIR/libleakproof.so.1 \
        "$PYTHON" -c "$probe") >"$tmp/out" 2>&1
    check $? "the staged package imports and evaluates with $PYTHON" "$(head -c 300 "$tmp/out")"
fi

# ---- 2. pip install ./python into a fresh venv, offline ---------------------------
before=$(cd "$srcdir/python" && find . -print | sort)
for py in $interpreters; do
    venv=$tmp/venv-$(echo "$py" | tr -c 'a-zA-Z0-9\n' _)
    if ! "$py" -m venv "$venv" >"$tmp/venv.log" 2>&1; then
        not_ok "$py -m venv: $(tail -2 "$tmp/venv.log" | tr '\n' ' ') (Debian: python3-venv)"
        continue
    fi
    PYTHONDONTWRITEBYTECODE=1 PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/python" -m pip install -q "$srcdir/python" \
        >"$tmp/pip.log" 2>&1
    check $? "pip install ./python into a venv of $py (offline)" "$(tail -3 "$tmp/pip.log" | tr '\n' ' ')"
    (cd "$tmp" && python_sanitizer_env "$library" && LEAKPROOF_LIBRARY=$library "$venv/bin/python" -c "$probe") >"$tmp/out" 2>&1
    check $? "import leakproof in the venv of $py" "$(head -c 300 "$tmp/out")"
done
after=$(cd "$srcdir/python" && find . -print | sort)
check "$([ "$before" = "$after" ] && echo 0 || echo 1)" "pip install left the source tree as it was" \
    "$(diff <(echo "$before") <(echo "$after") | head -5 | tr '\n' ' ')"

echo "1..$n"
