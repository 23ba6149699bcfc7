"""From text to tokens, keeping character offsets into the original text.

A summary is a string; its sentences are its non-empty lines (the SPL rule of
ROUGE-1.5.5, also what rouge-score's rougeLsum uses). A tokenizer decides
what a word is:

* ``rouge155``: runs of ASCII letters and digits, ASCII lower-cased; every
  other character (hyphen, apostrophe, any non-ASCII character) separates words;
* ``rouge-score``: Python ``lower()`` first, then runs of ``[a-z0-9]`` (so the
  Kelvin sign becomes ``k`` while ``é`` still separates words);
* ``unicode``: runs of Unicode letters, digits and combining marks, case-folded;
  each CJK ideograph, kana and hangul syllable is a token of its own;
* ``jieba``, ``fugashi``, ``thai``: Chinese, Japanese and Thai words, each by an optional package
  (:mod:`.tokenizers_extra`), case-folded, punctuation dropped;
* a Python callable given as ``RougeConfig(tokenizer=fn)`` (:mod:`.custom_tokenizer`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Callable, Iterator, Sequence, Union

from ..config import RougeConfig
from ..profiles import Stemmer
from .custom_tokenizer import CustomTokenizer
from .limits import limited_spans
from .sentences import split_sentences as split_sentences  # re-exported: rouge_core.split_sentences
from .stem import Exceptions, smart_stopwords, stem_nltk, stem_rouge155
from .tokenizers_extra import RULE_TAIL, segmented_spans, segmented_words

TextInput = Union[str, Sequence[str]]

_ASCII_WORD = re.compile(r"[A-Za-z0-9]+")
_LOWER_WORD = re.compile(r"[a-z0-9]+")
_NON_SPACE = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Token:
    """One token: ``text`` as written, ``norm`` after case/cleaning, ``key`` as compared (stemmed)."""

    text: str
    norm: str
    key: str
    start: int
    end: int
    sentence: int


@dataclass(frozen=True, slots=True)
class Dropped:
    """A stretch of the original text that does not reach any count, and why."""

    text: str
    start: int
    end: int
    reason: str


@dataclass(frozen=True)
class Analysis:
    """A tokenized summary.

    ``tokens`` feed ROUGE-N and ROUGE-S (they run across sentences);
    ``sentences`` feed ROUGE-L and ROUGE-W. They hold the same tokens except
    under a byte limit in the ``rouge155`` profile, where ROUGE-1.5.5 cuts the
    two views differently (a script bug the other profiles do not copy).
    """

    text: str
    sentence_spans: tuple[tuple[int, int], ...]
    tokens: tuple[Token, ...]
    sentences: tuple[tuple[Token, ...], ...]
    dropped: tuple[Dropped, ...]

    @property
    def keys(self) -> list[str]:
        return [t.key for t in self.tokens]

    @property
    def sentence_keys(self) -> list[list[str]]:
        return [[t.key for t in s] for s in self.sentences]


def as_text(text: TextInput) -> str:
    """A summary given as a list of sentences becomes one line per sentence.

    >>> as_text(["a b.", "c d."])
    'a b.\\nc d.'
    """
    if isinstance(text, str):
        return text
    return "\n".join(str(s) for s in text)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Offsets of the non-empty lines of ``text`` (a line of spaces counts, an empty one does not).

    >>> sentence_spans("a b\\n\\n c")
    [(0, 3), (5, 7)]
    """
    spans, pos = [], 0
    for line in text.split("\n"):
        if line:
            spans.append((pos, pos + len(line)))
        pos += len(line) + 1
    return spans


# -- tokenizers: (text, start, end) -> iterator of (norm, start, end) ----------------


def _tok_rouge155(text: str, start: int, end: int) -> Iterator[tuple[str, int, int]]:
    for m in _ASCII_WORD.finditer(text, start, end):
        yield m.group().lower(), m.start(), m.end()


def _tok_rouge_score(text: str, start: int, end: int) -> Iterator[tuple[str, int, int]]:
    chunk = text[start:end]
    low = chunk.lower()
    if len(low) == len(chunk):
        for m in _LOWER_WORD.finditer(low):
            yield m.group(), start + m.start(), start + m.end()
        return
    # Some character lowered to several (e.g. U+0130): map lowered offsets back.
    origin: list[int] = []
    for i, ch in enumerate(chunk):
        origin.extend([i] * len(ch.lower()))
    origin.append(len(chunk))
    for m in _LOWER_WORD.finditer(low):
        s, e = origin[m.start()], origin[m.end() - 1] + 1
        yield m.group(), start + s, start + e


def _is_cjk(cp: int) -> bool:
    return (
        0x4E00 <= cp <= 0x9FFF
        or 0x3400 <= cp <= 0x4DBF
        or 0x20000 <= cp <= 0x2FA1F
        or 0xF900 <= cp <= 0xFAFF
        or 0x3040 <= cp <= 0x30FF
        or 0x31F0 <= cp <= 0x31FF
        or 0xAC00 <= cp <= 0xD7AF
        or 0x1100 <= cp <= 0x11FF
        or 0x3130 <= cp <= 0x318F
    )


@lru_cache(maxsize=65536)
def _char_class(ch: str) -> int:
    """0 = separator, 1 = word character, 2 = a token of its own (CJK)."""
    if _is_cjk(ord(ch)):
        return 2
    return 1 if unicodedata.category(ch)[0] in "LNM" else 0


def _tok_unicode(text: str, start: int, end: int) -> Iterator[tuple[str, int, int]]:
    i = start
    while i < end:
        c = _char_class(text[i])
        if c == 0:
            i += 1
            continue
        j = i + 1
        if c == 1:
            while j < end and _char_class(text[j]) == 1:
                j += 1
        yield text[i:j].casefold(), i, j
        i = j


def _words_rouge155(text: str) -> list[str]:
    # The same regex as _tok_rouge155; lower() first is equivalent for ASCII text only.
    return _ASCII_WORD.findall(text.lower()) if text.isascii() else [w.lower() for w in _ASCII_WORD.findall(text)]


def _words_rouge_score(text: str) -> list[str]:
    return _LOWER_WORD.findall(text.lower())  # the words of _tok_rouge_score (its offsets aside)


def _words_unicode(text: str) -> list[str]:
    return [n for n, _, _ in _tok_unicode(text, 0, len(text))]


@dataclass(frozen=True)
class ByteRule:
    """The same tokenizer on UTF-8 bytes, for the compiled chunk path (:func:`rouge_core.kernels.chunk.tokenize`):
    Python's ``lower()`` first or not, then ASCII letters lowered and a token = a run of ``word`` bytes.

    ``word`` is derived from the tokenizer's own regex (:func:`word_bytes`), never written twice.
    """

    lower_first: bool
    word: bytes


def word_bytes(pattern: re.Pattern[str]) -> bytes:
    """The bytes that ``pattern`` (an ASCII-only word class) takes as word characters: a 256-entry table
    of 0/1 (the kernel lowers ASCII letters first, so the upper-case entries never matter). Non-ASCII
    bytes are never word bytes (every byte of a multi-byte UTF-8 character is >= 0x80), which is right
    only for ASCII word classes.

    >>> table = word_bytes(_LOWER_WORD)
    >>> [chr(b) for b in range(128) if table[b]] == list("0123456789abcdefghijklmnopqrstuvwxyz")
    True
    """
    return bytes(int(b < 128 and bool(pattern.fullmatch(chr(b)))) for b in range(256))


@dataclass(frozen=True)
class Tokenizer:
    """One tokenizer: its rule in words, ``spans(text, start, end)`` -> (norm, start, end) for the
    explanation path, ``words(text)`` -> the same norms without offsets for the counts-only path
    (one regex each, shared by both), and ``byte_rule``: its rule on UTF-8 bytes for the compiled chunk
    path, or None when that path does not serve it. Property tests check that the three agree on any
    text."""

    name: str
    rule: str
    spans: Callable[[str, int, int], Iterator[tuple[str, int, int]]]
    words: Callable[[str], list[str]]
    byte_rule: ByteRule | None = None


TOKENIZER_REGISTRY: dict[str, Tokenizer] = {
    t.name: t
    for t in (
        Tokenizer(
            "rouge155",
            "ASCII letters and digits only; everything else (hyphens, apostrophes, accents, CJK) "
            "separates or is dropped",
            _tok_rouge155,
            _words_rouge155,
            ByteRule(lower_first=False, word=word_bytes(_ASCII_WORD)),
        ),
        Tokenizer(
            "rouge-score",
            "Python lower() first, then ASCII [a-z0-9] runs; other characters separate or are dropped",
            _tok_rouge_score,
            _words_rouge_score,
            ByteRule(lower_first=True, word=word_bytes(_LOWER_WORD)),
        ),
        Tokenizer(
            "unicode",
            "Unicode letters, digits and marks, case-folded; each CJK character is a token",
            _tok_unicode,
            _words_unicode,
        ),
        *(
            Tokenizer(name, rule + "; " + RULE_TAIL, partial(segmented_spans, name), partial(segmented_words, name))
            for name, rule in (
                ("jieba", "Chinese words by jieba's default dictionary without its HMM guesses"),
                ("fugashi", "Japanese words by MeCab (fugashi) with the unidic-lite dictionary"),
                ("thai", "Thai words by pythainlp's newmm engine and its bundled dictionary"),
            )
        ),
    )
}

TOKENIZER_FUNCS: dict[str, Callable[[str, int, int], Iterator[tuple[str, int, int]]]] = {
    n: t.spans for n, t in TOKENIZER_REGISTRY.items()
}

TOKENIZER_RULES: dict[str, str] = {n: t.rule for n, t in TOKENIZER_REGISTRY.items()}

#: The rule of every custom tokenizer (:mod:`.custom_tokenizer`).
CUSTOM_RULE = (
    "a Python callable (API only): its tokens as it returns them, no case folding or cleaning; "
    "stopwords and stemming as the config says"
)


def tokenizer_of(tokenizer: Union[str, CustomTokenizer]) -> Tokenizer:
    """The :class:`Tokenizer` record of a registered name, or of a custom tokenizer's record.

    >>> tokenizer_of("unicode").words("Café 警察"), tokenizer_of(CustomTokenizer.of(str.split)).name
    (['café', '警', '察'], 'custom:str.split')
    """
    if isinstance(tokenizer, CustomTokenizer):
        return _custom_record(tokenizer)
    return TOKENIZER_REGISTRY[tokenizer]


@lru_cache(maxsize=32)
def _custom_record(custom: CustomTokenizer) -> Tokenizer:
    return Tokenizer(str(custom), CUSTOM_RULE, custom.spans, custom.words)


# -- token filter: stopwords, then stemming --------------------------------------


def key_function(config: RougeConfig) -> Callable[[str], str | None]:
    """The per-token filter of a config: ``None`` for a removed stopword, else the compared key."""
    return _key_function(config.remove_stopwords, config.stem, config.stem_lookup, config.behaviour.stemmer)


@lru_cache(maxsize=32)
def _key_function(stop: bool, stem: bool, exceptions: Exceptions, which: Stemmer) -> Callable[[str], str | None]:
    stopwords = smart_stopwords() if stop else frozenset()
    if not stem:
        stemmer: Callable[[str], str] = lambda w: w  # noqa: E731
    elif which == Stemmer.NLTK:
        stemmer = stem_nltk
    else:
        stemmer = lambda w: stem_rouge155(w, exceptions)  # noqa: E731

    @lru_cache(maxsize=200_000)
    def key(norm: str) -> str | None:
        if norm in stopwords:
            return None
        return stemmer(norm)

    return key


# -- analysis ------------------------------------------------------------------------


def analyze(text: TextInput, config: RougeConfig) -> Analysis:
    """Tokenize a summary for explanation: tokens with offsets, sentences, dropped text.

    >>> a = analyze("Police killed the gunman.", RougeConfig())
    >>> [t.key for t in a.tokens], a.dropped[0].text
    (['police', 'killed', 'the', 'gunman'], '.')
    """
    text = as_text(text)
    spans = sentence_spans(text)
    tok = tokenizer_of(config.resolved.tokenizer).spans
    # A custom tokenizer's gaps are text it did not return as written (it may have changed a token).
    gap = "not returned as written by this tokenizer" if isinstance(config.tokenizer, CustomTokenizer) else _GAP
    key = key_function(config)
    index = {span: i for i, span in enumerate(spans)}
    dropped: list[Dropped] = []

    def run(view: list[tuple[int, int]], record: bool) -> list[list[Token]]:
        sents: list[list[Token]] = []
        for k, (s, e) in enumerate(view):
            sid = index.get(spans[k], k) if k < len(spans) else k
            out: list[Token] = []
            pos = s
            for norm, ts, te in tok(text, s, e):
                if record and ts > pos:
                    _record_gaps(text, pos, ts, gap, dropped)
                kk = key(norm)
                if kk is None:
                    if record:
                        dropped.append(Dropped(text[ts:te], ts, te, "stopword"))
                else:
                    out.append(Token(text[ts:te], norm, kk, ts, te, sid))
                pos = te
            if record and e > pos:
                _record_gaps(text, pos, e, gap, dropped)
            sents.append(out)
        return sents

    joined_view = limited_spans(text, spans, config)
    joined = run(joined_view, record=True)
    if config.resolved.byte_limit and config.behaviour.byte_limit_per_sentence:
        sent_view = limited_spans(text, spans, config, per_sentence_bytes=True)
        sentences = run(sent_view, record=False)
    else:
        sentences = joined
    # Text past the length limit never counts.
    for k, (s, e) in enumerate(spans):
        cut = joined_view[k][1] if k < len(joined_view) else s
        if e > cut:
            _record_gaps(text, cut, e, "beyond the length limit", dropped)
    dropped.sort(key=lambda d: d.start)
    return Analysis(
        text=text,
        sentence_spans=tuple(spans),
        tokens=tuple(t for s in joined for t in s),
        sentences=tuple(tuple(s) for s in sentences),
        dropped=tuple(dropped),
    )


_GAP = "not a word character for this tokenizer"


def _record_gaps(text: str, s: int, e: int, reason: str, into: list[Dropped]) -> None:
    for m in _NON_SPACE.finditer(text, s, e):
        into.append(Dropped(m.group(), m.start(), m.end(), reason))


def analyze_keys(text: TextInput, config: RougeConfig) -> tuple[list[str], list[list[str]]]:
    """The counts-only path: the compared keys of :func:`analyze`, without offsets.

    >>> analyze_keys("a b\\nc", RougeConfig())
    (['a', 'b', 'c'], [['a', 'b'], ['c']])
    """
    text = as_text(text)
    resolved = config.resolved
    words = tokenizer_of(resolved.tokenizer).words
    # The per-token filter; None when it keeps every word as it is (no stopwords, no stemming).
    key = key_function(config) if config.remove_stopwords or config.stem else None
    drops = config.remove_stopwords

    def keys(part: str) -> list[str]:
        ws = words(part)
        if key is None:
            return ws
        if drops:
            return [k for k in map(key, ws) if k is not None]
        return list(map(key, ws))  # type: ignore[arg-type]  # no stopwords: key never gives None

    if not resolved.limited:
        sentences = [keys(line) for line in text.split("\n") if line]  # the lines sentence_spans keeps
    else:
        spans = sentence_spans(text)
        sentences = [keys(text[s:e]) for s, e in limited_spans(text, spans, config)]
        if resolved.byte_limit and config.behaviour.byte_limit_per_sentence:
            joined = [k for s in sentences for k in s]
            sentences = [keys(text[s:e]) for s, e in limited_spans(text, spans, config, per_sentence_bytes=True)]
            return joined, sentences
    return [k for s in sentences for k in s], sentences
