"""Frozen explanations: what matched where, with the counts every score is computed from.

Positions are token indices into :attr:`Analysis.tokens` (n-grams, skip-bigrams)
or ``(sentence, position)`` pairs into :attr:`Analysis.sentences` (LCS, WLCS);
the analyses carry the character offsets.

The counts come with the explanation, from the counting function the counts-only path
runs; the long listings (every gram with its positions, every sentence pair's LCS) are
computed on first access, from the keys the explanation keeps a reference to, and then
kept. They pickle as plain tuples.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Hashable, Optional, Sequence, TypeAlias, Union


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
class PairKeys:
    """The keys of one (candidate, reference) pair, which gram explanations list their grams from.

    One is shared by all explanations of a pair (:func:`rouge_core.evaluate` makes one per pair);
    ``listings`` keeps what several of them list alike (the skip-bigrams of ROUGE-S and ROUGE-SU
    at one distance), so it is listed once.
    """

    candidate: Sequence[str]
    reference: Sequence[str]
    listings: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class GramExplanation:
    """ROUGE-N (positions are n token indices) or ROUGE-S/SU (two indices; one for SU unigrams).

    ``hit`` and the totals are the counts of the score. ``grams`` lists every distinct gram of
    either side (first seen in the candidate, then in the reference) with its positions; it is
    computed from ``keys`` on first access.
    """

    kind: str  # "ngram", "skip"
    n: int  # n-gram order; 2 for skip-bigrams
    hit: int
    candidate_total: int
    reference_total: int
    keys: PairKeys = field(repr=False)
    skip_distance: Optional[int] = None
    su: bool = False  # skip-bigrams plus unigrams
    su_last: bool = True  # SU counts each side's last token (ROUGE-1.5.5 does not)

    @cached_property
    def grams(self) -> tuple[GramMatch, ...]:
        # Imported here: the families' modules import this one.
        if self.kind == "ngram":
            from .ngrams import ngram_grams

            return ngram_grams(self.keys.candidate, self.keys.reference, self.n)
        from .skipbigram import skip_grams

        return skip_grams(self.keys, -1 if self.skip_distance is None else self.skip_distance, self.su, self.su_last)


@dataclass(frozen=True)
class SentencePair:
    """The LCS (or WLCS) of one reference sentence and one candidate sentence.

    ``marks`` are (reference position, candidate position) pairs of the traceback;
    ``value`` is the table's last cell. ``table``/``path`` are None from the core; a view
    asks :func:`rouge_core.measures.lcs_pairs.pair_table` for those of the one pair it draws.
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
class WordBudget:
    """One word of the union LCS and its hit budget (ROUGE-1.5.5's union rule).

    ``marks``: the word's union marks; ``reference_count``/``candidate_count``: the copies each
    joined text holds; ``credited``: the marks credited. With the budget (kinds ``union`` and
    ``wlcs-union``) credited = min(marks, :attr:`budget`); the paper's ``union-unclipped``
    credits every mark.

    >>> WordBudget("the", marks=2, reference_count=2, candidate_count=1, credited=1).budget
    1
    """

    key: str
    marks: int
    reference_count: int
    candidate_count: int
    credited: int

    @property
    def budget(self) -> int:
        """How many times the word may be credited: min(reference copies, candidate copies)."""
        return min(self.reference_count, self.candidate_count)


@dataclass(frozen=True)
class Run:
    """A run of consecutive matches, weighted f(k) = k^w (``weight``, from
    :func:`rouge_core.measures.lcs.weights`, the values the score sums): credited union marks
    (ROUGE-W of ROUGE-1.5.5) or the marks of one alignment (``reference_sentence`` -1 for the
    whole texts)."""

    reference_sentence: int
    start: int
    length: int
    weight: float


@dataclass(frozen=True)
class SentenceKeys:
    """The sentences (of keys) whose pairs an :class:`LcsExplanation` lists on first access."""

    reference: Sequence[Sequence[str]]
    candidate: Sequence[Sequence[str]]


@dataclass(frozen=True)
class LcsExplanation:
    """ROUGE-L / ROUGE-W for one reference: union marks, runs, totals and sentence pairs.

    ``hit`` is the number of credited union marks (L), the sum of the run weights
    (ROUGE-W of rouge155) or the whole-text LCS/WLCS value (flat variants).
    ``pairs``: every (reference sentence, candidate sentence) pair sharing a token with
    its LCS (WLCS with ``weight`` != 1), computed from ``sentences`` on first access; the
    flat variants have the one pair of the whole texts (sentences -1, -1).
    ``budgets``: the union kinds' words with their hit budgets (first marked first), counted
    by the code that credits the marks; empty for the flat kinds.
    """

    kind: str  # "union", "union-unclipped", "flat", "wlcs-union", "wlcs-flat"
    weight: float
    marks: tuple[UnionMark, ...]
    runs: tuple[Run, ...]
    hit: float
    reference_total: float
    candidate_total: float
    notes: tuple[str, ...] = ()
    sentences: Optional[SentenceKeys] = field(default=None, repr=False)
    flat_pair: Optional[SentencePair] = field(default=None, repr=False)
    #: ROUGE-W over sentences: sum_i |M_i|^w, the recall base before ROUGE-1.5.5 weights it again
    #: (``reference_total`` is then its f); None for the other kinds.
    recall_base: Optional[float] = None
    budgets: tuple[WordBudget, ...] = ()

    @cached_property
    def pairs(self) -> tuple[SentencePair, ...]:
        if self.flat_pair is not None:
            return (self.flat_pair,)
        if self.sentences is None:
            return ()
        from .summary_lcs import sentence_pairs  # imported here: summary_lcs imports this module

        return sentence_pairs(self.sentences.reference, self.sentences.candidate, self.weight)


#: One measure's explanation against one reference: the n-grams / skip-bigrams with their
#: positions (ROUGE-N, S, SU) or the LCS marks and runs (ROUGE-L, W).
Explanation: TypeAlias = Union[GramExplanation, LcsExplanation]
