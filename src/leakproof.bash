# bash completion for leakproof                                -*- shell-script -*-
#
# Commands, subcommands and options are read from the program's own help
# (`leakproof --help`, `leakproof COMMAND --help`), and forms and methods from
# its registry (`leakproof forms --json`), so the completion cannot drift from
# the program it completes.  Each answer is asked once per shell and kept.
# Installed by `make install` as bash-completion's `leakproof`.

declare -gA _leakproof_cache

# The help text of `leakproof ARGS...` (stdout and stderr: usage goes to
# stderr when a command is incomplete), cached.
_leakproof_help()
{
    local prog=$1 key
    shift
    key="help $*"
    if [[ -z ${_leakproof_cache[$key]+set} ]]; then
        _leakproof_cache[$key]=$("$prog" "$@" --help 2>&1)
    fi
    printf '%s\n' "${_leakproof_cache[$key]}"
}

# The commands: the lines of the top-level usage's command list, two spaces
# then the command's name.
_leakproof_commands()
{
    _leakproof_help "$1" | sed -n 's/^  \([a-z][a-z0-9-]*\) .*/\1/p' | grep -vx leakproof
}

# The subcommands of a command: the word after `leakproof COMMAND` in its usage,
# and the rows of a table of mechanisms (two spaces, a name, then its --options).
_leakproof_subcommands()
{
    _leakproof_help "$1" "$2" |
        sed -n -e "s/.*leakproof $2 \\([a-z][a-z0-9-]*\\).*/\\1/p" \
               -e 's/^  \([a-z][a-z0-9-]*\)  *--[a-z].*/\1/p' | sort -u
}

# The values an option's help spells out as words (`--clip l1|l2`,
# `--secret example|batch`).
_leakproof_enumeration()
{
    _leakproof_help "$1" "$2" | grep -oE -- "$3 [a-z][a-z0-9]*(\|[a-z][a-z0-9]*)+" |
        head -1 | cut -d' ' -f2 | tr '|' '\n'
}

# Every --option its help mentions.
_leakproof_options()
{
    _leakproof_help "$@" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u
}

# The registry's forms or methods ("form" or "methods"), from its JSON.
_leakproof_registry()
{
    local prog=$1 what=$2 key="registry $2"
    if [[ -z ${_leakproof_cache[$key]+set} ]]; then
        local json
        json=$("$prog" forms --json 2>/dev/null)
        if [[ $what == form ]]; then
            _leakproof_cache[$key]=$(grep -o '"form":"[a-z0-9-]*"' <<<"$json" | cut -d'"' -f4 | sort -u)
        else
            _leakproof_cache[$key]=$(grep -o '"methods":\[[^]]*\]' <<<"$json" | grep -o '"[a-z0-9-]*"' |
                                     grep -v '"methods"' | tr -d '"' | sort -u)
        fi
    fi
    printf '%s\n' "${_leakproof_cache[$key]}"
}

# The registry's record of one mechanism (its JSON object on one line), or
# nothing when $2 names no mechanism.
_leakproof_mechanism()
{
    local prog=$1 mech=$2 key="mechanism $2"
    if [[ -z ${_leakproof_cache[$key]+set} ]]; then
        _leakproof_cache[$key]=$("$prog" forms --json 2>/dev/null |
            sed 's/{"mechanism":"/\n&/g' | grep -F "{\"mechanism\":\"$mech\"")
    fi
    printf '%s\n' "${_leakproof_cache[$key]}"
}

# The registry's mechanisms, and every parameter name any of them takes.
_leakproof_mechanisms()
{
    "$1" forms --json 2>/dev/null | grep -o '"mechanism":"[a-z0-9-]*"' | cut -d'"' -f4 | sort -u
}
_leakproof_parameters()
{
    grep -o '"name":"[a-z0-9_-]*"' | cut -d'"' -f4 | sort -u
}

# A command's options after MECHANISM: its help's, less the parameters (and
# their -grid forms) that belong to other mechanisms only.
_leakproof_mechanism_options()
{
    local prog=$1 cmd=$2 mech=$3 own all drop
    own=$(_leakproof_mechanism "$prog" "$mech" | _leakproof_parameters)
    all=$("$prog" forms --json 2>/dev/null | _leakproof_parameters)
    # --clip stays: it is DP-SGD's vocabulary (--noise-multiplier --clip) for every mechanism
    drop=$(comm -23 <(printf '%s\n' $all) <(printf '%s\n' $own) | grep -vx clip |
           sed 's/.*/--&\n--&-grid/')
    comm -23 <(_leakproof_options "$prog" "$cmd" | sort -u) <(printf '%s\n' $drop | sort -u)
}

_leakproof()
{
    local prog=$1 cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local cmd=${COMP_WORDS[1]} sub=""
    COMPREPLY=()
    [[ $COMP_CWORD -ge 3 ]] && sub=${COMP_WORDS[2]}

    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "$(_leakproof_commands "$prog") --help --version" -- "$cur"))
        return
    fi

    # an option's value
    case $prev in
        --method) COMPREPLY=($(compgen -W "$(_leakproof_registry "$prog" methods)" -- "$cur")); return ;;
        --form)
            local forms
            forms=$(_leakproof_mechanism "$prog" "$sub" | grep -o '"form":"[a-z0-9-]*"' | cut -d'"' -f4)
            [[ -n $forms ]] || forms=$(_leakproof_registry "$prog" form)
            COMPREPLY=($(compgen -W "$forms" -- "$cur")); return ;;
        --*-file|--data|--covariance|--beta|--params-from|--record)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
            return ;;
        --json|--csv|--compare|--help|--version) ;;       # flags: no value follows
        --*)
            # a value: the words the help spells out, else a number (nothing to offer)
            COMPREPLY=($(compgen -W "$(_leakproof_enumeration "$prog" "$cmd" "$prev")" -- "$cur"))
            return ;;
    esac

    if [[ $cur == -* ]]; then
        local opts
        if [[ -n $sub && -n $(_leakproof_mechanism "$prog" "$sub") ]]; then
            opts=$(_leakproof_mechanism_options "$prog" "$cmd" "$sub")
        else
            opts=$(_leakproof_options "$prog" "$cmd")
        fi
        COMPREPLY=($(compgen -W "$(printf '%s\n' $opts --help | sort -u)" -- "$cur"))
        return
    fi
    if [[ $COMP_CWORD -eq 2 ]]; then
        local subs
        subs=$(_leakproof_subcommands "$prog" "$cmd")
        # commands that take a MECHANISM: every row of the registry as well
        # (overflow: those with a non-certified method to map)
        if _leakproof_help "$prog" "$cmd" | grep -q "leakproof $cmd MECHANISM"; then
            local m mechs=
            for m in $(_leakproof_mechanisms "$prog"); do
                [[ $cmd != overflow ]] || _leakproof_mechanism "$prog" "$m" | grep -q '"double"' || continue
                mechs="$mechs $m"
            done
            subs=$(printf '%s\n' $subs $mechs | sort -u)
        fi
        if [[ -n $subs ]]; then
            COMPREPLY=($(compgen -W "$subs" -- "$cur"))
            return
        fi
    fi
    # verify's case files, and anything else: file names
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
}

complete -F _leakproof leakproof
