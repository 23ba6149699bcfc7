"""rouge-score's texts as rouge_core's lines: what each of its measures tokenizes, line by line.

rouge_core reads a summary one sentence per line and calls a tokenizer once per non-empty line.
rouge-score tokenizes the whole text for ``rouge1``..``rouge9`` and ``rougeL``, and each non-empty
line (``split_summaries=True``: each punkt sentence, line breaks kept inside it) for ``rougeLsum``.
For its default tokenizer a line break is one more separator, so both readings give the same
tokens. A caller's tokenizer may treat ``"\\n"`` as a character (``list`` makes it a token) and may
give tokens for an empty text (``text.split(" ")`` gives ``['']``), so for one the whole text
reaches rouge_core as one marked line (:func:`whole_text`: :data:`WHOLE_TEXT` first, each line
break as :data:`NEWLINE_STANDIN`) and :class:`Restore` hands the tokenizer the text rouge-score
would have. Both marks are Unicode noncharacters, never in interchanged text; a text holding
U+FFFF is refused (it would read as a line break).

>>> whole_text("a\\nb") == WHOLE_TEXT + "a" + NEWLINE_STANDIN + "b"
True
>>> Restore(list, whole=True)(whole_text("a\\nb"))
['a', '\\n', 'b']
"""

from __future__ import annotations

from typing import Callable, Sequence

#: Stands for a line break inside one line: U+FFFF, a Unicode noncharacter.
NEWLINE_STANDIN = "\uffff"
#: Starts a whole text handed over as one line (so an empty text is still one line): U+FFFE.
WHOLE_TEXT = "\ufffe"


def _standins(text: str) -> str:
    if NEWLINE_STANDIN in text:
        raise ValueError(
            "a text holds U+FFFF (a Unicode noncharacter), which the rouge-score adapter uses for line breaks "
            "when it hands a custom tokenizer a whole text; remove the U+FFFF characters"
        )
    return text.replace("\n", NEWLINE_STANDIN)


def whole_text(text: str) -> str:
    """``text`` as one line for a custom tokenizer: :data:`WHOLE_TEXT`, then ``text`` with each line break
    as :data:`NEWLINE_STANDIN` (``ValueError`` if it already holds one).

    >>> whole_text("") == WHOLE_TEXT
    True
    """
    return WHOLE_TEXT + _standins(text)


class Restore:
    """A tokenizer that gives ``fn`` back the text before :func:`whole_text` (``whole=True``) or
    :func:`punkt_lines` (line breaks only) marked it.

    >>> Restore(str.split, whole=False)("a" + NEWLINE_STANDIN + "b c")
    ['a', 'b', 'c']
    """

    def __init__(self, fn: Callable[[str], Sequence[str]], whole: bool) -> None:
        self.fn = fn
        self.whole = whole

    def __call__(self, text: str) -> Sequence[str]:
        if self.whole:
            text = text[len(WHOLE_TEXT) :]  # rouge_core hands back the one marked line it was given
        return self.fn(text.replace(NEWLINE_STANDIN, "\n"))


def punkt_lines(text: str, keep_newlines: bool) -> list[str]:
    """The non-empty punkt sentences of ``text`` (rouge-score's ``split_summaries=True``), each one line:
    a line break inside a sentence becomes a space (``keep_newlines=False``: the default tokenizer reads
    both as one separator) or :data:`NEWLINE_STANDIN` (``keep_newlines=True``, for a custom tokenizer,
    whose :class:`Restore` turns it back).

    >>> from rouge_core.text.punkt import punkt_unavailable
    >>> punkt_unavailable() is not None or punkt_lines("One\\ntwo. Three.", False) == ["One two.", "Three."]
    True
    """
    from ..text.punkt import punkt_sentences  # nltk is imported only when punkt is asked for

    sentences = [s for s in punkt_sentences(text) if s]
    if keep_newlines:
        return [_standins(s) for s in sentences]
    return [s.replace("\n", " ") for s in sentences]
