"""findings/peers.py -- the peers' accountants (Opacus, dp_accounting, TF Privacy) against the
certified one: no claim of the papers, a section of its own."""
from findings.writeup import WriteUp


def _peers(m):
    rows = "; ".join(f"{g[0]}: ε = {g[1]}, {g[2]} {g[3]} the certified value" for g in m["peer"])
    below = [g for g in m["peer"] if g[3] == "below"]
    return ("**The peers' accountants (Opacus, dp_accounting, TF Privacy), followed step by step in "
            "doubles, are off where their series are truncated or cancel.** " + rows + ". "
            + (f"{len(below)} of these are *below* the certified ε: an ε a peer reports there is not a "
               "valid guarantee (the ports say `inaccurate`); " if below else "")
            + "above it, the peer's ε is safe but loose. The certified accountant referees: "
            "`leakproof account --method PEER --compare` and `leakproof overflow account --map`.")


KINDS = [
    WriteUp("peers", "tests/t-peers.sh", {
        "peer": r"^(.*?): epsilon ([\d.]+), ([\d.e+-]+(?: %)?) (above|below) the certified"}, _peers, home="peers"),
]
