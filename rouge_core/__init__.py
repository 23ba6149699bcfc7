"""rouge_core: every ROUGE measure, exactly as ROUGE-1.5.5, rouge-score or Lin (2004) define it,
with an explanation of every number.

>>> from rouge_core import RougeConfig, evaluate
>>> report = evaluate("police kill the gunman", "police killed the gunman", RougeConfig())
>>> report.measures["ROUGE-L"].score.recall
0.75
"""

from . import old_paths
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
