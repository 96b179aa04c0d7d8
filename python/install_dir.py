"""Where `make install` puts the leakproof package for THIS interpreter.

    python install_dir.py PREFIX [explicit]

Prints two lines: the directory, and `yes` or `no` (whether this interpreter
imports from it without PYTHONPATH).  configure runs it with the Python it
chose (PYTHON=...), so the package lands where that interpreter looks:

1. a site directory of the interpreter (sys.path, site-packages or
   dist-packages) under PREFIX: Debian's /usr/bin/python3 with PREFIX
   /usr/local gives /usr/local/lib/python3.X/dist-packages;
2. else, when PREFIX is configure's default (no `explicit`), the
   interpreter's own site-packages: a pyenv, conda or venv interpreter
   searches nothing under /usr/local, and its own directory is where
   `pip install` would have put the package;
3. else (an explicit --prefix the interpreter does not search) the prefix's
   directory in the interpreter's scheme, reported `no`: the user adds it to
   PYTHONPATH, and configure says so.
"""
import os
import sys
import sysconfig


def site_dirs():
    return [p for p in sys.path
            if p and os.path.basename(p.rstrip("/")) in ("site-packages", "dist-packages")]


def under(path, prefix):
    path, prefix = os.path.realpath(path), os.path.realpath(prefix)
    return path == prefix or path.startswith(prefix.rstrip("/") + "/")


def choose(prefix, explicit):
    for d in site_dirs():
        if under(d, prefix):
            return d, True
    if not explicit:
        own = sysconfig.get_path("purelib")
        if own in sys.path or os.path.realpath(own) in map(os.path.realpath, site_dirs()):
            return own, True
    scheme = "posix_prefix" if "posix_prefix" in sysconfig.get_scheme_names() else None
    return sysconfig.get_path("purelib", scheme, vars={"base": prefix, "platbase": prefix}), False


def main(argv):
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] != "explicit"):
        sys.stderr.write("usage: install_dir.py PREFIX [explicit]\n")
        return 2
    directory, searched = choose(argv[1], len(argv) == 3)
    print(directory)
    print("yes" if searched else "no")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
