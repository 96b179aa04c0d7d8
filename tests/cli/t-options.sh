#!/bin/sh
# t-options.sh -- the options audit (issue 32): every command's options walked
# from its own help against its parser, and the shared options and DP-SGD's
# vocabulary held alike across commands.  TAP.
. "$(dirname "$0")/../cli-lib.sh"

# accepts CMD... --OPT: the parser knows --OPT (any other complaint is fine:
# the command is given nothing else)
accepts() {
    opt=$1; shift
    timeout 30 "$L" "$@" "$opt" 1 >/dev/null 2>"$err" </dev/null
    ! grep -q "unknown option '$opt'\|unknown parameter '$opt'\|is not an option of" "$err"
}

commands="eval:gauss eval:vmf eval:laplace-l1 eval:gauss-layers forms mc:gauss mc:vmf mc:laplace
mc:gauss-layers mc:discrete verify channel:capacity channel:natural channel:white channel:personalized
channel:dp channel:toy calibrate:gaussian calibrate:vmf calibrate:laplace-l1 overflow:gauss overflow:vmf
overflow:laplace-l1 overflow:account adversary:gaussian adversary:jensen adversary:laplace
adversary:attacks adversary:link adversary:linear-layer account dp:gauss dp:vmf dp:laplace-l1 run-capacity
run-bounds"

# 1. every option a command's help names, its parser takes: all of them in
# one call (the parser refuses the first unknown one, before any value is
# read; --help last, which some commands answer at once)
for c in $commands; do
    set -- $(echo "$c" | tr ':' ' ')
    opts=$("$L" "$@" --help 2>/dev/null | grep -o -- '--[a-z][a-z0-9-]*' | grep -v -- '^--with-\|^--help$' | sort -u)
    missing= args=
    for o in $opts; do args="$args $o 1"; done
    timeout 30 "$L" "$@" $args --help >/dev/null 2>"$err" </dev/null
    missing=$(grep -o "unknown option '--[a-z0-9-]*'\|unknown parameter '--[a-z0-9-]*'\|--[a-z0-9-]* is not an option of\|option --[a-z0-9-]* is given more" "$err")
    [ -n "$opts" ] && [ -z "$missing" ]
    ok $? "leakproof $* --help names $(echo $opts | wc -w) options, every one taken by its parser${missing:+; refused:$missing}"
done

# 2. the shared options: --json and --help everywhere; --max-seconds and
# --estimate together (a budget is estimated and enforced alike)
for c in $commands; do
    set -- $(echo "$c" | tr ':' ' ')
    bad=
    for o in --help; do accepts "$o" "$@" || bad="$bad $o"; done
    case "$c" in overflow:account|mc:discrete) ;; *) accepts --json "$@" || bad="$bad --json" ;; esac
    ms=0; es=0
    accepts --max-seconds "$@" && ms=1
    accepts --estimate "$@" && es=1
    [ "$ms" = "$es" ] || bad="$bad --max-seconds/--estimate($ms/$es)"
    [ -z "$bad" ]
    ok $? "leakproof $*: the shared options alike${bad:+; not:$bad}"
done

# 3. DP-SGD's vocabulary where a run is described: account and run-capacity
# take the same words; eval and run-capacity take --params-from
for o in --noise-multiplier --clip --sampling-rate --steps --batch --dataset-size --epochs --steps-rule \
         --max-seconds --estimate --digits --params-from; do
    r=ok
    for c in run-capacity eval:gauss account; do
        set -- $(echo "$c" | tr ':' ' ')
        case "$c:$o" in
            account:--clip|account:--params-from|eval:gauss:--sampling-rate|eval:gauss:--steps|eval:gauss:--dataset-size|eval:gauss:--epochs|eval:gauss:--steps-rule|eval:gauss:--max-seconds|eval:gauss:--estimate) continue ;;
        esac
        accepts "$o" "$@" || r="refused by $*"
    done
    [ "$r" = ok ]; ok $? "DP-SGD's $o taken alike by account, run-capacity and eval where it applies ($r)"
done

# 4. errors name the option the user typed
bad "--noise-multiplier" run-capacity --p 10 --noise-multiplier 1e99999 --clip 1e99999 --sampling-rate 0.1 --steps 10
bad "--radius or --sensitivity" dp gauss --p 5 --sigma 1 --radius 1 --sensitivity 1 --delta 1e-5
bad "--epsilon must be a decimal number > 0 and <= 1e6" calibrate vmf --p 10 --epsilon 1500000 --delta 1e-5
"$L" calibrate --help | grep -q -- '--epsilon E      > 0 and <= 1e6 (every mechanism'
ok $? "calibrate --help says the limit the parser enforces (1e6 for vmf too)"
"$L" account --phase 1.1,0.01,1e3 --delta 1e-5 >"$out" 2>"$err"
grep -q '^  steps: 1000$' "$out"; ok $? "account --phase 1.1,0.01,1e3: T written 1e3 as --steps takes it ($(cat "$err"))"
"$L" run-capacity --params-from "$(dirname "$0")/../../cases/networks/lenet.layers" --noise-multiplier 1 --clip 1 \
    --batch 256 --dataset-size 60000 --epochs 2 >"$out" 2>"$err"
grep -q '^  p: 62006$' "$out" && grep -q '^  steps: 470$' "$out" && grep -q '^  sampling_rate: 256/60000$' "$out"
ok $? "run-capacity --params-from lenet --batch 256 --dataset-size 60000 --epochs 2: p 62006, T 470, q 256/60000 ($(cat "$err"))"
# the man page's BUDGETS paragraph renders the grid option and the next sentence apart
! grep -q '^\.BR \\-\\-NAME\\-grid )\.  A' "$(dirname "$0")/../../src/leakproof.1"
ok $? "man page: '--NAME-grid).' and 'A run estimated beyond its budget' on separate requests"

echo "1..$n"
