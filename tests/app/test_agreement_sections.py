"""The Agreement page as a description of its sections (issue 18, point 7): the page script is short and
draws each section through a module of ui/widgets/; a store that fails while the page reads it gets the
store's message and the page stops there (no traceback from the sections after it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from annotation import AnnotationStore, StoreError

ROOT = Path(__file__).resolve().parents[2]
PAGE = "app_pages/agreement.py"
#: The modules that draw the page's sections, in the order the page draws them.
SECTIONS = ["agreement_source", "agreement_variants", "agreement_correlations", "agreement_table"]
SECTIONS += ["agreement_scatter", "agreement_compare"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    return tmp_path


def test_the_page_is_short_and_names_its_sections_in_order():
    text = (ROOT / PAGE).read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    calls = [
        (node.lineno, node.func.value.id)
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
    ]
    called = [name for _, name in sorted(calls)]
    first = [called.index(s) for s in SECTIONS]  # each section module is called, in the page's order
    assert first == sorted(first)
    for name in ["agreement_pickers", *SECTIONS]:
        lines = (ROOT / "ui" / "widgets" / f"{name}.py").read_text(encoding="utf-8").splitlines()
        assert len(lines) <= 300, name


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
