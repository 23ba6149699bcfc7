"""Frozen explanations: what matched where, with the counts every score is computed from.

Positions are token indices into :attr:`Analysis.tokens` (n-grams, skip-bigrams)
or ``(sentence, position)`` pairs into :attr:`Analysis.sentences` (LCS, WLCS);
the analyses carry the character offsets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, TypeAlias, Union


@dataclass(frozen=True)
class GramMatch:
    """One distinct n-gram (or skip-bigram / SU unigram) of either side.

    ``credit`` = min(candidate count, reference count): the clipped hits. The first
    ``credit`` occurrences on each side are the ones drawn as matched.
    """

    gram: tuple[str, ...]
    candidate_positions: tuple[tuple[int, ...], ...]
    reference_positions: tuple[tuple[int, ...], ...]

    @property
    def candidate_count(self) -> int:
        return len(self.candidate_positions)

    @property
    def reference_count(self) -> int:
        return len(self.reference_positions)

    @property
    def credit(self) -> int:
        return min(self.candidate_count, self.reference_count)


@dataclass(frozen=True)
class GramExplanation:
    """ROUGE-N (positions are n token indices) or ROUGE-S/SU (two indices; one for SU unigrams)."""

    kind: str  # "ngram", "skip"
    n: int  # n-gram order; 2 for skip-bigrams
    grams: tuple[GramMatch, ...]
    candidate_total: int
    reference_total: int
    skip_distance: Optional[int] = None

    @property
    def hit(self) -> int:
        return sum(g.credit for g in self.grams)


@dataclass(frozen=True)
class SentencePair:
    """The LCS (or WLCS) of one reference sentence and one candidate sentence.

    ``marks`` are (reference position, candidate position) pairs of the traceback;
    ``table``/``path`` are filled only while the table is small enough to show.
    """

    reference_sentence: int
    candidate_sentence: int
    marks: tuple[tuple[int, int], ...]
    value: float
    table: Optional[tuple[tuple[float, ...], ...]] = None
    path: Optional[tuple[tuple[int, int], ...]] = None


@dataclass(frozen=True)
class UnionMark:
    """A reference token in the union LCS of its sentence.

    ``source`` = (candidate sentence, candidate position) of the first candidate
    sentence whose LCS marked it; ``credited`` is False when the hit budget
    (candidate/reference unigram counts) was already spent.
    """

    reference_sentence: int
    position: int
    key: str
    source: tuple[int, int]
    credited: bool


@dataclass(frozen=True)
class Run:
    """A run of consecutive credited union marks (ROUGE-W), weighted f(k) = k^w."""

    reference_sentence: int
    start: int
    length: int
    weight: float


@dataclass(frozen=True)
class LcsExplanation:
    """ROUGE-L / ROUGE-W for one reference: sentence pairs, union marks, runs and totals.

    ``hit`` is the number of credited union marks (L), the sum of the run weights
    (ROUGE-W of rouge155) or the whole-text LCS/WLCS value (flat variants).
    """

    kind: str  # "union", "union-unclipped", "flat", "wlcs-union", "wlcs-flat"
    weight: float
    pairs: tuple[SentencePair, ...]
    marks: tuple[UnionMark, ...]
    runs: tuple[Run, ...]
    hit: float
    reference_total: float
    candidate_total: float
    notes: tuple[str, ...] = ()


#: One measure's explanation against one reference: the n-grams / skip-bigrams with their
#: positions (ROUGE-N, S, SU) or the LCS marks and runs (ROUGE-L, W).
Explanation: TypeAlias = Union[GramExplanation, LcsExplanation]
