"""The sentences the Inspect page writes about its input and its numbers: the splitter's line counts,
the texts ROUGE-L reads as one sentence, the words the rouge155 tokenizer loses, and the profile
line above the scores. Plain strings (the page chooses how to show them); nothing here reads a widget."""

from __future__ import annotations

from rouge_core import Report, RougeConfig

from .plural import counted

_PROFILE_TEXT = {
    "rouge155": "ROUGE-1.5.5 (rounded to 5 decimals, as the Perl script prints)",
    "rouge-score": "Google's rouge-score",
    "paper": "Lin (2004) as written",
}


def split_counts(candidate: str, references: list[str]) -> str:
    """How many lines each text has after a proposed split.

    >>> split_counts("a.\\nb.", ["c."])
    'the candidate: 2 lines, reference 1: 1 line'
    """
    return ", ".join(
        [f"the candidate: {counted(len(candidate.splitlines()), 'line')}"]
        + [f"reference {k}: {counted(len(r.splitlines()), 'line')}" for k, r in enumerate(references, 1)]
    )


def one_sentence_warning(names: list[str]) -> str:
    """The warning for texts on one line that read as several sentences (ROUGE-L sees one).

    >>> one_sentence_warning(["the candidate"])[:60]
    'ROUGE-L (summary level) sees the candidate as a single sente'
    """
    return (
        f"ROUGE-L (summary level) sees {', '.join(names)} as a single sentence: the text "
        "is on one line but reads as several sentences. Use 'Split sentences for me' if the "
        "sentences should count separately."
    )


def lost_words(report: Report) -> list[str]:
    """The dropped pieces of a pair that are non-ASCII words (the rouge155 tokenizer drops or splits them).

    >>> from rouge_core import evaluate
    >>> lost_words(evaluate("café au lait", ["du café"], RougeConfig(tokenizer="rouge155")))
    ['é', 'é']
    """
    return [
        d.text
        for a in (report.candidate, *report.references)
        for d in a.dropped
        if not d.text.isascii() and any(ch.isalpha() for ch in d.text)
    ]


def lost_words_note(lost: list[str]) -> str:
    """The note naming a few of the non-ASCII words the rouge155 tokenizer lost.

    >>> lost_words_note(["café"])[:50]
    'The rouge155 tokenizer (like the Perl script) drop'
    """
    return (
        f"The rouge155 tokenizer (like the Perl script) drops or splits non-ASCII words such "
        f"as {', '.join(repr(x[:40]) for x in lost[:4])}. Choose the 'unicode' tokenizer in "
        "the sidebar to score them."
    )


def scores_caption(config: RougeConfig, n_references: int) -> str:
    """The line under "Scores": which profile computed them, how counts read, how references combine.

    >>> for part in scores_caption(RougeConfig(profile="paper"), 2).split("; "):
    ...     print(part)
    Profile: Lin (2004) as written. Counts: hits / reference total / candidate total
    2 references, combined by 'best'.
    """
    return (
        f"Profile: {_PROFILE_TEXT[config.profile]}. Counts: hits / reference total / candidate total; "
        f"{counted(n_references, 'reference')}, combined by '{config.multi_ref}'."
    )
