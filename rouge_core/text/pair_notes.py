"""What :func:`rouge_core.evaluate` says about a pair's input, for runs that score with
:func:`rouge_core.score` or :func:`rouge_core.score_batch` (they give the numbers, not these notes).

A summary that is empty, or whose every character the tokenizer cleans away (Chinese under the
``rouge155`` tokenizer, punctuation, only stopwords with ``-s``), scores 0 with no error; the
command line prints these notes so such a 0 is never silent. :func:`pair_notes` gives the notes of
:attr:`rouge_core.evaluate.Report.notes`, word for word; :func:`unicode_hint` says when the
``unicode`` tokenizer would keep words that the config's tokenizer drops.

>>> from rouge_core.config import RougeConfig
>>> pair_notes("警察杀死了枪手", ["police killed the gunman", ""], RougeConfig())
('the candidate has no tokens after cleaning: every score is 0', 'reference 2 is empty')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Optional, Sequence, Union

from ..config import RougeConfig, TokenizerName
from .tokenize import TextInput, analyze_keys, as_text, key_function, tokenizer_of

#: What a summary holds for the notes: ``"empty"``, ``"no tokens"`` (cleaned away) or ``"tokens"``.
EMPTY, NO_TOKENS, TOKENS = "empty", "no tokens", "tokens"
#: The tokenizer that keeps letters of every script (each CJK character a token).
UNICODE: TokenizerName = "unicode"
#: The tokenizers that keep ASCII letters and digits only (the hint is for their users).
ASCII_TOKENIZERS: tuple[TokenizerName, ...] = ("rouge155", "rouge-score")


def summary_state(text: TextInput, config: RougeConfig) -> str:
    """Whether a summary is empty, has no tokens under ``config``, or has tokens.

    >>> c = RougeConfig(remove_stopwords=True)
    >>> summary_state(" \\n", c), summary_state("the of\\n!!", c), summary_state("the gunman", c)
    ('empty', 'no tokens', 'tokens')
    """
    text = as_text(text)
    if not text.strip():
        return EMPTY
    return TOKENS if _has_tokens(text, config) else NO_TOKENS


def _has_tokens(text: str, config: RougeConfig) -> bool:
    # analyze_keys' tokens, stopping at the first one: a line's words, less the stopwords (stemming
    # never drops a word). A length limit cuts the words: then analyze_keys itself decides.
    if config.resolved.limited:
        return bool(analyze_keys(text, config)[0])
    words = tokenizer_of(config.resolved.tokenizer).words
    lines = (line for line in text.split("\n") if line)
    if not config.remove_stopwords:
        return any(words(line) for line in lines)
    key = key_function(config)
    return any(key(w) is not None for line in lines for w in words(line))


def notes_of_states(candidate: str, references: Sequence[str]) -> tuple[str, ...]:
    """The notes of :func:`rouge_core.evaluate`'s report for summaries in these states, in its order."""
    notes = []
    if not references:
        notes.append("no references were given: every score is 0")
    if candidate == EMPTY:
        notes.append("the candidate is empty: every score is 0")
    elif candidate == NO_TOKENS:
        notes.append("the candidate has no tokens after cleaning: every score is 0")
    for i, state in enumerate(references, start=1):
        if state == EMPTY:
            notes.append(f"reference {i} is empty")
        elif state == NO_TOKENS:
            notes.append(f"reference {i} has no tokens after cleaning")
    return tuple(notes)


def reference_list(references: Union[TextInput, Sequence[TextInput]]) -> list[TextInput]:
    """The references of a pair as a list (one summary given alone is one reference)."""
    return [references] if isinstance(references, str) else list(references)


def pair_notes(
    candidate: TextInput,
    references: Union[TextInput, Sequence[TextInput]],
    config: RougeConfig,
    cache: Optional[dict[str, str]] = None,
) -> tuple[str, ...]:
    """The notes :func:`rouge_core.evaluate` gives this pair (``Report.notes``), without scoring it.

    ``cache`` (text -> state) spares the work for summaries seen before (references shared by systems).
    """
    seen = {} if cache is None else cache

    def state(text: TextInput) -> str:
        key = as_text(text)
        if key not in seen:
            seen[key] = summary_state(key, config)
        return seen[key]

    return notes_of_states(state(candidate), [state(r) for r in reference_list(references)])


def unicode_hint(texts: Sequence[TextInput], config: RougeConfig) -> Optional[str]:
    """A hint when the ``unicode`` tokenizer keeps words in a summary that ``config``'s tokenizer
    cleans away entirely (non-ASCII text under ``rouge155`` or ``rouge-score``), else None.

    >>> unicode_hint(["警察杀死了枪手"], RougeConfig())
    'non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer unicode'
    >>> unicode_hint(["!!!"], RougeConfig()) is None
    True

    Thai is written without spaces, so ``unicode`` would make each run of Thai letters one word: for
    Thai text the hint names the ``thai`` tokenizer instead.

    >>> unicode_hint(["ตำรวจยิงคนร้าย"], RougeConfig())
    'non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer thai (Thai words)'
    """
    if config.tokenizer not in ASCII_TOKENIZERS:  # the others keep letters of every script (or decide alone)
        return None
    other = replace(config, tokenizer=UNICODE)
    for text in texts:
        if summary_state(text, config) == NO_TOKENS and summary_state(text, other) == TOKENS:
            better = "thai (Thai words)" if _THAI.search(as_text(text)) else UNICODE
            return f"non-ASCII text is not a word for the {config.tokenizer} tokenizer: try --tokenizer {better}"
    return None


#: Thai letters (the Unicode block U+0E00-U+0E7F).
_THAI = re.compile("[\u0e00-\u0e7f]")


#: Evaluation IDs named per note in :meth:`CorpusNotes.lines` (the rest are counted).
IDS_SHOWN = 3


@dataclass(frozen=True)
class CorpusNotes:
    """The notes of a corpus's pairs: per evaluation ID (only those with notes), and the ``unicode`` hint."""

    by_id: Mapping[str, tuple[str, ...]]
    hint: Optional[str] = None

    def lines(self) -> list[str]:
        """Each distinct note once, with the evaluations it holds for (first seen first).

        >>> CorpusNotes({"1": ("reference 1 is empty",), "7": ("reference 1 is empty", "x")}).lines()
        ['reference 1 is empty (2 evaluations: 1, 7)', 'x (evaluation 7)']
        """
        where: dict[str, list[str]] = {}
        for eval_id, notes in self.by_id.items():
            for note in notes:
                where.setdefault(note, []).append(eval_id)
        out = []
        for note, ids in where.items():
            named = ", ".join(ids[:IDS_SHOWN]) + (f" and {len(ids) - IDS_SHOWN:,} more" if len(ids) > IDS_SHOWN else "")
            out.append(
                f"{note} (evaluation {named})" if len(ids) == 1 else f"{note} ({len(ids):,} evaluations: {named})"
            )
        return out


#: No notes (the default of the command line's printers).
NO_NOTES = CorpusNotes({})


def corpus_notes(
    pairs: Sequence[tuple[TextInput, Union[TextInput, Sequence[TextInput]]]],
    ids: Sequence[str],
    config: RougeConfig,
    cache: Optional[dict[str, str]] = None,
) -> CorpusNotes:
    """:func:`pair_notes` of every pair, by evaluation ID, and :func:`unicode_hint` of its summaries.

    >>> corpus_notes([("a b", "a"), ("ok", "。")], ["d1", "d2"], RougeConfig()).by_id
    {'d2': ('reference 1 has no tokens after cleaning',)}
    """
    seen = {} if cache is None else cache
    by_id = {}
    for eval_id, (candidate, references) in zip(ids, pairs):
        notes = pair_notes(candidate, references, config, seen)
        if notes:
            by_id[eval_id] = notes
    cleaned = [t for t in _texts(pairs, by_id, ids) if seen.get(t) == NO_TOKENS]
    return CorpusNotes(by_id, unicode_hint(cleaned, config) if cleaned else None)


def _texts(
    pairs: Sequence[tuple[TextInput, Union[TextInput, Sequence[TextInput]]]],
    by_id: Mapping[str, tuple[str, ...]],
    ids: Sequence[str],
) -> list[str]:
    # The summaries (as texts) of the pairs that have notes.
    return [
        as_text(t)
        for eval_id, (candidate, references) in zip(ids, pairs)
        if eval_id in by_id
        for t in [candidate, *reference_list(references)]
    ]
