"""The tokenizers for Chinese, Japanese and Thai in the app (issue 21, point 3): the Tokenizer inspector
shows the installed ones tokenizing the text and names the missing ones with their install command;
the sidebar offers them and a missing one is a clear message, never a traceback."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core.teach.token_stages import compare_tokenizers
from rouge_core.text.tokenizers_extra import is_installed, missing_message
from ui.widgets.options import DEFAULT

APP = str(Path(__file__).resolve().parents[2] / "app.py")
CHINESE = "警察击毙了枪手"


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("app_pages/tokenizer.py").run()
    assert not at.exception, at.exception
    return at


def own_text(at: AppTest, text: str) -> AppTest:
    at.selectbox(key="tok_source").set_value(-1).run()
    next(t for t in at.text_area if t.key.split("#")[0] == "tok_custom").set_value(text).run()
    assert not at.exception, at.exception
    return at


def hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    real = importlib.util.find_spec

    def find_spec(name, *args, **kwargs):
        return None if name in modules else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


def test_the_inspector_tokenizes_with_jieba():
    if not is_installed("jieba"):
        pytest.skip(str(missing_message("jieba")))
    at = own_text(start(), CHINESE)
    rows = at.dataframe[0].value.set_index("tokenizer").to_dict("index")
    assert rows["jieba"]["tokens"] == 4 and rows["unicode"]["tokens"] == 7  # 警察 击毙 了 枪手; one per character
    assert rows["jieba"]["tokens"] == compare_tokenizers(CHINESE, DEFAULT)["jieba"].stages[1].count
    assert "**jieba**" in [m.value for m in at.markdown]
    assert "tok:custom:<name>" in " ".join(c.value for c in at.caption)


def test_a_missing_package_is_named_with_its_install_command(monkeypatch):
    hide(monkeypatch, "pythainlp")
    at = own_text(start(), CHINESE + " ไทย")  # a text of its own: the page's caches hold other texts' stages
    assert "thai" not in at.dataframe[0].value["tokenizer"].tolist()
    info = " ".join(i.value for i in at.info)
    assert "**thai** (Thai words by pythainlp's newmm engine" in info and "pip install 'rouge-core[th]'" in info


def test_the_sidebar_offers_them_and_a_missing_one_is_a_message(monkeypatch):
    hide(monkeypatch, "jieba")
    at = start()
    options = at.sidebar.selectbox(key="opt_tokenizer").options
    assert "jieba (not installed)" in options and {"fugashi", "thai"} <= {o.split(" ")[0] for o in options}
    at.sidebar.selectbox(key="opt_tokenizer").set_value("jieba").run()
    assert not at.exception, at.exception
    errors = " ".join(e.value for e in at.sidebar.error).replace("\\", "")  # shown as a literal: escaped markdown
    assert (
        "the jieba tokenizer needs jieba, not installed: pip install 'rouge-core[zh]' (or pip install jieba)" in errors
    )
    assert at.sidebar.selectbox(key="opt_tokenizer").value == "jieba"
