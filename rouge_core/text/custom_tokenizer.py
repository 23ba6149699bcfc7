"""A tokenizer given as a Python callable: ``RougeConfig(tokenizer=fn)``.

``fn`` takes a string and returns a list of strings (or is an object with a ``.tokenize(text)``
method, rouge-score's tokenizer interface). Its tokens are taken as they come: no case folding,
no cleaning (the callable decides); the config's stopwords and stemming still apply. It is called
once per line of a summary (a sentence, see :func:`rouge_core.text.tokenize.sentence_spans`).

The config records it in its signature as ``tok:custom:<name>``, so a number computed with it is
never reported as if it were another tokenizer's; a signature cannot carry a function, so
:meth:`rouge_core.RougeConfig.from_signature` refuses one.

For the explanation (tokens with offsets), :func:`locate` finds each token in the text, in order,
from where the previous one ended: verbatim first, else ignoring case. A token the callable
changed beyond that (stemmed, transliterated, invented) is still a token, as the number says,
with an empty span where the search stood: it highlights nothing, and the text it came from is
reported as not returned by the tokenizer.

>>> t = CustomTokenizer.of(str.split)
>>> str(t), t.words("Police killed  the gunman")
('custom:str.split', ['Police', 'killed', 'the', 'gunman'])
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Protocol, Sequence, Union, runtime_checkable

#: Longest name a custom tokenizer keeps in a signature.
MAX_NAME_CHARS = 64
#: The signature's value prefix of a custom tokenizer (``tok:custom:<name>``).
CUSTOM_PREFIX = "custom:"


@runtime_checkable
class HasTokenize(Protocol):
    """rouge-score's tokenizer interface: ``tokenize(text) -> list[str]``."""

    def tokenize(self, text: str) -> Sequence[str]: ...


#: What ``RougeConfig(tokenizer=...)`` takes besides a tokenizer's name.
TokenizerCallable = Union[Callable[[str], Sequence[str]], HasTokenize]


class TokenizerError(ValueError):
    """A custom tokenizer failed or returned something other than a list of strings."""


def clean_name(name: str) -> str:
    """``name`` as a signature can hold it: printable ASCII without spaces, ``|`` or ``:`` (each
    other character becomes ``_``), at most :data:`MAX_NAME_CHARS` characters, never empty.

    >>> clean_name("my tok|v2:é"), clean_name("")
    ('my_tok_v2__', 'unnamed')
    """
    out = "".join(ch if "!" <= ch <= "~" and ch not in "|:" else "_" for ch in name)
    return out[-MAX_NAME_CHARS:] or "unnamed"  # the tail: a nested function's own name ends its __qualname__


def _default_name(source: object) -> str:
    # A function's own name; an object with .tokenize: its class's (what a reader would recognise).
    if isinstance(source, HasTokenize):
        return type(source).__qualname__
    name = getattr(source, "__qualname__", None) or getattr(source, "__name__", None)
    return name if isinstance(name, str) else type(source).__qualname__


@dataclass(frozen=True, eq=False)
class CustomTokenizer:
    """A callable (or an object with ``.tokenize``) and the name the signature gives it.

    Two records are equal when they hold the same object under the same name (functions compare
    by identity), so a config holding one stays hashable and comparable.

    >>> upper = CustomTokenizer.of(lambda s: s.upper().split(), name="upper words")
    >>> upper.name, upper == CustomTokenizer.of(upper.source, name="upper words")
    ('upper_words', True)
    """

    source: Any
    name: str

    @classmethod
    def of(cls, source: Any, name: Optional[str] = None) -> CustomTokenizer:
        """The record of ``source`` (a callable str -> list[str], or an object with ``.tokenize``);
        ``name`` defaults to its ``__qualname__`` (a class's name for an object with ``.tokenize``).

        >>> CustomTokenizer.of(42)
        Traceback (most recent call last):
        ...
        ValueError: invalid tokenizer=42: expected a tokenizer name, a callable str -> list[str], or an object with a .tokenize(text) method
        """  # noqa: E501
        if isinstance(source, CustomTokenizer):
            return source if name is None else cls(source.source, clean_name(name))
        if isinstance(source, type):
            raise ValueError(
                f"invalid tokenizer={source.__qualname__} (a class): pass an instance, e.g. {source.__qualname__}()"
            )
        if not (callable(source) or isinstance(source, HasTokenize)):
            raise ValueError(
                f"invalid tokenizer={_short(source)}: expected a tokenizer name, a callable str -> list[str], "
                "or an object with a .tokenize(text) method"
            )
        return cls(source, clean_name(_default_name(source) if name is None else name))

    def __str__(self) -> str:
        return CUSTOM_PREFIX + self.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CustomTokenizer) and self.source is other.source and self.name == other.name

    def __hash__(self) -> int:
        return hash((id(self.source), self.name))

    def words(self, text: str) -> list[str]:
        """The callable's tokens of ``text``, checked: a list (or tuple) of strings.

        >>> CustomTokenizer.of(lambda s: None, name="broken").words("a b")
        Traceback (most recent call last):
        ...
        rouge_core.text.custom_tokenizer.TokenizerError: the tokenizer custom:broken returned NoneType, expected a list of str
        """  # noqa: E501
        fn = self.source.tokenize if isinstance(self.source, HasTokenize) else self.source
        try:
            out = fn(text)
        except Exception as e:  # the user's code: any failure is re-raised, named, never swallowed
            raise TokenizerError(f"the tokenizer {self} failed on {_short(text)}: {type(e).__name__}: {e}") from e
        if not isinstance(out, (list, tuple)):
            raise TokenizerError(f"the tokenizer {self} returned {type(out).__name__}, expected a list of str")
        bad = next((t for t in out if not isinstance(t, str)), None)
        if bad is not None:
            raise TokenizerError(
                f"the tokenizer {self} returned a list holding {type(bad).__name__} {_short(bad)}, expected str only"
            )
        return list(out)

    def spans(self, text: str, start: int, end: int) -> Iterator[tuple[str, int, int]]:
        """(token, start, end) of each token of ``text[start:end]``, located by :func:`locate`.

        >>> list(CustomTokenizer.of(str.split).spans("x Ab c", 2, 6))
        [('Ab', 2, 4), ('c', 5, 6)]
        """
        return locate(text, start, end, self.words(text[start:end]))

    def picklable(self) -> bool:
        """Whether worker processes can receive it (a lambda or a nested function cannot).

        >>> CustomTokenizer.of(str.split).picklable(), CustomTokenizer.of(lambda s: [s]).picklable()
        (True, False)
        """
        try:
            pickle.dumps(self.source)
        except (pickle.PicklingError, AttributeError, TypeError):
            return False
        return True


def locate(text: str, start: int, end: int, tokens: Sequence[str]) -> Iterator[tuple[str, int, int]]:
    """Each token with its offsets in ``text[start:end]``, found in order from the end of the
    previous one: verbatim, else ignoring case (when lower-casing keeps the length), else an empty
    span where the search stands (a token the tokenizer changed: it counts, it highlights nothing).

    >>> list(locate("Dogs bark", 0, 9, ["dogs", "bark", "barked"]))
    [('dogs', 0, 4), ('bark', 5, 9), ('barked', 9, 9)]
    """
    chunk = text[start:end]
    low = chunk.lower()
    caseless = len(low) == len(chunk)  # offsets in the lowered text are the original's
    pos = 0
    for token in tokens:
        at, size = chunk.find(token, pos), len(token)
        if at < 0 and caseless:
            folded = token.lower()
            at, size = low.find(folded, pos), len(folded)
        if at < 0:
            yield token, start + pos, start + pos
            continue
        pos = at + size
        yield token, start + at, start + pos


def _short(value: Any, limit: int = 40) -> str:
    r = repr(value)
    return r if len(r) <= limit else r[:limit] + "..."
