"""ROUGE-1.5.5's hit budget of the union LCS: a union mark is credited while both texts still hold a
copy of its word, so a word is credited at most min(reference copies, candidate copies) times.

:func:`budget_counts` gives the copies the crediting of :mod:`rouge_core.measures.summary_lcs`
starts from (the compiled kernels count the same keys), and :func:`word_budgets` lists them per
word beside the marks and credits, for an explanation (:attr:`LcsExplanation.budgets`) or a
walk-through's credit steps.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from .explain import WordBudget

#: (reference keys, candidate keys) of the joined texts, whose unigram counts are the budgets.
BudgetKeys = tuple[Sequence[str], Sequence[str]]


def budget_counts(budget_keys: BudgetKeys) -> tuple[Counter[str], Counter[str]]:
    """The copies of each word in (reference, candidate): the budgets the crediting spends.

    >>> budget_counts((["the", "cat", "the"], ["the"]))
    (Counter({'the': 2, 'cat': 1}), Counter({'the': 1}))
    """
    return Counter(budget_keys[0]), Counter(budget_keys[1])


def word_budgets(marks: Iterable[tuple[str, bool]], budget_keys: BudgetKeys) -> tuple[WordBudget, ...]:
    """One :class:`WordBudget` per word of the union marks (first marked first).

    ``marks`` are (word, credited) of the union marks in crediting order; the copies are
    :func:`budget_counts` of ``budget_keys``.

    >>> [(b.key, b.marks, b.reference_count, b.candidate_count, b.budget, b.credited)
    ...  for b in word_budgets([("the", True), ("cat", True), ("the", False)],
    ...                        ("the cat sat the dog".split(), ["the", "cat"]))]
    [('the', 2, 2, 1, 1, 1), ('cat', 1, 1, 1, 1, 1)]
    """
    reference, candidate = budget_counts(budget_keys)
    in_union: Counter[str] = Counter()
    credited: Counter[str] = Counter()
    for key, ok in marks:
        in_union[key] += 1
        credited[key] += ok
    # Counter keeps first-insertion order: the words in the order they were first marked.
    return tuple(WordBudget(k, n, reference[k], candidate[k], credited[k]) for k, n in in_union.items())
