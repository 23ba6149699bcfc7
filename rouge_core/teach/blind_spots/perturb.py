"""Deterministic perturbations of a candidate summary, each changing (or keeping) its meaning in a
known way: the inputs of "What does ROUGE miss?".

A summary is a sequence of sentences; words are its whitespace-separated pieces (punctuation stays
attached, as typed: ROUGE's tokenizers drop it anyway). Every rule is seeded: the same sentences,
source and seed give the same output (the random generator is seeded with the seed and the rule's
name, so adding a rule changes no other). A rule that cannot apply raises :class:`NotApplicable` with
the reason, instead of returning the text unchanged.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal
from typing import Callable, Optional, Sequence

from ...text.sentences import split_sentences
from ...text.stem import smart_stopwords
from .synonyms import synonym_table

Sentences = tuple[str, ...]
Rule = Callable[[Sentences, Optional[str], random.Random], Sentences]

#: Auxiliaries and copulas after which the negation rule puts "not".
AUXILIARIES = frozenset(
    "is are was were am be been has have had will would can could shall should may might must do does did".split()
)
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")
# A word's letters, with what surrounds them kept ("(Tottenham's," -> "(", "Tottenham", "'s,").
_WORD = re.compile(r"^(\W*)([A-Za-z][A-Za-z-]*)(.*)$", re.DOTALL)


class NotApplicable(ValueError):
    """A perturbation that cannot apply to this input; the message says why."""


def _rotated_if_same(items: list[str], original: Sequence[str]) -> list[str]:
    # A shuffle may give the same order back; one step of rotation then changes it whenever two
    # items differ (a rotation by one equals the original only when every item is the same).
    return items[1:] + items[:1] if items == list(original) else items


def shuffle_words(sentences: Sentences, source: Optional[str], rng: random.Random) -> Sentences:
    """The words of each sentence in a random order (the sentences stay where they are).

    >>> shuffle_words(("police kill the gunman",), None, random.Random(1))
    ('gunman police the kill',)
    """
    out, changed = [], False
    for s in sentences:
        words = s.split()
        mixed = words[:]
        rng.shuffle(mixed)
        mixed = _rotated_if_same(mixed, words)
        changed = changed or mixed != words
        out.append(" ".join(mixed))
    if not changed:
        raise NotApplicable("no sentence has two different words to swap")
    return tuple(out)


def reorder_sentences(sentences: Sentences, source: Optional[str], rng: random.Random) -> Sentences:
    """The sentences in a random order (each sentence unchanged).

    >>> reorder_sentences(("A b.", "C d."), None, random.Random(0))
    ('C d.', 'A b.')
    """
    if len(set(sentences)) < 2:
        raise NotApplicable("the summary has fewer than two different sentences")
    mixed = list(sentences)
    rng.shuffle(mixed)
    return tuple(_rotated_if_same(mixed, sentences))


def negate(sentences: Sentences, source: Optional[str], rng: random.Random) -> Sentences:
    """One negation, in the first sentence where one of two rules applies (tried in this order in
    each sentence): "not" after the first auxiliary or copula (:data:`AUXILIARIES`); else "did not"
    before the first word ending in "-ed" (a past-tense verb, most of the time; the verb is left as
    it is, so the sentence may be ungrammatical: ROUGE does not read grammar).

    >>> negate(("The gunman was killed by police.",), None, random.Random(0))
    ('The gunman was not killed by police.',)
    >>> negate(("Police shot him.", "Police killed the gunman."), None, random.Random(0))
    ('Police shot him.', 'Police did not killed the gunman.')
    """
    for i, s in enumerate(sentences):
        words = s.split()
        bare = [w.strip(".,;:!?\"'()").lower() for w in words]
        aux = next((j for j, w in enumerate(bare) if w in AUXILIARIES), None)
        if aux is not None:
            words.insert(aux + 1, "not")
        else:
            past = next((j for j, w in enumerate(bare) if len(w) > 3 and w.endswith("ed") and w.isalpha()), None)
            if past is None:
                continue
            words[past:past] = ["did", "not"]
        return sentences[:i] + (" ".join(words),) + sentences[i + 1 :]
    raise NotApplicable("no auxiliary, copula or -ed verb to negate")


def _cycle(values: list[str], rng: random.Random) -> dict[str, str]:
    # A random cyclic order: each value maps to the next, so every value changes.
    order = values[:]
    rng.shuffle(order)
    return {v: order[(k + 1) % len(order)] for k, v in enumerate(order)}


def swap_numbers(sentences: Sentences, source: Optional[str], rng: random.Random) -> Sentences:
    """Each number (digits, with an optional decimal part) replaced: with two or more different
    numbers in the summary, each by another of them (a random cycle); with one, by that number plus 1.

    >>> swap_numbers(("Won 3 of 5 games.",), None, random.Random(0))
    ('Won 5 of 3 games.',)
    >>> swap_numbers(("A 0-0 draw.",), None, random.Random(0))
    ('A 1-1 draw.',)
    """
    found = list(dict.fromkeys(m.group() for s in sentences for m in _NUMBER.finditer(s)))
    if not found:
        raise NotApplicable("the summary has no number written in digits")
    swap = _cycle(found, rng) if len(found) > 1 else {found[0]: str(Decimal(found[0]) + 1)}
    return tuple(_NUMBER.sub(lambda m: swap[m.group()], s) for s in sentences)


def _names_in(text_sentences: Sequence[str]) -> dict[str, str]:
    """Capitalised words not starting their sentence and never written in lower case in the same text
    (lower case -> first spelling)."""
    caps: dict[str, str] = {}
    lower: set[str] = set()
    for s in text_sentences:
        for k, w in enumerate(s.split()):
            m = _WORD.match(w)
            if m is None:
                continue
            core = m.group(2)
            if core[0].isupper() and k > 0:
                caps.setdefault(core.lower(), core)
            elif core[0].islower():
                lower.add(core)
    return {k: v for k, v in caps.items() if k not in lower}


def swap_names(sentences: Sentences, source: Optional[str], rng: random.Random) -> Sentences:
    """Names swapped with each other (a random cycle over the different names). A name is a word
    capitalised where it does not start a sentence and never written in lower case, in the summary
    or, when the source document is given, in the source (so the names of a lower-cased summary are
    found too); a replacement takes the case of the word it replaces.

    >>> swap_names(("Merson criticised Townsend in London.",), None, random.Random(0))
    ('Merson criticised London in Townsend.',)
    >>> swap_names(("paul merson criticised andros townsend .",), "Paul Merson met Andros Townsend.",
    ...            random.Random(0))
    ('paul townsend criticised merson andros .',)
    """
    names = _names_in(sentences)
    if source:
        names = {**_names_in(split_sentences(source).split("\n")), **names}
    present = list(dict.fromkeys(m.group(2).lower() for s in sentences for w in s.split() if (m := _WORD.match(w))))
    found = [w for w in present if w in names]
    if len(found) < 2:
        raise NotApplicable("the summary has fewer than two different names (capitalised words) to swap")
    swap = _cycle(found, rng)

    def replace(word: str) -> str:
        m = _WORD.match(word)
        if m is None or m.group(2).lower() not in swap:
            return word
        new = names[swap[m.group(2).lower()]]
        return m.group(1) + (new.lower() if m.group(2).islower() else new) + m.group(3)

    return tuple(" ".join(replace(w) for w in s.split()) for s in sentences)


def substitute_synonyms(sentences: Sentences, source: Optional[str], rng: random.Random) -> Sentences:
    """Every word that is not a stopword (ROUGE-1.5.5's SMART list) and has WordNet synonyms in the
    shipped table replaced by one of them (chosen at random; a capitalised word's synonym capitalised).

    >>> substitute_synonyms(("I saw a good film.",), None, random.Random(0))
    ('I saw a good picture.',)
    """
    table, stop = synonym_table(), smart_stopwords()

    def replace(word: str) -> str:
        m = _WORD.match(word)
        if m is None or m.group(2).lower() in stop or m.group(2).lower() not in table:
            return word
        new = rng.choice(table[m.group(2).lower()])
        return m.group(1) + (new.capitalize() if m.group(2)[0].isupper() else new) + m.group(3)

    out = tuple(" ".join(replace(w) for w in s.split()) for s in sentences)
    if out == tuple(sentences):
        raise NotApplicable("no word of the summary has a synonym in the WordNet table")
    return out


def repeat_sentence(sentences: Sentences, source: Optional[str], rng: random.Random) -> Sentences:
    """One sentence (chosen at random) said twice: its copy follows it.

    >>> repeat_sentence(("A b.", "C d."), None, random.Random(0))
    ('A b.', 'C d.', 'C d.')
    """
    filled = [i for i, s in enumerate(sentences) if s.strip()]
    if not filled:
        raise NotApplicable("the summary has no sentence")
    i = rng.choice(filled)
    return sentences[: i + 1] + (sentences[i],) + sentences[i + 1 :]


def lead_three(sentences: Sentences, source: Optional[str], rng: random.Random) -> Sentences:
    """The first three sentences of the source document (split by :func:`rouge_core.split_sentences`),
    instead of the summary.

    >>> lead_three(("x",), "One. Two. Three. Four.", random.Random(0))
    ('One.', 'Two.', 'Three.')
    """
    if not source or not source.strip():
        raise NotApplicable("no source document was given")
    return tuple(split_sentences(source).split("\n")[:3])
