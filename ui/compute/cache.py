"""A least-recently-used cache bounded by an estimate of the bytes its entries hold.

``st.cache_resource(max_entries=64)`` bounds the *number* of reports, not their size: one
user editing a long text could pin gigabytes for every session (a 2,000-word pair's report
holds about 16 MB of explanations once its views have listed every gram and sentence pair).
This cache evicts by estimated size instead; it is shared by all sessions and thread-safe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Hashable, Optional, TypeVar

from rouge_core import Report
from rouge_core.measures.explain import GramExplanation, LcsExplanation
from rouge_core.measures.skipbigram import pair_total

V = TypeVar("V")

#: Estimated bytes all cached reports may hold together.
REPORT_CACHE_BYTES = 256 * 2**20


class MemoryLRU(Generic[V]):
    """Values by key, oldest evicted first once their estimated sizes pass ``budget`` bytes.

    >>> c = MemoryLRU(budget=10, size=len)
    >>> c.get_or_compute("a", lambda: "xxxxxx"), c.get_or_compute("b", lambda: "yyyyyy")
    ('xxxxxx', 'yyyyyy')
    >>> list(c.keys())  # "a" was evicted: 6 + 6 > 10
    ['b']
    """

    def __init__(self, budget: int, size: Callable[[V], int]) -> None:
        self.budget = budget
        self._size = size
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.used = 0

    def keys(self) -> list[Hashable]:
        with self._lock:
            return list(self._items)

    def get_or_compute(self, key: Hashable, compute: Callable[[], V]) -> V:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key][0]
        value = compute()  # outside the lock: other sessions go on meanwhile
        size = self._size(value)
        with self._lock:
            if key not in self._items:
                self._items[key] = (value, size)
                self.used += size
            while self.used > self.budget and len(self._items) > 1:
                _, (_, dropped) = self._items.popitem(last=False)
                self.used -= dropped
        return value


def report_bytes(report: Report) -> int:
    """An upper estimate of the memory a report holds (tokens and explanations), once its views
    have read the listings an explanation computes on first access (grams with positions, sentence
    pairs), without computing them.

    Calibrated with tracemalloc on news-like pairs of 300 to 2,000 words, skip-bigram
    lists and one-word lines: the estimate is 1.0 to 1.7 times the measured size.
    """
    sides = (report.candidate, *report.references)
    total = sum(300 * len(a.tokens) + 2 * len(a.text) for a in sides)
    cand_sentences = len(report.candidate.sentences)
    listed: set[tuple[int, Optional[int]]] = set()  # skip-bigram listings shared by ROUGE-S and SU
    for m in report.measures.values():
        for ref, rr in zip(report.references, m.per_reference):
            e = rr.explanation
            if isinstance(e, GramExplanation):
                total += _grams_bytes(e, listed)
            elif isinstance(e, LcsExplanation):
                total += 120 * len(e.marks) + 100 * len(e.runs)
                if "pairs" in e.__dict__ or e.flat_pair is not None:  # listed: count what is there
                    total += sum(150 + 72 * len(p.marks) for p in e.pairs)
                else:  # at most every sentence pair, with a few marks each
                    total += 400 * len(ref.sentences) * cand_sentences
    return total


def _grams_bytes(e: GramExplanation, listed: set[tuple[int, Optional[int]]]) -> int:
    """About 400 bytes a listed n-gram position (a gram each, at worst) and 230 a skip-bigram position;
    a pair's skip-bigrams at one distance are listed once for ROUGE-S and ROUGE-SU."""
    positions = e.candidate_total + e.reference_total
    if e.kind != "skip":
        return 400 * positions
    d = -1 if e.skip_distance is None else e.skip_distance
    pairs = pair_total(len(e.keys.candidate), d) + pair_total(len(e.keys.reference), d)
    shared = (id(e.keys), d)
    size = 400 * (positions - pairs)  # SU's unigrams
    if shared not in listed:
        listed.add(shared)
        size += 230 * pairs
    return size
