"""The shape of a challenge: its boxes, its checker and the verdict the checker returns.

A challenge is a short task whose answer is text the student writes (one box, or two when the
student also writes the reference). Its checker scores the text with :func:`rouge_core.score` under a
fixed, named profile and says whether the task is met, which numbers it compared, and what is still
missing in plain words.

>>> v = Verdict.of((Compared("ROUGE-1 R", 1.0, "= 1", True),))
>>> v.solved, v.missing
(True, ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ...config import ProfileName, RougeConfig
from ...evaluate import score
from ...measures.scoring import Score
from ...text.tokenize import analyze_keys

#: The longest answer a checker scores, in characters (a page should refuse earlier, on its budget).
MAX_CHARS = 20_000


@dataclass(frozen=True)
class Compared:
    """One number the checker compared: what it is, its value, what the task wants, whether it is met."""

    name: str
    value: float
    wanted: str
    met: bool


@dataclass(frozen=True)
class Verdict:
    """Solved or not, the numbers compared, and what is still missing (one sentence each)."""

    solved: bool
    compared: tuple[Compared, ...]
    missing: tuple[str, ...]

    @staticmethod
    def of(compared: Sequence[Compared], extra: Sequence[str] = ()) -> Verdict:
        """A verdict from its comparisons: solved when every one is met and nothing else is missing.

        Each unmet comparison becomes a missing sentence ("<name> is <value>; the task wants <wanted>").

        >>> Verdict.of((Compared("ROUGE-2 F", 0.25, "> 0.33333", False),)).missing
        ('ROUGE-2 F is 0.25000; the task wants > 0.33333.',)
        """
        missing = [f"{c.name} is {c.value:.5f}; the task wants {c.wanted}." for c in compared if not c.met]
        missing.extend(extra)
        return Verdict(not missing, tuple(compared), tuple(missing))

    @staticmethod
    def refused(reason: str) -> Verdict:
        """Not solved, nothing compared: the answer could not be scored (empty, no words, too long).

        >>> Verdict.refused("The box is empty.").missing
        ('The box is empty.',)
        """
        return Verdict(False, (), (reason,))


@dataclass(frozen=True)
class Box:
    """A text box the student fills: its label, the text it starts with, and the worked solution's text."""

    label: str
    start: str
    solution: str


@dataclass(frozen=True)
class Challenge:
    """One challenge: the task, the measure property it teaches, a hint, a worked solution, and a checker.

    ``given`` lists the fixed texts the task is about (label, text), shown beside the task; ``boxes``
    are what the student writes; ``checker`` receives the boxes' texts in order, already known to be
    scorable (:meth:`check` refuses empty, wordless or too long answers first).
    """

    id: str
    title: str
    task: str
    teaches: str
    hint: str
    solution: str
    profile: ProfileName
    given: tuple[tuple[str, str], ...]
    boxes: tuple[Box, ...]
    checker: Callable[[tuple[str, ...]], Verdict]

    @property
    def start(self) -> tuple[str, ...]:
        """The starting texts of the boxes."""
        return tuple(b.start for b in self.boxes)

    @property
    def solution_texts(self) -> tuple[str, ...]:
        """The worked solution's texts of the boxes."""
        return tuple(b.solution for b in self.boxes)

    def check(self, *texts: str) -> Verdict:
        """The verdict on the student's texts (one per box); bad input is a refusal saying why.

        >>> from rouge_core.teach.challenges import CHALLENGES
        >>> CHALLENGES["recall-cheat"].check("").missing
        ('The box "Your candidate" is empty: write a text.',)
        """
        if len(texts) != len(self.boxes):
            raise ValueError(f"challenge {self.id!r} takes {len(self.boxes)} text(s), got {len(texts)}")
        config = RougeConfig(profile=self.profile)
        for box, text in zip(self.boxes, texts):
            if not text.strip():
                return Verdict.refused(f'The box "{box.label}" is empty: write a text.')
            if len(text) > MAX_CHARS:
                return Verdict.refused(
                    f'The box "{box.label}" holds {len(text):,} characters; a challenge takes at most {MAX_CHARS:,}.'
                )
            if not analyze_keys(text, config)[0]:
                return Verdict.refused(
                    f'The box "{box.label}" has no word ROUGE counts: its tokenizer keeps ASCII letters '
                    "and digits only."
                )
        return self.checker(tuple(texts))


def scores(candidate: str, reference: str, profile: ProfileName, **options: Any) -> dict[str, Score]:
    """Every measure's score of ``candidate`` against ``reference`` under ``profile`` (and options).

    >>> scores("police kill the gunman", "police killed the gunman", "paper")["ROUGE-L"].fmeasure
    0.75
    """
    config = RougeConfig(profile=profile, **options)
    return {label: m.score for label, m in score(candidate, [reference], config).items()}


def same(a: float, b: float) -> bool:
    """Equal up to floating-point noise (the paper's exact fractions, computed two ways).

    >>> same(0.1 + 0.2, 0.3), same(0.5, 0.50001)
    (True, False)
    """
    return abs(a - b) < 1e-9
