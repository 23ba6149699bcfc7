"""Campaigns: a corpus judged on one rubric version by invited people, ``judgments_per_item`` (r)
different annotators per item, with an overlap every annotator judges (for agreement), optional gold
cells, the organiser's adjudications, and instructions.

:class:`CampaignsMixin` creates and lists campaigns and brings together their parts: members and
invites (:mod:`.invites`), gold, disagreements and adjudication (:mod:`.adjudication`), and the
dashboard's per-annotator progress (:mod:`.campaign_progress`). Which item each annotator judges
next is :mod:`.assignment`.
"""

from __future__ import annotations

from typing import Union

from .adjudication import AdjudicationMixin
from .campaign_data import fetch_campaign, select_campaigns
from .campaign_progress import CampaignProgressMixin
from .db import new_id
from .invites import InvitesMixin
from .model import Campaign, Rubric, StoreError, clean_name, now
from .rubrics import load_rubric

#: Longest instructions kept, in characters.
MAX_INSTRUCTIONS = 100_000


def _whole(value: object, what: str, low: int) -> int:
    """``value`` if it is a whole number of at least ``low`` (:class:`StoreError` otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise StoreError(f"{what}: {value!r} is not a whole number of {low} or more")
    return value


class CampaignsMixin(InvitesMixin, AdjudicationMixin, CampaignProgressMixin):
    """create_campaign, campaigns, campaign; with invite, redeem, revoke, members, set_gold, gold,
    adjudicate, adjudications, disagreements, campaign_progress."""

    def create_campaign(
        self,
        corpus_id: int,
        name: str,
        rubric: Union[Rubric, int],
        *,
        judgments_per_item: int = 1,
        overlap: int = 0,
        instructions: str = "",
        lease_minutes: int = 30,
    ) -> Campaign:
        """Store a campaign on a corpus and a rubric version (a :class:`Rubric` or its id). Refused
        with :class:`StoreError` (a ValueError) and nothing stored: an empty or taken name, an unknown
        corpus or rubric, ``judgments_per_item`` below 1, an ``overlap`` below 0 or above the number
        of items, a ``lease_minutes`` below 1.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}\\n' * 6, "x.jsonl"))
        >>> c = s.create_campaign(cid, " spring ", s.summeval_rubric(), judgments_per_item=2, overlap=2)
        >>> c.name, c.judgments_per_item, c.overlap, c.lease_minutes, s.campaign(c.id) == c
        ('spring', 2, 2, 30, True)
        >>> s.create_campaign(cid, "autumn", s.summeval_rubric(), overlap=7)
        Traceback (most recent call last):
        ...
        annotation.model.StoreError: overlap: 7 is more than the corpus's 6 items
        """
        label = clean_name(name, "campaign name")
        r = _whole(judgments_per_item, "judgments_per_item", 1)
        k = _whole(overlap, "overlap", 0)
        minutes = _whole(lease_minutes, "lease_minutes", 1)
        if not isinstance(instructions, str) or len(instructions) > MAX_INSTRUCTIONS:
            raise StoreError(f"instructions: expected text of at most {MAX_INSTRUCTIONS:,} characters")
        rubric_id = rubric.id if isinstance(rubric, Rubric) else rubric
        if isinstance(rubric_id, bool) or not isinstance(rubric_id, int):
            raise StoreError(f"rubric: {rubric!r} is neither a rubric nor a rubric id")
        if isinstance(corpus_id, bool) or not isinstance(corpus_id, int):
            raise StoreError(f"corpus: {corpus_id!r} is not a corpus id")
        with self.transaction() as conn:
            row = conn.execute(
                "SELECT (SELECT COUNT(*) FROM items WHERE corpus_id = c.id) FROM corpora c WHERE c.id = ?", (corpus_id,)
            ).fetchone()
            if row is None:
                raise StoreError(f"no corpus {corpus_id!r} in the annotation store")
            if k > int(row[0]):
                raise StoreError(f"overlap: {k} is more than the corpus's {int(row[0])} items")
            load_rubric(conn, rubric_id)
            if conn.execute("SELECT 1 FROM campaigns WHERE name = ?", (label,)).fetchone() is not None:
                raise StoreError(f"campaign name: {label!r} is taken; choose another")
            cur = conn.execute(
                "INSERT INTO campaigns (corpus_id, rubric_id, name, judgments_per_item, overlap, instructions, "
                "lease_minutes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (corpus_id, rubric_id, label, r, k, instructions, minutes, now()),
            )
            return fetch_campaign(conn, new_id(cur))

    def campaigns(self) -> list[Campaign]:
        """Every campaign, by name (an empty list: the app stays in its single-user mode).

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").campaigns()
        []
        """
        with self.snapshot() as conn:
            return select_campaigns(conn)

    def campaign(self, campaign_id: int) -> Campaign:
        """Campaign ``campaign_id`` (:class:`StoreError` if there is none).

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").campaign(3)
        Traceback (most recent call last):
        ...
        annotation.model.StoreError: no campaign 3 in the annotation store
        """
        with self.snapshot() as conn:
            return fetch_campaign(conn, campaign_id)
