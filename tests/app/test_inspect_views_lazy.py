"""Issue 22, target 7: Inspect builds only the match view a user opens, and every view stays one click
(one tab) away. AppTest cannot click a tab; it sets the tabs' key, which is what a click sets."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core.measures.registry import VIEWS

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _views_app() -> None:
    from rouge_core import RougeConfig, evaluate
    from ui.widgets.match_views import show_match_views

    report = evaluate(
        "police kill the gunman\nthe gunman died",
        ["police killed the gunman", "the gunman was killed"],
        RougeConfig(max_n=2, skip_distance=4, wlcs_weight=1.2),
    )
    show_match_views(report, "mv")


def _built(at: AppTest) -> set[str]:
    """The views whose own elements are on the page (each view's first widget or line)."""
    built = set()
    if any(r.label == "n-gram order" for r in at.radio):
        built.add("N-grams")
    if any(e.label == "Marks as a table" for e in at.expander):
        built.add("LCS")
    if at.latex:
        built.add("WLCS")
    if any("Matched skip-bigrams" in m.value for m in at.markdown):
        built.add("Skip-bigrams")
    return built


def test_only_the_first_view_is_built_at_first():
    at = AppTest.from_function(_views_app, default_timeout=60).run()
    assert not at.exception
    assert [t.label for t in at.tabs] == list(VIEWS)  # every view has its tab
    assert _built(at) == {"N-grams"}
    assert not at.get("plotly_chart")  # the LCS, WLCS and skip-bigram figures are not drawn
    assert at.session_state["mv_view"] == "N-grams"


@pytest.mark.parametrize("view", VIEWS)
def test_every_view_is_one_click_away_and_alone(view):
    at = AppTest.from_function(_views_app, default_timeout=60).run()
    at.session_state["mv_view"] = view
    at.run()
    assert not at.exception
    assert _built(at) == {view}
    assert [t.label for t in at.tabs] == list(VIEWS)
    # the reference picker stays with the views, and the open view follows it
    at.selectbox(key="mv_ref").select_index(1).run()
    assert not at.exception
    assert _built(at) == {view}


def test_inspect_page_opens_on_the_ngrams_and_reaches_the_skip_bigrams():
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    assert _built(at) == {"N-grams"}
    at.session_state["inspect_view"] = "Skip-bigrams"
    at.run()
    assert not at.exception
    assert _built(at) == {"Skip-bigrams"}
    assert at.get("plotly_chart")  # the position x position matrix


def _long_app(sentences: int) -> None:
    from rouge_core import RougeConfig, evaluate
    from ui.widgets.match_views import show_match_views

    # 10-word sentences over a 30-word vocabulary: every sentence pair shares words
    ref = "\n".join(" ".join(f"w{(7 * s + k) % 30}" for k in range(10)) for s in range(sentences))
    cand = "\n".join(" ".join(f"w{(5 * s + 3 * k) % 30}" for k in range(10)) for s in range(sentences))
    show_match_views(evaluate(cand, [ref], RougeConfig(max_n=1, skip_distance=4)), "mv")


def _union_page(at: AppTest) -> str:
    return next(h.proto.body for h in at.get("html") if "union LCS:" in h.proto.body)


def test_the_union_view_is_paged_and_says_what_is_not_drawn():
    from rouge_core import RougeConfig, evaluate
    from ui.render.union_pages import UNION_PAGE, union_drawn

    at = AppTest.from_function(_long_app, args=(12,), default_timeout=60).run()
    at.session_state["mv_view"] = "LCS"
    at.run()
    assert not at.exception
    ref = "\n".join(" ".join(f"w{(7 * s + k) % 30}" for k in range(10)) for s in range(12))
    cand = "\n".join(" ".join(f"w{(5 * s + 3 * k) % 30}" for k in range(10)) for s in range(12))
    report = evaluate(cand, [ref], RougeConfig(max_n=1, skip_distance=4))
    # 12 reference sentences of 10 words and the LCSs of the 12 candidate sentences with each: 562 words,
    # of which the first page draws whole sentences and LCSs until 400 are drawn
    assert union_drawn(report, "ROUGE-L", 0, UNION_PAGE) == (402, 562)
    assert at.button(key="mv_lcs_more").label == "Show more of the union (160 of its 562 words not drawn)"
    html = _union_page(at)
    shown = html.count("union LCS:")
    assert 1 <= shown < 12 and f"shown: reference sentences 1-{shown} of 12" in html
    at.button(key="mv_lcs_more").click().run()
    assert not at.exception
    assert _union_page(at).count("union LCS:") == 12  # the second page draws the rest
    assert "shown: reference sentences" not in _union_page(at)
    assert not [b for b in at.button if b.key == "mv_lcs_more"]


def test_a_short_union_is_drawn_whole_without_a_button():
    at = AppTest.from_function(_long_app, args=(2,), default_timeout=60).run()
    at.session_state["mv_view"] = "LCS"
    at.run()
    assert not at.exception
    assert not [b for b in at.button if b.key == "mv_lcs_more"]
    assert _union_page(at).count("union LCS:") == 2 and "shown: reference" not in _union_page(at)


@pytest.mark.parametrize("limit", [10, 50, 100, 200, 400])
def test_the_pager_counts_what_the_union_view_draws(limit):
    """union_drawn() follows reference_rows' own rule: where the view stops, its note names the same count."""
    import re

    from rouge_core import RougeConfig, evaluate
    from ui.render.union import union_html
    from ui.render.union_pages import union_drawn

    ref = "\n".join(" ".join(f"w{(7 * s + k) % 30}" for k in range(10)) for s in range(12))
    cand = "\n".join(" ".join(f"w{(5 * s + 3 * k) % 30}" for k in range(10)) for s in range(12))
    report = evaluate(cand, [ref], RougeConfig(max_n=1))
    drawn, total = union_drawn(report, "ROUGE-L", 0, limit)
    note = re.search(
        r"shown: reference sentences 1-(\d+) of 12 \(the first ([\d,]+) tokens\)",
        union_html(report, "ROUGE-L", 0, max_tokens=limit),
    )
    assert note is not None and int(note.group(2).replace(",", "")) == drawn
    assert limit <= drawn < limit + 10 + 12 and total == 562  # whole sentences (10 words) and LCSs


def _long_ngrams_app() -> None:
    from rouge_core import RougeConfig, evaluate
    from ui.widgets.match_views import show_match_views

    words = [f"w{i}" for i in range(60)]
    report = evaluate(" ".join(words[:40]), [" ".join(words[20:])], RougeConfig(max_n=1))
    show_match_views(report, "mv")


def test_the_ngram_table_is_static_html_a_page_of_rows_at_a_time():
    """The n-gram table is an escaped HTML table of its first rows (not an st.dataframe: a paste redraws the
    view twice), a button adds rows up to the whole table, and the whole table downloads as CSV."""
    from rouge_core import RougeConfig, evaluate
    from tests.app.inspect_html import table_cells
    from ui.render.ngrams import NGRAM_ROWS, ngram_table

    words = [f"w{i}" for i in range(60)]
    report = evaluate(" ".join(words[:40]), [" ".join(words[20:])], RougeConfig(max_n=1))
    expected = ngram_table(report, "ROUGE-1", 0)  # 60 unigrams: the 20 shared ones first
    assert len(expected) == 60 and NGRAM_ROWS == 25
    at = AppTest.from_function(_long_ngrams_app, default_timeout=60).run()
    assert not at.exception and not at.dataframe

    def shown() -> list[list[str]]:
        html = next(h.proto.body for h in at.get("html") if "<th>clipped credit</th>" in h.proto.body)
        return table_cells(html)

    head, *rows = shown()
    assert head == list(expected.columns)
    assert rows[0] == ["w20", "1", "1", "1", "yes", "both"] and rows[-1][0] == expected["n-gram"][24]
    assert len(rows) == 25 and sum(int(r[3]) for r in rows) == 20  # every credited unigram on the first page
    more = at.button(key="mv_ngram_more")
    assert more.label == "Show 25 more n-grams (35 not shown)"
    more.click().run()
    assert len(shown()) - 1 == 50 and at.button(key="mv_ngram_more").label == "Show 10 more n-grams (10 not shown)"
    at.button(key="mv_ngram_more").click().run()
    assert [r[0] for r in shown()[1:]] == expected["n-gram"].tolist()  # the whole table, in its order
    assert not [b for b in at.button if b.key == "mv_ngram_more"]
    csv = at.get("download_button")[0].proto
    assert csv.label == "Download the n-grams (CSV)"
