"""``rouge-lens``: start the ROUGE Lens app with ``streamlit run``, installed or from the clone.

The app is ``app.py`` with ``app_pages/``, ``ui/``, ``annotation/``, ``sample_data/`` and
``.streamlit/config.toml`` beside it. A built wheel carries a copy of them in ``rouge_lens/app/``
(``setup.py``'s build step; no top-level ``ui`` or ``annotation`` package is installed); a clone (an
editable install, or ``python -m rouge_lens`` in it) runs the clone's own files.

Streamlit reads ``.streamlit/config.toml`` from the current directory, which is the user's, so the
app's settings (the upload limit, the theme, no usage statistics, ...) are passed as ``--section.key=value``
options. Arguments after ``rouge-lens`` go to ``streamlit run`` after them, so ``--server.port 8502``
or ``--server.headless true`` work as for ``streamlit run`` and override the app's settings.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Optional, Sequence

#: TOML readers, first found wins: the standard library's from Python 3.11; on 3.10 the one Streamlit installs.
TOML_READERS = ("tomllib", "tomli", "toml")

USAGE = """usage: rouge-lens [streamlit run options]
Starts the ROUGE Lens app (streamlit run <app>/app.py) with its own .streamlit/config.toml settings.
Options go to streamlit run, e.g. rouge-lens --server.port 8502 --server.headless true
(see streamlit run --help)."""


class LaunchError(Exception):
    """Why the app cannot be started (said in one line, never a traceback)."""


def app_dir(package: Optional[Path] = None) -> Path:
    """The folder holding ``app.py``: ``rouge_lens/app`` in an installed wheel, else the clone's root
    (the folder above ``rouge_lens/``).

    >>> (app_dir() / "app.py").is_file()
    True
    """
    here = Path(__file__).resolve().parent if package is None else package
    for folder in (here / "app", here.parent):
        if (folder / "app.py").is_file():
            return folder
    raise LaunchError(
        f"the app's files are not beside {here} (neither {here / 'app' / 'app.py'} nor {here.parent / 'app.py'}): "
        "reinstall rouge-core from a wheel built from the repository, or run python -m rouge_lens in the clone"
    )


def _toml_reader() -> ModuleType:
    for name in TOML_READERS:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    raise LaunchError("reading .streamlit/config.toml needs Python 3.11, or the tomli package: pip install tomli")


def _flag_values(key: str, value: Any) -> list[str]:
    """``--key=value`` options for one setting (a table's keys under ``key.``; a list: one option an item)."""
    if isinstance(value, dict):
        return [flag for sub, item in value.items() for flag in _flag_values(f"{key}.{sub}", item)]
    if isinstance(value, list):
        return [flag for item in value for flag in _flag_values(key, item)]
    if isinstance(value, bool):  # before int: True is an int too
        return [f"--{key}={'true' if value else 'false'}"]
    if isinstance(value, (str, int, float)):
        return [f"--{key}={value}"]
    raise LaunchError(f".streamlit/config.toml: {key} = {value!r} cannot be passed on the command line")


def config_flags(text: str) -> list[str]:
    """The settings of a ``.streamlit/config.toml`` as ``streamlit run`` options.

    >>> config_flags('[server]\\nmaxUploadSize = 50\\nshowEmailPrompt = false\\n[theme]\\nbase = "light"\\n')
    ['--server.maxUploadSize=50', '--server.showEmailPrompt=false', '--theme.base=light']
    """
    try:
        settings = _toml_reader().loads(text)
    except ValueError as e:  # tomllib.TOMLDecodeError and toml's TomlDecodeError are ValueErrors
        raise LaunchError(f".streamlit/config.toml is not valid TOML: {e}") from None
    return [flag for section, table in settings.items() for flag in _flag_values(section, table)]


def command(args: Sequence[str], folder: Path) -> list[str]:
    """The ``streamlit run`` command line that starts the app in ``folder`` with ``args`` after its settings.

    >>> line = command(["--server.port", "8502"], app_dir())
    >>> line[1:4], Path(line[4]).name, "--server.maxUploadSize=50" in line, line[-2:]
    (['-m', 'streamlit', 'run'], 'app.py', True, ['--server.port', '8502'])
    """
    config = folder / ".streamlit" / "config.toml"
    settings = config_flags(config.read_text(encoding="utf-8")) if config.is_file() else []
    return [sys.executable, "-m", "streamlit", "run", str(folder / "app.py"), *settings, *args]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of ``rouge-lens`` and ``python -m rouge_lens``: start the app (returns the exit code
    when it cannot; on POSIX the process becomes Streamlit's server)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if importlib.util.find_spec("streamlit") is None:
        print(
            "rouge-lens: error: the app needs Streamlit, pandas and plotly: pip install 'rouge-core[app]' "
            "(in the clone: pip install -r requirements.txt)",
            file=sys.stderr,
        )
        return 2
    try:
        line = command(args, app_dir())
    except (LaunchError, OSError, UnicodeDecodeError) as e:
        print(f"rouge-lens: error: {e}", file=sys.stderr)
        return 2
    if os.name == "posix":  # the server takes this process's place: signals and the exit code are its own
        os.execv(line[0], line)
    try:
        return subprocess.call(line)
    except KeyboardInterrupt:  # Ctrl-C reached Streamlit too, which stops by itself
        return 130
