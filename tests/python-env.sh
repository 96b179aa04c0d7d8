# python-env.sh -- sourced by the tests that load libleakproof into Python:
# a library built with the sanitizers (make check-sanitize) loads into an
# uninstrumented Python only when their runtimes come first; Python does not
# free all its memory at exit, so leak checking is off for it (the C tests and
# the program keep it).  Usage: python_sanitizer_env LIBRARY
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
