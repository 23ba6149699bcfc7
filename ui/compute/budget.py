"""How large an input each page serves interactively, checked before anything is computed.

Characters say little about cost: summary-level ROUGE-L compares every reference token with
every candidate token (cells), the views list one record per sentence pair, and
some views walk a table cell by cell in Python. So each page states a budget in tokens a
summary, LCS cells (reference tokens x candidate tokens, over all references) and sentence
pairs, and refuses a larger input with a message that names the numbers, keeping the text
(the user can cut it, or score it with the command line, which has no such limit).

The limits were chosen from measurements on this project's 2-core machine (benchmarks/README.md,
"Pages on the largest input"): within them a page's compute stays around 3 s or less.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rouge_core import RougeConfig
from rouge_core.text.tokenize import analyze_keys


@dataclass(frozen=True)
class Budget:
    """The largest input a page computes on: per summary, and over all reference x candidate."""

    page: str
    max_tokens: int  # tokens in one summary
    max_cells: int  # sum over references of (reference tokens x candidate tokens)
    max_sentence_pairs: int  # sum over references of (reference sentences x candidate sentences)
    max_references: int = 20

    def describe(self) -> str:
        """The budget in one sentence, for the page's caption.

        >>> INSPECT.describe()
        'Inspect serves up to 3,000 words a summary, 20 references and 10,000,000 word pairs in all.'
        """
        return (
            f"{self.page} serves up to {self.max_tokens:,} words a summary, {self.max_references} references "
            f"and {self.max_cells:,} word pairs in all."
        )


INSPECT = Budget("Inspect", 3_000, 10_000_000, 250_000)
DIFFERENCES = Budget("'Why do the numbers differ?'", 700, 500_000, 40_000, max_references=12)
LEARN = Budget("Learn", 1_000, 1_000_000, 10_000, max_references=1)
MISTAKES = Budget("Common mistakes", 300, 90_000, 10_000, max_references=1)


@dataclass(frozen=True)
class Size:
    """Tokens and sentences of a candidate and its references under a config."""

    candidate_tokens: int
    candidate_sentences: int
    reference_tokens: tuple[int, ...]
    reference_sentences: tuple[int, ...]

    @property
    def cells(self) -> int:
        return sum(r * self.candidate_tokens for r in self.reference_tokens)

    @property
    def sentence_pairs(self) -> int:
        return sum(r * self.candidate_sentences for r in self.reference_sentences)


def measure(candidate: str, references: Sequence[str], config: RougeConfig) -> Size:
    """Count tokens and non-empty sentences (the cheap tokenizing pass, no scoring).

    >>> measure("a b\\nc", ["a", "b c d"], RougeConfig())
    Size(candidate_tokens=3, candidate_sentences=2, reference_tokens=(1, 3), reference_sentences=(1, 1))
    """

    def count(text: str) -> tuple[int, int]:
        keys, sentences = analyze_keys(text, config)
        return len(keys), sum(1 for s in sentences if s)

    ct, cs = count(candidate)
    refs = [count(r) for r in references]
    return Size(ct, cs, tuple(t for t, _ in refs), tuple(s for _, s in refs))


def problems(size: Size, budget: Budget) -> list[str]:
    """What makes ``size`` too large for ``budget``, one sentence each (empty: it fits).

    >>> problems(Size(5000, 1, (10,), (1,)), INSPECT)
    ['the candidate has 5,000 words (at most 3,000)']
    """
    out = []
    if size.candidate_tokens > budget.max_tokens:
        out.append(f"the candidate has {size.candidate_tokens:,} words (at most {budget.max_tokens:,})")
    for i, n in enumerate(size.reference_tokens, start=1):
        if n > budget.max_tokens:
            name = "the reference" if len(size.reference_tokens) == 1 else f"reference {i}"
            out.append(f"{name} has {n:,} words (at most {budget.max_tokens:,})")
    if len(size.reference_tokens) > budget.max_references:
        out.append(f"there are {len(size.reference_tokens)} references (at most {budget.max_references})")
    if not out and size.cells > budget.max_cells:
        out.append(f"reference words x candidate words = {size.cells:,} (at most {budget.max_cells:,})")
    if size.sentence_pairs > budget.max_sentence_pairs:
        out.append(
            f"reference sentences x candidate sentences = {size.sentence_pairs:,} "
            f"(at most {budget.max_sentence_pairs:,}; one sentence per line)"
        )
    return out


def too_large_message(found: list[str], budget: Budget) -> str:
    """The message a page shows instead of computing (the texts are kept as typed)."""
    return (
        f"This input is too large for {budget.page} to compute while you wait: {'; '.join(found)}. "
        "Your text is kept: shorten it, or score it with the command line (python -m rouge_core), "
        "which has no such limit."
    )
