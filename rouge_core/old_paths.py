"""The module paths of rouge_core 1.0, before its modules moved into packages by concern.

``rouge-core`` is installable, so code written against 1.0 keeps working for one release: importing
an old path gives the module at its new path (the same module object) with a ``DeprecationWarning``
that names the new one. Four old modules share their name with the package that replaced them
(``stats``, ``measures``, ``batch``, ``cli``); their names are served by :func:`old_attribute`.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     import rouge_core.tokenize as old
>>> import rouge_core.text.tokenize as new
>>> old is new, str(caught[0].message)
(True, 'rouge_core.tokenize moved to rouge_core.text.tokenize (the old path goes in rouge_core 1.2)')
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import pkgutil
import sys
import warnings
from types import ModuleType
from typing import Optional, Sequence

#: Old module path -> new one (a moved package's submodules follow it).
MOVED: dict[str, str] = {
    "rouge_core.tokenize": "rouge_core.text.tokenize",
    "rouge_core.sentences": "rouge_core.text.sentences",
    "rouge_core.limits": "rouge_core.text.limits",
    "rouge_core.stem": "rouge_core.text.stem",
    "rouge_core.pair_notes": "rouge_core.text.pair_notes",
    "rouge_core.ngrams": "rouge_core.measures.ngrams",
    "rouge_core.lcs": "rouge_core.measures.lcs",
    "rouge_core.summary_lcs": "rouge_core.measures.summary_lcs",
    "rouge_core.skipbigram": "rouge_core.measures.skipbigram",
    "rouge_core.scoring": "rouge_core.measures.scoring",
    "rouge_core.explain": "rouge_core.measures.explain",
    "rouge_core.batch_fast": "rouge_core.batch.compiled",
    "rouge_core.runners": "rouge_core.batch.runners",
    "rouge_core.distributed": "rouge_core.batch.distributed",
    "rouge_core.corpus": "rouge_core.batch.corpus",
    "rouge_core.aggregate": "rouge_core.batch.aggregate",
    "rouge_core.significance": "rouge_core.stats.significance",
    "rouge_core.systems": "rouge_core.stats.systems",
    "rouge_core.correlation": "rouge_core.stats.correlation",
    "rouge_core.correlation_levels": "rouge_core.stats.correlation_levels",
    "rouge_core.coefficients": "rouge_core.stats.coefficients",
    "rouge_core.agreement": "rouge_core.stats.annotator_agreement",
    "rouge_core.score_matrix": "rouge_core.stats.score_matrix",
    "rouge_core.comparison": "rouge_core.stats.comparison",
    "rouge_core.steps": "rouge_core.teach.steps",
    "rouge_core.mistakes": "rouge_core.teach.mistakes",
    "rouge_core.differences": "rouge_core.teach.differences",
    "rouge_core.difference_rules": "rouge_core.teach.difference_rules",
    "rouge_core.token_stages": "rouge_core.teach.token_stages",
    "rouge_core.setting_gap": "rouge_core.teach.which_rouge",
    "rouge_core.perl_inputs": "rouge_core.io.perl_inputs",
    "rouge_core.exception_db": "rouge_core.io.exception_db",
    "rouge_core.decoding": "rouge_core.io.decoding",
    "rouge_core.readers": "rouge_core.io.readers",
    "rouge_core.cli_corpus": "rouge_core.cli.corpus",
    "rouge_core.cli_format": "rouge_core.cli.format",
    "rouge_core.cli_interrupt": "rouge_core.cli.interrupt",
    "rouge_core.cli_options": "rouge_core.cli.options",
    "rouge_core.cli_output": "rouge_core.cli.output",
    "rouge_core.cli_report": "rouge_core.cli.report",
}
#: An old module whose name is now its package's -> the module that holds its names.
OLD_CONTENTS: dict[str, str] = {
    "rouge_core.stats": "rouge_core.stats.bootstrap",
    "rouge_core.measures": "rouge_core.measures.registry",
    "rouge_core.batch": "rouge_core.batch.score",
    "rouge_core.cli": "rouge_core.cli.run",
}
#: The release that drops the old paths.
REMOVED_IN = "1.2"


def new_path(old: str) -> Optional[str]:
    """The new path of an old module path, None when it did not move.

    >>> new_path("rouge_core.readers.jsonl"), new_path("rouge_core.config")
    ('rouge_core.io.readers.jsonl', None)
    """
    for before, after in MOVED.items():
        if old == before or old.startswith(before + "."):
            return after + old[len(before) :]
    return None


def _warn(old: str, new: str) -> None:
    warnings.warn(f"{old} moved to {new} (the old path goes in rouge_core {REMOVED_IN})", DeprecationWarning, 3)


class _Alias(importlib.abc.Loader):
    """Loads an old path as the module at its new path (the import system keeps what we put in
    ``sys.modules``)."""

    def __init__(self, new: str) -> None:
        self.new = new

    def exec_module(self, module: ModuleType) -> None:
        _warn(module.__name__, self.new)
        sys.modules[module.__name__] = importlib.import_module(self.new)


class _OldPaths(importlib.abc.MetaPathFinder):
    """Finds the old paths of :data:`MOVED`."""

    def find_spec(
        self, fullname: str, path: Optional[Sequence[str]], target: Optional[ModuleType] = None
    ) -> Optional[importlib.machinery.ModuleSpec]:
        new = new_path(fullname)
        return None if new is None else importlib.util.spec_from_loader(fullname, _Alias(new))


def install() -> None:
    """Serve the old paths (once; :mod:`rouge_core` calls it)."""
    if not any(isinstance(f, _OldPaths) for f in sys.meta_path):
        sys.meta_path.insert(0, _OldPaths())


def old_attribute(package: str, name: str) -> object:
    """A name of the old module that the package ``package`` replaced, looked up for the package's
    ``__getattr__``, with a ``DeprecationWarning``; its submodules and dunder names are not served.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from rouge_core.stats import perl_interval
    >>> perl_interval.__module__
    'rouge_core.stats.bootstrap'
    """
    holder = OLD_CONTENTS[package]
    module = sys.modules[package]
    submodules = {m.name for m in pkgutil.iter_modules(getattr(module, "__path__", []))}
    if name.startswith("__") or name in submodules:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(holder), name, None)
    if value is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    _warn(f"{package}.{name}", f"{holder}.{name}")
    return value
