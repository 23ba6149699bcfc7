"""The build step pyproject.toml cannot declare: a wheel carries the ROUGE Lens app under rouge_lens/app/.

The app (``app.py``, ``app_pages/``, ``ui/``, ``annotation/``, ``sample_data/``, ``.streamlit/config.toml``)
lives at the repository's root, where ``streamlit run app.py`` and the tests use it. A wheel must not
install top-level packages named ``ui`` or ``annotation`` into site-packages, so the build copies the
app's files as data into ``rouge_lens/app/``, where ``rouge-lens`` (:mod:`rouge_lens.launch`) finds them.
An editable install copies nothing: the launcher runs the clone's own files. Everything else is in
pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: The app's files, as paths from the repository's root (the Dockerfile copies the same ones).
APP_FILES = ("app.py", "app_pages", "ui", "annotation", "sample_data", ".streamlit/config.toml")
#: Never copied: caches (numba's kernels are compiled per machine), local stores, and secrets (only
#: config.toml is taken from .streamlit/).
SKIPPED = shutil.ignore_patterns("__pycache__", "*.py[cod]", "*.nbi", "*.nbc", "*.sqlite3*")


class BuildPyWithApp(build_py):
    """``build_py`` that also copies :data:`APP_FILES` into ``rouge_lens/app/`` of the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):  # pip install -e: the launcher uses the clone
            return
        missing = [name for name in APP_FILES if not (ROOT / name).exists()]
        if missing:  # a wheel without its app would install a rouge-lens that cannot start
            raise FileNotFoundError(f"the app's files are missing from {ROOT}: {', '.join(missing)}")
        target = Path(self.build_lib) / "rouge_lens" / "app"
        for name in APP_FILES:
            source, copy = ROOT / name, target / name
            if source.is_dir():
                shutil.copytree(source, copy, ignore=SKIPPED, dirs_exist_ok=True)
            else:
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, copy)


setup(cmdclass={"build_py": BuildPyWithApp})
