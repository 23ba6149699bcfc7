"""AppTest: the Annotate page of a campaign (issue 19, points 2 and 3). An invited annotator opens the
page with their invite link and gets the campaign's instructions, its items as the store assigns them,
their name fixed and an export of their own judgments only; a revoked link gets the reason; with no
campaign the page is the local one and says so."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from annotation import AnnotationStore, default_path
from rouge_core.io.readers import read_corpus
from tests.app.broken_stores import plain
from ui.widgets import annotate_exchange
from ui.widgets.annotate_assigned import FINISHED, NOT_YET
from ui.widgets.annotate_campaign import LOCAL

ROOT = Path(__file__).resolve().parents[2]
PAGE = "app_pages/annotate.py"
INSTRUCTIONS = "# Read the source first\n\nThen score <b>every</b> criterion."
N_ITEMS = 4


@pytest.fixture
def campaign(tmp_path, monkeypatch):
    """A corpus of 4 items, a campaign on it (r = 2, overlap 1) and the invite tokens of ann and bob."""
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    lines = [
        json.dumps({"id": f"d{i}", "candidate": f"summary number {i}", "reference": "ref"}) for i in range(N_ITEMS)
    ]
    with AnnotationStore(default_path()) as store:
        corpus = store.add_corpus(read_corpus("\n".join(lines).encode(), "class.jsonl"), "class")
        c = store.create_campaign(corpus, "spring", store.summeval_rubric(), judgments_per_item=2, overlap=1,
                                  instructions=INSTRUCTIONS)  # fmt: skip
        tokens = {name: store.invite(c.id, name) for name in ("ann", "bob")}
    return c.id, tokens


def page(token: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    if token is not None:
        at.query_params["invite"] = token
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def criteria(at: AppTest):
    return [r for r in at.radio if str(r.key).startswith("annot_v_")]


def shown(at: AppTest) -> str:
    """The candidate of the item shown."""
    return next(str(h.proto.body) for h in at.get("html") if ">Candidate<" in str(h.proto.body))


def leased(campaign_id: int, name: str) -> str:
    """The candidate of the item the store has leased to ``name`` (asking again returns the lease)."""
    with AnnotationStore(default_path()) as s:
        item = s.next_assignment(campaign_id, name)
    assert item is not None
    return item.candidate_text


def judge_and_next(at: AppTest, values=(4, 3, 5, 2)) -> None:
    for value, radio in zip(values, criteria(at)):
        radio.set_value(value).run()
    (button,) = [b for b in at.button if str(b.key).startswith("annot_next_")]
    button.click().run()
    assert not at.exception, at.exception


def judged_by(name: str) -> dict[int, dict[str, float]]:
    with AnnotationStore(default_path()) as s:
        out: dict[int, dict[str, float]] = {}
        for j in s.judgments(annotator=name):
            out.setdefault(j.item_id, {})[j.criterion] = j.value
        return out


def test_the_annotator_gets_the_instructions_their_name_fixed_and_the_item_leased_to_them(campaign):
    cid, tokens = campaign
    at = page(tokens["ann"])
    (box,) = [e for e in at.expander if e.label == "Instructions"]
    assert box.proto.expanded  # open on the session's first item
    text = [m.value for m in box.markdown]
    assert text == [
        "# Read the source first\n\nThen score &lt;b&gt;every&lt;/b&gt; criterion."
    ]  # a heading; HTML as text
    assert not [t for t in at.text_input if t.key == "annot_name"]  # no name box
    assert not [b for b in at.button if str(b.label).startswith("SummEval subset")]  # no corpus loader
    assert not [b for b in at.button if b.key in ("annot_rubric_save", "annot_import_go", "annot_published")]
    assert [t.label for t in at.tabs] == ["Export your judgments"]  # no agreement, no disagreements, no import
    assert "summary number" in shown(at) and leased(cid, "ann") in shown(at)
    assert [plain(c.label).split(":")[0] for c in criteria(at)] == ["coherence", "consistency", "fluency", "relevance"]
    assert any("you judge as ann" in plain(c.value) for c in at.caption)
    assert not any(LOCAL in plain(c.value) for c in at.caption)


def test_judgments_go_under_their_name_and_next_brings_the_next_assignment(campaign):
    cid, tokens = campaign
    at = page(tokens["ann"])
    first = leased(cid, "ann")
    (button,) = [b for b in at.button if str(b.key).startswith("annot_next_")]
    button.click().run()  # not judged yet: the store hands the same item back, and the page says why
    assert first in shown(at) and NOT_YET in [i.value for i in at.info]
    judge_and_next(at)
    (item_id, got), *_ = judged_by("ann").items()
    assert got == {"coherence": 4, "consistency": 3, "fluency": 5, "relevance": 2}
    assert judged_by("bob") == {}
    second = leased(cid, "ann")
    assert second != first and second in shown(at)
    assert not [e for e in at.expander if e.label == "Instructions" and e.proto.expanded]  # closed, reopenable
    assert [e.label for e in at.expander].count("Instructions") == 1
    assert at.query_params["invite"] == tokens["ann"]  # the token stays in the link: a bookmark keeps it
    again = page(tokens["ann"])  # the link brings them back to their place
    assert second in shown(again)


def test_two_annotators_judge_every_item_exactly_twice_then_are_thanked(campaign):
    cid, tokens = campaign
    sessions = {name: page(token) for name, token in tokens.items()}
    for _ in range(N_ITEMS + 1):  # in turns, as two people at once would
        for at in sessions.values():
            if not any(FINISHED in s.value for s in at.success):
                judge_and_next(at)
    for at in sessions.values():
        assert [s.value for s in at.success] == [FINISHED] and not criteria(at)
    ann, bob = judged_by("ann"), judged_by("bob")
    assert len(ann) == len(bob) == N_ITEMS  # r = 2 with two annotators: each judges every item once
    with AnnotationStore(default_path()) as s:
        per_item = {i.id: {j.annotator for j in s.judgments(item_id=i.id)} for i in s.items(s.campaign(cid).corpus_id)}
    assert list(per_item.values()) == [{"ann", "bob"}] * N_ITEMS
    assert all(len(v) == 4 for v in (*ann.values(), *bob.values()))


def test_an_annotators_export_holds_only_their_own_rows(campaign, monkeypatch):
    _, tokens = campaign
    made: list[str] = []

    def recorded(*args):  # what the page gives to its download buttons
        made.append(real(*args))
        return made[-1]

    real = annotate_exchange.own_judgments
    monkeypatch.setattr(annotate_exchange, "own_judgments", recorded)
    bob = page(tokens["bob"])
    judge_and_next(bob, (1, 1, 1, 1))
    ann = page(tokens["ann"])
    judge_and_next(ann, (5, 5, 5, 5))
    ann.button(key="annot_own_export").click().run()
    assert not ann.exception
    files = [d for d in ann.get("download_button")]
    assert [d.proto.label for d in files] == ["Your judgments as CSV", "Your judgments as JSONL"]
    assert not [b for b in ann.button if b.key == "annot_export"]  # never the export of every judgment
    csv_text, jsonl_text = made
    rows = [line.split(",") for line in csv_text.splitlines()[1:]]
    assert sorted((r[3], r[4], r[5]) for r in rows) == [
        ("coherence", "ann", "5"), ("consistency", "ann", "5"), ("fluency", "ann", "5"), ("relevance", "ann", "5")
    ]  # fmt: skip
    assert {json.loads(line)["annotator"] for line in jsonl_text.splitlines()} == {"ann"}
    assert len(judged_by("bob")) == 1  # bob's judgments are in the store, not in ann's export


def test_a_revoked_invite_gets_the_reason_and_no_item(campaign):
    cid, tokens = campaign
    with AnnotationStore(default_path()) as s:
        s.revoke(cid, "bob")
    at = page(tokens["bob"])
    assert any("revoked" in plain(e.value) for e in at.error)
    assert (
        not criteria(at)
        and not [h for h in at.subheader if "Item" in h.value]
        and not [e for e in at.expander if e.label == "Instructions"]
    )


def test_an_invite_revoked_while_the_page_is_open_stops_the_item_at_the_next_key(campaign):
    cid, tokens = campaign
    at = page(tokens["ann"])
    judge_and_next(at)
    with AnnotationStore(default_path()) as s:
        s.revoke(cid, "ann")
    criteria(at)[0].set_value(3).run()
    assert not at.exception
    assert any("revoked" in plain(e.value) for e in at.error)
    assert not criteria(at) and not [b for b in at.button if str(b.key).startswith("annot_next_")]


def test_a_visitor_without_an_invite_gets_the_reason(campaign):
    at = page()
    assert [plain(e.value).startswith("Not signed in to a campaign") for e in at.error] == [True]
    assert not criteria(at) and not [b for b in at.button if str(b.label).startswith("SummEval subset")]


def test_an_organiser_is_pointed_to_the_campaigns_page_and_may_judge(campaign, monkeypatch):
    monkeypatch.setenv("ROUGE_LENS_ORGANISER_KEY", "organiser-key-of-this-test")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["key"] = "organiser-key-of-this-test"
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception and not at.error
    assert any("Campaigns page" in i.value for i in at.info)
    assert any("Load a corpus above" in i.value for i in at.info)  # today's page follows


def test_without_a_campaign_the_page_is_the_local_one_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    at = page()
    assert LOCAL in [plain(c.value) for c in at.caption]
    assert any("Load a corpus above" in i.value for i in at.info)


def test_a_judgment_on_an_item_whose_places_went_to_others_meanwhile_is_not_saved(tmp_path, monkeypatch):
    """ann's lease runs out while she is away and bob takes the item's one place (r = 1): her next key on
    it is refused with the reason, so r is never passed; before, it was recorded (a second judge)."""
    import sqlite3

    from ui.render.literal import md_literal
    from ui.widgets.annotate_assigned import GONE

    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    with AnnotationStore(default_path()) as store:
        corpus = store.add_corpus(read_corpus(b'{"id": "d0", "candidate": "only one", "reference": "r"}', "c.jsonl"))
        c = store.create_campaign(corpus, "one", store.summeval_rubric(), judgments_per_item=1, lease_minutes=5)
        ann, _ = store.invite(c.id, "ann"), store.invite(c.id, "bob")
    at = page(ann)
    assert shown(at).count("only one") == 1
    with sqlite3.connect(default_path()) as conn:  # ann has been away for an hour
        conn.execute("UPDATE assignments SET leased_at = '2000-01-01T00:00:00+00:00'")
    with AnnotationStore(default_path()) as store:
        assert store.next_assignment(c.id, "bob") is not None  # bob gets the item's one place
    criteria(at)[0].set_value(4).run()
    assert not at.exception, at.exception
    assert judged_by("ann") == {}
    assert md_literal(f"Not saved: {GONE}", 600) in [e.value for e in at.error]
    assert not criteria(at) and [b for b in at.button if str(b.key).startswith("annot_next_")]  # Next, no dead item


def one_item_campaign(r: int = 1, lease_minutes: int = 30) -> tuple[int, str]:
    """A campaign on one item (r = 1), ann and bob invited; its id and ann's token."""
    with AnnotationStore(default_path()) as store:
        corpus = store.add_corpus(read_corpus(b'{"id": "d0", "candidate": "only one", "reference": "r"}', "c.jsonl"))
        c = store.create_campaign(corpus, "one", store.summeval_rubric(), judgments_per_item=r,
                                  lease_minutes=lease_minutes)  # fmt: skip
        ann, _ = store.invite(c.id, "ann"), store.invite(c.id, "bob")
    return c.id, ann


def age_leases(minutes: float) -> None:
    """Every lease taken ``minutes`` ago (the annotator has been reading that long)."""
    then = (datetime.now(timezone.utc) - timedelta(minutes=minutes)).isoformat(timespec="microseconds")
    with AnnotationStore(default_path()) as store, store.transaction() as conn:
        conn.execute("UPDATE assignments SET leased_at = ?", (then,))


def test_an_annotator_who_only_reads_the_item_keeps_it(tmp_path, monkeypatch):
    """ann has read the item for 25 of its 30 minutes, then writes a note (no judgment): the page's draw
    renews her lease, so 10 minutes later bob still gets nothing; before, the item went to bob at 30."""
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    cid, ann = one_item_campaign()
    at = page(ann)
    age_leases(25)
    (note,) = [t for t in at.text_area if str(t.key).startswith("annot_note_")]
    note.input("long source, still reading").run()
    assert not at.exception, at.exception
    assert "only one" in shown(at) and not at.warning
    later = datetime.now(timezone.utc) + timedelta(minutes=10)  # 35 minutes after she took it
    with AnnotationStore(default_path()) as store:
        assert store.next_assignment(cid, "bob", now=later) is None  # ann's lease runs until 30 after the note
        assert store.next_assignment(cid, "bob", now=later + timedelta(minutes=25)) is not None  # then it is free


def test_a_kept_item_whose_places_went_to_others_says_so_and_offers_next(tmp_path, monkeypatch):
    """ann is away for an hour and bob takes the item's one place: her next draw says it is gone and
    offers Next (which thanks her: nothing is left), instead of showing a dead item to judge."""
    from ui.render.literal import md_literal
    from ui.widgets.annotate_assigned import GONE

    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    cid, ann = one_item_campaign()
    at = page(ann)
    assert criteria(at)
    age_leases(60)
    with AnnotationStore(default_path()) as store:
        assert store.next_assignment(cid, "bob") is not None  # bob gets the item's one place
    at.run()
    assert not at.exception, at.exception
    assert [w.value for w in at.warning] == [md_literal(GONE[:1].upper() + GONE[1:], 600)]
    assert not criteria(at) and "only one" not in "".join(str(h.proto.body) for h in at.get("html"))
    (button,) = [b for b in at.button if str(b.key).startswith("annot_next_")]
    button.click().run()
    assert not at.exception, at.exception
    assert [s.value for s in at.success] == [FINISHED] and not at.warning
    assert judged_by("ann") == {}


def test_a_key_holds_the_item_once_not_again_for_the_draw_after_it(campaign, monkeypatch):
    """A judgment's write holds the item; the draw that follows it does not hold it a second time (one
    write transaction per key, not two), while a rerun without a judgment (a note) does renew it."""
    _, tokens = campaign
    at = page(tokens["ann"])
    held: list[int] = []
    real = AnnotationStore.hold

    def counted(self, campaign_id, annotator, item_id, now=None):
        held.append(item_id)
        return real(self, campaign_id, annotator, item_id, now)

    monkeypatch.setattr(AnnotationStore, "hold", counted)
    criteria(at)[0].set_value(4).run()
    assert not at.exception, at.exception
    assert len(held) == 1 and judged_by("ann")
    (note,) = [t for t in at.text_area if str(t.key).startswith("annot_note_")]
    note.input("still reading").run()
    assert held == [held[0]] * 2
