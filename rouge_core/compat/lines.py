"""rouge-score's texts as rouge_core's lines: what each of its measures tokenizes, line by line.

rouge_core reads a summary one sentence per line and calls a tokenizer once per line. rouge-score
tokenizes the whole text for ``rouge1``..``rouge9`` and ``rougeL``, and each non-empty line
(``split_summaries=True``: each punkt sentence, line breaks kept inside it) for ``rougeLsum``.
For its default tokenizer a line break is one more separator, so both readings give the same
tokens. A caller's tokenizer may treat ``"\\n"`` as a character (``list`` makes it a token), so
for one the text reaches rouge_core with each line break replaced by :data:`NEWLINE_STANDIN` (one
line), and :class:`RestoreNewlines` gives the tokenizer back the text it would have had.

>>> one_line("a\\nb") == "a" + NEWLINE_STANDIN + "b"
True
>>> RestoreNewlines(list)(one_line("a\\nb"))
['a', '\\n', 'b']
"""

from __future__ import annotations

from typing import Callable, Sequence

#: Stands for a line break inside one line: U+FFFF, a Unicode noncharacter (never in interchanged text).
NEWLINE_STANDIN = "\uffff"


def one_line(text: str) -> str:
    """``text`` with each line break as :data:`NEWLINE_STANDIN` (``ValueError`` if it already holds one:
    the two could not be told apart).

    >>> one_line("no break")
    'no break'
    """
    if "\n" not in text:
        return text
    if NEWLINE_STANDIN in text:
        raise ValueError(
            "a text holds both line breaks and U+FFFF (a Unicode noncharacter), which the rouge-score adapter "
            "uses to hand a custom tokenizer a whole text; remove the U+FFFF characters"
        )
    return text.replace("\n", NEWLINE_STANDIN)


class RestoreNewlines:
    """A tokenizer that gives ``fn`` its line breaks back (:func:`one_line`'s stand-ins become ``"\\n"``).

    >>> RestoreNewlines(str.split)("a" + NEWLINE_STANDIN + "b c")
    ['a', 'b', 'c']
    """

    def __init__(self, fn: Callable[[str], Sequence[str]]) -> None:
        self.fn = fn

    def __call__(self, text: str) -> Sequence[str]:
        return self.fn(text.replace(NEWLINE_STANDIN, "\n"))


def punkt_lines(text: str, keep_newlines: bool) -> list[str]:
    """The non-empty punkt sentences of ``text`` (rouge-score's ``split_summaries=True``), each one line:
    a line break inside a sentence becomes a space (``keep_newlines=False``: the default tokenizer reads
    both as one separator) or :data:`NEWLINE_STANDIN` (``keep_newlines=True``, for a custom tokenizer).

    >>> from rouge_core.text.punkt import punkt_unavailable
    >>> punkt_unavailable() is not None or punkt_lines("One\\ntwo. Three.", False) == ["One two.", "Three."]
    True
    """
    from ..text.punkt import punkt_sentences  # nltk is imported only when punkt is asked for

    sentences = [s for s in punkt_sentences(text) if s]
    if keep_newlines:
        return [one_line(s) for s in sentences]
    return [s.replace("\n", " ") for s in sentences]
