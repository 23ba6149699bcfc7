"""Issue 20, point 5 ("One notation"): Inspect's tables in Learn's notation, SU's left-out unigram, one
count format, no empty "chosen reference" column, counts with their nouns in the right number."""

from __future__ import annotations

import re

import plotly.graph_objects as go
import pytest

from rouge_core import RougeConfig, evaluate
from rouge_core.measures.explain import LcsExplanation
from ui.render.inspect_notes import scores_caption, split_counts
from ui.render.lcs import pair_tokens
from ui.render.lcs_table import TABLE_TOKENS, heatmap_caption, lcs_table_html
from ui.render.ngrams import gram_explanation
from ui.render.numbers import number
from ui.render.scores import count_text, scores_frame
from ui.render.skip import (
    CATEGORY_COLOURS,
    CATEGORY_NAMES,
    CREDITED,
    DIAGONAL_NOTE,
    LEFT_OUT,
    OUTSIDE,
    UNMATCHED,
    distance_text,
    skip_categories,
    skip_matrix,
    skip_status,
)
from ui.render.union import union_html
from ui.render.wlcs import wlcs_arithmetic
from ui.widgets.agreement_source import judged_line

S1 = "police killed the gunman"


def _lcs(r, label: str = "ROUGE-L") -> LcsExplanation:
    e = r.measures[label].per_reference[0].explanation
    assert isinstance(e, LcsExplanation)
    return e


def _cells(html: str, klass: str) -> set[tuple[int, int]]:
    """(row, column) of the table's cells whose class list holds ``klass`` (row 0 is the empty prefix)."""
    body = html[html.index('<table class="rl-dp">') :]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.DOTALL)[1:]  # the first row is the column labels
    found = set()
    for a, row in enumerate(rows):
        for b, attrs in enumerate(re.findall(r"<td([^>]*)>", row)):
            m = re.search(r'class="([^"]*)"', attrs)
            if m and klass in m.group(1).split():
                found.add((a, b))
    return found


def test_a_small_pair_is_learns_table_with_arrows_and_the_traceback():
    # Lin (2004): S2 "police kill the gunman" vs S1: LCS 3 (police, the, gunman).
    r = evaluate("police kill the gunman", S1, RougeConfig())
    pair = _lcs(r).pairs[0]
    rt, ct = pair_tokens(r, 0, pair)
    html = lcs_table_html(pair, rt, ct)
    assert html is not None and '<table class="rl-dp">' in html
    table = html[html.index('<table class="rl-dp">') : html.index("</table>")]
    assert table.count("↖") == 3  # one diagonal arrow per match on the traceback
    assert "Outlined cells: the traceback" in html and "Tie rule" in html  # the key under the table
    # the marked cells are the pair's matches (marks are 0-based positions, cells 1-based prefixes)
    assert _cells(html, "rl-mark") == {(a + 1, b + 1) for a, b in pair.marks} == {(1, 1), (3, 3), (4, 4)}
    # the whole traceback: (4,4) ↖ (3,3) ↖ (2,2) ↑ (1,2) ← (1,1) ↖ (0,0), ROUGE-1.5.5's tie rule (up first)
    assert _cells(html, "rl-path") == {(4, 4), (3, 3), (2, 2), (1, 2), (1, 1), (0, 0)}
    assert "LCS table: reference sentence 1 (rows) × candidate sentence 1 (columns); last cell = 3" in html
    assert "c[4][4] = 3" in html  # readable numbers: every cell's value, its rule on hover


def test_the_wlcs_table_uses_the_weight():
    r = evaluate("a b c d h i k", "a b c d e f g", RougeConfig(profile="paper", wlcs_weight=2.0))
    e = _lcs(r, "ROUGE-W-2")
    pair = e.pairs[0]
    html = lcs_table_html(pair, *pair_tokens(r, 0, pair), weight=e.weight)
    assert html is not None and "WLCS table" in html and "last cell = 16" in html
    assert _cells(html, "rl-mark") == {(k, k) for k in range(1, 5)}


def test_a_large_pair_falls_back_to_the_heatmap_with_its_reason():
    words = " ".join(f"w{k}" for k in range(TABLE_TOKENS + 5))
    r = evaluate(words, words, RougeConfig())
    pair = _lcs(r).pairs[0]
    assert lcs_table_html(pair, *pair_tokens(r, 0, pair)) is None
    text = heatmap_caption(35, 35)
    assert text.startswith("This pair has 35 reference words × 35 candidate words, more than 30 on a side")
    assert "heatmap" in text
    assert heatmap_caption(1, 31).startswith("This pair has 1 reference word × 31 candidate words")


def test_su_under_rouge155_shows_the_left_out_unigram_in_grey():
    r = evaluate("police kill the gunman", S1, RougeConfig(profile="rouge155"))
    e = gram_explanation(r, "ROUGE-SU4", 0)
    assert e is not None and e.su and not e.su_last
    grid = skip_categories(e, 4)
    # police, the credited; kill not in the reference; gunman left out (ROUGE-1.5.5's loop stops early)
    assert [grid[i][i] for i in range(4)] == [CREDITED, UNMATCHED, CREDITED, LEFT_OUT]
    assert CATEGORY_COLOURS[LEFT_OUT] == "#8c8c8c" and CATEGORY_COLOURS[LEFT_OUT] != CATEGORY_COLOURS[OUTSIDE]
    fig = skip_matrix(r, "ROUGE-SU4", 0)
    assert fig is not None
    names = [t.name for t in fig.data if isinstance(t, go.Scatter)]
    assert any(n and CATEGORY_NAMES[LEFT_OUT] in n for n in names)
    assert CATEGORY_NAMES[LEFT_OUT] == "left out by ROUGE-1.5.5 (each text's last unigram)"
    assert DIAGONAL_NOTE in names and "SU unigrams" in DIAGONAL_NOTE
    assert "(ROUGE-SU4)" in skip_status(r, "ROUGE-SU4", 0)  # SU's status names SU, not ROUGE-S4
    heat = next(t for t in fig.data if isinstance(t, go.Heatmap))
    assert "SU unigram &#x27;gunman&#x27;: left out by ROUGE-1.5.5" in heat.customdata[3][3]  # escaped hover


def test_su_as_the_paper_counts_the_last_unigram_and_s_has_no_diagonal():
    r = evaluate("police kill the gunman", S1, RougeConfig(profile="paper"))
    grid = skip_categories(gram_explanation(r, "ROUGE-SU4", 0), 4)
    assert [grid[i][i] for i in range(4)] == [CREDITED, UNMATCHED, CREDITED, CREDITED]
    names = [t.name for t in skip_matrix(r, "ROUGE-SU4", 0).data if isinstance(t, go.Scatter)]
    assert not any(n and "left out" in n for n in names) and DIAGONAL_NOTE in names
    s_names = [t.name for t in skip_matrix(r, "ROUGE-S4", 0).data if isinstance(t, go.Scatter)]
    assert DIAGONAL_NOTE not in s_names


def test_rouge_w_counts_print_with_the_scores_digits():
    r = evaluate("police kill the gunman", S1, RougeConfig())
    c = r.measures["ROUGE-W-1.2"].counts
    assert count_text(c.hit) == number(c.hit, 5) == "3.29740"
    row = scores_frame(r).set_index("measure").loc["ROUGE-W-1.2"]
    assert (row["hits"], row["reference total"], row["candidate total"]) == ("3.29740", "7.36150", "5.27803")
    text = wlcs_arithmetic(r, "ROUGE-W-1.2", 0).text
    assert "= 3.29740\n" in text and "(3.29740 / 7.36150)" in text  # the same strings as the table
    assert "3.2974\n" not in text


@pytest.mark.parametrize(("multi_ref", "column"), [("pooled", False), ("best", True)])
def test_the_chosen_reference_column_only_when_one_was_chosen(multi_ref: str, column: bool):
    r = evaluate("a b c", ["a b", "c d"], RougeConfig(multi_ref=multi_ref))
    df = scores_frame(r)
    assert ("chosen reference" in df.columns) is column
    if column:
        assert df.set_index("measure").loc["ROUGE-1", "chosen reference"] == "1"


def test_counts_are_printed_with_their_nouns_in_the_right_number():
    assert split_counts("a.\nb.", ["c."]) == "the candidate: 2 lines, reference 1: 1 line"
    assert scores_caption(RougeConfig(), 1).endswith("1 reference, combined by 'pooled'.")
    assert scores_caption(RougeConfig(), 3).endswith("3 references, combined by 'pooled'.")
    assert judged_line(1, 1, 1, [1], "coherence") == (
        "1 summary by 1 system on 1 document; each human score is the mean of 1 judgment of coherence."
    )
    assert distance_text(1) == "at most 1 token between the two words (ROUGE-S1)"


def test_one_word_texts_read_in_the_singular():
    flat = evaluate("police", "police killed", RougeConfig(profile="paper"))
    assert "(n = 1 candidate token)" in wlcs_arithmetic(flat, "ROUGE-W-1.2", 0).text
    assert "(m = 2 reference tokens)" in wlcs_arithmetic(flat, "ROUGE-W-1.2", 0).text
    assert "union LCS: 1 of 1 word)" in union_html(evaluate("police", "police", RougeConfig()), "ROUGE-L", 0)
