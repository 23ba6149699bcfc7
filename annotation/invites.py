"""Campaign members and their invites: a random token per person, of which the store keeps only the
SHA-256, that expires, can be revoked, and lets its holder back in until then.

The token is returned once, by :meth:`InvitesMixin.invite`, to be sent in a link; a copy of the
database file does not let anyone in. Inviting the same person again gives them a new token (the old
one stops working), a new expiry and their role, and lifts a revocation.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any, Optional

from .campaign_data import fetch_campaign, member_id, stamp, utc
from .connection import StoreConnection
from .judgments import annotator_id
from .model import ROLES, InviteError, Member, StoreError, clean_name

_MEMBER = (
    "SELECT m.campaign_id, a.name, m.role, m.invited_at, m.expires_at, m.revoked_at, m.redeemed_at "
    "FROM campaign_members m JOIN annotators a ON a.id = m.annotator_id"
)


def token_hash(token: str) -> str:
    """The SHA-256 of an invite token, as stored (hex).

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _check_usable(member: Member, at: datetime) -> None:
    """Raise :class:`InviteError` when the member's token is revoked or expired at ``at``."""
    if member.revoked_at is not None:
        raise InviteError(f"this invite was revoked on {member.revoked_at[:16]} UTC; ask the organiser")
    if datetime.fromisoformat(member.expires_at) <= at:
        raise InviteError(f"this invite expired on {member.expires_at[:16]} UTC; ask the organiser for a new one")


class InvitesMixin(StoreConnection):
    """invite, redeem, revoke, members."""

    def invite(
        self,
        campaign_id: int,
        annotator: str,
        *,
        role: str = "annotator",
        valid_for: timedelta = timedelta(days=14),
        now: Optional[datetime] = None,
    ) -> str:
        """Make ``annotator`` a member of the campaign with ``role`` (``"organiser"`` or
        ``"annotator"``) and return their invite token, valid for ``valid_for`` from ``now``. Only the
        token's SHA-256 is stored, so this is the one time it can be read.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric())
        >>> token = s.invite(camp.id, "ann")
        >>> len(token) >= 43, s.redeem(token).annotator, s.invite(camp.id, "ann") != token
        (True, 'ann', True)
        """
        name = clean_name(annotator, "annotator name")
        if role not in ROLES:
            raise StoreError(f"role: {role!r} is not one of {', '.join(ROLES)}")
        if not isinstance(valid_for, timedelta) or valid_for <= timedelta(0):
            raise StoreError(f"valid_for: {valid_for!r} is not a positive length of time")
        start = utc(now)
        token = secrets.token_urlsafe(32)
        with self.transaction() as conn:
            fetch_campaign(conn, campaign_id)
            conn.execute(
                "INSERT INTO campaign_members (campaign_id, annotator_id, role, token_hash, invited_at, expires_at, "
                "revoked_at, redeemed_at) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL) "
                "ON CONFLICT (campaign_id, annotator_id) DO UPDATE SET role = excluded.role, "
                "token_hash = excluded.token_hash, invited_at = excluded.invited_at, "
                "expires_at = excluded.expires_at, revoked_at = NULL, redeemed_at = NULL",
                (
                    campaign_id,
                    annotator_id(conn, name),
                    role,
                    token_hash(token),
                    stamp(start),
                    stamp(start + valid_for),
                ),
            )
        return token

    def redeem(self, token: str, now: Optional[datetime] = None) -> Member:
        """The member an invite token belongs to; the first time, ``redeemed_at`` is recorded. The
        token keeps working (it is how its holder comes back) until it expires or is revoked; an
        unknown, expired or revoked token raises :class:`InviteError` saying which.

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").redeem("not-a-token")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        annotation.model.InviteError: this invite link is not known: check that it was copied whole, or ask ...
        """
        if not isinstance(token, str) or not token.strip():
            raise InviteError("no invite token given")
        digest = token_hash(token.strip())
        at = utc(now)
        # A page checks its visitor's token on every run: read it without taking the write lock, and
        # write only the first time it is used (many annotators' runs must not queue behind each other).
        with self.snapshot() as conn:
            row = conn.execute(f"{_MEMBER} WHERE m.token_hash = ?", (digest,)).fetchone()
        if row is not None and _member(row).redeemed_at is not None:
            member = _member(row)
            _check_usable(member, at)
            return member
        with self.transaction() as conn:
            row = conn.execute(f"{_MEMBER} WHERE m.token_hash = ?", (digest,)).fetchone()
            if row is None:
                raise InviteError(
                    "this invite link is not known: check that it was copied whole, or ask the organiser for a new one"
                )
            member = _member(row)
            _check_usable(member, at)
            if member.redeemed_at is None:
                conn.execute("UPDATE campaign_members SET redeemed_at = ? WHERE token_hash = ?", (stamp(at), digest))
                member = _member(conn.execute(f"{_MEMBER} WHERE m.token_hash = ?", (digest,)).fetchone())
        return member

    def revoke(self, campaign_id: int, annotator: str) -> None:
        """Take a member out of the campaign: their token stops working and the item leased to them is
        freed. Their judgments stay. An unknown campaign or member raises :class:`StoreError`.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric())
        >>> _ = s.invite(camp.id, "ann")
        >>> s.revoke(camp.id, "ann")
        >>> s.members(camp.id)[0].revoked_at is not None
        True
        """
        name = clean_name(annotator, "annotator name")
        with self.transaction() as conn:
            fetch_campaign(conn, campaign_id)
            who = member_id(conn, campaign_id, name)
            conn.execute(
                "UPDATE campaign_members SET revoked_at = ? WHERE campaign_id = ? AND annotator_id = ?",
                (stamp(utc(None)), campaign_id, who),
            )
            conn.execute("DELETE FROM assignments WHERE campaign_id = ? AND annotator_id = ?", (campaign_id, who))

    def members(self, campaign_id: int) -> list[Member]:
        """The campaign's members, by name (revoked ones too, with ``revoked_at``).

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric())
        >>> _ = s.invite(camp.id, "prof", role="organiser"), s.invite(camp.id, "ann")
        >>> [(m.annotator, m.role, m.redeemed_at) for m in s.members(camp.id)]
        [('ann', 'annotator', None), ('prof', 'organiser', None)]
        """
        with self.snapshot() as conn:
            fetch_campaign(conn, campaign_id)
            rows = conn.execute(f"{_MEMBER} WHERE m.campaign_id = ? ORDER BY a.name", (campaign_id,)).fetchall()
        return [_member(r) for r in rows]


def _member(row: Any) -> Member:
    return Member(
        int(row[0]),
        str(row[1]),
        str(row[2]),
        str(row[3]),
        str(row[4]),
        None if row[5] is None else str(row[5]),
        None if row[6] is None else str(row[6]),
    )
