"""rouge_core: every ROUGE measure, exactly as ROUGE-1.5.5, rouge-score or Lin (2004) define it,
with an explanation of every number.

>>> from rouge_core import RougeConfig, evaluate
>>> report = evaluate("police kill the gunman", "police killed the gunman", RougeConfig())
>>> report.measures["ROUGE-L"].score.recall
0.75

Every public name is imported on first use (a module ``__getattr__``), so ``import rouge_core``, and
the command line's ``--version`` or ``-h``, load neither numpy nor the scoring modules.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from . import old_paths

if TYPE_CHECKING:  # what the names are, for type checkers; at run time they load on first use
    from .batch.corpus import CorpusReport, evaluate_corpus, summarize_batch
    from .batch.score import BatchResult, MeasureColumns, PairError, score_batch
    from .config import PROFILES, TOKENIZERS, UNLIMITED, MultiRefMode, ProfileName, RougeConfig, TokenizerName
    from .evaluate import MeasureResult, ReferenceResult, Report, evaluate, score
    from .kernels.backend import Backend, backend
    from .measures.scoring import Counts, Score
    from .text.sentences import split_sentences
    from .text.tokenize import Analysis, Dropped, Token, analyze

old_paths.install()  # the 1.0 module paths, for one release

__version__ = "1.0.0"

#: Public name -> the module that defines it (imported when the name is first read).
_HOMES = {
    **dict.fromkeys(("CorpusReport", "evaluate_corpus", "summarize_batch"), "batch.corpus"),
    **dict.fromkeys(("BatchResult", "MeasureColumns", "PairError", "score_batch"), "batch.score"),
    **dict.fromkeys(
        ("PROFILES", "TOKENIZERS", "UNLIMITED", "MultiRefMode", "ProfileName", "RougeConfig", "TokenizerName"),
        "config",
    ),
    **dict.fromkeys(("MeasureResult", "ReferenceResult", "Report", "evaluate", "score"), "evaluate"),
    **dict.fromkeys(("Backend", "backend"), "kernels.backend"),
    **dict.fromkeys(("Counts", "Score"), "measures.scoring"),
    "split_sentences": "text.sentences",
    **dict.fromkeys(("Analysis", "Dropped", "Token", "analyze"), "text.tokenize"),
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is read (then kept here).

    >>> import rouge_core
    >>> rouge_core.score_batch.__module__
    'rouge_core.batch.score'
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value  # the next read is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


class _Package(ModuleType):
    """This package's module type: importing the submodule ``rouge_core.evaluate`` binds it under its
    name here, where ``rouge_core.evaluate`` is the function (as when every name was imported eagerly)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _HOMES and isinstance(value, ModuleType):
            value = __getattr__(name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


__all__ = [
    "PROFILES",
    "TOKENIZERS",
    "ProfileName",
    "TokenizerName",
    "MultiRefMode",
    "UNLIMITED",
    "RougeConfig",
    "MeasureResult",
    "ReferenceResult",
    "Report",
    "evaluate",
    "score",
    "CorpusReport",
    "evaluate_corpus",
    "score_batch",
    "BatchResult",
    "MeasureColumns",
    "PairError",
    "summarize_batch",
    "Counts",
    "Score",
    "Analysis",
    "Dropped",
    "Token",
    "analyze",
    "split_sentences",
    "Backend",
    "backend",
    "__version__",
]
