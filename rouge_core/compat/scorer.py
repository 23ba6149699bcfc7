"""A drop-in for rouge-score's ``rouge_scorer.RougeScorer``, computed by rouge_core's ``rouge-score`` profile.

Change ``from rouge_score.rouge_scorer import RougeScorer`` to ``from rouge_core.compat import
RougeScorer`` and every number stays the same (rouge-score 0.1.2, float for float; the property
tests compare them). The argument order is rouge-score's: ``score(target, prediction)``, the
reference first.

>>> scorer = RougeScorer(["rouge1", "rougeL"], use_stemmer=True)
>>> scores = scorer.score("The quick brown fox", "the quick fox jumps")
>>> scores["rouge1"]
Score(precision=0.75, recall=0.75, fmeasure=0.75)
>>> p, r, f = scores["rougeL"]
>>> scores["rougeL"][2] == scores["rougeL"].fmeasure == f
True
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Sequence, Union

import numpy as np

from ..batch.score import score_batch
from ..config import RougeConfig
from ..evaluate import score as score_pair
from .names import LABELS, check_rouge_types
from .passes import Targets, plan


class Score(NamedTuple):
    """Precision, recall and F of one measure: rouge-score's ``scoring.Score`` tuple, field for field.

    >>> s = Score(0.5, 1.0, 2 / 3)
    >>> s.fmeasure == s[2], s == (0.5, 1.0, 2 / 3)
    (True, True)
    """

    precision: float
    recall: float
    fmeasure: float


class RougeScorer:
    """rouge-score's ``RougeScorer``: the same arguments, the same results.

    ``rouge_types``: names from ``rouge1`` .. ``rouge9``, ``rougeL`` (one LCS over the whole text)
    and ``rougeLsum`` (the union LCS over sentences, one sentence per line: a text without
    newlines is one sentence, and ``rougeLsum`` then equals ``rougeL``). ``use_stemmer``: NLTK's
    Porter stemmer on words longer than three characters. ``split_summaries``: ``rougeLsum``
    splits with NLTK's punkt (``nltk.sent_tokenize``; its ``punkt_tab`` data must be installed)
    instead of on newlines. ``tokenizer``: an object with ``tokenize(text)`` or a callable
    ``text -> list[str]``; as in rouge-score it replaces the default tokenizer, lowercasing and
    stemming included (``use_stemmer`` is then ignored).

    >>> RougeScorer(["rougeLsum"]).score("a b\\nc d", "c d\\na b")["rougeLsum"].recall
    1.0
    >>> RougeScorer(["rougeL"]).score("a b\\nc d", "c d\\na b")["rougeL"].recall
    0.5
    >>> RougeScorer(["rougeX"])
    Traceback (most recent call last):
    ...
    ValueError: Invalid rouge type: 'rougeX' (allowed: rouge1 .. rouge9, rougeL, rougeLsum)
    """

    def __init__(
        self,
        rouge_types: Sequence[str],
        use_stemmer: bool = False,
        split_summaries: bool = False,
        tokenizer: Optional[Any] = None,
    ) -> None:
        self.rouge_types = list(check_rouge_types(rouge_types))
        self._keys = tuple(dict.fromkeys(self.rouge_types))  # rouge-score's result dict: one key per name
        self._passes = plan(self._keys, use_stemmer, split_summaries, tokenizer)

    @property
    def configs(self) -> tuple[RougeConfig, ...]:
        """The rouge_core configs that compute this scorer's numbers (their ``signature()`` names them):
        one, or two when ``rougeLsum`` needs its own sentences or tokenizer calls.

        >>> [c.signature().split("|")[0] for c in RougeScorer(["rouge2"], use_stemmer=True).configs]
        ['ROUGE-1,ROUGE-2']
        """
        return tuple(p.config for p in self._passes)

    def score(self, target: str, prediction: str) -> dict[str, Score]:
        """Each measure of ``prediction`` against the reference ``target`` (the reference comes first).

        >>> RougeScorer(["rouge1"]).score("police killed the gunman", "police kill the gunman")
        {'rouge1': Score(precision=0.75, recall=0.75, fmeasure=0.75)}
        """
        _check_text(target, "target")
        _check_text(prediction, "prediction")
        return self._pair(prediction, target)

    def score_multi(self, targets: Sequence[str], prediction: str) -> dict[str, Score]:
        """Per measure, the score against the target with the largest F (the first of equals).

        >>> s = RougeScorer(["rouge1", "rouge2"]).score_multi(["a b c", "a c b x"], "a b c x")
        >>> s["rouge1"].recall, s["rouge2"].recall
        (1.0, 1.0)
        """
        _check_targets(targets, "targets")
        _check_text(prediction, "prediction")
        return self._pair(prediction, list(targets))

    def score_batch(
        self, targets: Sequence[Union[str, Sequence[str]]], predictions: Sequence[str]
    ) -> list[dict[str, Score]]:
        """``score`` (a target string) or ``score_multi`` (a list of targets) of every pair, in one
        batch through rouge_core's compiled chunk path: the numbers of a loop, much faster.

        >>> out = RougeScorer(["rouge1"]).score_batch(["a b", ["a", "b c"]], ["a c", "b c"])
        >>> [s["rouge1"].fmeasure for s in out]
        [0.5, 1.0]
        """
        cols = self.columns(targets, predictions)
        per_key = [list(zip(*(c.tolist() for c in cols[k]))) for k in self._keys]
        return [{k: Score(*s) for k, s in zip(self._keys, row)} for row in zip(*per_key)]

    def columns(
        self, targets: Sequence[Union[str, Sequence[str]]], predictions: Sequence[str]
    ) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Per name, (precision, recall, F) arrays over the pairs of :meth:`score_batch` (no per-pair objects).

        >>> p, r, f = RougeScorer(["rouge1"]).columns(["a b", "a b"], ["a", "c"])["rouge1"]
        >>> f.tolist()
        [0.6666666666666666, 0.0]
        """
        if isinstance(targets, str) or not isinstance(targets, Sequence):
            raise ValueError(f"invalid targets: a list of texts (or of lists of texts), not {type(targets).__name__}")
        if isinstance(predictions, str) or not isinstance(predictions, Sequence):
            raise ValueError(f"invalid predictions: a list of texts, not {type(predictions).__name__}")
        if len(targets) != len(predictions):
            raise ValueError(f"{len(predictions)} predictions for {len(targets)} targets: one prediction per target")
        pairs: list[tuple[str, Targets]] = []
        for i, (target, prediction) in enumerate(zip(targets, predictions)):
            _check_text(prediction, f"predictions[{i}]")
            if isinstance(target, str):
                pairs.append((prediction, target))
            else:
                _check_targets(target, f"targets[{i}]")
                pairs.append((prediction, list(target)))
        out: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        for p in self._passes:
            batch = score_batch([p.prepare(pair) for pair in pairs], p.config)
            for k in p.names:
                m = batch.measures[LABELS[k]]
                out[k] = (m.precision, m.recall, m.fmeasure)
        return {k: out[k] for k in self._keys}

    def _pair(self, prediction: str, targets: Targets) -> dict[str, Score]:
        out: dict[str, Score] = {}
        for p in self._passes:
            results = score_pair(*p.prepare((prediction, targets)), p.config)
            for k in p.names:
                s = results[LABELS[k]].score
                out[k] = Score(s.precision, s.recall, s.fmeasure)
        return {k: out[k] for k in self._keys}


def _check_text(text: object, name: str) -> None:
    if not isinstance(text, str):
        raise ValueError(f"invalid {name}: a text (str), not {type(text).__name__}")


def _check_targets(targets: object, name: str) -> None:
    # rouge-score would read a lone string letter by letter, and fail on an empty list (numpy's argmax).
    if isinstance(targets, str) or not isinstance(targets, Sequence):
        raise ValueError(f"invalid {name}: a list of texts, not {type(targets).__name__}")
    if not targets:
        raise ValueError(f"invalid {name}: an empty list (score_multi needs at least one target)")
    for i, t in enumerate(targets):
        _check_text(t, f"{name}[{i}]")
