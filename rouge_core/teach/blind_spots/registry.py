"""The perturbations of "What does ROUGE miss?", one record each: what it does, what it does to the
meaning, and its rule (:mod:`rouge_core.teach.blind_spots.perturb`)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, Optional, Sequence

from . import perturb as rules


@dataclass(frozen=True)
class Perturbation:
    """A perturbation: its name, what it does, what that does to the meaning, and whether a reader
    would still accept the summary as saying the same thing (``keeps_meaning``)."""

    name: str
    title: str
    meaning: str
    keeps_meaning: bool
    rule: rules.Rule


@dataclass(frozen=True)
class Perturbed:
    """The result of one perturbation: the new sentences, or (``sentences`` empty) why it could not apply."""

    name: str
    sentences: tuple[str, ...]
    reason: str = ""

    @property
    def applied(self) -> bool:
        """Whether the perturbation applied (else :attr:`reason` says why not)."""
        return not self.reason

    @property
    def text(self) -> str:
        """The perturbed summary, one sentence a line."""
        return "\n".join(self.sentences)


_ALL = (
    Perturbation(
        "shuffle_words",
        "Words shuffled within each sentence",
        "The sentences become word salad: who did what to whom is lost, every word is still there.",
        False,
        rules.shuffle_words,
    ),
    Perturbation(
        "reorder_sentences",
        "Sentences reordered",
        "The facts stay, the order of events and the text's coherence are lost.",
        False,
        rules.reorder_sentences,
    ),
    Perturbation(
        "negate",
        "A negation inserted",
        "One statement now says the opposite of what it said.",
        False,
        rules.negate,
    ),
    Perturbation(
        "swap_numbers",
        "Numbers swapped",
        "Every figure (score, date, amount) is now wrong.",
        False,
        rules.swap_numbers,
    ),
    Perturbation(
        "swap_names",
        "Names swapped",
        "People and places trade roles: the summary now credits the wrong ones.",
        False,
        rules.swap_names,
    ),
    Perturbation(
        "synonyms",
        "Synonyms substituted (WordNet)",
        "Mostly the same meaning in other words (WordNet's synonyms of each word's commonest sense; "
        "a word used in another sense can go wrong).",
        True,
        rules.substitute_synonyms,
    ),
    Perturbation(
        "repeat_sentence",
        "A sentence repeated",
        "Nothing new is said: the copy adds length, not content.",
        False,
        rules.repeat_sentence,
    ),
    Perturbation(
        "lead_three",
        "Lead-3 of the source instead of the summary",
        "Not a summary at all: the article's first three sentences, whatever they say.",
        False,
        rules.lead_three,
    ),
)

#: Every perturbation by name, in the page's order.
PERTURBATIONS: Mapping[str, Perturbation] = MappingProxyType({p.name: p for p in _ALL})


def perturb(name: str, sentences: Sequence[str], source: Optional[str] = None, seed: int = 0) -> Perturbed:
    """Apply perturbation ``name`` to a summary's sentences (``source``: the document, for lead-3 and
    names); the same input and seed give the same output.

    >>> perturb("repeat_sentence", ["A b.", "C d."], seed=3).sentences
    ('A b.', 'A b.', 'C d.')
    >>> perturb("lead_three", ["A b."]).reason
    'no source document was given'
    """
    p = PERTURBATIONS[name]  # an unknown name is a KeyError: names come from PERTURBATIONS
    sentences = tuple(s.strip() for s in sentences if s.strip())
    if not sentences:
        return Perturbed(name, (), "the summary is empty")
    # The generator is seeded with the rule's name as well: each rule draws its own numbers.
    rng = random.Random(f"{seed}:{name}")
    try:
        return Perturbed(name, p.rule(sentences, source, rng))
    except rules.NotApplicable as e:
        return Perturbed(name, (), str(e))


def perturb_all(sentences: Sequence[str], source: Optional[str] = None, seed: int = 0) -> tuple[Perturbed, ...]:
    """Every perturbation of :data:`PERTURBATIONS`, in order.

    >>> [p.applied for p in perturb_all(["Police killed the gunman."])]
    [True, False, True, False, False, True, True, False]
    """
    return tuple(perturb(name, sentences, source, seed) for name in PERTURBATIONS)
