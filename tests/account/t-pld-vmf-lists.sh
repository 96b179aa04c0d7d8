#!/bin/sh
# t-pld-vmf-lists.sh -- lists of --delta and --delta-for-epsilon under
# `account --accountant pld --mechanism vmf` (and laplace, rr): one
# composition per relation, each row's certified bracket meeting the single
# query's (a separate composition on its own grid); the record names the
# mechanism as the single query's does.  TAP.
. "$(dirname "$0")/../cli-lib.sh"
j() { "$L" "$@" --json >"$out" 2>"$err"; }

meet() {    # meet LIST SINGLE-DELTA SINGLE-EPS: the rows at delta 1e-5 and epsilon 1 meet them
    python3 -c 'import json,sys
L=json.load(open(sys.argv[1])); P=json.load(open(sys.argv[2])); S=json.load(open(sys.argv[3]))
assert L["compositions"] >= 1 and L["certified"], L
r=[r for r in L["epsilons"] if r["delta"]=="1e-5"][0]
lo,hi=float(r["epsilon_lower_bound"]),float(r["epsilon_upper_bound"])
assert max(lo,float(P["epsilon_lower_bound"])) <= min(hi,float(P["epsilon_upper_bound"])), (lo,hi,P)
d=[d for d in L["deltas"] if d["epsilon"]==S["epsilon"]][0]; a,b=float(d["delta_lower_bound"]),float(d["delta_upper_bound"])
assert max(a,float(S["delta_lower_bound"])) <= min(b,float(S["delta_upper_bound"])), (a,b,S)
for k in sys.argv[4:]:
    assert L.get(k)==P.get(k), (k, L.get(k), P.get(k))
print("# epsilon(1e-5) [%s, %s], delta(%s) [%s, %s]" % (r["epsilon_lower_bound"], r["epsilon_upper_bound"], d["epsilon"], d["delta_lower_bound"], d["delta_upper_bound"]))' "$out.list" "$out.d" "$out" "$@"
}

for m in "vmf --kappa 10 --p 5" "laplace --b 2" "rr --step-epsilon 1"; do
    case $m in vmf*) E=50 ;; *) E=0.1 ;; esac   # an epsilon where delta is near 1e-5
    R="account --accountant pld --mechanism $m --sampling-rate 0.01 --steps 20"
    # shellcheck disable=SC2086
    j $R --delta 1e-5,1e-7 --delta-for-epsilon 1,$E
    rc=$?
    cp "$out" "$out.list"
    # shellcheck disable=SC2086
    j $R --delta 1e-5
    cp "$out" "$out.d"
    # shellcheck disable=SC2086
    j $R --delta-for-epsilon $E
    case $m in
        vmf*) keys="mechanism kappa p dominance relation" ;;
        *) keys="phases dominance_status relation" ;;
    esac
    # shellcheck disable=SC2086
    [ $rc -eq 0 ] && meet $keys
    ok $? "--mechanism ${m%% *} with lists: one composition, epsilon(1e-5) and delta($E) meet the single queries' brackets, the record's $keys as theirs"
done
rm -f "$out.list" "$out.d"

# under the RDP accountant lists stay the Gaussian's, the message naming the mechanism
bad "--mechanism vmf" account --mechanism vmf --kappa 10 --p 5 --sampling-rate 0.01 --steps 10 --delta 1e-5,1e-6
bad "--kappa" account --accountant pld --kappa 10 --p 5 --sampling-rate 0.01 --steps 10 --delta 1e-5,1e-6
echo "1..$n"
