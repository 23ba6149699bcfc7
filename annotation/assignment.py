"""Which item a campaign's member judges next, and the leases that keep two people from taking the
same last place on an item.

The rules of :meth:`AssignmentMixin.next_assignment`:

* An item is *complete* when ``judgments_per_item`` (r) different members have judged it on every
  criterion of the campaign's rubric. An item's *takers* are the members who have completed it and
  those holding a lease on it; an item outside the overlap with r takers is never handed out, so r
  is never passed.
* The overlap (the first ``overlap`` items of the campaign's order) is for agreement: it goes to
  every member, whatever r, and comes first for everyone, in the same order.
* After it, the items with the most judgments still missing (r minus takers) come first, ties broken
  by the campaign's order: a shuffle of the corpus seeded by the campaign (:func:`campaign_order`),
  the same on every call and machine, so the blind order is kept and no system is favoured.
* Never an item the member has completed or skipped. A member who asks again gets the item leased to
  them until they have judged it; a lease runs ``lease_minutes`` from when the item was handed out,
  then it is freed (:meth:`~AssignmentMixin.release_stale`, also run by each ``next_assignment``).

Choosing and leasing happen in one write transaction (the store's write lock): two stores, or two app
servers, asking at once are served one after the other, each seeing the other's lease.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Optional, Sequence

from .campaign_data import completed, fetch_campaign, member_id, stamp, utc
from .connection import StoreConnection
from .corpora import fetch_item
from .db import Db
from .model import Campaign, Item, StoreError, clean_name


def campaign_order(campaign: Campaign, positions: Sequence[int]) -> list[int]:
    """The indices of a corpus's items (by ``positions``) in the campaign's order: sorted by the
    SHA-256 of the campaign's id and name and the item's position, a shuffle fixed by the campaign.

    >>> from annotation.model import Campaign
    >>> c = Campaign(1, 1, "pilot", 1, 2, 0, "", 30, "")
    >>> order = campaign_order(c, [0, 1, 2, 3])
    >>> sorted(order), order == campaign_order(c, [0, 1, 2, 3])
    ([0, 1, 2, 3], True)
    """
    seed = f"{campaign.id}\0{campaign.name}\0"

    def key(index: int) -> bytes:
        return hashlib.sha256(f"{seed}{positions[index]}".encode()).digest()

    return sorted(range(len(positions)), key=key)


def _release(conn: Db, campaign: Campaign, at: datetime) -> int:
    """Delete the campaign's leases older than its lease time at ``at``; how many."""
    cutoff = stamp(at - timedelta(minutes=campaign.lease_minutes))
    cur = conn.execute("DELETE FROM assignments WHERE campaign_id = ? AND leased_at < ?", (campaign.id, cutoff))
    return int(cur.rowcount)


def _member_lease(conn: Db, campaign_id: int, annotator: str, at: datetime) -> tuple[Campaign, int, Optional[int]]:
    """The campaign, the member's annotator id and the item leased to them after the stale leases are
    freed at ``at`` (None: no lease); :class:`StoreError` for an unknown campaign or a non-member."""
    campaign = fetch_campaign(conn, campaign_id)
    who = member_id(conn, campaign_id, clean_name(annotator, "annotator name"))
    _release(conn, campaign, at)
    held = conn.execute(
        "SELECT item_id FROM assignments WHERE campaign_id = ? AND annotator_id = ?", (campaign_id, who)
    ).fetchone()
    return campaign, who, None if held is None else int(held[0])


def _campaign_items(conn: Db, campaign: Campaign) -> list[int]:
    """The ids of the campaign's corpus items in the campaign's order (:func:`campaign_order`)."""
    items = conn.execute(
        "SELECT id, position FROM items WHERE corpus_id = ? ORDER BY position", (campaign.corpus_id,)
    ).fetchall()
    return [int(items[n][0]) for n in campaign_order(campaign, [int(r[1]) for r in items])]


class AssignmentMixin(StoreConnection):
    """next_assignment, hold, release_stale."""

    def next_assignment(self, campaign_id: int, annotator: str, now: Optional[datetime] = None) -> Optional[Item]:
        """The item ``annotator`` (a member of the campaign, not revoked) should judge next, leased to
        them; None when nothing is left for them. See the module's rules.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}\\n' * 3, "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric())
        >>> _ = s.invite(camp.id, "al"), s.invite(camp.id, "bo")
        >>> first = s.next_assignment(camp.id, "al")
        >>> s.next_assignment(camp.id, "al") == first, s.next_assignment(camp.id, "bo") == first
        (True, False)
        """
        at = utc(now)
        with self.transaction() as conn:
            campaign, who, held = _member_lease(conn, campaign_id, annotator, at)
            done = completed(conn, campaign)
            passed = {item for item, person, _ in done if person == who} | {
                int(r[0])
                for r in conn.execute(
                    "SELECT s.item_id FROM item_status s JOIN items i ON i.id = s.item_id "
                    "WHERE i.corpus_id = ? AND s.annotator_id = ? AND s.skipped = 1",
                    (campaign.corpus_id, who),
                )
            }
            if held is not None and held not in passed:
                return fetch_item(conn, held)
            conn.execute("DELETE FROM assignments WHERE campaign_id = ? AND annotator_id = ?", (campaign_id, who))
            chosen = _choose(conn, campaign, who, passed, done)
            if chosen is None:
                return None
            conn.execute(
                "INSERT INTO assignments (campaign_id, annotator_id, item_id, leased_at) VALUES (?, ?, ?, ?)",
                (campaign_id, who, chosen, stamp(at)),
            )
            return fetch_item(conn, chosen)

    def hold(self, campaign_id: int, annotator: str, item_id: int, now: Optional[datetime] = None) -> bool:
        """Keep ``item_id`` for ``annotator`` before they judge it: True when it is theirs to judge (their
        lease on it, renewed from ``now``; an item they completed, whose judgments they change; or a free
        place on it, which they then lease), False when its places went to others meanwhile (their lease
        ran out while they were away, or an undo brought them back to an item now full). A page calls it
        before recording a campaign judgment, so r is never passed.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric(), lease_minutes=30)
        >>> _ = s.invite(camp.id, "al"), s.invite(camp.id, "bo")
        >>> start = datetime(2026, 3, 1, 9, 0)
        >>> item = s.next_assignment(camp.id, "al", now=start)
        >>> s.hold(camp.id, "al", item.id, now=start + timedelta(minutes=20))  # renewed: 30 more minutes
        True
        >>> s.next_assignment(camp.id, "bo", now=start + timedelta(minutes=45)) is None  # al still holds it
        True
        >>> s.next_assignment(camp.id, "bo", now=start + timedelta(minutes=51)) == item  # al away too long
        True
        >>> s.hold(camp.id, "al", item.id, now=start + timedelta(minutes=52))  # r = 1 place, now bo's
        False
        """
        at = utc(now)
        with self.transaction() as conn:
            campaign, who, held = _member_lease(conn, campaign_id, annotator, at)
            if held == item_id:
                conn.execute(
                    "UPDATE assignments SET leased_at = ? WHERE campaign_id = ? AND annotator_id = ?",
                    (stamp(at), campaign_id, who),
                )
                return True
            done = completed(conn, campaign)
            if any(item == item_id and person == who for item, person, _ in done):
                return True  # already one of the item's r: changing their own judgment
            order = _campaign_items(conn, campaign)
            if item_id not in order:
                raise StoreError(f"item {item_id} is not in campaign {campaign_id}'s corpus")
            takers = {person for item, person, _ in done if item == item_id} | {
                int(r[0])
                for r in conn.execute(
                    "SELECT annotator_id FROM assignments WHERE campaign_id = ? AND item_id = ?", (campaign_id, item_id)
                )
            }
            if item_id not in order[: campaign.overlap] and len(takers - {who}) >= campaign.judgments_per_item:
                return False
            conn.execute("DELETE FROM assignments WHERE campaign_id = ? AND annotator_id = ?", (campaign_id, who))
            conn.execute(
                "INSERT INTO assignments (campaign_id, annotator_id, item_id, leased_at) VALUES (?, ?, ?, ?)",
                (campaign_id, who, item_id, stamp(at)),
            )
            return True

    def release_stale(self, campaign_id: int, now: Optional[datetime] = None) -> int:
        """Free the campaign's leases older than its ``lease_minutes`` at ``now``; how many were freed.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric(), lease_minutes=30)
        >>> _ = s.invite(camp.id, "al")
        >>> start = datetime(2026, 3, 1, 9, 0)
        >>> _ = s.next_assignment(camp.id, "al", now=start)
        >>> [s.release_stale(camp.id, now=start + timedelta(minutes=m)) for m in (30, 31)]
        [0, 1]
        """
        at = utc(now)
        with self.transaction() as conn:
            return _release(conn, fetch_campaign(conn, campaign_id), at)


def _choose(
    conn: Db, campaign: Campaign, who: int, passed: set[int], done: list[tuple[int, int, str]]
) -> Optional[int]:
    """The id of the item to lease to member ``who`` (see the module's rules), or None."""
    order = _campaign_items(conn, campaign)
    takers: dict[int, set[int]] = {}
    for item, person, _ in done:
        takers.setdefault(item, set()).add(person)
    for item, person in conn.execute(
        "SELECT item_id, annotator_id FROM assignments WHERE campaign_id = ?", (campaign.id,)
    ):
        takers.setdefault(int(item), set()).add(int(person))
    shared = set(order[: campaign.overlap])
    r = campaign.judgments_per_item
    best: Optional[tuple[int, int, int]] = None
    chosen: Optional[int] = None
    for rank, item in enumerate(order):
        taken = takers.get(item, set())
        if item in passed or who in taken or (item not in shared and len(taken) >= r):
            continue
        # overlap first (in order), then the most still missing, then the campaign's order
        key = (0, 0, rank) if item in shared else (1, len(taken) - r, rank)
        if best is None or key < best:
            best, chosen = key, item
    return chosen
