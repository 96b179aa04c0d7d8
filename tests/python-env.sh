# python-env.sh -- sourced by the tests that load libleakproof into Python:
# a library built with the sanitizers (make check-sanitize) loads into an
# uninstrumented Python only when their runtimes come first; Python does not
# free all its memory at exit, so leak checking is off for it (the C tests and
# the program keep it).  Usage: python_sanitizer_env LIBRARY; and python_with
# MODULES, the interpreter the tests use.
python_sanitizer_env()
{
    local runtimes
    runtimes=$(ldd "$1" 2>/dev/null | awk '/lib(asan|ubsan)\.so/ { print $3 }' | tr '\n' ' ')
    if [ -n "$runtimes" ]; then
        LD_PRELOAD="$runtimes${LD_PRELOAD:+ $LD_PRELOAD}"
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
        export LD_PRELOAD ASAN_OPTIONS
    fi
}

# The first of configure's Python, python3 and /usr/bin/python3 that imports
# MODULES (comma-separated; empty: any), on stdout; nothing when none does.
python_with()
{
    local py
    for py in "${PYTHON:-}" python3 /usr/bin/python3; do
        [ -n "$py" ] && [ "$py" != : ] || continue
        if [ -z "$1" ] || "$py" -c "import $1" >/dev/null 2>&1; then
            echo "$py"
            return
        fi
    done
}
