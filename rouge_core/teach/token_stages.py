"""A summary's tokens stage by stage, for each tokenizer: case, cleaning, stopwords, stemming.

Built from the functions :func:`rouge_core.text.tokenize.analyze` uses
(``TOKENIZER_FUNCS``, ``key_function``, ``sentence_spans``), so the last stage is
exactly the keys a score compares (length limits are not applied here). Every
character of the original text that no token keeps is reported, and whether it
only separated words, was dropped from inside a word, or split one word in two.

>>> st = token_stages("Don't panic, Zürich!", "rouge155", RougeConfig())
>>> st.stages[1].tokens
('don', 't', 'panic', 'z', 'rich')
>>> [(m.text, m.kind) for m in st.marks]
[("'", 'split'), (',', 'dropped'), ('ü', 'split'), ('!', 'dropped')]
>>> token_stages("Don't panic, Zürich!", "unicode", RougeConfig()).stages[1].tokens
('don', 't', 'panic', 'zürich')
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Optional

from ..config import TOKENIZERS, RougeConfig
from ..profiles import Stemmer
from ..text.stem import smart_stopwords
from ..text.tokenize import TOKENIZER_FUNCS, TOKENIZER_RULES, TextInput, as_text, key_function, sentence_spans
from ..text.tokenizers_extra import is_installed

STAGES: tuple[str, ...] = ("case", "cleaning", "stopwords", "stemming")

_CASE_RULES = {
    "rouge155": "ASCII A-Z to a-z only (Perl's lc on bytes); every other character keeps its case",
    "rouge-score": "Python str.lower() on the whole text, before cleaning (the Kelvin sign becomes k)",
    "unicode": "Unicode case folding of each token (ß becomes ss)",
    **{t: "Unicode case folding of each word the segmenter gives (ß becomes ss)" for t in ("jieba", "fugashi", "thai")},
}
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


@dataclass(frozen=True)
class CharMark:
    """Characters of the original text that no token keeps (``kind`` dropped or split),
    or that a token keeps in a changed form (``kind`` case, non-ASCII only)."""

    start: int
    end: int
    text: str
    kind: str  # "dropped", "split", "case"
    reason: str


@dataclass(frozen=True)
class Stage:
    """The tokens after one stage; ``removed`` and ``changed`` say what the stage did.

    The case stage has no tokens of its own: ``text`` is the text after case mapping,
    ``changed`` the distinct (character, mapped) pairs and ``count`` the characters changed.
    """

    name: str
    rule: str
    enabled: bool
    count: int  # tokens after the stage; for the case stage, characters changed
    tokens: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    changed: tuple[tuple[str, str], ...] = ()
    text: Optional[str] = None


@dataclass(frozen=True)
class TokenStages:
    tokenizer: str
    text: str
    spans: tuple[tuple[int, int], ...]  # character offsets of the tokens found by cleaning
    marks: tuple[CharMark, ...]
    stages: tuple[Stage, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        """The compared keys (after the last stage)."""
        return self.stages[-1].tokens

    @property
    def letters(self) -> tuple[int, int]:
        """(letters and digits inside tokens, letters and digits in the text).

        >>> token_stages("tué 枪手", "rouge155", RougeConfig()).letters
        (2, 5)
        """
        inside = [False] * len(self.text)
        for s, e in self.spans:
            inside[s:e] = [True] * (e - s)
        alnum = [i for i, c in enumerate(self.text) if unicodedata.category(c)[0] in "LN"]
        return sum(inside[i] for i in alnum), len(alnum)

    def count(self, kind: str) -> int:
        """Characters marked ``kind`` ("dropped", "split" or "case")."""
        return sum(m.end - m.start for m in self.marks if m.kind == kind)


def _case_map(text: str, tokenizer: str) -> str:
    if tokenizer == "rouge155":
        return text.translate(_ASCII_LOWER)
    return text.lower() if tokenizer == "rouge-score" else text.casefold()


def _why(chars: str) -> str:
    cats = {unicodedata.category(c)[0] for c in chars}
    if cats & {"L", "N", "M"}:
        return "letters or digits outside this tokenizer's alphabet"
    return "punctuation" if cats <= {"P"} else "symbols or punctuation"


def _marks(text: str, spans: list[tuple[int, int]], tokenizer: str) -> list[CharMark]:
    covered = [False] * len(text)
    for s, e in spans:
        covered[s:e] = [True] * (e - s)
    starts, ends = {s for s, _ in spans}, {e for _, e in spans}
    out: list[CharMark] = []
    i = 0
    while i < len(text):
        if covered[i] or text[i].isspace():
            ch = text[i]
            if covered[i] and not ch.isascii():
                mapped = _case_map(ch, tokenizer)
                if mapped != ch:
                    out.append(
                        CharMark(i, i + 1, ch, "case", f"{unicodedata.name(ch, '?').title()} becomes '{mapped}'")
                    )
            i += 1
            continue
        j = i
        while j < len(text) and not covered[j] and not text[j].isspace():
            j += 1
        piece = text[i:j]
        if i in ends and j in starts:
            out.append(CharMark(i, j, piece, "split", f"splits a word: {_why(piece)}"))
        elif i in ends or j in starts:
            out.append(CharMark(i, j, piece, "dropped", f"dropped from a word: {_why(piece)}"))
        else:
            out.append(CharMark(i, j, piece, "dropped", f"dropped: {_why(piece)}"))
        i = j
    return out


def token_stages(text: TextInput, tokenizer: str, config: RougeConfig) -> TokenStages:
    """The stages of one tokenizer on ``text``, with ``config``'s stopword and stemming options.

    >>> st = token_stages("The cats sat", "rouge155", RougeConfig(stem=True, remove_stopwords=True))
    >>> [(s.name, s.count) for s in st.stages]
    [('case', 1), ('cleaning', 3), ('stopwords', 1), ('stemming', 1)]
    >>> st.stages[2].removed, st.stages[3].changed
    (('the', 'sat'), (('cats', 'cat'),))
    """
    if tokenizer not in TOKENIZERS:
        raise ValueError(f"invalid tokenizer={tokenizer!r}: allowed values are {', '.join(TOKENIZERS)}")
    text = as_text(text)
    config = config.with_(tokenizer=tokenizer)
    tok = TOKENIZER_FUNCS[tokenizer]
    found = [(norm, s, e) for a, b in sentence_spans(text) for norm, s, e in tok(text, a, b)]
    spans = [(s, e) for _, s, e in found]
    marks = tuple(_marks(text, spans, tokenizer))
    norms = tuple(n for n, _, _ in found)
    mapped = [(c, _case_map(c, tokenizer)) for c in text]
    changes = [(c, m) for c, m in mapped if c != m]
    key = key_function(config)
    stop = smart_stopwords() if config.remove_stopwords else frozenset()
    kept = tuple(n for n in norms if n not in stop)
    keys = tuple(k for k in (key(n) for n in kept) if k is not None)
    stemmer = (
        "NLTK's Porter (rouge-score)"
        if config.behaviour.stemmer == Stemmer.NLTK
        else ("ROUGE-1.5.5's Porter" + (" + WordNet exceptions" if config.stem_exceptions else ""))
    )
    stages = (
        Stage(
            "case",
            _CASE_RULES[tokenizer],
            True,
            len(changes),
            changed=tuple(dict.fromkeys(changes)),
            text=_case_map(text, tokenizer),
        ),
        Stage(
            "cleaning",
            TOKENIZER_RULES[tokenizer],
            True,
            len(norms),
            norms,
            removed=tuple(m.text for m in marks if m.kind != "case"),
        ),
        Stage(
            "stopwords",
            "the SMART list of ROUGE-1.5.5 (598 lines), matched exactly",
            config.remove_stopwords,
            len(kept),
            kept,
            removed=tuple(n for n in norms if n in stop),
        ),
        Stage(
            "stemming",
            f"{stemmer}, words of 4+ characters",
            config.stem,
            len(keys),
            keys,
            changed=tuple(dict.fromkeys((n, k) for n, k in zip(kept, keys) if n != k)),
        ),
    )
    return TokenStages(tokenizer, text, tuple(spans), marks, stages)


#: The profile whose stemmer goes with a tokenizer: each package's tokenizer with its own stemmer
#: (rouge-score's column stems with NLTK's Porter, whatever the sidebar's profile).
STEMMER_PROFILE = {"rouge155": "rouge155", "rouge-score": "rouge-score"}


def tokenizer_config(tokenizer: str, config: RougeConfig) -> RougeConfig:
    """``config`` with ``tokenizer`` and the profile (stemmer, rounding) of that tokenizer's package;
    the unicode tokenizer keeps ``config``'s profile.

    >>> tokenizer_config("rouge-score", RougeConfig(stem=True)).profile
    'rouge-score'
    """
    return config.with_(tokenizer=tokenizer, profile=STEMMER_PROFILE.get(tokenizer, config.profile))


def compare_tokenizers(text: TextInput, config: RougeConfig) -> dict[str, TokenStages]:
    """:func:`token_stages` for every installed tokenizer (each with its package's stemmer), in
    ``TOKENIZERS`` order; one whose optional package is missing (:func:`missing_tokenizers`) is left out.

    >>> stages = compare_tokenizers("警察 Café", RougeConfig())
    >>> {t: stages[t].keys for t in ("rouge155", "rouge-score", "unicode")}
    {'rouge155': ('caf',), 'rouge-score': ('caf',), 'unicode': ('警', '察', 'café')}
    """
    return {t: token_stages(text, t, tokenizer_config(t, config)) for t in TOKENIZERS if is_installed(t)}


def missing_tokenizers() -> tuple[str, ...]:
    """The tokenizers of ``TOKENIZERS`` whose optional package is not installed here (see
    :func:`rouge_core.text.tokenizers_extra.missing_message`), in ``TOKENIZERS`` order.

    >>> set(missing_tokenizers()) <= {"jieba", "fugashi", "thai"}
    True
    """
    return tuple(t for t in TOKENIZERS if not is_installed(t))
