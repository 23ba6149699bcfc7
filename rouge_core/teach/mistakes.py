"""Deliberately WRONG ROUGE code, kept for teaching. Never use it to score anything.

Each function below reproduces, on purpose, a mistake found in tutorials and
blog posts about ROUGE (one widely copied tutorial makes the first three). The
Common mistakes page runs each one next to the correct value from
:func:`rouge_core.evaluate` on an input where the two differ. Nothing else in
``rouge_core`` imports this module.

>>> lcs_guarded("police kill the gunman".split(), "police killed the gunman".split())
2
>>> skip_recall_over_m(3, 4), 3 / 6  # paper's S2 vs S1: SKIP2 = 3, m = 4, C(4, 2) = 6
(0.75, 0.5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ..config import RougeConfig
from ..evaluate import Report, evaluate
from ..measures.lcs import lcs


def lcs_tutorial(x: Sequence[str], y: Sequence[str]) -> int:
    """WRONG ON PURPOSE: the tutorial's LCS, indexing ``x[i]`` and ``y[j]`` instead of ``x[i-1]``, ``y[j-1]``.

    With 1-based loops the comparison reads one word ahead and then past the end:
    Python raises ``IndexError`` on every non-empty input.

    >>> lcs_tutorial(["a"], ["a"])
    Traceback (most recent call last):
    ...
    IndexError: list index out of range
    """
    x, y = list(x), list(y)
    m, n = len(x), len(y)
    dp = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if x[i] == y[j]:  # the mistake: should be x[i - 1] == y[j - 1]
                dp[i][j] = dp[i - 1][j - 1] + 1
            else:
                dp[i][j] = max(dp[i - 1][j], dp[i][j - 1])
    return dp[m][n]


def lcs_guarded(x: Sequence[str], y: Sequence[str]) -> int:
    """WRONG ON PURPOSE: the same code with the bounds check people add to silence the ``IndexError``.

    It no longer crashes, but row i compares word i+1: the first word of each text
    is never matched, so the result is the LCS of ``x[1:]`` and ``y[1:]``.

    >>> lcs_guarded(["a", "b"], ["a", "b"]), lcs_guarded(["b", "a"], ["a", "a"])
    (1, 1)
    """
    m, n = len(x), len(y)
    dp = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if i < m and j < n and x[i] == y[j]:  # still reads one word ahead
                dp[i][j] = dp[i - 1][j - 1] + 1
            else:
                dp[i][j] = max(dp[i - 1][j], dp[i][j - 1])
    return dp[m][n]


def skip_recall_over_m(skip_hits: float, m: int) -> float:
    """WRONG ON PURPOSE: skip-bigram recall divided by the reference length m instead of C(m, 2).

    >>> skip_recall_over_m(6, 4)  # identical 4-word texts: 6 skip-bigrams / 4 words
    1.5
    """
    return skip_hits / m if m else 0.0


def best_sentence_lcs(reference: Sequence[Sequence[str]], candidate: Sequence[Sequence[str]]) -> int:
    """WRONG ON PURPOSE: summary-level LCS hits as the sum over reference sentences of the best
    *single* candidate sentence's LCS, instead of the union LCS with all candidate sentences.

    >>> ref = [["w1", "w2", "w3", "w4", "w5"]]
    >>> best_sentence_lcs(ref, [["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]])
    3
    """
    return sum(max((len(lcs(r, c).marks) for c in candidate), default=0) for r in reference)


def evaluate_swapped(candidate: str, reference: str, config: RougeConfig) -> Report:
    """WRONG ON PURPOSE: the candidate and the reference passed in each other's place, as when
    rouge-score's ``scorer.score(target, prediction)`` is called as ``score(prediction, target)``."""
    return evaluate(reference, [candidate], config)


# -- the page's registry: each mistake with a counter-example ------------------------


@dataclass(frozen=True)
class Quantity:
    """One number computed both ways (``mistaken`` is None when the wrong code crashes)."""

    name: str
    correct: float
    mistaken: Optional[float]
    count: bool = False  # a count of matches, not a score


@dataclass(frozen=True)
class Outcome:
    measure: str
    quantities: tuple[Quantity, ...]
    error: Optional[str] = None  # what the wrong code raised, if it did
    note: str = ""


@dataclass(frozen=True)
class Mistake:
    id: str
    tab: str  # a short name
    title: str
    explanation: str
    wrong: str  # the wrong line(s) of code
    right: str
    candidate: str  # the counter-example
    reference: str
    run: Callable[[str, str, RougeConfig], Outcome]


MISTAKES: dict[str, Mistake] = {}


def _register(m: Mistake) -> None:
    MISTAKES[m.id] = m


def _lcs_index(cand: str, ref: str, config: RougeConfig) -> Outcome:
    cfg = config.with_(flat_lcs=True)
    rep = evaluate(cand, [ref], cfg)
    m = rep.measures["ROUGE-Lflat"]
    x, y = rep.references[0].keys, rep.candidate.keys
    error = None
    try:
        lcs_tutorial(x, y)
    except IndexError as exc:
        error = f"IndexError: {exc}"
    hits = lcs_guarded(x, y)
    r = hits / len(x) if x else 0.0
    p = hits / len(y) if y else 0.0
    correct_hits = float(m.counts.hit if m.counts else 0)
    return Outcome(
        "ROUGE-Lflat",
        (
            Quantity("LCS length", correct_hits, float(hits), True),
            Quantity("recall", m.score.recall, r),
            Quantity("precision", m.score.precision, p),
        ),
        error,
        "The code as written crashes; the mistaken values come from the version with a bounds check." if error else "",
    )


def _skip_over_m(cand: str, ref: str, config: RougeConfig) -> Outcome:
    cfg = config.with_(skip_distance=-1, rouge_s=True)
    rep = evaluate(cand, [ref], cfg)
    m = rep.measures["ROUGE-S*"]
    hits = m.counts.hit if m.counts else 0
    return Outcome(
        "ROUGE-S*",
        (
            Quantity("skip-bigram hits", float(hits), float(hits), True),
            Quantity("recall", m.score.recall, skip_recall_over_m(hits, len(rep.references[0].keys))),
            Quantity("precision", m.score.precision, skip_recall_over_m(hits, len(rep.candidate.keys))),
        ),
        note="A text of m words has C(m, 2) = m(m-1)/2 skip-bigrams, not m; divided by m, the 'recall' can exceed 1.",
    )


def _best_sentence(cand: str, ref: str, config: RougeConfig) -> Outcome:
    cfg = config.with_(rouge_l=True)
    rep = evaluate(cand, [ref], cfg)
    m = rep.measures["ROUGE-L"]
    hits = best_sentence_lcs(rep.references[0].sentence_keys, rep.candidate.sentence_keys)
    mref, mcand = len(rep.references[0].keys), len(rep.candidate.keys)
    correct_hits = float(m.counts.hit if m.counts else 0)
    return Outcome(
        "ROUGE-L",
        (
            Quantity("LCS hits", correct_hits, float(hits), True),
            Quantity("recall", m.score.recall, hits / mref if mref else 0.0),
            Quantity("precision", m.score.precision, hits / mcand if mcand else 0.0),
        ),
    )


def _swapped(cand: str, ref: str, config: RougeConfig) -> Outcome:
    cfg = config.with_(max_n=config.max_n or 1)
    right = evaluate(cand, [ref], cfg).measures["ROUGE-1"].score
    wrong = evaluate_swapped(cand, ref, cfg).measures["ROUGE-1"].score
    return Outcome(
        "ROUGE-1",
        (
            Quantity("precision", right.precision, wrong.precision),
            Quantity("recall", right.recall, wrong.recall),
            Quantity("F", right.fmeasure, wrong.fmeasure),
        ),
        note="F with alpha = 0.5 is symmetric, so only P, R (and F with another alpha) show the mistake.",
    )


_register(
    Mistake(
        "lcs-index",
        "x[i] instead of x[i-1]",
        "LCS code that indexes x[i] instead of x[i-1]",
        "The DP table has one extra row and column, so cell (i, j) belongs to the words x[i-1] and y[j-1]; "
        "comparing x[i] and y[j] reads one word ahead, crashes at the end, and once 'fixed' with a bounds "
        "check never matches the first words.",
        "if x[i] == y[j]:\n    dp[i][j] = dp[i - 1][j - 1] + 1",
        "if x[i - 1] == y[j - 1]:\n    dp[i][j] = dp[i - 1][j - 1] + 1",
        "police kill the gunman",
        "police killed the gunman",
        _lcs_index,
    )
)
_register(
    Mistake(
        "skip-over-m",
        "ROUGE-S recall over m",
        "Skip-bigram recall divided by m instead of C(m, 2)",
        "ROUGE-S counts word pairs, so recall divides the matched pairs by the reference's number of pairs "
        "C(m, 2) = m(m-1)/2 (Lin 2004, eq. 16), not by its number of words m.",
        "R = skip2(X, Y) / m",
        "R = skip2(X, Y) / comb(m, 2)",
        "police kill the gunman",
        "police killed the gunman",
        _skip_over_m,
    )
)
_register(
    Mistake(
        "best-sentence-lcs",
        "best sentence, not union",
        "Summary-level ROUGE-L with the best sentence LCS instead of the union LCS",
        "Lin (2004, eq. 5) credits each reference sentence with the union of its LCS with every candidate "
        "sentence; taking only the best single candidate sentence misses words matched by the others.",
        "hits = sum(max(lcs(r, c) for c in cand_sents) for r in ref_sents)",
        "hits = sum(len(union_lcs(r, cand_sents)) for r in ref_sents)",
        "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5",
        "w1 w2 w3 w4 w5",
        _best_sentence,
    )
)
_register(
    Mistake(
        "swapped-order",
        "arguments swapped",
        "Candidate and reference passed in the wrong order",
        "rouge-score's scorer.score(target, prediction) takes the reference first; calling "
        "score(prediction, target) swaps what is divided by what, so precision and recall trade places.",
        "scorer.score(prediction, target)",
        "scorer.score(target, prediction)",
        "police killed the gunman near the old station yesterday",
        "police killed the gunman",
        _swapped,
    )
)
