"""AppTest: the organiser's Campaigns page (issue 19): who may see it, creating a campaign, invites and
revocation, the dashboard's numbers, adjudication and exports; user text shown as text."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from annotation import AnnotationStore, default_path
from rouge_core.io.readers import read_corpus
from ui.render.literal import md_literal

ROOT = Path(__file__).resolve().parents[2]
PAGE = "app_pages/campaigns.py"
KEY = "organiser-key-of-this-test-server"
SECRETS = {"rouge_lens": {"organiser_key": KEY}}
CORPUS = b"".join(
    b'{"id": "d%d", "system": "S", "candidate": "cand %d <b>x</b>", "reference": "ref %d", "source": "src %d *s*"}\n'
    % (i, i, i, i)
    for i in range(1, 5)
)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    monkeypatch.delenv("ROUGE_LENS_ORGANISER_KEY", raising=False)
    return tmp_path


@pytest.fixture
def corpus_id() -> int:
    with AnnotationStore(default_path()) as store:
        return store.add_corpus(read_corpus(CORPUS, "news.jsonl"))


def page(params=None, secrets=None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for k, v in (secrets or {}).items():
        at.secrets[k] = v
    for k, v in (params or {}).items():
        at.query_params[k] = v
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def organiser() -> AppTest:
    return page({"key": KEY}, SECRETS)


def text(at: AppTest) -> str:
    parts = [str(e.value) for kind in ("markdown", "info", "error", "success", "caption", "code") for e in at.get(kind)]
    return "\n".join(parts)


def table(at: AppTest, column: str):
    """The one table drawn with ``column`` (the page's tables come and go: find them by what they hold)."""
    (found,) = [d.value for d in at.dataframe if column in d.value.columns]
    return found


def campaign_widgets(at: AppTest) -> list[str]:
    """The keys of the page's own widgets drawn (the sidebar's are the app's)."""
    widgets = [*at.selectbox, *at.text_input, *at.button, *at.checkbox, *at.number_input]
    return [str(w.key) for w in widgets if str(w.key).startswith("camp_")]


def create(at: AppTest, name: str = "spring", instructions: str = "", r: int = 2, overlap: int = 1) -> AppTest:
    at.text_input(key="camp_name").input(name)
    at.number_input(key="camp_r").set_value(r)
    at.number_input(key="camp_overlap").set_value(overlap)
    if instructions:
        at.text_area(key="camp_instr").input(instructions)
    at.button(key="camp_create").click().run()
    assert not at.exception, at.exception
    return at


def invite(at: AppTest, name: str, role: str = "annotator") -> str:
    """Invite ``name`` through the form; the link the page shows."""
    at.text_input(key="camp_inv_name").input(name)
    at.selectbox(key="camp_inv_role").set_value(role)
    next(b for b in at.button if b.label == "Invite").click().run()
    assert not at.exception, at.exception
    (link,) = [str(c.value) for c in at.code if "invite=" in str(c.value)]
    return link


def test_an_organiser_creates_a_campaign_and_invites_three_annotators(corpus_id):
    at = create(organiser(), instructions="Read the **source** first.")
    stored = "Campaign spring is stored: corpus news\\.jsonl, rubric summeval v1, 2 judgments per item, overlap 1"
    assert stored in text(at)
    links = [invite(at, name) for name in ("ann", "bob", "cat")]
    assert len(set(links)) == 3
    assert all(link.startswith("http") and "/annotate?invite=" in link for link in links)
    with AnnotationStore(default_path()) as store:
        (campaign,) = store.campaigns()
        members = store.members(campaign.id)
        assert [(m.annotator, m.role) for m in members] == [
            ("ann", "annotator"), ("bob", "annotator"), ("cat", "annotator"),
        ]  # fmt: skip
        assert store.redeem(links[1].rpartition("invite=")[2]).annotator == "bob"
    assert "/campaigns?invite=" in invite(at, "prof", role="organiser")  # an organiser's link opens this page
    at.run()  # the link is shown once: the next run shows none
    assert not [c for c in at.code if "invite=" in str(c.value)]
    table = at.dataframe[0].value
    assert list(table["name"]) == ["ann", "bob", "cat", "prof"]
    assert [bool(x) for x in table["redeemed"]] == [False, True, False, False]  # bob's link was opened


def test_creation_is_refused_without_a_configured_organiser(corpus_id):
    at = page()
    assert "organiser_key" in text(at) and "ROUGE_LENS_ORGANISER_KEY" in text(at)
    assert not [b for b in at.button if b.key == "camp_create"]
    wrong = page({"key": "not-the-key-of-this-server"}, SECRETS)  # configured, but not proven
    assert not [b for b in wrong.button if b.key == "camp_create"]
    assert "Only an organiser of this server may create a campaign: open this page with `?key=`" in text(wrong)
    broken = page({"key": KEY}, {"rouge_lens": {"organiser_key": "short"}})
    assert "organiser\\_key must be a string of at least 16 characters" in text(broken)
    assert not [b for b in broken.button if b.key == "camp_create"]


def test_a_refusal_of_the_store_is_a_message(corpus_id):
    at = create(organiser(), overlap=9)
    assert md_literal("Not created: overlap: 9 is more than the corpus's 4 items") in text(at)
    with AnnotationStore(default_path()) as store:
        assert store.campaigns() == []


def test_user_text_is_shown_as_text(corpus_id):
    at = create(organiser(), name="<b>big</b> *x*", instructions="<img src=x onerror=alert(1)> **bold**")
    shown = text(at)
    assert md_literal("<b>big</b> *x*") in shown
    assert "<b>big</b>" not in shown and "<img" not in shown
    assert "&lt;img src=x onerror=alert(1)&gt; **bold**" in shown  # the organiser's Markdown kept, HTML as text


@pytest.fixture
def campaign(corpus_id):
    """A campaign with two annotators, al and bo, and their tokens."""
    with AnnotationStore(default_path()) as store:
        c = store.create_campaign(corpus_id, "pilot", store.summeval_rubric(), judgments_per_item=2)
        tokens = {name: store.invite(c.id, name) for name in ("al", "bo")}
    return c.id, tokens


def test_strangers_and_annotators_do_not_see_campaign_data(campaign):
    stranger = page(secrets=SECRETS)
    assert "open the invite link you were sent" in text(stranger) and "pilot" not in text(stranger)
    assert not stranger.dataframe and not campaign_widgets(stranger)
    annotator = page({"invite": campaign[1]["al"]}, SECRETS)
    assert "your items are on Annotate" in text(annotator) and "pilot" not in text(annotator)
    (link,) = annotator.get("page_link")
    assert (link.proto.page, link.proto.query_string) == ("annotate", f"invite={campaign[1]['al']}")
    assert not annotator.dataframe and not campaign_widgets(annotator)


def test_revoke_needs_a_confirmation_and_stops_the_link(campaign):
    campaign_id, tokens = campaign
    at = organiser()
    at.selectbox(key="camp_rev_who").set_value("bo").run()
    assert at.button(key="camp_rev_go").disabled
    at.checkbox(key="camp_rev_sure").check().run()
    at.button(key="camp_rev_go").click().run()
    assert not at.exception, at.exception
    with AnnotationStore(default_path()) as store:
        assert [(m.annotator, m.revoked_at is not None) for m in store.members(campaign_id)] == [
            ("al", False), ("bo", True),
        ]  # fmt: skip
    assert at.dataframe[0].value["revoked"].tolist()[0] == "" != at.dataframe[0].value["revoked"].tolist()[1]
    assert "revoked" in text(page({"invite": tokens["bo"]}, SECRETS))


def judge(campaign_id: int) -> None:
    """Hand-made judgments: al and bo judge items 1 and 2 on fluency (al 1, 2; bo 4, 2), al item 1 on
    every other criterion too; zed, no member, judges item 1's fluency 5. A gold cell (item 1's fluency
    is 1, tolerance 0.5); al flags item 1 and leaves a note."""
    with AnnotationStore(default_path()) as store:
        rubric = store.summeval_rubric()
        first, second = store.item_ids(store.campaign(campaign_id).corpus_id)[:2]
        fluency = rubric.criterion("fluency")
        for item, who, value in ((first, "al", 1), (first, "bo", 4), (second, "al", 2), (second, "bo", 2)):
            store.record(item, fluency, who, value)
        store.record(first, fluency, "zed", 5)
        for c in rubric.criteria:
            if c.name != "fluency":
                store.record(first, c, "al", 3)
        store.set_gold(campaign_id, first, "fluency", 1, tolerance=0.5)
        store.set_flag(first, "al")
        store.set_note(first, "al", "typo here")


def test_the_dashboard_numbers(campaign):
    judge(campaign[0])
    at = organiser()
    progress = table(at, "items done")
    assert progress.to_dict("records")[0] | {"median seconds per item": None} == {
        "annotator": "al", "items done": 1, "assigned": 0, "median seconds per item": None,
        "gold accuracy": 1.0, "flags": 1, "notes": 1,
    }  # fmt: skip
    assert progress["gold accuracy"].tolist()[1] == 0.0 and progress["items done"].tolist()[1] == 0
    assert not [d for d in at.dataframe if "alpha (interval)" in d.value.columns]  # computed when asked
    at.button(key="camp_agree").click().run()
    assert not at.exception, at.exception
    alpha = table(at, "alpha (interval)").set_index("criterion")
    # fluency, al (1, 2) and bo (4, 2); zed is no member: D_o = 18 / 4, D_e = 38 / 12, alpha = -8 / 19
    assert alpha.loc["fluency", "alpha (interval)"] == pytest.approx(-8 / 19)
    # resampling the 2 items: both -> -8/19; the first (1 and 4) twice -> alpha = 1 - D_o/D_e = 1 - 12/8 = -1/2;
    # the second (2 and 2) twice -> one value, no alpha (left out): the 95% interval runs from -0.5 to -8/19
    assert alpha.loc["fluency", "95% interval (interval)"] == "-0.500 to -0.421"
    assert alpha.loc["coherence", "95% interval (interval)"] == ""  # one annotator: no alpha, no interval
    assert alpha.loc["fluency", "annotators"] == 2 and alpha.loc["fluency", "items judged by 2+"] == 2
    assert alpha.loc["coherence", "annotators"] == 1


def test_an_adjudication_is_kept_beside_the_judgments_and_exported(campaign):
    campaign_id, _ = campaign
    judge(campaign_id)
    at = organiser()
    listed = table(at, "spread")
    assert listed.to_dict("records") == [
        {"document": "d1", "system": "S", "criterion": "fluency", "spread": 3.0, "values": "al: 1, bo: 4",
         "adjudicated": ""},
    ]  # fmt: skip
    shown = text(at)
    assert md_literal("cand 1 <b>x</b>") in shown and md_literal("src 1 *s*") in shown
    (value,) = [n for n in at.number_input if str(n.key).startswith("camp_adj_value_")]
    (note,) = [t for t in at.text_input if str(t.key).startswith("camp_adj_note_")]
    assert value.key.endswith("_fluency") and note.key == value.key.replace("value", "note")  # keyed by the cell
    value.set_value(2.0)
    note.input("bo misread it")
    next(b for b in at.button if b.label == "Record the adjudication").click().run()
    assert not at.exception, at.exception
    assert table(at, "spread")["adjudicated"].tolist() == ["2"]
    saved = "Adjudication saved: d1 / S / fluency is 2; the annotators' judgments stay as they are."
    assert [s.value for s in at.success] == [md_literal(saved)]
    with AnnotationStore(default_path()) as store:
        (adj,) = store.adjudications(campaign_id)
        assert (adj.criterion, adj.value, adj.organiser, adj.note) == ("fluency", 2, "organiser", "bo misread it")
        assert [j.value for j in store.judgments(item_id=adj.item_id) if j.criterion == "fluency"] == [1, 4, 5]
        from ui.compute.campaigns import campaign_export

        campaign_row = store.campaign(campaign_id)
        with_it = campaign_export(store, campaign_row, "csv", adjudicated=True).splitlines()
        without = campaign_export(store, campaign_row, "jsonl", adjudicated=False).splitlines()
    assert with_it[0].endswith(",updated_at,adjudicated")
    fluency_rows = [r for r in with_it[1:] if ",fluency," in r]
    assert [(r.split(",")[1], r.split(",")[4], r.split(",")[-1]) for r in fluency_rows] == [
        ("d1", "al", "2"), ("d1", "bo", "2"), ("d2", "al", ""), ("d2", "bo", ""),
    ]  # fmt: skip
    assert len(without) == 7 and all('"adjudicated"' not in r for r in without)  # zed is no member
    assert not at.get("download_button")  # built when asked
    at.button(key="camp_exp_prepare").click().run()
    assert [b.label for b in at.get("download_button")] == ["Judgments (CSV)", "Judgments (JSONL)"]


def test_an_annotator_of_the_organisers_name_keeps_their_role(campaign):
    """The key's organiser adjudicates as "organiser": an annotator of that name is not made one."""
    campaign_id, _ = campaign
    judge(campaign_id)
    with AnnotationStore(default_path()) as store:
        token = store.invite(campaign_id, "organiser")
    at = organiser()
    next(b for b in at.button if b.label == "Record the adjudication").click().run()
    assert not at.exception, at.exception
    assert md_literal("is not an organiser of campaign") in text(at)
    with AnnotationStore(default_path()) as store:
        assert store.adjudications(campaign_id) == []
        assert store.redeem(token).role == "annotator"


def _proven_script() -> None:
    import streamlit as st

    from annotation import AnnotationStore
    from annotation.store import default_path
    from ui.widgets.access import organiser_proven

    with AnnotationStore(default_path()) as store:
        st.write(f"proven={organiser_proven(store)}")


@pytest.mark.parametrize(
    ("params", "secrets", "env", "expected"),
    [
        ({}, {}, None, False),  # nothing configured: local mode proves nothing
        ({"key": KEY}, {}, None, False),  # a key, but the server has none
        ({"key": KEY}, SECRETS, None, True),
        ({"key": "a-guess-of-sixteen-chars"}, SECRETS, None, False),
        ({"key": KEY}, {}, KEY, True),  # the key from the environment
        ({}, SECRETS, None, False),  # configured, not given
        ({"key": KEY}, {"rouge_lens": {"organiser_key": "short"}}, None, False),  # a wrong setting
    ],
)
def test_organiser_proven_before_any_campaign(monkeypatch, params, secrets, env, expected):
    if env is not None:
        monkeypatch.setenv("ROUGE_LENS_ORGANISER_KEY", env)
    at = AppTest.from_function(_proven_script, default_timeout=60)
    for k, v in secrets.items():
        at.secrets[k] = v
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    assert at.markdown[0].value == f"proven={expected}"


@pytest.fixture
def calls(monkeypatch) -> dict[str, list[object]]:
    """What the page asked to compute: the agreement table, each export file, the campaign's revision
    (each call recorded with its result, the real one)."""
    from ui.compute import campaigns as compute
    from ui.widgets import campaign_dashboard, campaign_exports

    made: dict[str, list[object]] = {"agreement": [], "export": [], "revision": []}

    def recording(name, real):
        def call(*args, **kwargs):
            made[name].append(real(*args, **kwargs))
            return made[name][-1]

        return call

    monkeypatch.setattr(campaign_dashboard, "campaign_agreement", recording("agreement", compute.campaign_agreement))
    monkeypatch.setattr(campaign_exports, "campaign_export", recording("export", compute.campaign_export))
    revision = recording("revision", compute.campaign_revision)
    monkeypatch.setattr(campaign_dashboard, "campaign_revision", revision)
    monkeypatch.setattr(campaign_exports, "campaign_revision", revision)
    return made


def test_a_plain_run_computes_neither_the_agreement_nor_the_export_files(campaign, calls):
    judge(campaign[0])
    at = organiser()
    at.slider(key="camp_adj_spread").set_value(2.0).run()  # a click elsewhere on the page
    at.checkbox(key="camp_exp_adj").uncheck().run()
    assert not at.exception, at.exception
    assert calls == {"agreement": [], "export": [], "revision": []}
    assert not at.get("download_button") and not [d for d in at.dataframe if "alpha (interval)" in d.value.columns]
    assert "The files are built when you press the button" in text(at)


def test_the_agreement_is_computed_when_asked_and_dropped_when_a_judgment_changes(campaign, calls):
    campaign_id, _ = campaign
    judge(campaign_id)
    at = organiser()
    at.button(key="camp_agree").click().run()
    at.slider(key="camp_adj_spread").set_value(2.0).run()  # shown again without computing again
    assert not at.exception, at.exception
    assert len(calls["agreement"]) == 1
    first = table(at, "alpha (interval)").set_index("criterion")
    assert first.loc["fluency", "alpha (interval)"] == pytest.approx(-8 / 19)
    with AnnotationStore(default_path()) as store:  # bo changes item 2's fluency from 2 to 3
        second = store.item_ids(store.campaign(campaign_id).corpus_id)[1]
        store.record(second, store.summeval_rubric().criterion("fluency"), "bo", 3)
    at.run()
    assert not [d for d in at.dataframe if "alpha (interval)" in d.value.columns]
    assert "Judgments changed since the agreement was computed: compute it again." in text(at)
    at.button(key="camp_agree").click().run()
    assert len(calls["agreement"]) == 2
    alpha = table(at, "alpha (interval)").set_index("criterion")
    # fluency, al (1, 2) and bo (4, 3): D_o = 2 * (9 + 1) / 4 = 5, D_e = 2 * 20 / 12 = 10 / 3, alpha = -1 / 2
    assert alpha.loc["fluency", "alpha (interval)"] == pytest.approx(-0.5)


def test_the_export_files_are_built_when_asked_and_never_offered_stale(campaign, calls):
    campaign_id, _ = campaign
    judge(campaign_id)
    at = organiser()
    at.button(key="camp_exp_prepare").click().run()
    assert not at.exception, at.exception
    assert [b.label for b in at.get("download_button")] == ["Judgments (CSV)", "Judgments (JSONL)"]
    csv_text, jsonl_text = calls["export"]
    assert isinstance(csv_text, str) and isinstance(jsonl_text, str)
    fluency = [r.split(",") for r in csv_text.splitlines()[1:] if ",fluency," in r]
    assert [(r[1], r[4], r[5], r[-1]) for r in fluency] == [
        ("d1", "al", "1", ""), ("d1", "bo", "4", ""), ("d2", "al", "2", ""), ("d2", "bo", "2", ""),
    ]  # fmt: skip
    assert len(jsonl_text.splitlines()) == 7  # al's 5 and bo's 2 judgments; zed is no member
    at.run()  # kept: offered again without building them again
    assert len(calls["export"]) == 2 and len(at.get("download_button")) == 2
    with AnnotationStore(default_path()) as store:
        item = store.item_ids(store.campaign(campaign_id).corpus_id)[0]
        store.invite(campaign_id, "boss", role="organiser")
        store.adjudicate(campaign_id, item, "fluency", 2, "boss", "")
    at.run()
    assert not at.get("download_button")
    assert "The campaign's data changed since the files were prepared: prepare them again." in text(at)
    at.button(key="camp_exp_prepare").click().run()
    fresh = calls["export"][-2]
    assert isinstance(fresh, str)
    assert [r.split(",")[-1] for r in fresh.splitlines()[1:] if ",fluency," in r] == ["2", "2", "", ""]
    at.checkbox(key="camp_exp_adj").uncheck().run()  # files for the other choice are not these
    assert not at.get("download_button")


def test_the_adjudicated_pair_opens_in_inspect_and_comes_back(campaign):
    campaign_id, _ = campaign
    judge(campaign_id)
    at = organiser()
    at.button(key="camp_adj_inspect").click().run()
    assert not at.exception, at.exception
    with AnnotationStore(default_path()) as store:
        item = next(i for i in store.items(store.campaign(campaign_id).corpus_id) if i.doc_id == "d1")
    assert at.session_state["_kept:candidate"] == "\n".join(item.candidate)  # Inspect's input now
    at.switch_page("app_pages/inspect.py").run()  # AppTest reruns the page it was last switched to
    assert not at.exception, at.exception
    back = at.button(key="back_to_corpus")
    assert back.label == "Back to Campaigns"
    back.click().run()
    assert at.title[0].value == "Campaigns" and not any(b.key == "back_to_corpus" for b in at.button)
