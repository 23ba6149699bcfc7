"""The Agreement page drawn section by section (its layout: tests/app/test_page_layouts.py): a store that
fails while the page reads it gets the store's message and the page stops there (no traceback from the
sections after it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from annotation import AnnotationStore, StoreError

ROOT = Path(__file__).resolve().parents[2]
PAGE = "app_pages/agreement.py"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    return tmp_path


def test_a_store_that_fails_while_read_gets_its_message_and_the_page_stops(monkeypatch):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.session_state["agree_samples"] = at.session_state["agree_perm_samples"] = 100
    at.switch_page(PAGE).run()
    at.button(key="agree_load:summeval").click().run()
    assert not at.exception and at.dataframe

    def damaged(self: AnnotationStore) -> tuple:
        raise StoreError("cannot read the annotation store: the file is damaged")

    monkeypatch.setattr(AnnotationStore, "corpora", damaged)
    at.run()
    assert not at.exception, at.exception
    assert [e.value.replace("\\", "") for e in at.error] == ["Cannot read the annotation store: the file is damaged"]
    assert not at.dataframe and not at.get("plotly_chart")
