"""What the campaign modules share: reading a campaign, its times, and which of its items each member
has judged in full.

A campaign's judgments are the judgments of its members (any role, revoked ones too: what they
judged stays) on its corpus's items and its rubric version's criteria. Judgments are not stored per
campaign, so a person in two campaigns of one corpus and rubric judges once for both.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Optional

from .db import Db
from .model import Campaign, StoreError

_CAMPAIGN_COLUMNS = (
    "id, corpus_id, name, rubric_id, judgments_per_item, overlap, instructions, lease_minutes, created_at"
)


def utc(when: Optional[datetime]) -> datetime:
    """``when`` in UTC (a naive time is taken as UTC), or the current time when None.

    >>> utc(datetime(2026, 1, 2, 3, 4)).isoformat()
    '2026-01-02T03:04:00+00:00'
    """
    if when is None:
        return datetime.now(timezone.utc)
    if not isinstance(when, datetime):
        raise StoreError(f"now: expected a datetime, got {type(when).__name__}")
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


def stamp(when: datetime) -> str:
    """A UTC time as stored: ISO 8601 with microseconds, so text order is time order.

    >>> stamp(datetime(2026, 1, 2, 3, 4, tzinfo=timezone.utc))
    '2026-01-02T03:04:00.000000+00:00'
    """
    return when.isoformat(timespec="microseconds")


def fetch_campaign(conn: Db, campaign_id: int) -> Campaign:
    """Campaign ``campaign_id`` read on ``conn`` (:class:`StoreError` if there is none)."""
    if isinstance(campaign_id, bool) or not isinstance(campaign_id, int):
        raise StoreError(f"campaign: {campaign_id!r} is not a campaign id")
    row = conn.execute(f"SELECT {_CAMPAIGN_COLUMNS} FROM campaigns WHERE id = ?", (campaign_id,)).fetchone()
    if row is None:
        raise StoreError(f"no campaign {campaign_id!r} in the annotation store")
    return campaign_record(row)


def select_campaigns(conn: Db) -> list[Campaign]:
    """Every campaign, by name."""
    return [campaign_record(r) for r in conn.execute(f"SELECT {_CAMPAIGN_COLUMNS} FROM campaigns ORDER BY name")]


def campaign_record(row: Any) -> Campaign:
    """A :class:`Campaign` from a row of ``_CAMPAIGN_COLUMNS``."""
    return Campaign(
        int(row[0]),
        int(row[1]),
        str(row[2]),
        int(row[3]),
        int(row[4]),
        int(row[5]),
        str(row[6]),
        int(row[7]),
        str(row[8]),
    )


def completed(conn: Db, campaign: Campaign) -> list[tuple[int, int, str]]:
    """(item id, annotator id, when) of each item a member has judged on every criterion of the
    campaign's rubric, ``when`` being the first judgment of its last criterion; in that time order."""
    rows = conn.execute(
        "SELECT j.item_id, j.annotator_id, MAX(j.created_at) FROM judgments j "
        "JOIN items i ON i.id = j.item_id JOIN criteria cr ON cr.id = j.criterion_id "
        "JOIN campaign_members m ON m.annotator_id = j.annotator_id AND m.campaign_id = ? "
        "WHERE i.corpus_id = ? AND cr.rubric_id = ? GROUP BY j.item_id, j.annotator_id "
        "HAVING COUNT(*) = (SELECT COUNT(*) FROM criteria WHERE rubric_id = ?) ORDER BY 3, 1",
        (campaign.id, campaign.corpus_id, campaign.rubric_id, campaign.rubric_id),
    ).fetchall()
    return [(int(r[0]), int(r[1]), str(r[2])) for r in rows]


def member_id(conn: Db, campaign_id: int, name: str, role: Optional[str] = None) -> int:
    """The annotator id of ``name``, a member of the campaign not revoked (with ``role`` if given);
    :class:`StoreError` otherwise."""
    row = conn.execute(
        "SELECT m.annotator_id, m.role, m.revoked_at FROM campaign_members m "
        "JOIN annotators a ON a.id = m.annotator_id WHERE m.campaign_id = ? AND a.name = ?",
        (campaign_id, name),
    ).fetchone()
    if row is None:
        raise StoreError(f"{name!r} is not a member of campaign {campaign_id}")
    if row[2] is not None:
        raise StoreError(f"{name!r} was removed from campaign {campaign_id} on {str(row[2])[:16]} UTC")
    if role is not None and row[1] != role:
        raise StoreError(f"{name!r} is not an {role} of campaign {campaign_id} (they are an {row[1]})")
    return int(row[0])
