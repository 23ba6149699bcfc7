"""What does ROUGE miss? Perturbed candidates (shuffled, negated, repeated ...) and every measure's
score on them, for a pair or over a sample of a corpus (issue 20, point 3).

>>> from rouge_core import RougeConfig
>>> b = pair_blind_spots(["The police killed the gunman."], [["Police killed the gunman."]], RougeConfig(max_n=1))
>>> [(r.perturbation.name, r.scores["ROUGE-1"].recall if r.scores else None) for r in b.rows][:3]
[('shuffle_words', 1.0), ('reorder_sentences', None), ('negate', 1.0)]
"""

from .measured import (
    SHARE,
    TOLERANCE,
    CorpusBlindSpots,
    CorpusRow,
    PairBlindSpots,
    Row,
    Statistic,
    Verdict,
    corpus_blind_spots,
    is_fooled,
    moved,
    pair_blind_spots,
    sample_documents,
    scores_of,
    verdict,
)
from .perturb import NotApplicable
from .registry import PERTURBATIONS, Perturbation, Perturbed, perturb, perturb_all
from .synonyms import synonym_table

__all__ = [
    "PERTURBATIONS",
    "Perturbation",
    "Perturbed",
    "NotApplicable",
    "perturb",
    "perturb_all",
    "synonym_table",
    "TOLERANCE",
    "SHARE",
    "moved",
    "Statistic",
    "Verdict",
    "verdict",
    "Row",
    "PairBlindSpots",
    "CorpusRow",
    "CorpusBlindSpots",
    "is_fooled",
    "scores_of",
    "pair_blind_spots",
    "sample_documents",
    "corpus_blind_spots",
]
