"""annotation.assignment: the next item per campaign member. r = 2 with an overlap of 2 over 6 items
and 3 annotators judging in turn follows the sequence worked out by hand from the rules; leases hold an
item for its annotator, keep others off it, and are freed after lease_minutes; two stores on one file
asking from threads at once never push an item past r."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Optional

import pytest

from annotation import AnnotationStore, Campaign, CriterionSpec, Rubric, StoreError, campaign_order
from rouge_core.io.readers import read_corpus

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def corpus(s: AnnotationStore, n: int) -> int:
    lines = "".join(f'{{"id": "d{i}", "candidate": "c {i}", "reference": "r {i}"}}\n' for i in range(n))
    return s.add_corpus(read_corpus(lines.encode(), "c.jsonl"))


def rubric(s: AnnotationStore) -> Rubric:
    return s.save_rubric("two", [CriterionSpec("clear", "", 1, 5, True), CriterionSpec("true", "", 1, 5, True)])


def judge(s: AnnotationStore, item_id: int, who: str, r: Rubric) -> None:
    for c in r.criteria:
        s.record(item_id, c, who, 3)


def order_of(s: AnnotationStore, camp: Campaign) -> list[int]:
    """The campaign's item ids in its order (what the hand-worked sequences index)."""
    items = s.items(camp.corpus_id)
    return [items[n].id for n in campaign_order(camp, [i.position for i in items])]


def test_r2_overlap2_three_annotators_in_turn(tmp_path: Path, database: str) -> None:
    with AnnotationStore(database) as s:
        r = rubric(s)
        camp = s.create_campaign(corpus(s, 6), "class", r, judgments_per_item=2, overlap=2)
        people = ["al", "bo", "cy"]
        for who in people:
            s.invite(camp.id, who)
        o = order_of(s, camp)
        handed: list[tuple[str, Optional[int]]] = []
        for turn in range(18):
            who = people[turn % 3]
            item = s.next_assignment(camp.id, who, now=T0)
            handed.append((who, None if item is None else item.id))
            if item is not None:
                assert s.next_assignment(camp.id, who, now=T0) == item  # asked again: the same lease
                judge(s, item.id, who, r)
        # Worked by hand (o[k]: the k-th item of the campaign's order; o[0], o[1] the overlap). The
        # overlap goes to everyone first; then the most missing first, ties by order: al o2; bo o3
        # (o2 lacks 1, o3 lacks 2); cy o4; al o5 (the only one lacking 2); bo o2 (o2, o4, o5 each lack
        # 1); cy o3 (o2 complete); al o4; bo o5; nothing left for anyone.
        expected = [("al", 0), ("bo", 0), ("cy", 0), ("al", 1), ("bo", 1), ("cy", 1)]
        expected += [("al", 2), ("bo", 3), ("cy", 4), ("al", 5), ("bo", 2), ("cy", 3), ("al", 4), ("bo", 5)]
        assert handed == [(w, o[k]) for w, k in expected] + [("cy", None), ("al", None), ("bo", None), ("cy", None)]
        judged = Counter((j.item_id, j.annotator) for j in s.judgments())
        assert set(judged.values()) == {2}  # each (item, person) once, on both criteria
        per_item = Counter(item for item, _ in judged)
        assert [per_item[i] for i in o] == [3, 3, 2, 2, 2, 2]  # overlap: every member; the rest: r
        progress = {p.annotator: (p.done, p.assigned) for p in s.campaign_progress(camp.id)}
        assert progress == {"al": (5, 0), "bo": (5, 0), "cy": (4, 0)}


def test_a_lease_holds_the_item_and_frees_it_after_lease_minutes(database: str) -> None:
    with AnnotationStore(database) as s:
        r = rubric(s)
        camp = s.create_campaign(corpus(s, 2), "leases", r, judgments_per_item=1, lease_minutes=30)
        for who in ("al", "bo", "cy"):
            s.invite(camp.id, who)
        o = order_of(s, camp)
        assert s.next_assignment(camp.id, "al", now=T0).id == o[0]  # type: ignore[union-attr]
        assert s.next_assignment(camp.id, "bo", now=T0).id == o[1]  # type: ignore[union-attr]
        assert s.next_assignment(camp.id, "cy", now=T0) is None  # both leased to r = 1 other
        at_30 = T0 + timedelta(minutes=30)
        assert s.next_assignment(camp.id, "cy", now=at_30) is None  # exactly 30 minutes: not older
        assert [p.assigned for p in s.campaign_progress(camp.id)] == [1, 1, 0]
        later = T0 + timedelta(minutes=30, seconds=1)
        assert s.next_assignment(camp.id, "cy", now=later).id == o[0]  # type: ignore[union-attr]
        # al's and bo's leases were freed by cy's call: al now gets the item cy did not take
        assert s.next_assignment(camp.id, "al", now=later).id == o[1]  # type: ignore[union-attr]
        assert s.release_stale(camp.id, now=later) == 0
        assert s.release_stale(camp.id, now=later + timedelta(minutes=31)) == 2


def test_release_stale_counts_and_a_judged_lease_moves_on(database: str) -> None:
    with AnnotationStore(database) as s:
        r = rubric(s)
        camp = s.create_campaign(corpus(s, 3), "moves", r, judgments_per_item=1, lease_minutes=5)
        s.invite(camp.id, "al")
        o = order_of(s, camp)
        first = s.next_assignment(camp.id, "al", now=T0)
        assert first is not None and first.id == o[0]
        s.record(first.id, r.criteria[0], "al", 2)  # half judged: still theirs
        assert s.next_assignment(camp.id, "al", now=T0 + timedelta(minutes=1)) == first
        s.record(first.id, r.criteria[1], "al", 2)
        second = s.next_assignment(camp.id, "al", now=T0 + timedelta(minutes=2))
        assert second is not None and second.id == o[1]
        s.set_skip(second.id, "al")  # skipped: passed by, the next one is handed out
        third = s.next_assignment(camp.id, "al", now=T0 + timedelta(minutes=3))
        assert third is not None and third.id == o[2]
        assert s.release_stale(camp.id, now=T0 + timedelta(minutes=8, seconds=1)) == 1
        assert s.release_stale(camp.id, now=T0 + timedelta(minutes=9)) == 0


def test_only_members_not_revoked_are_handed_items(database: str) -> None:
    with AnnotationStore(database) as s:
        camp = s.create_campaign(corpus(s, 2), "members", rubric(s))
        with pytest.raises(StoreError, match="'zed' is not a member of campaign 1"):
            s.next_assignment(camp.id, "zed")
        s.invite(camp.id, "al")
        assert s.next_assignment(camp.id, "al") is not None
        s.revoke(camp.id, "al")
        with pytest.raises(StoreError, match="'al' was removed from campaign 1 on "):
            s.next_assignment(camp.id, "al")
        assert [p.assigned for p in s.campaign_progress(camp.id)] == [0]  # revoking freed the lease
        with pytest.raises(StoreError, match="no campaign 9 in the annotation store"):
            s.next_assignment(9, "al")
        with pytest.raises(StoreError, match="now: expected a datetime, got str"):
            s.next_assignment(camp.id, "al", now="yesterday")  # type: ignore[arg-type]


def test_two_stores_on_one_file_never_pass_r(tmp_path: Path, database: str) -> None:
    path = database
    people = [f"p{k}" for k in range(6)]
    with AnnotationStore(path) as setup:
        r = setup.save_rubric("one", [CriterionSpec("ok", "", 0, 1, True)])
        camp = setup.create_campaign(corpus(setup, 8), "race", r, judgments_per_item=2)
        for who in people:
            setup.invite(camp.id, who)
    stores = [AnnotationStore(path), AnnotationStore(path)]
    start = threading.Barrier(len(people))
    errors: list[BaseException] = []

    def work(k: int) -> None:
        store, who = stores[k % 2], people[k]
        try:
            start.wait()
            while (item := store.next_assignment(camp.id, who)) is not None:
                store.record(item.id, r.criteria[0], who, 1)
        except BaseException as e:  # noqa: BLE001 - handed to the test thread, which fails with it
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(people))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    for store in stores:
        store.close()
    assert errors == []
    with AnnotationStore(path) as s:
        per_item = Counter(j.item_id for j in s.judgments())
        assert sorted(per_item.values()) == [2] * 8  # every item exactly r, none past it
        assert len({(j.item_id, j.annotator) for j in s.judgments()}) == 16
