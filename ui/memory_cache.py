"""A least-recently-used cache bounded by an estimate of the bytes its entries hold.

``st.cache_resource(max_entries=64)`` bounds the *number* of reports, not their size: one
user editing a long text could pin gigabytes for every session (a 2,000-word pair's report
holds about 40 MB of explanations). This cache evicts by estimated size instead; it is
shared by all sessions and thread-safe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

from rouge_core import Report
from rouge_core.explain import GramExplanation, LcsExplanation

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
    """An upper estimate of the memory a report holds (tokens and explanations).

    Calibrated with tracemalloc on news-like pairs of 300 to 2,000 words, skip-bigram
    lists and one-word lines: the estimate is 1.0 to 1.7 times the measured size.
    """
    sides = (report.candidate, *report.references)
    total = sum(300 * len(a.tokens) + 2 * len(a.text) for a in sides)
    for m in report.measures.values():
        for rr in m.per_reference:
            e = rr.explanation
            if isinstance(e, GramExplanation):
                total += sum(200 + 90 * (len(g.candidate_positions) + len(g.reference_positions)) for g in e.grams)
            elif isinstance(e, LcsExplanation):
                total += 120 * len(e.marks) + 100 * len(e.runs)
                for p in e.pairs:
                    total += 150 + 72 * len(p.marks) + 72 * len(p.path or ())
                    if p.table is not None:
                        total += sum(32 * len(row) + 60 for row in p.table)
    return total
