"""The records of campaigns the annotation store returns (:mod:`.campaigns`, :mod:`.invites`,
:mod:`.assignment`, :mod:`.adjudication`, :mod:`.campaign_progress`); :mod:`.model` names them too.

>>> Campaign(1, 1, "pilot", 1, 2, 0, "", 30, "").judgments_per_item
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, NamedTuple, Optional

#: The roles a campaign member can have.
ROLES = ("organiser", "annotator")


@dataclass(frozen=True)
class Campaign:
    """A corpus judged on one rubric version by invited people: ``judgments_per_item`` (r) different
    annotators per item, the first ``overlap`` items of its order by every annotator, leases of
    ``lease_minutes``, and the organiser's ``instructions`` (Markdown)."""

    id: int
    corpus_id: int
    name: str
    rubric_id: int
    judgments_per_item: int
    overlap: int
    instructions: str
    lease_minutes: int
    created_at: str


@dataclass(frozen=True)
class Member:
    """A person invited to a campaign, with their role and the life of their invite (ISO UTC times)."""

    campaign_id: int
    annotator: str
    role: str
    invited_at: str
    expires_at: str
    revoked_at: Optional[str]
    redeemed_at: Optional[str]


@dataclass(frozen=True)
class Gold:
    """A gold cell: the value expected of an item on a criterion, right within ``tolerance``."""

    item_id: int
    criterion: str
    expected: float
    tolerance: float


@dataclass(frozen=True)
class Adjudication:
    """The organiser's value of a cell, kept beside (never over) the annotators' judgments."""

    item_id: int
    criterion: str
    value: float
    organiser: str
    note: str
    at: str


@dataclass(frozen=True)
class AnnotatorProgress:
    """One annotator of a campaign: items judged on every criterion (``done``), items leased to them
    now (``assigned``), the median seconds between two completed items (None before 2), gold cells
    judged and judged right, and their flags and notes on the campaign's items."""

    annotator: str
    done: int
    assigned: int
    seconds_per_item: Optional[float]
    gold_checked: int
    gold_correct: int
    flags: int
    notes: int


class Disagreement(NamedTuple):
    """A cell of a campaign the members judged apart: its item, criterion and value by annotator."""

    item_id: int
    criterion: str
    values: Mapping[str, float]
