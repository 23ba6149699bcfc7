"""Issue 20, point 5 ("One notation") on the Inspect page, through AppTest: the LCS view is Learn's
HTML table for a small pair and a heatmap with its reason for a large one; SU's legend; the ROUGE-W
counts; no empty "chosen reference" column when references are pooled; "1 reference"."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.app.inspect_html import scores_table

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _start(sample: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.selectbox(key="sample_pick").set_value(sample).run()
    assert not at.exception, at.exception
    return at


def _tables(at: AppTest) -> list[str]:
    """The bodies of the page's HTML blocks that hold a DP table in Learn's notation."""
    return [h.proto.body for h in at.get("html") if '<table class="rl-dp">' in h.proto.body]


def _charts(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def _title(spec: dict) -> str:
    return str(spec.get("layout", {}).get("title", {}).get("text", ""))


def _open(at: AppTest, view: str) -> AppTest:
    """Open a match-view tab (only the open one is built, issue 22)."""
    at.session_state["inspect_view"] = view
    at.run()
    assert not at.exception, at.exception
    return at


def _scores(at: AppTest):
    return scores_table(at)


def test_the_paper_pair_gets_learns_table_with_arrows_and_marks():
    at = _open(_start("paper_s2_vs_s1"), "LCS")
    lcs = [t for t in _tables(at) if ">LCS table: reference sentence 1" in t]
    assert len(lcs) == 1
    table = lcs[0][lcs[0].index('<table class="rl-dp">') : lcs[0].index("</table>")]
    assert table.count("↖") == 3 and table.count('class="rl-path rl-mark"') == 3
    assert not any(_title(c).startswith("LCS table") for c in _charts(at))  # no heatmap for it
    captions = [c.value for c in at.caption]
    _open(at, "WLCS")
    wlcs = [t for t in _tables(at) if "WLCS table" in t]
    assert len(wlcs) == 1  # the WLCS tab's table, in the same notation
    captions += [c.value for c in at.caption]
    assert not any("drawn as a heatmap" in c for c in captions)


def test_a_large_pair_is_a_heatmap_with_the_reason():
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    words = " ".join(f"w{k}" for k in range(35))
    next(t for t in at.text_area if t.key.startswith("candidate#")).set_value(words)
    next(t for t in at.text_area if t.key.startswith("ref_")).set_value(words)
    at.run()
    assert not at.exception, at.exception
    _open(at, "LCS")
    assert not any(">LCS table:" in t for t in _tables(at))
    assert any(_title(c).startswith("LCS table") for c in _charts(at))
    assert any(
        c.value.startswith("This pair has 35 reference words × 35 candidate words, more than 30 on a side")
        for c in at.caption
    )


def test_su_matrix_legend_has_the_diagonal_and_the_left_out_unigram():
    at = _open(_start("paper_s2_vs_s1"), "Skip-bigrams")  # the rouge155 profile by default
    at.radio(key="inspect_skip").set_value("ROUGE-SU4").run()
    assert not at.exception, at.exception
    su = next(c for c in _charts(at) if _title(c).startswith("ROUGE-SU4"))
    names = [t.get("name", "") for t in su["data"]]
    assert "– left out by ROUGE-1.5.5 (each text's last unigram)" in names
    assert any("diagonal" in n and "SU unigrams" in n for n in names)
    heat = su["data"][0]
    assert heat["z"][3][3] == 5.5  # gunman's unigram: the left-out state (category 5)
    assert "#8c8c8c" in {colour for _, colour in heat["colorscale"]}  # drawn in its own grey


def test_w_counts_pooled_columns_and_the_singular():
    at = _start("paper_s2_vs_s1")
    df = _scores(at)
    w = df.set_index("measure").loc["ROUGE-W-1.2"]
    assert (w["hits"], w["reference total"], w["candidate total"]) == ("3.29740", "7.36150", "5.27803")
    assert "chosen reference" not in df.columns  # one reference, pooled: nothing was chosen
    cards = next(h.proto.body for h in at.get("html") if 'class="rl-cards"' in h.proto.body)  # caption and cards
    assert "1 reference, combined by &#x27;pooled&#x27;.</p>" in cards
    _open(at, "WLCS")
    assert "hit = sum of f(k) over the runs = 1^1.2 + 2^1.2 = 3.29740" in "\n".join(c.value for c in at.code)


def test_the_chosen_reference_column_is_back_when_one_is_chosen():
    at = _start("news_multi_ref")
    assert "chosen reference" not in _scores(at).columns  # pooled
    at.sidebar.selectbox(key="opt_multi").set_value("best").run()
    assert not at.exception, at.exception
    assert "chosen reference" in _scores(at).columns
