"""A PEP 517 build backend for the pure-Python leakproof package, standard
library only.

Why our own: `pip install ./python` must work offline in any interpreter
(a fresh venv, pyenv, Debian's), and setuptools' wheel building needs the
`wheel` package, which a fresh venv lacks and no index can supply here.  The
package is a folder of .py files, so a wheel is a zip of them plus three
metadata files (the wheel format, PEP 427, and core metadata, PEP 566), which
the standard library writes in a few lines.  pyproject.toml names this module
with `backend-path`, and requires nothing to be downloaded.
"""
import base64
import hashlib
import io
import os
import tarfile
import zipfile

NAME = "leakproof"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # python/


def _version():
    # the one version: pyproject.toml's [project] version
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"')
    raise RuntimeError("pyproject.toml has no version")


def _metadata(version):
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
            "Summary: Certified Bayes capacities and DP accounting of DP-SGD mechanisms\n"
            "License: GPL-3.0-or-later\nRequires-Python: >=3.8\n"
            "Provides-Extra: numpy\nRequires-Dist: numpy; extra == \"numpy\"\n") % (NAME, version)


def _package_files():
    root = os.path.join(HERE, NAME)
    return sorted(os.path.join(NAME, f) for f in os.listdir(root) if f.endswith(".py"))


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    name = "%s-%s-py3-none-any.whl" % (NAME, version)
    info = "%s-%s.dist-info" % (NAME, version)
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        def add(path, data):
            z.writestr(path, data)
            record.append(_record_line(path, data))
        for rel in _package_files():
            with open(os.path.join(HERE, rel), "rb") as f:
                add(rel, f.read())
        add(info + "/METADATA", _metadata(version).encode())
        add(info + "/WHEEL", b"Wheel-Version: 1.0\nGenerator: leakproof_build\n"
                             b"Root-Is-Purelib: true\nTag: py3-none-any\n")
        record.append(info + "/RECORD,,")
        z.writestr(info + "/RECORD", "\n".join(record) + "\n")
    return name


def build_sdist(sdist_directory, config_settings=None):
    version = _version()
    base = "%s-%s" % (NAME, version)
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in _package_files() + ["pyproject.toml", "README.md", "_build/leakproof_build.py"]:
            t.add(os.path.join(HERE, rel), arcname=base + "/" + rel)
        data = _metadata(version).encode()
        ti = tarfile.TarInfo(base + "/PKG-INFO")
        ti.size = len(data)
        t.addfile(ti, io.BytesIO(data))
    return name
