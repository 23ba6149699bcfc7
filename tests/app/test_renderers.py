"""The match-view renderers: report -> tables, figures and escaped HTML, with the paper's examples."""

from __future__ import annotations

import random
import re

import pytest

from rouge_core import RougeConfig, evaluate
from rouge_core.measures.explain import SentencePair
from tests.app.inspect_html import word_marks
from ui.render import html as h
from ui.render.colours import sequence
from ui.render.lcs import (
    alignment_figure,
    budget_line,
    find_pair,
    lcs_explanation,
    lcs_heatmap,
    pair_choices,
    pair_tokens,
    pair_with_table,
)
from ui.render.ngrams import (
    gram_explanation,
    labels_of,
    ngram_highlight_html,
    ngram_page_html,
    ngram_summary,
    ngram_table,
)
from ui.render.skip import (
    CLIPPED,
    CREDITED,
    NOT_PAIR,
    OUTSIDE,
    UNMATCHED,
    skip_categories,
    skip_matrix,
    skip_pairs_table,
    skip_status,
    su_unigrams_table,
)
from ui.render.union import union_html, union_table
from ui.render.wlcs import consecutive_runs, plain_lcs_pair, runs_html, runs_table, wlcs_arithmetic, wlcs_pair_titles

S1 = "police killed the gunman"
S2 = "police kill the gunman"
S3 = "the gunman kill police"


def _heat(fig):
    return next(d for d in fig.data if d.type == "heatmap")


def _cells(fig) -> int:
    return sum(len(d.z) * len(d.z[0]) for d in fig.data if d.type == "heatmap" and d.z)


def _title(fig) -> str:
    """The title's text with its wrapped lines joined again."""
    return fig.layout.title.text.replace("<br>", " ")


def _points(fig) -> int:
    return sum(len(d.x) for d in fig.data if d.x is not None)


# -- html helpers ----------------------------------------------------------------


def test_highlight_marks_and_escapes_text_and_titles():
    text = 'a <b>"x"</b> c'
    out = h.highlight(text, [(2, 12, "rl-match", '"><script>alert(1)</script>'), (0, 1, "#ff0000", "")])
    assert "<b>" not in out and "<script>" not in out
    assert "&lt;b&gt;&quot;x&quot;&lt;/b&gt;" in out
    assert 'title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in out
    assert '<span style="background:#ff0000;">a</span>' in out


def test_highlight_overlapping_spans_split_and_clip():
    out = h.highlight("abcdef", [(0, 4, "rl-miss", "one"), (2, 99, "rl-match", "two")], wrap=False)
    assert out == (
        '<span class="rl-miss" title="one">ab</span>'
        '<span class="rl-match" title="one; two">cd</span>'
        '<span class="rl-match" title="two">ef</span>'
    )


def test_style_attrs_reject_anything_but_classes_and_colours():
    assert h.style_attrs('x" onmouseover="alert(1)') == ""
    assert h.style_attrs("red;background:url(x)") == ""
    assert h.style_attrs("rgb(1,2,3)") == ' style="background:rgb(1,2,3);"'


def test_dropped_text_is_grey_with_its_reason():
    r = evaluate("Police killed the gunman.", S1, RougeConfig(remove_stopwords=True))
    cand, _ = ngram_highlight_html(r, "ROUGE-1", 0)
    assert '<span class="rl-dropped" title="not counted: stopword">the</span>' in cand
    assert 'title="not counted: not a word character for this tokenizer">.</span>' in cand


def test_long_text_is_cut_with_a_note():
    r = evaluate("word " * 5000, "word", RougeConfig(max_n=1))
    cand, _ = ngram_highlight_html(r, "ROUGE-1", 0)
    assert "shown: the first 15,000 of 25,000 characters" in cand


# -- n-grams ---------------------------------------------------------------------


def test_ngram_table_paper_s2_vs_s1():
    r = evaluate(S2, S1, RougeConfig(max_n=2))
    t = ngram_table(r, "ROUGE-2", 0)
    rows = {g: row for g, row in zip(t["n-gram"], t.to_dict("records"))}
    assert rows["the gunman"]["clipped credit"] == 1 and rows["the gunman"]["matched"]
    assert rows["police kill"]["clipped credit"] == 0 and not rows["police kill"]["matched"]
    assert rows["police kill"]["in"] == "candidate only"
    assert rows["police killed"]["in"] == "reference only"
    assert rows["killed the"]["candidate count"] == 0 and rows["killed the"]["reference count"] == 1
    # matched first, then candidate-only in reading order, then reference-only
    assert list(t["n-gram"]) == ["the gunman", "police kill", "kill the", "police killed", "killed the"]
    assert t["clipped credit"].sum() == r.measures["ROUGE-2"].counts.hit == 1
    assert "recall 1/3" in ngram_summary(r, "ROUGE-2", 0)
    assert "precision 1/3" in ngram_summary(r, "ROUGE-2", 0)


def test_ngram_clipping_marks_first_occurrences_only():
    r = evaluate("the cat the cat the", "the cat sat", RougeConfig(max_n=1))
    t = ngram_table(r, "ROUGE-1", 0)
    the = t[t["n-gram"] == "the"].iloc[0]
    assert (the["candidate count"], the["reference count"], the["clipped credit"]) == (3, 1, 1)
    cand, ref = ngram_highlight_html(r, "ROUGE-1", 0)
    # each word's mark (runs of words with the same mark share one span)
    assert word_marks(cand) == [
        ("rl-match", "the"),
        ("rl-match", "cat"),
        ("rl-clipped", "the"),
        ("rl-clipped", "cat"),
        ("rl-clipped", "the"),
    ]
    assert word_marks(ref) == [
        ("rl-match", "the"),
        ("rl-match", "cat"),
        ("rl-miss", "sat"),
    ]


def test_ngram_labels_follow_the_report():
    r = evaluate(S2, S1, RougeConfig(max_n=3, wlcs_weight=None))
    assert labels_of(r, "N") == ["ROUGE-1", "ROUGE-2", "ROUGE-3"]
    assert labels_of(r, "W") == []


# -- LCS -------------------------------------------------------------------------


def test_lcs_heatmap_s2_vs_s1_table_and_path():
    r = evaluate(S2, S1, RougeConfig())
    e = lcs_explanation(r, "ROUGE-L", 0)
    pair = pair_with_table(r, "ROUGE-L", 0, find_pair(e, 0, 0))  # the table, rebuilt for display
    rt, ct = pair_tokens(r, 0, pair)
    fig = lcs_heatmap(pair, rt, ct)
    z = _heat(fig).z
    assert [list(row) for row in z] == [
        [0, 0, 0, 0, 0],
        [0, 1, 1, 1, 1],
        [0, 1, 1, 1, 1],
        [0, 1, 1, 2, 2],
        [0, 1, 1, 2, 3],
    ]
    assert z[-1][-1] == 3
    path = next(d for d in fig.data if d.name == "traceback")  # drawn off the cell centres: customdata = cell
    assert tuple(path.customdata[0]) == (4, 4) and tuple(path.customdata[-1]) == (0, 0)
    matches = next(d for d in fig.data if d.name == "match on the LCS (diagonal)")
    assert [tuple(c) for c in matches.customdata] == [(1, 1), (3, 3), (4, 4)]  # police, the, gunman
    ticks = list(fig.layout.yaxis.ticktext)
    assert ticks == ["∅", "1. police", "2. killed", "3. the", "4. gunman"]
    assert "Tie rule" in fig.layout.title.subtitle.text.replace("<br>", " ")


def test_lcs_heatmap_without_table_is_none_and_large_tables_are_cropped():
    pair = SentencePair(0, 0, ((0, 0),), 1.0)
    assert lcs_heatmap(pair, ["a"], ["a"]) is None
    n = 300
    table = tuple(tuple(0.0 for _ in range(n + 1)) for _ in range(n + 1))
    big = SentencePair(0, 0, ((0, 0),), 1.0, table, ((n, n), (0, 0)))
    fig = lcs_heatmap(big, ["t"] * n, ["t"] * n, max_cells=40_000)
    assert _cells(fig) <= 40_000
    assert "showing rows" in _title(fig)


def test_heatmap_and_alignment_labels_are_escaped():
    evil = ["<b>x</b>", "<img src=x onerror=alert(1)>"]
    pair = SentencePair(
        0, 0, ((0, 0),), 1.0, ((0.0, 0.0, 0.0), (0.0, 1.0, 1.0), (0.0, 1.0, 1.0)), ((2, 2), (1, 2), (1, 1), (0, 0))
    )
    for fig in (
        lcs_heatmap(pair, evil, evil, tie_rule_text="<script>x</script>"),
        alignment_figure(evil, evil, [(0, 0)], title="<i>t</i>", mark_titles=["<u>m</u>"]),
    ):
        js = fig.to_json()
        for bad in ("<b>", "<img", "<script", "<i>", "<u>"):
            assert bad not in js, bad


def test_alignment_figure_links_matches():
    r = evaluate(S2, S1, RougeConfig())
    pair = find_pair(lcs_explanation(r, "ROUGE-L", 0), 0, 0)
    fig = alignment_figure(*pair_tokens(r, 0, pair), pair.marks)
    lines = [d for d in fig.data if d.mode == "lines"]
    assert len(lines) == 1
    xs = [x for x in lines[0].x if x is not None]
    assert len(xs) == 2 * len(pair.marks) == 6


def test_union_lcs_paper_example():
    # Lin (2004), section 3.2: r = w1 w2 w3 w4 w5, c1 = w1 w2 w6 w7 w8, c2 = w1 w3 w8 w9 w5.
    r = evaluate("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", "w1 w2 w3 w4 w5", RougeConfig())
    t = union_table(r, "ROUGE-L", 0)
    assert list(t["token"]) == ["w1", "w2", "w3", "w5"]
    assert list(t["candidate sentence"]) == [1, 1, 2, 2]  # w1 from candidate sentence 0 (shown as 1)
    assert t["credited"].all()
    e = lcs_explanation(r, "ROUGE-L", 0)
    assert [m.source for m in e.marks][0] == (0, 0)
    assert r.measures["ROUGE-L"].score.recall == 0.8
    out = union_html(r, "ROUGE-L", 0)
    assert "R1  (union LCS: 4 of 5 words)" in out
    assert sequence(0) in out and sequence(1) in out
    assert "credited 4 of 4 union words" in out
    assert pair_choices(e) == {0: [0, 1]}


def test_union_hit_budget_spent_marks_are_struck_through():
    r = evaluate("the cat", "the cat sat\nthe dog ran", RougeConfig())
    line = budget_line(r, "ROUGE-L", 0)
    assert line.startswith("credited 2 of 3 union words; hit 2 of 6")
    t = union_table(r, "ROUGE-L", 0)
    assert list(t["credited"]) == [True, True, False]
    out = union_html(r, "ROUGE-L", 0)
    assert re.search(
        r'<span class="rl-spent" style="background:#[0-9a-f]+;" data-tag="c1" title="[^"]*not '
        r'credited[^"]*">the</span>',
        out,
    )


def test_paper_union_has_no_budget_and_flat_lcs():
    r = evaluate("the cat", "the cat sat\nthe dog ran", RougeConfig(profile="paper"))
    assert "no hit budget" in budget_line(r, "ROUGE-L", 0)
    r = evaluate(S2, S1, RougeConfig(profile="rouge-score"))
    e = lcs_explanation(r, "ROUGE-Lflat", 0)
    assert e.kind == "flat" and len(union_table(r, "ROUGE-Lflat", 0)) == 3
    assert "one LCS over the whole texts" in union_html(r, "ROUGE-Lflat", 0)
    assert e.pairs[0].table is None  # the core keeps no table: the view rebuilds the one it draws
    assert lcs_heatmap(e.pairs[0], *pair_tokens(r, 0, e.pairs[0])) is None
    pair = pair_with_table(r, "ROUGE-Lflat", 0, e.pairs[0])
    fig = lcs_heatmap(pair, *pair_tokens(r, 0, pair))
    assert _heat(fig).z[-1][-1] == 3 and "whole reference" in _title(fig)


def test_pair_table_rebuilt_for_display_matches_the_core():
    rng = random.Random(3)
    words = [f"w{i}" for i in range(40)]
    cand = "\n".join(" ".join(rng.choice(words) for _ in range(25)) for _ in range(80))
    ref = "\n".join(" ".join(rng.choice(words) for _ in range(25)) for _ in range(80))
    r = evaluate(cand, ref, RougeConfig(max_n=1, skip_distance=None))
    e = lcs_explanation(r, "ROUGE-L", 0)
    pair = e.pairs[0]
    assert pair.table is None  # the core keeps no table
    full = pair_with_table(r, "ROUGE-L", 0, pair)
    assert full.marks == pair.marks and full.table is not None
    assert full.table[-1][-1] == pair.value == len(pair.marks)


# -- WLCS ------------------------------------------------------------------------


@pytest.mark.parametrize("profile,kind", [("rouge155", "wlcs-union"), ("paper", "wlcs-flat")])
def test_wlcs_runs_y1(profile, kind):
    # Lin (2004), section 3.3: X = A B C D E F G, Y1 = A B C D H I K: one run of 4, f = 4^w.
    r = evaluate("a b c d h i k", "a b c d e f g", RougeConfig(profile=profile, wlcs_weight=2.0))
    label = labels_of(r, "W")[0]
    assert lcs_explanation(r, label, 0).kind == kind
    t = runs_table(r, label, 0)
    assert len(t) == 1
    row = t.iloc[0]
    assert (row["from"], row["to"], row["k"], row["f(k) = k^w"], row["tokens"]) == (1, 4, 4, 16.0, "a b c d")
    out = runs_html(r, label, 0)
    assert "run 1: k = 4, f(k) = 4^2 = 16" in out
    arith = wlcs_arithmetic(r, label, 0)
    score = r.measures[label].score
    if profile == "paper":
        assert score.recall == pytest.approx(4 / 7)  # the paper's 0.571
        assert "R = f^-1(WLCS / f(m)) = (16 / 7^2)^(1/2) = 0.57143" in arith.text
    else:  # ROUGE-1.5.5 weights the recall denominator twice: (16 / (7^2)^2)^(1/2)
        assert score.recall == 0.08163
        assert "f(49) = 2401" in arith.text and "= 0.08163" in arith.text
    assert f"{score.precision:.5f}" in arith.text
    assert r"\begin{aligned}" in arith.latex


def test_wlcs_y2_runs_and_plain_lcs_beside():
    # Y2 = A H B K C I D: LCS 4 as well, but four runs of 1 (the paper's 0.286).
    r = evaluate("a h b k c i d", "a b c d e f g", RougeConfig(profile="paper", wlcs_weight=2.0))
    assert list(runs_table(r, "ROUGE-W-2", 0)["k"]) == [1, 1, 1, 1]
    assert r.measures["ROUGE-W-2"].score.recall == pytest.approx(2 / 7)
    pair = lcs_explanation(r, "ROUGE-W-2", 0).pairs[0]
    plain, source = plain_lcs_pair(r, "ROUGE-W-2", 0, pair)
    assert len(plain.marks) == 4 and "computed for display" in source
    assert wlcs_pair_titles(pair, 2.0)[0] == "run of k = 1: f(k) = 1^2 = 1"
    assert consecutive_runs(pair.marks) == [0, 1, 2, 3]


# -- skip-bigrams ----------------------------------------------------------------


def test_skip_matrix_categories_distance_1():
    r = evaluate("a b c d", "a c d b", RougeConfig(skip_distance=1, max_n=1))
    e = gram_explanation(r, "ROUGE-S1", 0)
    grid = skip_categories(e, 4)
    assert grid[0][2] == CREDITED and grid[2][3] == CREDITED  # a c, c d
    assert grid[0][1] == UNMATCHED and grid[1][2] == UNMATCHED and grid[1][3] == UNMATCHED
    assert grid[0][3] == OUTSIDE  # two tokens between a and d
    assert all(grid[i][j] == NOT_PAIR for i in range(4) for j in range(4) if j <= i)
    fig = skip_matrix(r, "ROUGE-S1", 0)
    assert [[v - 0.5 for v in row] for row in _heat(fig).z] == grid
    t = skip_pairs_table(r, "ROUGE-S1", 0)
    assert list(zip(t["skip-bigram"], t["i"], t["j"], t["gap"], t["credited"])) == [
        ("a c", 1, 3, 1, True),
        ("c d", 3, 4, 0, True),
    ]
    assert "at most 1 token between" in skip_status(r, "ROUGE-S1", 0)  # one token, not "1 tokens"


def test_skip_clipped_pairs_and_su_unigrams():
    r = evaluate("a b a b", "a b", RougeConfig(skip_distance=-1, max_n=1, profile="paper"))
    grid = skip_categories(gram_explanation(r, "ROUGE-S*", 0), 4)
    assert grid[0][1] == CREDITED and grid[0][3] == CLIPPED and grid[2][3] == CLIPPED
    assert grid[0][2] == UNMATCHED  # a a
    t = skip_pairs_table(r, "ROUGE-S*", 0)
    assert list(t["credited"]) == [True, False, False]
    assert t["reference i"].isna().tolist() == [False, True, True] and t["reference i"].iloc[0] == 1
    u = su_unigrams_table(r, "ROUGE-SU*", 0)
    assert list(zip(u["unigram"], u["candidate count"], u["reference count"], u["clipped credit"])) == [
        ("a", 2, 1, 1),
        ("b", 2, 1, 1),
    ]
    assert su_unigrams_table(r, "ROUGE-S*", 0).empty


def test_skip_without_explanation_says_so():
    r = evaluate(" ".join(f"w{i % 50}" for i in range(800)), "w1 w2", RougeConfig(skip_distance=-1, max_n=1))
    assert skip_matrix(r, "ROUGE-S*", 0) is None
    assert "Too many skip-bigrams to list" in skip_status(r, "ROUGE-S*", 0)
    assert skip_pairs_table(r, "ROUGE-S*", 0).empty


# -- escaping everywhere ---------------------------------------------------------

EVIL = "police <script>alert(1)</script> kill the gunman\nthe <img src=x onerror=alert(1)> gunman died"


@pytest.mark.parametrize("profile", ["rouge155", "rouge-score", "paper"])
@pytest.mark.parametrize("tokenizer", ["rouge155", "unicode"])
def test_user_text_never_appears_unescaped(profile, tokenizer):
    r = evaluate(
        EVIL,
        [EVIL.replace("kill", "killed"), S1],
        RougeConfig(profile=profile, tokenizer=tokenizer, skip_distance=4, max_n=2, flat_lcs=True),
    )
    outputs = []
    for ref_index in (0, 1):
        for label in labels_of(r, "N"):
            outputs += [*ngram_highlight_html(r, label, ref_index), *ngram_page_html(r, label, ref_index)]
        for label in labels_of(r, "L", "Lflat"):
            outputs.append(union_html(r, label, ref_index))
            e = lcs_explanation(r, label, ref_index)
            for pair in e.pairs:
                rt, ct = pair_tokens(r, ref_index, pair)
                outputs.append(lcs_heatmap(pair_with_table(r, label, ref_index, pair), rt, ct).to_json())
                outputs.append(alignment_figure(rt, ct, pair.marks).to_json())
        for label in labels_of(r, "W"):
            outputs.append(runs_html(r, label, ref_index))
        for label in labels_of(r, "S", "SU"):
            outputs.append(skip_matrix(r, label, ref_index).to_json())
    assert outputs
    for out in outputs:
        assert "<script" not in out and "<img" not in out
    joined = "".join(outputs)
    assert "&lt;" in joined and "onerror" in joined  # the text is there, escaped


# -- large inputs stay bounded ---------------------------------------------------


def test_five_thousand_tokens_bounded_figures():
    rng = random.Random(7)
    words = [f"w{i}" for i in range(300)]
    cand = " ".join(rng.choice(words) for _ in range(5000))
    ref = " ".join(rng.choice(words) for _ in range(5000))
    r = evaluate(cand, ref, RougeConfig(max_n=2, skip_distance=4, flat_lcs=True))
    for label in ("ROUGE-L", "ROUGE-Lflat"):
        e = lcs_explanation(r, label, 0)
        pair = e.pairs[0]
        rt, ct = pair_tokens(r, 0, pair)
        assert len(rt) == len(ct) == 5000
        full = pair_with_table(r, label, 0, pair)
        assert full.table is None and lcs_heatmap(full, rt, ct) is None  # too big: the caller says so
        fig = alignment_figure(rt, ct, pair.marks)
        assert len(fig.data) <= 5 and _points(fig) <= 3 * 2 * 40 + 80
        assert "showing reference tokens" in _title(fig)
        assert len(union_html(r, label, 0)) < 600_000
        assert len(union_table(r, label, 0)) == len(pair.marks)
    w = labels_of(r, "W")[0]
    assert len(runs_html(r, w, 0)) < 600_000 and len(runs_table(r, w, 0)) > 0
    for label in ("ROUGE-S4", "ROUGE-SU4"):
        fig = skip_matrix(r, label, 0)
        # the heatmap, five categories' legend entries (SU's left-out unigram too) and SU's diagonal entry
        assert _cells(fig) <= 40_000 and len(fig.data) <= 7
        assert "showing positions 1-100 of 5000" in _title(fig)
        fig = skip_matrix(r, label, 0, start=4990)
        assert "showing positions 4901-5000 of 5000" in _title(fig)
        assert len(skip_pairs_table(r, label, 0)) > 0
    c_html, r_html = ngram_highlight_html(r, "ROUGE-2", 0)
    assert len(c_html) < 600_000 and len(r_html) < 600_000
    assert len(ngram_table(r, "ROUGE-2", 0)) > 5000


# -- the layout function, run headless -------------------------------------------


def _views_app(profile: str, options: dict) -> None:
    from rouge_core import RougeConfig, evaluate
    from ui.widgets.match_views import show_match_views

    report = evaluate(
        "police kill the gunman\nthe gunman died <b>x</b>",
        ["police killed the gunman", "the gunman was killed"],
        RougeConfig(profile=profile, **options),
    )
    show_match_views(report, "mv")


@pytest.mark.parametrize(
    "profile,options",
    [
        ("rouge155", {}),
        ("rouge-score", {"skip_distance": -1}),
        ("paper", {"max_n": None, "wlcs_weight": None, "skip_distance": None, "rouge_l": False}),
    ],
)
def test_show_match_views_runs(profile, options):
    from streamlit.testing.v1 import AppTest

    from rouge_core.measures.registry import VIEWS

    at = AppTest.from_function(_views_app, args=(profile, options), default_timeout=60).run()
    assert not at.exception
    assert [t.label for t in at.tabs] == ["N-grams", "LCS", "WLCS", "Skip-bigrams"]
    infos = ""
    for view in VIEWS:  # only the open tab is built (issue 22): open each
        at.session_state["mv_view"] = view
        at.run()
        assert not at.exception
        infos += " ".join(i.value for i in at.info)
    if options.get("max_n", 4) is None:
        for family in ("ROUGE-N", "ROUGE-L", "ROUGE-W", "ROUGE-S"):
            assert family in infos
    else:
        assert at.selectbox(key="mv_ref").options == ["Reference 1", "Reference 2"]
        at.selectbox(key="mv_ref").select_index(1).run()
        assert not at.exception


def test_differences_shade_cells_not_rows():
    """Only the value that differs is shaded (the whole row was before), per statistic."""
    import pandas as pd

    from ui.render.differences import style_frame

    df = pd.DataFrame(
        [
            {
                "measure": "ROUGE-2",
                "rouge155 F": 0.33333,
                "rouge-score F": 1 / 3,
                "paper F": 1 / 3,
                "differs because": "Perl rounding",
            },
            {"measure": "ROUGE-1", "rouge155 F": 0.75, "rouge-score F": 0.75, "paper F": 0.75, "differs because": ""},
        ]
    )
    styles = style_frame(df)._compute().ctx  # (row, column) -> [(property, value)]
    shaded = {(r, df.columns[c]) for (r, c), props in styles.items() if any("background" in p for p, _ in props)}
    assert shaded == {(0, "rouge155 F")}


def test_differences_table_shows_a_dash_for_a_measure_a_profile_lacks():
    """rougeL exists in rouge-score only: the other profiles' cells show a dash, never "None" or "nan"."""
    from rouge_core.teach.differences import compare
    from ui.render.differences import comparison_frame, style_frame

    df = comparison_frame(compare("police kill the gunman", "police killed the gunman"), "F")
    flat = df.index[df.measure.str.startswith("ROUGE-Lflat")][0]
    body = style_frame(df).to_html()
    assert pd_isna(df.loc[flat, "rouge155 F"]) and not pd_isna(df.loc[flat, "rouge-score F"])
    assert "—" in body and "None" not in body and "nan" not in body
    assert "0.750000" in body  # the other cells keep 6 decimals (ROUGE-1 F = 3/4)


def pd_isna(value) -> bool:
    import pandas as pd

    return bool(pd.isna(value))
