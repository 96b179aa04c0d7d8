#!/usr/bin/env python3
"""figure-text.py -- the figures' text reads as typeset (run by t-report.sh).

    figure-text.py FILE.svg...

gnuplot's enhanced text splits a label at every change of font, size or level
(a subscript, a Greek letter from another font) into <tspan> pieces, and an SVG
renderer drops the spaces at the ends of a piece unless the <text> preserves
them: "against {/Symbol e}" is drawn "againste", "log_2 C" "log2C".  So, in
every <text> of every figure: no piece in the Symbol font (its Latin letters
are drawn as Latin where it is missing: Unicode Greek instead), no piece of a
label that is split which starts or ends with a space (a non-breaking one is
dropped too; a <text> with xml:space="preserve", which gnuplot writes for a
label with two spaces in a row, keeps them), and no enhanced-text markup left
in the words ("_{", "^{", "{/").
Prints one line per fault and exits 1 if there is one.
"""
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
PRESERVE = "{http://www.w3.org/XML/1998/namespace}space"


def faults(path):
    out = []
    for text in ET.parse(path).getroot().iter(SVG + "text"):
        pieces = [t for t in text.iter(SVG + "tspan")] or [text]
        words = "".join(t.text or "" for t in pieces)
        if not words.strip():
            continue
        kept = text.get(PRESERVE) == "preserve"
        for t in pieces:
            if "symbol" in (t.get("font-family") or "").lower():
                out.append(f"{path}: '{words}': '{t.text}' in the Symbol font (use the Unicode letter)")
        if not kept and len([t for t in pieces if t.text]) > 1:
            for t in pieces:
                s = t.text or ""
                if s.strip() and (s[0].isspace() or s[-1].isspace()):
                    out.append(f"{path}: '{words}': the piece '{s}' starts or ends with a space the "
                               "renderer drops (a non-breaking space, or no split there)")
        for mark in ("_{", "^{", "{/"):
            if mark in words:
                out.append(f"{path}: '{words}': enhanced-text markup '{mark}' printed as text")
    return out


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    bad = [f for path in argv[1:] for f in faults(path)]
    for b in bad:
        print(b)
    if not bad:
        print(f"{len(argv) - 1} figures: every label reads as typeset")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
