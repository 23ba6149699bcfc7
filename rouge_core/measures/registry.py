"""The measure registry: which measures a config asks for, and how each profile computes them.

Every measure is a :class:`MeasureSpec` with one ``compute`` function used by
both the explanation path and the counts-only path: the counts come from the same
counting function either way, and ``explain=True`` only attaches an explanation
(whose long listings are computed when a view asks for them), so a score and its
explanation cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable, Optional, Protocol, Sequence

from ..config import RougeConfig
from ..profiles import PROFILE_RECORDS, LcsMode
from .explain import Explanation, PairKeys
from .ngrams import count_ngrams
from .scoring import Counts, selection, wlcs_inverse
from .skipbigram import count_skip_bigrams
from .summary_lcs import lcs_measure

Keys = Sequence[str]
Sents = Sequence[Sequence[str]]
#: (counts, per-reference selection value, explanation or None)
Computed = tuple[Counts, float, Optional[Explanation]]


class Compute(Protocol):
    """``compute(cand_keys, cand_sentences, ref_keys, ref_sentences, explain, keys=None)``.

    ``keys``: the pair's :class:`PairKeys` (the same for all measures of one candidate and
    reference), which gram explanations list from and share listings through.
    """

    def __call__(
        self, ck: Keys, cs: Sents, rk: Keys, rs: Sents, explain: bool, keys: Optional[PairKeys] = None
    ) -> Computed: ...


class Family(str, Enum):
    """A measure family (a ``str``: ``Family.W == "W"``, and it prints as its value)."""

    N = "N"  # ROUGE-n
    L = "L"  # summary-level ROUGE-L (union LCS over sentences)
    LFLAT = "Lflat"  # one LCS over the whole text (rouge-score's rougeL)
    W = "W"  # weighted LCS
    S = "S"  # skip-bigrams
    SU = "SU"  # skip-bigrams plus unigrams

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


@dataclass(frozen=True)
class MeasureSpec:
    """One measure under one config.

    ``compute(cand_keys, cand_sentences, ref_keys, ref_sentences, explain, keys=None)``
    returns (counts, per-reference selection value, explanation or None).
    ``inverse`` maps count ratios to scores (f^-1 for ROUGE-W).
    """

    label: str
    family: Family
    compute: Compute
    inverse: Optional[Callable[[float], float]] = None
    notes: tuple[str, ...] = ()


def display_name(label: str, profile: str) -> str:
    """The name a profile's users know a measure by.

    >>> display_name("ROUGE-2", "rouge-score"), display_name("ROUGE-L", "rouge-score")
    ('rouge2', 'rougeLsum')
    """
    record = PROFILE_RECORDS[profile]
    if label in record.names:
        return record.names[label]
    if record.numbered_names and label[6:].isdigit():
        return record.numbered_names + label[6:]
    return label


def _missing(config: RougeConfig, family: str, what: str) -> tuple[str, ...]:
    if family not in config.behaviour.missing_families:
        return ()
    return (f"{config.profile} has no {what}: computed with Lin (2004)'s definition on {config.profile} tokens",)


def _ngram(n: int, rounded: bool) -> Compute:
    def compute(ck: Keys, cs: Sents, rk: Keys, rs: Sents, explain: bool, keys: Optional[PairKeys] = None) -> Computed:
        counts, e = count_ngrams(ck, rk, n, explain, keys)
        return counts, _select(counts, rounded), e

    return compute


def _skip(distance: int, su: bool, su_last: bool, rounded: bool) -> Compute:
    def compute(ck: Keys, cs: Sents, rk: Keys, rs: Sents, explain: bool, keys: Optional[PairKeys] = None) -> Computed:
        counts, e = count_skip_bigrams(ck, rk, distance, su, su_last, explain, keys)
        return counts, _select(counts, rounded), e

    return compute


def _lcs(mode: LcsMode, weight: float = 1.0, double_weight: bool = True) -> Compute:
    def compute(ck: Keys, cs: Sents, rk: Keys, rs: Sents, explain: bool, keys: Optional[PairKeys] = None) -> Computed:
        counts, select, e = lcs_measure(
            rs, cs, mode, weight, explain, budget_keys=(rk, ck), double_weight=double_weight
        )
        if mode in (LcsMode.UNION, LcsMode.WLCS_UNION):
            # ROUGE-1.5.5 divides precision by the tokens of the joined candidate text
            # (different from the sentence list only under a byte limit).
            peer = float(len(ck)) ** weight if mode == LcsMode.WLCS_UNION else len(ck)
            counts = Counts(counts.hit, counts.model, peer)
        return counts, select, e

    return compute


def _select(counts: Counts, rounded: bool) -> float:
    return selection(counts.hit, counts.model, rounded)


def measure_specs(config: RougeConfig) -> list[MeasureSpec]:
    """The measures of a config, in ROUGE-1.5.5's print order.

    >>> [m.label for m in measure_specs(RougeConfig(max_n=2, skip_distance=-1))]
    ['ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'ROUGE-W-1.2', 'ROUGE-S*', 'ROUGE-SU*']
    """
    b = config.behaviour
    labels = iter(config.measure_labels())
    specs: list[MeasureSpec] = []
    for n in range(1, (config.max_n or 0) + 1):
        specs.append(MeasureSpec(next(labels), Family.N, _ngram(n, b.rounding)))
    if config.rouge_l:
        mode = LcsMode.UNION if b.union_budget else LcsMode.UNION_UNCLIPPED
        specs.append(MeasureSpec(next(labels), Family.L, _lcs(mode)))
    if config.flat_lcs:
        specs.append(MeasureSpec(next(labels), Family.LFLAT, _lcs(LcsMode.FLAT)))
    if config.wlcs_weight is not None:
        w = config.wlcs_weight

        def inverse(x: float) -> float:
            return wlcs_inverse(x, w)

        specs.append(
            MeasureSpec(
                next(labels),
                Family.W,
                _lcs(LcsMode.WLCS_UNION if b.wlcs_runs else LcsMode.WLCS_FLAT, w, b.wlcs_double_weight),
                inverse=inverse,
                notes=_missing(config, "W", "ROUGE-W"),
            )
        )
    if config.skip_distance is not None:
        d = config.skip_distance
        if config.rouge_s:
            specs.append(
                MeasureSpec(
                    next(labels),
                    Family.S,
                    _skip(d, False, b.su_last_unigram, b.rounding),
                    notes=_missing(config, "S", "ROUGE-S"),
                )
            )
        if config.rouge_su:
            specs.append(
                MeasureSpec(
                    next(labels),
                    Family.SU,
                    _skip(d, True, b.su_last_unigram, b.rounding),
                    notes=_missing(config, "SU", "ROUGE-SU"),
                )
            )
    return specs
