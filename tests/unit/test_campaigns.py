"""annotation.campaigns: an organiser's campaign, invites (random, hashed in the file, expiring,
revocable, re-usable by their holder), gold accuracy, adjudications beside the judgments,
disagreements, per-annotator progress (values worked out by hand), clear refusals of bad input, and a
v4 store migrated to v5 with its rows kept."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from annotation import (
    AnnotationStore,
    AnnotatorProgress,
    CriterionSpec,
    Disagreement,
    Gold,
    InviteError,
    Member,
    Rubric,
)
from annotation.schema import CURRENT_VERSION, migrate, user_version
from rouge_core.io.readers import read_corpus

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
S0 = "2026-03-02T09:00:00.000000+00:00"


def corpus(s: AnnotationStore, n: int) -> int:
    lines = "".join(f'{{"id": "d{i}", "candidate": "c {i}", "reference": "r {i}"}}\n' for i in range(n))
    return s.add_corpus(read_corpus(lines.encode(), "c.jsonl"))


def rubric(s: AnnotationStore) -> Rubric:
    return s.save_rubric("two", [CriterionSpec("clear", "", 1, 5, True), CriterionSpec("share", "", 0, 1, False)])


def test_organiser_invites_three_and_no_raw_token_is_stored(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    with AnnotationStore(path) as s:
        camp = s.create_campaign(corpus(s, 4), "spring", rubric(s), judgments_per_item=2, instructions="Be *fair*.")
        assert s.campaigns() == [camp] and s.campaign(camp.id).instructions == "Be *fair*."
        s.invite(camp.id, "prof", role="organiser", now=T0)
        tokens = [s.invite(camp.id, who, now=T0) for who in ("al", "bo", "cy")]
        assert len(set(tokens)) == 3 and all(len(t) >= 43 for t in tokens)  # token_urlsafe(32): 43 characters
        assert s.members(camp.id) == [
            Member(camp.id, name, role, S0, "2026-03-16T09:00:00.000000+00:00", None, None)
            for name, role in (("al", "annotator"), ("bo", "annotator"), ("cy", "annotator"), ("prof", "organiser"))
        ]
        with s.snapshot() as conn:
            stored = {str(r[0]) for r in conn.execute("SELECT token_hash FROM campaign_members")}
        assert {hashlib.sha256(t.encode()).hexdigest() for t in tokens} < stored
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("c.sqlite3"))
    assert hashlib.sha256(tokens[0].encode()).hexdigest().encode() in data  # the scan does see the table
    assert not any(t.encode() in data for t in tokens)


def test_redeem_works_for_its_holder_until_revoked_or_expired(database: str) -> None:
    with AnnotationStore(database) as s:
        camp = s.create_campaign(corpus(s, 2), "spring", rubric(s))
        al = s.invite(camp.id, "al", now=T0, valid_for=timedelta(days=1))
        bo = s.invite(camp.id, "bo", now=T0)
        first = s.redeem(al, now=T0 + timedelta(hours=1))
        assert (first.annotator, first.role, first.redeemed_at) == (
            "al",
            "annotator",
            "2026-03-02T10:00:00.000000+00:00",
        )
        again = s.redeem(f" {al}\n", now=T0 + timedelta(hours=5))  # coming back; blanks of a paste dropped
        assert again == first  # redeemed_at stays the first time
        with pytest.raises(InviteError, match=r"^this invite expired on 2026-03-03T09:00 UTC") as expired:
            s.redeem(al, now=T0 + timedelta(days=1))
        s.revoke(camp.id, "bo")
        with pytest.raises(InviteError, match=r"^this invite was revoked on 20\d\d-") as revoked:
            s.redeem(bo, now=T0)
        with pytest.raises(InviteError, match="^this invite link is not known") as unknown:
            s.redeem(al[:-1], now=T0)
        for error, token in ((expired, al), (revoked, bo), (unknown, al[:-1])):
            assert token not in str(error.value) and isinstance(error.value, ValueError)
        new = s.invite(camp.id, "al", now=T0 + timedelta(days=2))  # re-invited: a new token, the old one gone
        assert new != al and s.redeem(new, now=T0 + timedelta(days=2)).annotator == "al"
        with pytest.raises(InviteError, match="not known"):
            s.redeem(al, now=T0)
        s.invite(camp.id, "bo", now=T0)  # re-inviting lifts a revocation
        assert [m.revoked_at for m in s.members(camp.id)] == [None, None]
        with pytest.raises(InviteError, match="no invite token given"):
            s.redeem("  ")


def test_gold_accuracy_flags_notes_and_time_per_item_by_hand(database: str) -> None:
    with AnnotationStore(database) as s:
        r = rubric(s)
        cid = corpus(s, 4)
        camp = s.create_campaign(cid, "gold", r, judgments_per_item=3)
        ids = s.item_ids(cid)
        for who in ("al", "bo", "cy"):
            s.invite(camp.id, who)
        s.set_gold(camp.id, ids[0], "clear", 4)  # tolerance 0
        s.set_gold(camp.id, ids[1], "share", 0.2, tolerance=0.25)
        s.set_gold(camp.id, ids[1], "share", 0.5, tolerance=0.25)  # set again: replaces
        assert s.gold(camp.id) == [Gold(ids[0], "clear", 4, 0.0), Gold(ids[1], "share", 0.5, 0.25)]
        clear, share = r.criteria
        # al: clear 4 on item 0 (|4 - 4| = 0: right), share 0.75 on item 1 (0.25 <= 0.25: right)
        # bo: clear 5 (1 > 0: wrong), share 0.8 (0.3 > 0.25: wrong); cy judges no gold cell
        for who, c0, s1 in (("al", 4, 0.75), ("bo", 5, 0.8)):
            for item in ids:
                s.record(item, clear, who, c0 if item == ids[0] else 3)
                s.record(item, share, who, s1 if item == ids[1] else 0.5)
        s.record(ids[2], clear, "cy", 2)  # half an item: not done
        s.set_flag(ids[0], "bo")
        s.set_flag(ids[3], "bo")
        s.set_note(ids[1], "bo", "reference cut")
        s.set_note(ids[2], "cy", "")
        # al completed items 40 s, 60 s and 20 s apart: median 40 s; bo 10 s, 20 s, 70 s apart: 20 s
        with s.transaction() as conn:
            for who, offsets in (("al", (0, 40, 100, 120)), ("bo", (0, 10, 30, 100))):
                for item, seconds in zip(ids, offsets):
                    conn.execute(
                        "UPDATE judgments SET created_at = ? WHERE item_id = ? "
                        "AND annotator_id = (SELECT id FROM annotators WHERE name = ?)",
                        ((T0 + timedelta(seconds=seconds)).isoformat(timespec="microseconds"), item, who),
                    )
        assert s.campaign_progress(camp.id) == [
            AnnotatorProgress("al", 4, 0, 40.0, 2, 2, 0, 0),
            AnnotatorProgress("bo", 4, 0, 20.0, 2, 0, 2, 1),
            AnnotatorProgress("cy", 0, 0, None, 0, 0, 0, 0),
        ]


def test_adjudication_is_kept_beside_the_judgments(database: str) -> None:
    with AnnotationStore(database) as s:
        r = rubric(s)
        cid = corpus(s, 2)
        camp = s.create_campaign(cid, "adjudicated", r, judgments_per_item=2)
        s.invite(camp.id, "prof", role="organiser")
        s.invite(camp.id, "al")
        s.invite(camp.id, "bo")
        first, second = s.item_ids(cid)
        clear, share = r.criteria
        for who, a, b in (("al", 1, 0.0), ("bo", 5, 0.5)):
            s.record(first, clear, who, a)
            s.record(first, share, who, b)
            s.record(second, clear, who, 3)
        before = s.judgments()
        assert s.disagreements(camp.id, 0.5) == [
            Disagreement(first, "clear", {"al": 1, "bo": 5}),
            Disagreement(first, "share", {"al": 0.0, "bo": 0.5}),
        ]
        assert s.disagreements(camp.id, 4) == [Disagreement(first, "clear", {"al": 1, "bo": 5})]
        assert s.disagreements(camp.id, 4.5) == []
        s.adjudicate(camp.id, first, "clear", 2, "prof", "al misread the reference")
        s.adjudicate(camp.id, first, "clear", 3, "prof", "on second reading")  # replaces the first
        s.adjudicate(camp.id, first, "share", 0.25, "prof")
        got = [(a.item_id, a.criterion, a.value, a.organiser, a.note) for a in s.adjudications(camp.id)]
        assert got == [(first, "clear", 3, "prof", "on second reading"), (first, "share", 0.25, "prof", "")]
        assert s.judgments() == before  # the annotators' values untouched
        with pytest.raises(ValueError, match="'al' is not an organiser of campaign 1 \\(they are an annotator\\)"):
            s.adjudicate(camp.id, first, "clear", 3, "al")
        with pytest.raises(ValueError, match="value: 9 is outside the scale"):
            s.adjudicate(camp.id, first, "clear", 9, "prof")
        with pytest.raises(ValueError, match="has no criterion 'depth'"):
            s.adjudicate(camp.id, first, "depth", 3, "prof")
        assert len(s.adjudications(camp.id)) == 2


def test_bad_input_is_a_clear_value_error(database: str) -> None:
    with AnnotationStore(database) as s:
        r = rubric(s)
        cid = corpus(s, 3)
        bad = [
            (dict(judgments_per_item=0), "judgments_per_item: 0 is not a whole number of 1 or more"),
            (dict(judgments_per_item=1.5), "judgments_per_item: 1.5 is not a whole number of 1 or more"),
            (dict(overlap=4), "overlap: 4 is more than the corpus's 3 items"),
            (dict(overlap=-1), "overlap: -1 is not a whole number of 0 or more"),
            (dict(lease_minutes=0), "lease_minutes: 0 is not a whole number of 1 or more"),
        ]
        for options, message in bad:
            with pytest.raises(ValueError, match=f"^{message}$"):
                s.create_campaign(cid, "c", r, **options)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="^campaign name: empty$"):
            s.create_campaign(cid, "  ", r)
        with pytest.raises(ValueError, match="^no corpus 7 in the annotation store$"):
            s.create_campaign(7, "c", r)
        with pytest.raises(ValueError, match="^no rubric version with id 99"):
            s.create_campaign(cid, "c", 99)
        camp = s.create_campaign(cid, "c", r, overlap=3)
        with pytest.raises(ValueError, match="^campaign name: 'c' is taken; choose another$"):
            s.create_campaign(cid, " c ", r)
        assert s.campaigns() == [camp]
        for call in (
            lambda: s.campaign(5),
            lambda: s.invite(5, "al"),
            lambda: s.members(5),
            lambda: s.gold(5),
            lambda: s.campaign_progress(5),
            lambda: s.disagreements(5, 1),
            lambda: s.release_stale(5),
        ):
            with pytest.raises(ValueError, match="^no campaign 5 in the annotation store$"):
                call()
        with pytest.raises(ValueError, match="^role: 'admin' is not one of organiser, annotator$"):
            s.invite(camp.id, "al", role="admin")
        with pytest.raises(ValueError, match="^valid_for: "):
            s.invite(camp.id, "al", valid_for=timedelta(0))
        with pytest.raises(ValueError, match="^'zed' is not a member of campaign 1$"):
            s.revoke(camp.id, "zed")
        other = corpus_two(s)
        with pytest.raises(ValueError, match="^item .* is not an item of campaign 'c'"):
            s.set_gold(camp.id, s.item_ids(other)[0], "clear", 3)
        with pytest.raises(ValueError, match="^expected: 7 is outside the scale"):
            s.set_gold(camp.id, s.item_ids(cid)[0], "clear", 7)
        with pytest.raises(ValueError, match="^tolerance: -1 is not a number, 0 or more$"):
            s.set_gold(camp.id, s.item_ids(cid)[0], "clear", 3, tolerance=-1)
        with pytest.raises(ValueError, match="^min_spread: 'x' is not a number"):
            s.disagreements(camp.id, "x")  # type: ignore[arg-type]


def corpus_two(s: AnnotationStore) -> int:
    return s.add_corpus(read_corpus(b'{"id": "z", "candidate": "other", "reference": "text"}', "other.jsonl"))


def test_a_v4_store_migrates_to_v5_with_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "v4.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, 4) == 4  # the v1..v4 statements only
    conn.execute("INSERT INTO corpora VALUES (1, 'old.jsonl', 'hash1', 'jsonl', 'lines', ?)", (S0,))
    for pos in range(3):
        conn.execute(
            "INSERT INTO items VALUES (?, 1, ?, ?, 'A', '[\"c\"]', '[[\"r\"]]', NULL, '{}', 'old.jsonl')",
            (pos + 1, pos, f"d{pos}"),
        )
    conn.execute("INSERT INTO rubrics VALUES (1, 'mine', 1, ?)", (S0,))
    conn.execute("INSERT INTO criteria VALUES (1, 1, 'clear', '', 1, 3, 1, 0)")
    conn.execute("INSERT INTO annotators VALUES (1, 'ann', ?)", (S0,))
    conn.execute(
        "INSERT INTO judgments (item_id, criterion_id, annotator_id, value, source, created_at, updated_at) "
        "VALUES (1, 1, 1, 2, 'annotated', ?, ?)",
        (S0, S0),
    )
    conn.execute("INSERT INTO judgment_log VALUES (1, 1, 1, 1, 1, NULL, NULL, NULL, 2, 0, ?)", (S0,))
    conn.execute("INSERT INTO corpus_settings VALUES (1, 2, ?)", (S0,))
    conn.close()
    with AnnotationStore(path) as s:
        assert [(j.doc_id, j.annotator, j.value, j.created_at) for j in s.judgments()] == [("d0", "ann", 2, S0)]
        assert s.overlap(1) == 2 and s.campaigns() == []
        camp = s.create_campaign(1, "after", s.rubric("mine"), overlap=1)
        s.invite(camp.id, "ann")
        # ann's judgment from the v4 file counts: item 1 is done, so the campaign hands out another
        item = s.next_assignment(camp.id, "ann")
        assert item is not None and item.id != 1
        assert s.campaign_progress(camp.id)[0].done == 1
        assert s.undo_last(1, "ann") is not None  # the v4 log still works
    conn = sqlite3.connect(path)
    assert user_version(conn) == CURRENT_VERSION == 5
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()


def test_checking_a_used_invite_never_takes_the_write_lock(tmp_path):
    """Every page run checks its visitor's token: after the first use that is a read, so it goes on while
    another writer holds the database (before, each check queued for the write lock)."""
    import sqlite3

    from annotation import AnnotationStore
    from rouge_core.io.readers import read_corpus

    path = tmp_path / "s.sqlite3"
    with AnnotationStore(path) as store:
        corpus = store.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        camp = store.create_campaign(corpus, "pilot", store.summeval_rubric())
        token = store.invite(camp.id, "ann")
        first = store.redeem(token)
        writer = sqlite3.connect(path, isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")  # another server in the middle of a write
        try:
            again = store.redeem(token)
        finally:
            writer.execute("ROLLBACK")
            writer.close()
    assert again == first and again.redeemed_at is not None
