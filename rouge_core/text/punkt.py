"""NLTK's punkt sentence splitter with its English model: the sentences summarization pipelines score.

Hugging Face's summarization examples (transformers' ``run_summarization.py``, the course's
summarization chapter) put ``"\\n".join(nltk.sent_tokenize(text))`` before rougeLsum, and
rouge-score's ``RougeScorer(split_summaries=True)`` calls ``nltk.sent_tokenize`` itself. Their
rougeLsum reproduces only with the same sentences, so this module calls the same function with the
same model (``punkt_tab``'s English parameters: Kiss & Strunk 2006, trained on Wall Street Journal
text). The model is data that ``pip`` does not install; without it every function here raises
:class:`PunktUnavailable` (a ``ValueError``) saying what is missing and how to get it.
"""

from __future__ import annotations

from typing import Optional

#: The name the app shows for this splitter.
PUNKT = "NLTK's punkt (nltk.sent_tokenize, English punkt_tab model)"
#: The folder NLTK looks for, under each of its data paths (``nltk.data.path``, ``NLTK_DATA``).
MODEL = "tokenizers/punkt_tab/english/"


class PunktUnavailable(ValueError):
    """NLTK's English punkt_tab model is not installed (the message says how to install it)."""


def missing_message() -> str:
    """What is missing and how to get it (the searched folders named).

    >>> missing_message().startswith("splitter 'punkt' needs NLTK's English punkt_tab model")
    True
    """
    import nltk.data  # imported when asked: nltk is slow to import and the rule splitter needs none of it

    searched = [str(p) for p in nltk.data.path]
    shown = ", ".join(searched[:4]) + (f" and {len(searched) - 4} more" if len(searched) > 4 else "")
    return (
        f"splitter 'punkt' needs NLTK's English punkt_tab model ({MODEL}), which is not installed "
        f"(searched {shown or 'no folder'}). Install it with `python -m nltk.downloader punkt_tab`, or put "
        f"a folder holding {MODEL} in the NLTK_DATA environment variable before starting Python "
        "(in a clone of ROUGE Lens, `python3 scripts/punkt_data.py` makes one without NLTK's server)."
    )


def punkt_unavailable() -> Optional[str]:
    """``None`` when the English punkt_tab model is found, else :func:`missing_message`.

    >>> punkt_unavailable() in (None, missing_message())
    True
    """
    import nltk.data

    try:
        nltk.data.find(MODEL)
    except LookupError:
        return missing_message()
    return None


def check_punkt() -> None:
    """Raise :class:`PunktUnavailable` unless the model is installed (to refuse before any work starts).

    >>> try:
    ...     check_punkt()
    ... except PunktUnavailable as e:
    ...     print(str(e) == missing_message())
    ... else:
    ...     print(True)
    True
    """
    message = punkt_unavailable()
    if message is not None:
        raise PunktUnavailable(message)


def punkt_sentences(text: str) -> list[str]:
    """``nltk.sent_tokenize(text)`` with the English model: the sentences, exactly as NLTK returns them
    (a line break inside a sentence stays in it, as rouge-score's ``split_summaries=True`` keeps it).

    >>> if punkt_unavailable() is None:
    ...     print(punkt_sentences("Mr. Smith paid $3.50 in the U.S. on Monday. He left."))
    ... else:
    ...     print(['Mr. Smith paid $3.50 in the U.S. on Monday.', 'He left.'])
    ['Mr. Smith paid $3.50 in the U.S. on Monday.', 'He left.']
    """
    from nltk.tokenize import sent_tokenize

    try:
        sentences: list[str] = sent_tokenize(text, language="english")
    except LookupError:  # nltk.data.find's "Resource punkt_tab not found": say it in this project's words
        raise PunktUnavailable(missing_message()) from None
    return sentences


def punkt_lines(text: str) -> str:
    """rouge-score's ``split_summaries=True`` as one sentence a line: each punkt sentence on its own
    line, a line break inside a sentence made a space.

    rouge-score keeps such a break inside the sentence, where its tokenizer reads it as a space;
    ``"\\n".join(nltk.sent_tokenize(text))`` (Hugging Face's examples, ``split_sentences(text,
    "punkt")``) leaves it a line break, so rougeLsum then sees two sentences. Without a line break
    inside a sentence both give the same lines.

    >>> if punkt_unavailable() is None:
    ...     print(repr(punkt_lines("The cat sat\\non the mat. It slept.")))
    ... else:
    ...     print(repr("The cat sat on the mat.\\nIt slept."))
    'The cat sat on the mat.\\nIt slept.'
    """
    return "\n".join(" ".join(s.splitlines()) for s in punkt_sentences(text))
