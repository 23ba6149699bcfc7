"""Per annotator of a campaign, what the organiser's dashboard shows: items done and in hand, time
per item, gold accuracy, flags and notes."""

from __future__ import annotations

import statistics
from collections import Counter
from datetime import datetime
from typing import Optional

from .campaign_data import completed, fetch_campaign
from .connection import StoreConnection
from .model import AnnotatorProgress


class CampaignProgressMixin(StoreConnection):
    """campaign_progress."""

    def campaign_progress(self, campaign_id: int) -> list[AnnotatorProgress]:
        """One row per member with the annotator role, by name: ``done`` (items judged on every
        criterion), ``assigned`` (items leased to them now), ``seconds_per_item`` (the median time
        between two of their completed items, None before 2), ``gold_checked`` / ``gold_correct``
        (their judgments of gold cells, and those within the tolerance), ``flags`` and ``notes`` on
        the campaign's items.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric())
        >>> _ = s.invite(camp.id, "ann")
        >>> _ = s.next_assignment(camp.id, "ann")
        >>> (row,) = s.campaign_progress(camp.id)
        >>> row.annotator, row.done, row.assigned, row.seconds_per_item, row.gold_checked
        ('ann', 0, 1, None, 0)
        """
        with self.snapshot() as conn:
            campaign = fetch_campaign(conn, campaign_id)
            people = conn.execute(
                "SELECT a.id, a.name FROM campaign_members m JOIN annotators a ON a.id = m.annotator_id "
                "WHERE m.campaign_id = ? AND m.role = 'annotator' ORDER BY a.name",
                (campaign_id,),
            ).fetchall()
            finished = completed(conn, campaign)
            leases = conn.execute("SELECT item_id, annotator_id FROM assignments WHERE campaign_id = ?", (campaign_id,))
            # a lease on an item its holder has since completed is no longer in hand
            finished_pairs = {(item, who) for item, who, _ in finished}
            leased = Counter(int(r[1]) for r in leases if (int(r[0]), int(r[1])) not in finished_pairs)
            gold = conn.execute(
                "SELECT j.annotator_id, j.value, g.expected, g.tolerance FROM campaign_gold g "
                "JOIN judgments j ON j.item_id = g.item_id AND j.criterion_id = g.criterion_id "
                "WHERE g.campaign_id = ?",
                (campaign_id,),
            ).fetchall()
            marks = conn.execute(
                "SELECT s.annotator_id, SUM(s.flagged), SUM(CASE WHEN s.note <> '' THEN 1 ELSE 0 END) "
                "FROM item_status s JOIN items i ON i.id = s.item_id WHERE i.corpus_id = ? GROUP BY s.annotator_id",
                (campaign.corpus_id,),
            ).fetchall()
        times: dict[int, list[datetime]] = {}
        for _item, who, when in finished:
            times.setdefault(who, []).append(datetime.fromisoformat(when))
        checked, correct = Counter[int](), Counter[int]()
        for who, value, expected, tolerance in gold:
            checked[int(who)] += 1
            # a hair of slack: 3.7 - 3.2 must count as within a tolerance of 0.5
            correct[int(who)] += abs(float(value) - float(expected)) <= float(tolerance) + 1e-9
        flags = {int(r[0]): (int(r[1] or 0), int(r[2] or 0)) for r in marks}
        return [
            AnnotatorProgress(
                str(name),
                len(times.get(who, [])),
                leased[who],
                _median_gap(times.get(who, [])),
                checked[who],
                correct[who],
                *flags.get(who, (0, 0)),
            )
            for who, name in ((int(r[0]), r[1]) for r in people)
        ]


def _median_gap(times: list[datetime]) -> Optional[float]:
    """The median of the seconds between consecutive times (in order); None for fewer than 2.

    >>> from datetime import timedelta
    >>> t = datetime(2026, 1, 1)
    >>> _median_gap([t, t + timedelta(seconds=10), t + timedelta(seconds=40), t + timedelta(seconds=52)])
    12.0
    """
    if len(times) < 2:
        return None
    ordered = sorted(times)
    return float(statistics.median((b - a).total_seconds() for a, b in zip(ordered, ordered[1:])))
