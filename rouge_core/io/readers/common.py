"""What the readers share: size and encoding checks with positions, the sentence modes, the collector
that enforces the limits and refuses repeated documents."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...text.punkt import PUNKT
from ...text.sentences import SPLITTER, SPLITTERS, split_sentences
from ..decoding import TextDecodeError, decode_text
from ..perl_inputs import shown
from . import model
from .model import Corpus, Document, ReadError, Skipped

#: The splitter (a name in :data:`rouge_core.text.sentences.SPLITTERS`) of each mode that splits:
#: ``"split"`` is the rule set (its name since the first release), ``"punkt"`` NLTK's punkt.
MODE_SPLITTERS = {"split": "rules", "punkt": "punkt"}
#: How a reader may obtain sentences from a summary string.
SENTENCE_MODES = ("lines", *MODE_SPLITTERS)
_DESCRIPTIONS = {
    "lines": "the file's line breaks (one sentence per line)",
    "split": f"split by the {SPLITTER}",
    "punkt": f"split by {PUNKT}",
}


def check_mode(sentences: str) -> str:
    """``sentences`` if it is a known mode whose splitter can run here. A wrong mode is a programming
    error, a splitter without its data (punkt without NLTK's model) a missing install: both are a
    ``ValueError`` saying so, raised before any input is read.

    >>> check_mode("split")
    'split'
    >>> check_mode("sentences")
    Traceback (most recent call last):
    ...
    ValueError: invalid sentences='sentences': allowed values are 'lines', 'split', 'punkt'
    """
    if sentences not in SENTENCE_MODES:
        allowed = ", ".join(repr(m) for m in SENTENCE_MODES)
        raise ValueError(f"invalid sentences={sentences!r}: allowed values are {allowed}")
    splitter = MODE_SPLITTERS.get(sentences)
    missing = SPLITTERS[splitter].unavailable() if splitter is not None else None
    if missing is not None:
        raise ValueError(missing)
    return sentences


def describe(sentences: str) -> str:
    """The :attr:`Corpus.sentences` text of a sentence mode.

    >>> describe("lines")
    "the file's line breaks (one sentence per line)"
    >>> describe("punkt")
    "split by NLTK's punkt (nltk.sent_tokenize, English punkt_tab model)"
    """
    return _DESCRIPTIONS[sentences]


def label(name: str) -> str:
    """A file name as messages show it."""
    return shown(name, 120)


def check_size(data: bytes, name: str) -> None:
    """Refuse non-bytes and inputs above :data:`~rouge_core.io.readers.model.MAX_BYTES`."""
    if not isinstance(data, bytes):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    if len(data) > model.MAX_BYTES:
        raise ReadError(
            f"{label(name)}: {len(data):,} bytes, more than the limit of {model.MAX_BYTES:,} bytes "
            f"({model.MAX_BYTES / 2**20:g} MB) for one input"
        )


def decode(data: bytes, name: str) -> str:
    """The text of ``data`` by :func:`rouge_core.io.decoding.decode_text` (UTF-8, or the encoding its byte
    order mark names); bad bytes are a :class:`ReadError` naming the line and the byte in that line.

    >>> decode(b"ok\\nbad \\xff", "x.txt")
    Traceback (most recent call last):
    ...
    rouge_core.io.readers.model.ReadError: x.txt line 2, byte 5: not valid UTF-8 (byte 0xff); save the file as UTF-8
    >>> decode(b"\\xff\\xfeo\\x00k\\x00", "x.txt")
    'ok'
    """
    try:
        return decode_text(data, label(name))
    except TextDecodeError as e:
        raise ReadError(str(e)) from None


def lines_of(text: str) -> list[str]:
    """The lines of a file's text: a final newline ends the last line, a ``\\r`` before a newline goes.

    >>> lines_of("a\\r\\n\\nb\\n")
    ['a', '', 'b']
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def sentences_of(text: str, mode: str) -> tuple[str, ...]:
    """A summary string's sentences: its non-empty lines (``"lines"``), or the non-empty lines of
    :func:`~rouge_core.text.sentences.split_sentences` with the mode's splitter (``"split"``: the rule
    set; ``"punkt"``: ``"\\n".join(nltk.sent_tokenize(text))``, as Hugging Face's examples do).

    >>> sentences_of("One. Two.\\n\\nThree", "lines"), sentences_of("One. Two.\\n\\nThree", "split")
    (('One. Two.', 'Three'), ('One.', 'Two.', 'Three'))
    """
    splitter = MODE_SPLITTERS.get(mode)
    if splitter is not None:
        return tuple(s for s in split_sentences(text, splitter).split("\n") if s)
    return tuple(s for s in text.split("\n") if s)


def sentences_of_list(items: Sequence[str], mode: str) -> tuple[str, ...]:
    """A summary given as a list of sentence strings (each may still hold line breaks or, split, more)."""
    return tuple(s for item in items for s in sentences_of(item, mode))


def kind(value: Any) -> str:
    """A JSON value's type, as messages name it.

    >>> kind(3), kind(None), kind([1]), kind({}), kind(True)
    ('a number', 'null', 'a list', 'an object', 'true/false')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def too_deep(value: Any, limit: int) -> bool:
    """Whether lists and objects in ``value`` nest deeper than ``limit`` levels (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (list, dict)):
            if depth > limit:
                return True
            stack.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
    return False


class Collector:
    """Gathers a reader's documents and skipped input, enforcing the limits and unique (system, ID) keys."""

    def __init__(self, name: str, fmt: str, sentences: str) -> None:
        self.name, self.fmt, self.sentences = name, fmt, sentences
        self.documents: list[Document] = []
        self.skipped: list[Skipped] = []
        self._first: dict[tuple[str, str], str] = {}
        self._positions: dict[str, int] = {}
        self._chars = 0

    def position(self, system: str) -> str:
        """The next positional ID of ``system``: its k-th document is ``"k"`` (for data without IDs)."""
        self._positions[system] = self._positions.get(system, 0) + 1
        return str(self._positions[system])

    def skip(self, origin: str, reason: str) -> None:
        self.skipped.append(Skipped(origin, reason))

    def add(self, doc: Document, where: str, id_field: str) -> None:
        """Add ``doc``, read at ``where`` (e.g. ``"news.jsonl line 12"``); ``id_field`` names where its ID
        came from in messages (e.g. ``"field 'id'"``)."""
        if len(self.documents) >= model.MAX_PAIRS:
            raise ReadError(f"{where}: more than {model.MAX_PAIRS:,} documents, the limit for one corpus")
        self._chars += sum(map(len, doc.candidate)) + sum(len(s) for r in doc.references for s in r)
        if self._chars > model.MAX_CHARS:
            raise ReadError(
                f"{where}: more than {model.MAX_CHARS:,} characters of candidate and reference text, "
                "the limit for one corpus"
            )
        key = (doc.system, doc.doc_id)
        first: Optional[str] = self._first.get(key)
        if first is not None:
            of = f" of system {shown(doc.system, 80)!r}" if doc.system else ""
            raise ReadError(
                f"{where}: {id_field}: document {shown(doc.doc_id, 80)!r}{of} appears twice (first at {first})"
            )
        self._first[key] = where
        self.documents.append(doc)

    def corpus(self) -> Corpus:
        """The corpus read; no document at all is a :class:`ReadError`."""
        if not self.documents:
            why = ""
            if self.skipped:  # a header-only table skips nothing: there is no first skip to quote
                first = self.skipped[0]
                why = f" ({len(self.skipped):,} skipped, e.g. {first.origin}: {first.reason})"
            raise ReadError(f"{label(self.name)}: no documents{why}")
        return Corpus(tuple(self.documents), tuple(self.skipped), self.fmt, self.sentences, self.name)
