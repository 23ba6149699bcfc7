"""The records the annotation store returns, its errors, and the checks shared by its parts."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from fractions import Fraction
from typing import Any, Mapping, Optional

# The campaign records live in their own module; they are named here too, with every other record.
from .campaign_model import ROLES as ROLES
from .campaign_model import Adjudication as Adjudication
from .campaign_model import AnnotatorProgress as AnnotatorProgress
from .campaign_model import Campaign as Campaign
from .campaign_model import Disagreement as Disagreement
from .campaign_model import Gold as Gold
from .campaign_model import Member as Member


class StoreError(ValueError):
    """Input the annotation store refuses (an unknown item, a value outside a criterion's scale, an
    empty name ...); nothing was stored. The message names the record and the field."""


class SchemaError(StoreError):
    """A database file the store will not open: written by a newer version, not an annotation store,
    or not an SQLite database. The file is left untouched."""


class InviteError(StoreError):
    """An invite token that lets no one in: unknown, expired or revoked (the message says which, and
    never repeats the token)."""


class ImportFileError(StoreError):
    """A judgments file that cannot be imported; the message names the file, the line and the field.
    Nothing of the file was stored."""


#: The ``source`` of judgments made in the app (imports name their own: ``"summeval-expert"`` ...).
ANNOTATED = "annotated"
#: Where a content unit came from.
UNIT_ORIGINS = ("written", "imported")

_SOURCE = re.compile(r"[a-z0-9][a-z0-9:._-]{0,63}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
MAX_NAME = 200


def now() -> str:
    """The current UTC time as stored: ISO 8601 with microseconds.

    >>> len(now()), now().endswith("+00:00")
    (32, True)
    """
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def clean_name(name: object, what: str) -> str:
    """``name`` without surrounding blanks; refuses an empty, over-long or control-character name.

    >>> clean_name("  ann ", "annotator name")
    'ann'
    >>> clean_name(" ", "annotator name")
    Traceback (most recent call last):
    ...
    annotation.model.StoreError: annotator name: empty
    """
    if not isinstance(name, str):
        raise StoreError(f"{what}: expected text, got {type(name).__name__}")
    text = name.strip()
    if not text:
        raise StoreError(f"{what}: empty")
    if len(text) > MAX_NAME:
        raise StoreError(f"{what}: {len(text):,} characters, the limit is {MAX_NAME}")
    if _CONTROL.search(text):
        raise StoreError(f"{what}: {text[:40]!r} contains a control character")
    return text


def check_source(source: object) -> str:
    """A judgment source label: lower-case letters, digits and ``:._-``, at most 64 characters.

    >>> check_source("summeval-expert")
    'summeval-expert'
    """
    if not isinstance(source, str) or not _SOURCE.fullmatch(source):
        raise StoreError(f"source: {source!r} is not a label of lower-case letters, digits and ':._-'")
    return source


@dataclass(frozen=True)
class CorpusInfo:
    """A stored corpus: its name, the hash of its documents, format, sentence mode and size."""

    id: int
    name: str
    content_hash: str
    fmt: str
    sentences: str
    created_at: str
    n_items: int


@dataclass(frozen=True)
class Item:
    """One stored document (a system's candidate with its references) of a corpus, at ``position``."""

    id: int
    corpus_id: int
    position: int
    doc_id: str
    system: str
    candidate: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]
    source: Optional[str]
    meta: Mapping[str, Any]
    origin: str

    @property
    def candidate_text(self) -> str:
        """The candidate's sentences, one a line."""
        return "\n".join(self.candidate)


@dataclass(frozen=True)
class Criterion:
    """One criterion of a rubric version, with its scale (``integer``: only whole numbers)."""

    id: int
    rubric_id: int
    name: str
    description: str
    scale_min: float
    scale_max: float
    integer: bool
    position: int

    def check(self, value: object, where: str = "value") -> float:
        """``value`` as stored, or :class:`StoreError` when it is not a number on this scale.

        >>> c = Criterion(1, 1, "fluency", "", 1, 5, True, 0)
        >>> c.check(4), c.check(4.0)
        (4, 4)
        >>> c.check(4.5)
        Traceback (most recent call last):
        ...
        annotation.model.StoreError: value: 4.5 is not a whole number (criterion 'fluency' takes 1 to 5)
        """
        scale = f"criterion {self.name!r} takes {_num(self.scale_min)} to {_num(self.scale_max)}"
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise StoreError(f"{where}: {value!r} is not a number ({scale})")
        if not math.isfinite(value):
            raise StoreError(f"{where}: {value!r} is not a finite number ({scale})")
        if self.integer and value != int(value):
            raise StoreError(f"{where}: {value!r} is not a whole number ({scale})")
        if not self.scale_min <= value <= self.scale_max:
            raise StoreError(f"{where}: {_num(value)} is outside the scale ({scale})")
        return int(value) if self.integer else float(value)


@dataclass(frozen=True)
class Rubric:
    """One version of a rubric: its criteria in order. Editing a rubric stores a new version."""

    id: int
    name: str
    version: int
    created_at: str
    criteria: tuple[Criterion, ...]

    def criterion(self, name: str) -> Criterion:
        """The criterion called ``name`` (:class:`StoreError` if there is none)."""
        for c in self.criteria:
            if c.name == name:
                return c
        names = ", ".join(repr(c.name) for c in self.criteria)
        raise StoreError(f"rubric {self.name!r} v{self.version} has no criterion {name!r} (it has {names})")


@dataclass(frozen=True)
class Annotator:
    """A person (or a published label such as ``summeval-expert-1``) who judges items."""

    id: int
    name: str


@dataclass(frozen=True)
class Judgment:
    """One stored judgment, with the names that identify it outside the database."""

    id: int
    item_id: int
    criterion_id: int
    annotator_id: int
    corpus: str
    doc_id: str
    system: str
    criterion: str
    annotator: str
    value: float
    rubric: str
    rubric_version: int
    source: str
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class ItemStatus:
    """An annotator's note, flag and skip mark on one item (the defaults when none was set)."""

    note: str = ""
    flagged: bool = False
    skipped: bool = False


@dataclass(frozen=True)
class Progress:
    """How many items of a corpus an annotator has judged on every criterion of a rubric version."""

    done: int
    skipped: int
    total: int

    @property
    def fraction(self) -> Fraction:
        """``done / total`` (0 for an empty corpus).

        >>> Progress(3, 1, 12).fraction
        Fraction(1, 4)
        """
        return Fraction(self.done, self.total) if self.total else Fraction(0)


@dataclass(frozen=True)
class ContentUnit:
    """A content unit (a summary content unit, SCU) of a document: written for one reference
    (``reference`` = its index) or for the document as a whole (``reference`` None)."""

    id: int
    corpus_id: int
    doc_id: str
    reference: Optional[int]
    position: int
    text: str
    origin: str


@dataclass(frozen=True)
class UnitJudgment:
    """Whether an annotator found a content unit in an item's candidate."""

    unit_id: int
    item_id: int
    corpus: str
    doc_id: str
    system: str
    reference: Optional[int]
    unit_position: int
    unit_text: str
    unit_origin: str
    annotator: str
    present: bool
    created_at: str
    updated_at: str


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(float(value))
