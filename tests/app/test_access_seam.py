"""The access seam (issue 19, point 2): ui.widgets.access reads the deployment's settings, the link and the
store, and annotation.access decides. Run in AppTest, on a store in a temporary data directory."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from streamlit.testing.v1 import AppTest

from annotation import AnnotationStore
from annotation.store import default_path
from rouge_core.io.readers import read_corpus

KEY = "organiser-key-of-this-test-server"


def _script() -> None:
    import streamlit as st

    from annotation import AnnotationStore
    from annotation.store import default_path
    from ui.widgets.access import visitor_access

    with AnnotationStore(default_path()) as store:
        a = visitor_access(store)
    st.write(f"{a.kind}|{a.name}|{a.campaign_id}|{a.via}|{a.reason}")


def run(monkeypatch, tmp_path, *, params=None, secrets=None, env_key=None) -> list[str]:
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    if env_key is None:
        monkeypatch.delenv("ROUGE_LENS_ORGANISER_KEY", raising=False)
    else:
        monkeypatch.setenv("ROUGE_LENS_ORGANISER_KEY", env_key)
    at = AppTest.from_function(_script, default_timeout=60)
    for k, v in (params or {}).items():
        at.query_params[k] = v
    for k, v in (secrets or {}).items():
        at.secrets[k] = v
    at.run()
    assert not at.exception, at.exception
    return at.markdown[0].value.split("|")


@pytest.fixture
def campaign(monkeypatch, tmp_path):
    """A campaign with two invited annotators; their tokens."""
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    with AnnotationStore(default_path()) as store:
        corpus = store.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a b", "reference": "a c"}', "x.jsonl"))
        c = store.create_campaign(corpus, "pilot", store.summeval_rubric())
        tokens = {name: store.invite(c.id, name) for name in ("ann", "bob")}
        store.revoke(c.id, "bob")
    return c.id, tokens


def test_no_campaign_is_local_mode(monkeypatch, tmp_path):
    assert run(monkeypatch, tmp_path)[:1] == ["local"]


def test_a_campaign_server_lets_no_stranger_in(monkeypatch, tmp_path, campaign):
    kind, name, _, _, reason = run(monkeypatch, tmp_path)
    assert (kind, reason) == ("nobody", "open the invite link you were sent, or log in")


def test_an_invite_link_lets_its_annotator_in_until_revoked(monkeypatch, tmp_path, campaign):
    campaign_id, tokens = campaign
    assert run(monkeypatch, tmp_path, params={"invite": tokens["ann"]}) == [
        "annotator", "ann", str(campaign_id), "invite", "",
    ]  # fmt: skip
    kind, _, _, _, reason = run(monkeypatch, tmp_path, params={"invite": tokens["bob"]})
    assert kind == "nobody" and "revoked" in reason and tokens["bob"] not in reason


def test_an_expired_invite_says_so(monkeypatch, tmp_path, campaign):
    campaign_id, _ = campaign
    with AnnotationStore(default_path()) as store:
        past = datetime.now(timezone.utc) - timedelta(days=30)
        token = store.invite(campaign_id, "cat", valid_for=timedelta(days=1), now=past)
    kind, _, _, _, reason = run(monkeypatch, tmp_path, params={"invite": token})
    assert kind == "nobody" and "expired" in reason


def test_the_organiser_key_from_secrets_or_the_environment(monkeypatch, tmp_path, campaign):
    secrets = {"rouge_lens": {"organiser_key": KEY}}
    assert run(monkeypatch, tmp_path, params={"key": KEY}, secrets=secrets)[:4] == [
        "organiser",
        "organiser",
        "None",
        "key",
    ]
    assert run(monkeypatch, tmp_path, params={"key": KEY}, env_key=KEY)[0] == "organiser"
    kind, *_, reason = run(monkeypatch, tmp_path, params={"key": KEY + "x"}, secrets=secrets)
    assert (kind, reason) == ("nobody", "the organiser key in the link is not this server's")


def test_a_wrong_setting_is_named_not_a_traceback(monkeypatch, tmp_path, campaign):
    kind, *_, reason = run(monkeypatch, tmp_path, secrets={"rouge_lens": {"organiser_key": "short"}})
    assert kind == "nobody"
    assert reason == (
        "the server's access settings are wrong: [rouge_lens] organiser_key must be a string of at least 16 characters"
    )


def test_the_link_is_remembered_when_the_visitor_moves_to_another_page(monkeypatch, tmp_path, campaign):
    """Moving between pages drops the link's parameters: the session keeps the invite (and checks it
    again on every run, so a revocation still takes effect at the next click)."""
    campaign_id, tokens = campaign
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    monkeypatch.delenv("ROUGE_LENS_ORGANISER_KEY", raising=False)
    at = AppTest.from_function(_script, default_timeout=60)
    at.query_params["invite"] = tokens["ann"]
    at.run()
    assert at.markdown[0].value.startswith("annotator|ann|")
    at.query_params.clear()  # another page of the app: no parameters
    at.run()
    assert at.markdown[0].value.startswith("annotator|ann|")
    with AnnotationStore(default_path()) as store:
        store.revoke(campaign_id, "ann")
    at.run()
    assert at.markdown[0].value.startswith("nobody|")
