"""A campaign's review: gold cells (an expected value and a tolerance, to check annotators against),
the cells its members disagree on, and the organiser's adjudicated values.

An adjudication is kept in its own table, beside the judgments: the annotators' values are never
changed, and an export can be made with or without it. Adjudicating a cell again replaces the
earlier adjudication (only the latest one counts).
"""

from __future__ import annotations

import math

from .campaign_data import fetch_campaign, member_id
from .connection import StoreConnection
from .db import Db
from .model import Adjudication, Campaign, Criterion, Disagreement, Gold, StoreError, clean_name, now
from .rubrics import load_rubric
from .status import MAX_NOTE

_CELL_ORDER = "ORDER BY i.position, cr.position"


def _cell(conn: Db, campaign: Campaign, item_id: int, criterion_name: str) -> Criterion:
    """The criterion ``criterion_name`` of the campaign's rubric, once ``item_id`` is known to be an
    item of its corpus (:class:`StoreError` otherwise)."""
    row = conn.execute("SELECT corpus_id FROM items WHERE id = ?", (item_id,)).fetchone()
    if row is None or int(row[0]) != campaign.corpus_id:
        raise StoreError(f"item {item_id!r} is not an item of campaign {campaign.name!r}'s corpus")
    return load_rubric(conn, campaign.rubric_id).criterion(criterion_name)


def _value(criterion_integer: object, value: object) -> float:
    """A stored REAL as the criterion's scale shows it (whole numbers as int)."""
    number = float(value)  # type: ignore[arg-type]
    return int(number) if criterion_integer else number


class AdjudicationMixin(StoreConnection):
    """set_gold, gold, adjudicate, adjudications, disagreements."""

    def set_gold(
        self, campaign_id: int, item_id: int, criterion_name: str, expected: float, tolerance: float = 0
    ) -> None:
        """Make a cell gold: a judgment of it is right when ``|value - expected| <= tolerance``.
        Setting it again replaces it. ``expected`` must be on the criterion's scale.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric())
        >>> s.set_gold(camp.id, s.item_ids(cid)[0], "fluency", 5, tolerance=1)
        >>> s.gold(camp.id)
        [Gold(item_id=1, criterion='fluency', expected=5, tolerance=1.0)]
        """
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not 0 <= tolerance < math.inf:
            raise StoreError(f"tolerance: {tolerance!r} is not a number, 0 or more")
        with self.transaction() as conn:
            campaign = fetch_campaign(conn, campaign_id)
            criterion = _cell(conn, campaign, item_id, criterion_name)
            conn.execute(
                "INSERT INTO campaign_gold (campaign_id, item_id, criterion_id, expected, tolerance, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (campaign_id, item_id, criterion_id) DO UPDATE SET "
                "expected = excluded.expected, tolerance = excluded.tolerance, updated_at = excluded.updated_at",
                (campaign_id, item_id, criterion.id, criterion.check(expected, "expected"), float(tolerance), now()),
            )

    def gold(self, campaign_id: int) -> list[Gold]:
        """The campaign's gold cells, by item position and criterion order."""
        with self.snapshot() as conn:
            fetch_campaign(conn, campaign_id)
            rows = conn.execute(
                "SELECT g.item_id, cr.name, g.expected, g.tolerance, cr.integer_scale FROM campaign_gold g "
                "JOIN items i ON i.id = g.item_id JOIN criteria cr ON cr.id = g.criterion_id "
                f"WHERE g.campaign_id = ? {_CELL_ORDER}",
                (campaign_id,),
            ).fetchall()
        return [Gold(int(r[0]), str(r[1]), _value(r[4], r[2]), float(r[3])) for r in rows]

    def adjudicate(
        self, campaign_id: int, item_id: int, criterion_name: str, value: float, organiser: str, note: str = ""
    ) -> None:
        """Record an organiser's value of a cell, beside the annotators' judgments (which stay as they
        are); a second adjudication of the cell replaces the first. ``organiser`` must be an organiser
        of the campaign, not revoked.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric())
        >>> _ = s.invite(camp.id, "prof", role="organiser")
        >>> s.adjudicate(camp.id, s.item_ids(cid)[0], "coherence", 4, "prof", "reads fine")
        >>> [(a.criterion, a.value, a.organiser, a.note) for a in s.adjudications(camp.id)]
        [('coherence', 4, 'prof', 'reads fine')]
        """
        name = clean_name(organiser, "organiser name")
        if not isinstance(note, str) or len(note) > MAX_NOTE:
            raise StoreError(f"note: expected text of at most {MAX_NOTE:,} characters")
        with self.transaction() as conn:
            campaign = fetch_campaign(conn, campaign_id)
            criterion = _cell(conn, campaign, item_id, criterion_name)
            stored = criterion.check(value)
            who = member_id(conn, campaign_id, name, role="organiser")
            conn.execute(
                "INSERT INTO adjudications (campaign_id, item_id, criterion_id, value, organiser_id, note, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (campaign_id, item_id, criterion_id) DO UPDATE SET "
                "value = excluded.value, organiser_id = excluded.organiser_id, note = excluded.note, "
                "created_at = excluded.created_at",
                (campaign_id, item_id, criterion.id, stored, who, note, now()),
            )

    def adjudications(self, campaign_id: int) -> list[Adjudication]:
        """The campaign's adjudicated cells, by item position and criterion order."""
        with self.snapshot() as conn:
            fetch_campaign(conn, campaign_id)
            rows = conn.execute(
                "SELECT x.item_id, cr.name, x.value, a.name, x.note, x.created_at, cr.integer_scale "
                "FROM adjudications x JOIN items i ON i.id = x.item_id JOIN criteria cr ON cr.id = x.criterion_id "
                f"JOIN annotators a ON a.id = x.organiser_id WHERE x.campaign_id = ? {_CELL_ORDER}",
                (campaign_id,),
            ).fetchall()
        return [Adjudication(int(r[0]), str(r[1]), _value(r[6], r[2]), str(r[3]), str(r[4]), str(r[5])) for r in rows]

    def disagreements(self, campaign_id: int, min_spread: float) -> list[Disagreement]:
        """The cells (item, criterion) judged by two members or more whose highest and lowest values
        differ by ``min_spread`` or more, with each member's value by name; by item position and
        criterion order.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> r = s.summeval_rubric()
        >>> camp = s.create_campaign(cid, "pilot", r)
        >>> _ = s.invite(camp.id, "al"), s.invite(camp.id, "bo")
        >>> item = s.item_ids(cid)[0]
        >>> _ = s.record(item, r.criterion("fluency"), "al", 1), s.record(item, r.criterion("fluency"), "bo", 4)
        >>> _ = s.record(item, r.criterion("relevance"), "al", 3), s.record(item, r.criterion("relevance"), "bo", 4)
        >>> s.disagreements(camp.id, 2)
        [Disagreement(item_id=1, criterion='fluency', values={'al': 1, 'bo': 4})]
        """
        if isinstance(min_spread, bool) or not isinstance(min_spread, (int, float)) or not 0 <= min_spread < math.inf:
            raise StoreError(f"min_spread: {min_spread!r} is not a number, 0 or more")
        with self.snapshot() as conn:
            campaign = fetch_campaign(conn, campaign_id)
            rows = conn.execute(
                "SELECT j.item_id, cr.name, a.name, j.value, cr.integer_scale FROM judgments j "
                "JOIN items i ON i.id = j.item_id JOIN criteria cr ON cr.id = j.criterion_id "
                "JOIN annotators a ON a.id = j.annotator_id "
                "JOIN campaign_members m ON m.annotator_id = j.annotator_id AND m.campaign_id = ? "
                f"WHERE i.corpus_id = ? AND cr.rubric_id = ? {_CELL_ORDER}, a.name",
                (campaign.id, campaign.corpus_id, campaign.rubric_id),
            ).fetchall()
        cells: dict[tuple[int, str], dict[str, float]] = {}
        for item_id, criterion, who, value, integer in rows:
            cells.setdefault((int(item_id), str(criterion)), {})[str(who)] = _value(integer, value)
        return [
            Disagreement(item_id, criterion, values)
            for (item_id, criterion), values in cells.items()
            if len(values) >= 2 and max(values.values()) - min(values.values()) >= min_spread
        ]
