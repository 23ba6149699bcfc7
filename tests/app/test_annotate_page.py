"""AppTest: the Annotate page judges, resumes, hides systems, edits rubrics, imports and measures agreement."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from annotation import AnnotationStore, ItemStatus, default_path
from rouge_core.stats.annotator_agreement import krippendorff_alpha
from tests.app import broken_stores
from ui.compute.annotate import reliability_matrix

ROOT = Path(__file__).resolve().parents[2]
PAGE = "app_pages/annotate.py"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    return tmp_path


def page() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(PAGE).run()
    return at


def with_summeval(name: str = "alice", blind: bool = True) -> AppTest:
    at = page()
    next(b for b in at.button if str(b.label).startswith("SummEval subset")).click().run()
    if not blind:
        at.checkbox(key="annot_blind").uncheck().run()
    at.text_input(key="annot_name").input(name).run()
    assert not at.exception
    return at


def move(at: AppTest, kind: str):
    """The move button of the item shown (its key names the item: a late press finds no button)."""
    (button,) = [b for b in at.button if str(b.key).startswith(f"annot_{kind}_")]
    return button


def candidate(at: AppTest) -> str:
    """The text of the item shown (its candidate block)."""
    return next(str(h.proto.body) for h in at.get("html") if ">Candidate<" in str(h.proto.body))


def criteria(at: AppTest):
    return [r for r in at.radio if str(r.key).startswith("annot_v_")]


def test_without_a_corpus_the_page_says_what_to_do():
    at = page()
    assert not at.exception
    assert any("Load a corpus above" in i.value for i in at.info)


def test_judgments_are_stored_when_made_and_the_annotator_resumes_where_they_left_off():
    at = with_summeval()
    first = at.subheader[0].value
    assert first.startswith("Item 1 of 120")
    for value, radio in zip([3, 4, 5, 2], criteria(at)):
        radio.set_value(value).run()
    assert not at.exception
    with AnnotationStore(default_path()) as s:
        got = sorted((j.criterion, j.value, j.annotator, j.source) for j in s.judgments())
    assert got == [
        ("coherence", 3, "alice", "annotated"),
        ("consistency", 4, "alice", "annotated"),
        ("fluency", 5, "alice", "annotated"),
        ("relevance", 2, "alice", "annotated"),
    ]
    assert "1 of 120 judged" in at.get("progress")[0].proto.text
    # A new session (a closed browser) of the same annotator resumes at the first item not judged,
    # in the same blind order.
    again = with_summeval()
    assert again.subheader[0].value.startswith("Item 2 of 120")
    move(again, "prev").click().run()
    assert again.subheader[0].value == first
    assert [r.value for r in criteria(again)] == [3, 4, 5, 2]


def test_blind_mode_hides_the_system_and_shuffles_per_annotator():
    alice = with_summeval("alice")
    assert alice.subheader[0].value == "Item 1 of 120"  # neither the document id (a hash) nor the system
    open_ = with_summeval("alice", blind=False).subheader[0].value
    assert "system M8" in open_ and plain(open_).startswith("Item 1 of 120: document dm-test-")
    # the default overlap of a 120-item corpus: everyone's first 10 items are the same, then a shuffle each
    assert candidate(alice) == candidate(with_summeval("bob"))
    alice.number_input(key=overlap_key(alice)).set_value(0).run()
    assert candidate(with_summeval("alice")) != candidate(with_summeval("bob"))  # fixed seeds: this pair differs


def overlap_key(at: AppTest) -> str:
    return next(str(n.key) for n in at.number_input if str(n.key).startswith("annot_overlap_"))


def judge_items(at: AppTest, values: list[list[int]]) -> None:
    for row in values:
        for value, k in zip(row, range(4)):
            criteria(at)[k].set_value(value).run()
        move(at, "next").click().run()


def test_two_blind_annotators_with_overlap_5_share_5_items_and_agreement_has_them():
    at = with_summeval("alice")
    at.number_input(key=overlap_key(at)).set_value(5).run()
    assert not at.exception
    assert any(plain(c.value).startswith("Every annotator judges the same first 5 items.") for c in at.caption)
    judge_items(at, [[3, 4, 5, 2]] * 5)
    bob = with_summeval("bob")
    judge_items(bob, [[2, 4, 5, 3]] * 5)
    assert bob.subheader[0].value == "Item 6 of 120"
    assert any("Items you share with others so far: alice 5." in plain(c.value) for c in bob.caption)
    bob.toggle(key="annot_agree_on").set_value(True).run()
    table = next(d.value for d in bob.dataframe if "criterion" in d.value.columns)
    assert list(table["items judged by 2+"]) == [5, 5, 5, 5]
    assert list(table["annotators"]) == [2, 2, 2, 2]


def test_two_annotators_keep_their_own_judgments_on_the_same_item():
    for name, value in (("alice", 2), ("bob", 5)):
        at = with_summeval(name, blind=False)
        criteria(at)[0].set_value(value).run()
    with AnnotationStore(default_path()) as s:
        got = sorted((j.annotator, j.value) for j in s.judgments())
    assert got == [("alice", 2), ("bob", 5)]


def test_skip_flag_and_note_are_kept():
    at = with_summeval(blind=False)
    at.text_area(key=next(t.key for t in at.text_area if str(t.key).startswith("annot_note_"))).input("unclear").run()
    at.checkbox(key=next(c.key for c in at.checkbox if str(c.key).startswith("annot_flag_"))).check().run()
    move(at, "skipb").click().run()
    assert at.subheader[0].value.startswith("Item 2 of 120")
    with AnnotationStore(default_path()) as s:
        item = s.items(s.corpora()[0].id)[0]
        status = s.status(item.id, "alice")
    assert (status.note, status.flagged, status.skipped) == ("unclear", True, True)
    assert "1 skipped" in at.get("progress")[0].proto.text


def test_a_rubric_without_criteria_is_refused_and_nothing_is_stored():
    at = with_summeval()
    with AnnotationStore(default_path()) as s:
        before = len(s.rubrics())
        editor_key = f"annot_rubric_rows_{s.summeval_rubric().id}"
    at.text_input(key="annot_rubric_name").input("empty").run()
    at.session_state[editor_key] = {"edited_rows": {}, "added_rows": [], "deleted_rows": [0, 1, 2, 3]}
    at.button(key="annot_rubric_save").click().run()
    assert not at.exception
    assert any("Rubric not saved" in e.value for e in at.error)
    with AnnotationStore(default_path()) as s:
        assert len(s.rubrics()) == before


def test_published_judgments_load_and_agreement_is_krippendorffs_alpha():
    at = with_summeval()
    at.button(key="annot_published").click().run()
    assert not at.exception
    assert any("1,440 summeval-expert" in s.value.replace("\\", "") for s in at.success)
    assert not any("criterion" in d.value.columns for d in at.dataframe)  # computed only when asked for
    at.toggle(key="annot_agree_on").set_value(True).run()
    at.multiselect(key="annot_sources").set_value(["summeval-expert"]).run()
    table = next(d.value for d in at.dataframe if "criterion" in d.value.columns)
    assert list(table["criterion"]) == ["coherence", "consistency", "fluency", "relevance"]
    with AnnotationStore(default_path()) as s:
        experts = s.judgments(source="summeval-expert")
    m, units, people = reliability_matrix(experts, "relevance")
    assert m.shape == (3, 120) and not np.isnan(m).any()
    want = krippendorff_alpha(m, "ordinal").alpha
    assert table.loc[3, "alpha (ordinal)"] == pytest.approx(want, abs=1e-12)
    assert table.loc[3, "annotators"] == 3 and table.loc[3, "items judged by 2+"] == 120


def test_an_import_file_with_wrong_columns_is_refused_and_nothing_stored():
    at = with_summeval()
    at.file_uploader(key="annot_import").upload("bad.csv", b"doc,score\n1,3\n", "text/csv").run()
    at.button(key="annot_import_go").click().run()
    assert not at.exception
    assert any("Nothing imported" in e.value for e in at.error)
    with AnnotationStore(default_path()) as s:
        assert s.judgments() == ()


def test_content_units_are_written_ticked_and_give_a_recall():
    at = with_summeval(blind=False)
    at.radio(key="annot_task").set_value("units").run()
    box = next(t.key for t in at.text_area if str(t.key).startswith("annot_units_"))
    at.text_area(key=box).input("Merson criticised Townsend\nTownsend came on late\nEngland drew").run()
    at.button(key="annot_units_add").click().run()
    ticks = [c for c in at.checkbox if str(c.key).startswith("annot_u_")]
    assert [c.label for c in ticks] == ["Merson criticised Townsend", "Townsend came on late", "England drew"]
    ticks[0].check().run()
    ticks = [c for c in at.checkbox if str(c.key).startswith("annot_u_")]
    ticks[1].check().run()
    assert any("2/3 of the units = 0.667" in c.value.replace("\\", "") for c in at.caption)
    third = [c for c in at.checkbox if str(c.key).startswith("annot_u_")][2]
    at.session_state[third.key] = True  # a tick the session remembers but the store never took
    at.run()
    assert [c.value for c in at.checkbox if str(c.key).startswith("annot_u_")] == [True, True, False]


def test_content_units_for_a_reference_and_from_a_file_and_a_bad_file():
    at = with_summeval(blind=False)
    at.radio(key="annot_task").set_value("units").run()
    at.selectbox(key="annot_units_ref").set_value(1).run()
    units_file = b"Falcao may move\n\nRiver Plate want him\n"
    at.file_uploader(key="annot_units_file").upload("units.txt", units_file, "text/plain").run()
    at.button(key="annot_units_import").click().run()
    assert not at.exception
    labels = [c.label.replace("\\", "") for c in at.checkbox if str(c.key).startswith("annot_u_")]
    assert labels == ["Falcao may move (reference 2)", "River Plate want him (reference 2)"]
    with AnnotationStore(default_path()) as s:
        units = s.units(s.corpora()[0].id, s.items(s.corpora()[0].id)[0].doc_id)
    assert [(u.text, u.reference, u.origin) for u in units] == [
        ("Falcao may move", 1, "imported"),
        ("River Plate want him", 1, "imported"),
    ]
    at.file_uploader(key="annot_units_file").upload("bad.txt", b"ok\n\x80bad", "text/plain").run()
    at.button(key="annot_units_import").click().run()
    assert any("bad.txt line 2, byte 1: not valid UTF-8" in e.value.replace("\\", "") for e in at.error)
    with AnnotationStore(default_path()) as s:
        assert len(s.units(s.corpora()[0].id, units[0].doc_id)) == 2


def test_an_import_with_a_score_outside_the_scale_is_refused_and_nothing_stored():
    at = with_summeval(blind=False)
    criteria(at)[0].set_value(4).run()
    with AnnotationStore(default_path()) as s:
        from annotation import export_judgments

        good = export_judgments(s, "csv")
    lines = good.splitlines()
    bad = "\n".join([lines[0], lines[1].replace(",4,", ",9,", 1).replace("alice", "carol")]) + "\n"
    at.file_uploader(key="annot_import").upload("bad.csv", bad.encode(), "text/csv").run()
    at.button(key="annot_import_go").click().run()
    assert any("outside the scale" in e.value.replace("\\", "") for e in at.error)
    with AnnotationStore(default_path()) as s:
        assert [(j.annotator, j.value) for j in s.judgments()] == [("alice", 4)]


def test_a_corpus_whose_name_another_corpus_has_is_stored_beside_it():
    from rouge_core.io.readers import read_corpus
    from ui.widgets.corpus_input import SAMPLES

    title = next(s.title for s in SAMPLES.values() if s.title.startswith("SummEval subset"))
    with AnnotationStore(default_path()) as s:
        s.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a", "reference": "b"}', "x.jsonl"), title)
    at = with_summeval(blind=False)
    assert not at.exception and at.subheader[0].value.startswith("Item 1 of 120")
    with AnnotationStore(default_path()) as s:
        names = sorted(c.name for c in s.corpora())
    assert len(names) == 2 and names[0] == title and names[1].startswith(title + " · ")


def note_key(at: AppTest) -> str:
    return next(str(t.key) for t in at.text_area if str(t.key).startswith("annot_note_"))


def not_saved(at: AppTest) -> list[str]:
    return [plain(e.value) for e in at.error if plain(e.value).startswith("Not saved: ")]


def plain(text: object) -> str:
    return str(text).replace("\\", "")


def test_a_note_over_the_limit_is_held_to_the_stores_limit_and_saved():
    at = with_summeval(blind=False)
    key = note_key(at)
    assert at.text_area(key=key).max_chars == 10_000  # the store's limit: the browser stops typing there
    at.text_area(key=key).input("x" * 10_001).run()  # what a browser does: nothing past max_chars
    assert not at.exception and at.text_area(key=key).value == ""
    long = "y" * 10_000 + "z"  # a client that sends more anyway: Streamlit keeps max_chars of it
    at.text_area(key=key).set_value(long).run()
    assert not at.exception and not_saved(at) == []
    assert at.text_area(key=key).value == long[:10_000]  # the text stays in the box
    with AnnotationStore(default_path()) as s:
        item = s.items(s.corpora()[0].id)[0]
        assert s.status(item.id, "alice").note == long[:10_000]


def test_every_callback_says_not_saved_beside_its_widget_when_the_store_cannot_write(monkeypatch):
    from annotation import schema

    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 200)  # the real 5 s, shortened for the test
    at = with_summeval(blind=False)
    criteria(at)[0].set_value(4).run()  # committed before the store stops taking writes
    key = note_key(at)
    flag = next(str(c.key) for c in at.checkbox if str(c.key).startswith("annot_flag_"))
    other = sqlite3.connect(default_path(), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the store past the busy timeout
    locked = (
        "Not saved: cannot write the annotation store: another writer held the store for more than 0.2 s; "
        "try again (database is locked)"
    )
    try:
        criteria(at)[1].set_value(2).run()
        assert not at.exception and not_saved(at) == [locked]
        at.text_area(key=key).input("unclear").run()
        assert not at.exception and not_saved(at) == [locked, locked]
        assert at.text_area(key=key).value == "unclear"
        at.checkbox(key=flag).check().run()
        move(at, "skipb").click().run()
        assert not at.exception and not_saved(at) == [locked] * 4
        assert at.subheader[0].value.startswith("Item 1 of 120")  # a skip not saved does not move on
    finally:
        other.execute("ROLLBACK")
        other.close()
    with AnnotationStore(default_path()) as s:
        item = s.items(s.corpora()[0].id)[0]
        assert [(j.criterion, j.value) for j in s.judgments()] == [("coherence", 4)]  # what was committed stays
        assert s.status(item.id, "alice") == ItemStatus()
    assert criteria(at)[1].value == 2  # the refused entry is kept, with a retry
    at.button(key=f"{criteria(at)[1].key}_retry").click().run()  # the store writes again: saved, its message goes
    assert not at.exception and not_saved(at) == [locked] * 3
    assert criteria(at)[1].value == 2 and ":green[✓ saved: 2]" in receipts(at)
    with AnnotationStore(default_path()) as s:
        assert [(j.criterion, j.value) for j in s.judgments()] == [("coherence", 4), ("consistency", 2)]
    criteria(at)[1].set_value(3).run()
    with AnnotationStore(default_path()) as s:
        assert [(j.criterion, j.value) for j in s.judgments()] == [("coherence", 4), ("consistency", 3)]


@pytest.mark.parametrize("kind", broken_stores.KINDS)
def test_a_store_that_cannot_be_opened_gets_a_message_and_stays_untouched(kind, data_dir):
    path, message = broken_stores.make(kind, data_dir)
    before = broken_stores.fingerprint(path)
    at = page()
    next(b for b in at.button if str(b.label).startswith("SummEval subset")).click().run()
    assert not at.exception
    assert [plain(e.value) for e in at.error] == [message]
    assert broken_stores.fingerprint(path) == before


def test_a_store_damaged_under_the_page_gets_a_message_not_a_traceback():
    at = with_summeval(blind=False)
    criteria(at)[0].set_value(4).run()
    conn = sqlite3.connect(default_path())  # the page closed the store: its WAL is in the file
    (page_size,) = conn.execute("PRAGMA page_size").fetchone()
    (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'judgments'").fetchone()
    conn.close()
    with open(default_path(), "r+b") as f:  # the page of the judgments turns to garbage
        f.seek((root - 1) * page_size)
        f.write(b"\xa5" * page_size)
    at.run()
    assert not at.exception
    assert [plain(e.value) for e in at.error] == [
        "Cannot read the annotation store: the file is damaged (database disk image is malformed)"
    ]


def receipts(at: AppTest) -> list[str]:
    return [plain(c.value) for c in at.caption if "saved" in str(c.value) and "✓" in str(c.value)]


def test_each_criterion_shows_the_stores_receipt_in_the_same_run():
    at = with_summeval()
    assert receipts(at) == []
    criteria(at)[0].set_value(3).run()
    assert receipts(at) == [":green[✓ saved: 3]"]
    criteria(at)[2].set_value(5).run()
    assert receipts(at) == [":green[✓ saved: 3]", ":green[✓ saved: 5]"]
    criteria(at)[1].set_value(4).run()
    criteria(at)[3].set_value(1).run()
    assert "1 of 120 judged" in at.get("progress")[0].proto.text  # the counter moves in the same run


def test_the_widgets_show_the_stores_values_not_the_sessions():
    at = with_summeval(blind=False)
    keys = [str(r.key) for r in criteria(at)]
    at.session_state[keys[0]] = 5  # a browser that remembers a value the store never took
    at.run()
    assert [r.value for r in criteria(at)] == [None, None, None, None] and receipts(at) == []
    with AnnotationStore(default_path()) as s:  # another session of this annotator judges the item
        item = s.items(s.corpora()[0].id)[0]
        s.record(item.id, s.summeval_rubric().criterion("fluency"), "alice", 2)
        s.set_note(item.id, "alice", "from elsewhere")
    at.run()
    assert [r.value for r in criteria(at)] == [None, None, 2, None]
    assert receipts(at) == [":green[✓ saved: 2]"]
    assert at.text_area(key=note_key(at)).value == "from elsewhere"


def _press_next(item_id: int) -> None:
    """A Next press made on item ``item_id`` (as its button's callback gets it), on items 10, 11, 12."""
    import streamlit as st

    from ui.widgets.annotate_item import POS, _move

    st.session_state.setdefault(POS, {("w",): 1})  # item 11 is shown
    _move(("w",), item_id, [10, 11, 12], 1)


@pytest.mark.parametrize("pressed_on, now", [(10, 1), (11, 2)])
def test_a_next_pressed_on_an_item_no_longer_shown_is_ignored(pressed_on, now):
    at = AppTest.from_function(_press_next, args=(pressed_on,), default_timeout=60).run()
    assert not at.exception
    assert at.session_state["_annot_pos"] == {("w",): now}


def test_next_buttons_are_keyed_to_their_item_and_move_one_item():
    at = with_summeval()
    first = move(at, "next").key
    move(at, "next").click().run()
    assert at.subheader[0].value == "Item 2 of 120"
    assert move(at, "next").key != first  # a press still on its way to item 1's button finds no button
    move(at, "next").click().run()
    assert at.subheader[0].value == "Item 3 of 120"


def test_undo_removes_the_last_judgment_and_shows_its_item():
    at = with_summeval(blind=False)
    move(at, "undob").click().run()
    assert "Nothing to undo." in [plain(c.value) for c in at.caption]
    criteria(at)[0].set_value(3).run()
    criteria(at)[1].set_value(4).run()
    move(at, "next").click().run()
    assert plain(at.subheader[0].value).startswith("Item 2 of 120")
    move(at, "undob").click().run()
    assert not at.exception
    assert plain(at.subheader[0].value).startswith("Item 1 of 120")  # back to the undone judgment's item
    assert "Undone: consistency on item 1 (now no value)." in [plain(c.value) for c in at.caption]
    assert [r.value for r in criteria(at)] == [3, None, None, None]
    with AnnotationStore(default_path()) as s:
        assert [(j.criterion, j.value) for j in s.judgments()] == [("coherence", 3)]


def test_the_page_prints_the_keys_and_no_server_path(data_dir):
    at = with_summeval()
    captions = [plain(c.value) for c in at.caption]
    assert any(c.startswith("Keys: a digit scores the outlined criterion") and "Backspace / u undo" in c
               for c in captions)  # fmt: skip
    assert not any(str(data_dir) in c for c in captions + [plain(m.value) for m in at.markdown])
    assert [r.options for r in criteria(at)] == [["1", "2", "3", "4", "5"]] * 4  # each option is its key


def test_the_rouge_options_are_folded_on_annotate_only():
    at = with_summeval()
    assert [e.label for e in at.sidebar.expander] == ["ROUGE options"]
    at.switch_page("app_pages/inspect.py").run()
    assert [e.label for e in at.sidebar.expander] == []


def test_exports_are_built_when_asked_for():
    at = with_summeval(blind=False)
    criteria(at)[0].set_value(3).run()
    assert at.get("download_button") == []
    at.button(key="annot_export").click().run()
    labels = [d.proto.label for d in at.get("download_button")]
    assert labels == ["Judgments as CSV", "Judgments as JSONL"]
