"""Figure properties (titles that fit, labels that do not overlap, numbers left readable, integer colour
bars for run lengths, a hover on every cell) and the union LCS views that show each candidate
sentence's full LCS (Lin 2004, section 3.2)."""

from __future__ import annotations

import html
import math
import re

import pytest

from rouge_core import RougeConfig, evaluate
from rouge_core.measures.lcs import lcs
from rouge_core.teach.steps import union_steps
from ui.render.html import MAX_TICKS, SUBTITLE_CHARS, TICK_CHARS, TITLE_CHARS
from ui.render.lcs import (
    HALF_PX,
    LABEL_PX,
    alignment_figure,
    find_pair,
    lcs_explanation,
    lcs_heatmap,
    pair_tokens,
    pair_with_table,
)
from ui.render.learn import union_lines, union_walk_html
from ui.render.skip import skip_matrix
from ui.render.union import budget_rows, union_html, union_table

S1, S2 = "police killed the gunman", "police kill the gunman"
# 24 and 25 words: the size at which labels used to collide.
REF25 = (
    "the police said on tuesday that the gunman who killed three people at the shopping centre had been "
    "known to officers for several years"
)
CAND25 = (
    "police said the gunman who shot three people at a busy shopping centre on tuesday was known to local "
    "officers for years before the attack"
)
UNION_REF, UNION_CAND = "w1 w2 w3 w4 w5", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5"


def heat(fig):
    return next(d for d in fig.data if d.type == "heatmap")


def lines(text: str) -> list[str]:
    return [re.sub(r"&[a-z#0-9]+;", "x", line) for line in (text or "").split("<br>")]


def assert_title_fits(fig) -> None:
    t = fig.layout.title
    assert t.text, "every figure has a title"
    assert all(len(x) <= TITLE_CHARS for x in lines(t.text)), t.text
    if t.subtitle and t.subtitle.text:
        assert all(len(x) <= SUBTITLE_CHARS for x in lines(t.subtitle.text)), t.subtitle.text
    assert t.yref == "container" and t.automargin  # placed above the plot and its labels, never cut


def pair_of(cand: str, ref: str, label: str = "ROUGE-L", weight=None):
    r = evaluate(cand, ref, RougeConfig(wlcs_weight=weight) if weight else RougeConfig())
    e = lcs_explanation(r, label, 0)
    p = pair_with_table(r, label, 0, find_pair(e, 0, 0))
    return r, e, p, *pair_tokens(r, 0, p)


# -- titles and margins ----------------------------------------------------------------------------------


def test_every_figure_has_a_title_that_fits():
    r, e, p, rt, ct = pair_of(CAND25, REF25)
    rs = evaluate(CAND25, REF25, RougeConfig(skip_distance=4))
    figs = [
        lcs_heatmap(p, rt, ct),
        alignment_figure(rt, ct, p.marks, title="LCS alignment (15 matches)"),
        skip_matrix(rs, "ROUGE-S4", 0),
    ]
    for fig in figs:
        assert_title_fits(fig)


def test_top_margin_holds_the_title_and_labels_without_a_gap():
    """The old charts reserved 170 px above every table; now the margin is what the title and the
    column labels need."""
    _, _, p, rt, ct = pair_of(S2, S1)
    small = lcs_heatmap(p, rt, ct)
    assert small.layout.margin.t < 120  # 2 title lines, a subtitle, flat 4-token labels
    _, _, p, rt, ct = pair_of(CAND25, REF25)
    big = lcs_heatmap(p, rt, ct)
    assert small.layout.margin.t < big.layout.margin.t < 220  # upright labels need more, never a gap
    plot = big.layout.height - big.layout.margin.t - big.layout.margin.b
    assert plot >= 25 * 24  # the cells, not blank space, take the height


# -- labels --------------------------------------------------------------------------------------------


def test_column_labels_turn_upright_and_thin_out_past_a_dozen_tokens():
    _, _, p, rt, ct = pair_of(S2, S1)
    few = lcs_heatmap(p, rt, ct)
    assert few.layout.xaxis.tickangle == 0 and len(few.layout.xaxis.tickvals) == 5
    _, _, p, rt, ct = pair_of(CAND25, REF25)
    full = lcs_heatmap(p, rt, ct)
    assert full.layout.xaxis.tickangle == -90  # upright: neighbours need only a line height
    assert len(full.layout.xaxis.tickvals) == 26 <= MAX_TICKS  # ∅ and 25 tokens, all labelled at full width
    half = lcs_heatmap(p, rt, ct, width_px=HALF_PX)
    shown = half.layout.xaxis.tickvals
    assert len(shown) <= HALF_PX // LABEL_PX and shown[1] - shown[0] == 2  # every other token in half width
    for fig in (full, half):
        assert all(len(re.sub(r"&[a-z#0-9]+;", "x", t)) <= TICK_CHARS for t in fig.layout.xaxis.ticktext)
    long = ["w"] * 80
    pair = lcs_heatmap(p.__class__(0, 0, (), 0.0, tuple(tuple(0.0 for _ in range(81)) for _ in range(81))), long, long)
    assert len(pair.layout.xaxis.tickvals) <= MAX_TICKS


def test_alignment_labels_never_overlap():
    _, _, p, rt, ct = pair_of(S2, S1)
    few = alignment_figure(rt, ct, p.marks)
    assert {abs(a.textangle) for a in few.layout.annotations if a.textangle} == {50}
    _, _, p, rt, ct = pair_of(CAND25, REF25)
    many = alignment_figure(rt, ct, p.marks)
    tokens = [a for a in many.layout.annotations if a.textangle]
    assert {abs(a.textangle) for a in tokens} == {90} and {a.xanchor for a in tokens} == {"center"}
    assert len(tokens) <= 2 * 30  # at most 30 tokens a row (the title says which window)


# -- cell numbers, traceback and matches ------------------------------------------------------------------


def test_traceback_and_matches_leave_the_numbers_readable():
    _, _, p, rt, ct = pair_of(CAND25, REF25)
    fig = lcs_heatmap(p, rt, ct)
    assert heat(fig).texttemplate  # the numbers are printed
    path = next(d for d in fig.data if d.name == "traceback")
    assert path.mode == "markers"  # no line across the cells
    for (x, y), (a, b) in zip(zip(path.x, path.y), path.customdata):
        assert math.hypot(x - b, y - a) >= 0.4  # each dot sits in its cell's corner, off the number
    matches = next(d for d in fig.data if d.name == "match on the LCS (diagonal)")
    for (x, y), (a, b) in zip(zip(matches.x, matches.y), matches.customdata):
        assert math.hypot(x - b, y - a) >= 0.4
    boxes = [s for s in fig.layout.shapes if s.type == "rect"]
    assert len(boxes) == len(p.path) + len(p.marks)
    for s in boxes:  # outlines at the cell's edge, nothing filled over the number
        assert s.fillcolor is None and s.x1 - s.x0 >= 0.79


def test_lcs_colour_bar_has_integer_ticks():
    _, _, p, rt, ct = pair_of(CAND25, REF25)
    assert all(float(v).is_integer() for v in heat(lcs_heatmap(p, rt, ct)).colorbar.tickvals)  # LCS counts too


def test_the_wlcs_heatmap_has_its_own_title():
    r, e, p, rt, ct = pair_of(S2, S1, "ROUGE-W-2", 2.0)
    assert lcs_heatmap(p, rt, ct, weight=e.weight).layout.title.text.startswith("WLCS table")


# -- hover text on every cell --------------------------------------------------------------------------------

RULE = re.compile(r"(empty prefix|match: |up: |left: )")


def test_every_heatmap_cell_hovers_with_its_value_and_rule():
    _, _, p, rt, ct = pair_of(CAND25, REF25)
    h = heat(lcs_heatmap(p, rt, ct))
    assert len(h.text) == len(p.table) and all(len(row) == len(p.table[0]) for row in h.text)
    for a, row in enumerate(h.text):
        for b, text in enumerate(row):
            assert f"c[{a}][{b}] = " in text and RULE.search(text), text
    big = 150
    table = tuple(tuple(float(min(a, b)) for b in range(big + 1)) for a in range(big + 1))
    words = [f"w{i}" for i in range(big)]
    fig = lcs_heatmap(p.__class__(0, 0, (), float(big), table), words, words)
    assert "rule: %{customdata}" in heat(fig).hovertemplate and "%{z}" in heat(fig).hovertemplate
    assert all(c in ("empty prefix", "match (diagonal)", "up", "left") for row in heat(fig).customdata for c in row)


def test_every_skip_matrix_cell_hovers():
    r = evaluate(S2, S1, RougeConfig(skip_distance=1, max_n=1))
    h = heat(skip_matrix(r, "ROUGE-S1", 0))
    assert all(text for row in h.customdata for text in row)
    assert html.unescape(h.customdata[0][2]) == "(1, 3) 'police ... the', gap 1: matched and credited"
    assert h.customdata[0][1].endswith("not in the reference") and "not a pair" in h.customdata[1][0]
    assert list(h.text[0][:3]) == ["", "✗", "✓"]  # a glyph besides the colour


# -- the union LCS: each candidate sentence's full LCS ----------------------------------------------------


def test_union_view_shows_each_sentences_full_lcs():
    """Lin (2004): LCS(r, c1) = w1 w2, LCS(r, c2) = w1 w3 w5, union w1 w2 w3 w5 = 4/5; w1 is in both
    LCSs and is counted once (C2's w1 used to be dropped because C1 found it first)."""
    r = evaluate(UNION_CAND, UNION_REF, RougeConfig())
    assert r.measures["ROUGE-L"].counts.hit == 4 and r.measures["ROUGE-L"].score.recall == 0.8
    out = union_html(r, "ROUGE-L", 0)
    chips = {j: re.findall(r">(w\d)</span>", m) for j, m in re.findall(r"LCS with C(\d): \d words? (.*?)</div>", out)}
    assert chips == {"1": ["w1", "w2"], "2": ["w1", "w3", "w5"]}
    c2 = re.search(r"LCS with C2: .*?</div>", out).group(0)
    assert re.search(r'class="rl-shared"[^>]*data-tag="c2"[^>]*counted once[^>]*>w1<', c2)
    assert re.search(r'data-tag="c1\+c2" title="[^"]*in both, counted once[^"]*">w1<', out)
    assert "in both, counted once" in out
    t = union_table(r, "ROUGE-L", 0)
    assert list(t["in the LCS of"]) == ["C1, C2", "C1", "C2", "C2"]


def test_hit_budget_is_a_small_table():
    r = evaluate("the cat", "the cat sat\nthe dog ran", RougeConfig())
    out = union_html(r, "ROUGE-L", 0)
    assert '<table class="rl-table">' in out and "spent:" not in out  # a table, not a paragraph
    columns = ["word", "in the union", "reference copies", "candidate copies", "credited"]
    assert "<tr>" + "".join(f"<th>{c}</th>" for c in columns) + "</tr>" in out
    the = "<tr><td>the</td><td>2</td><td>2</td><td>1</td><td>1 (1 spent)</td></tr>"
    assert the + "<tr><td>cat</td><td>1</td><td>1</td><td>1</td><td>1</td></tr></table>" in out
    marks = [(m.key, m.credited) for m in lcs_explanation(r, "ROUGE-L", 0).marks]
    rows = budget_rows(marks, r.references[0].keys, r.candidate.keys)
    assert rows == [("the", 2, 2, 1, 1), ("cat", 1, 1, 1, 1)]
    assert sum(row[4] for row in rows) == r.measures["ROUGE-L"].counts.hit


def test_union_walk_final_frame_shows_both_lcss_and_the_budget_table():
    r = evaluate(UNION_CAND, UNION_REF, RougeConfig())
    ref, cand = r.references[0], r.candidate
    steps = union_steps(ref.sentence_keys, cand.sentence_keys, True, budget_keys=(ref.keys, cand.keys))
    out = union_walk_html(steps, len(steps), ref, cand, True)
    assert "LCS with C1: 2 words" in out and "LCS with C2: 3 words" in out
    c2 = re.search(r"LCS with C2: .*?</div>", out).group(0)
    assert re.findall(r">(w\d)</span>", c2) == ["w1", "w3", "w5"] and 'class="rl-shared' in c2
    assert '<table class="rl-table">' in out and "<td>w1</td><td>1</td><td>1</td><td>2</td><td>1</td>" in out
    assert steps[-1].hits == r.measures["ROUGE-L"].counts.hit == 4  # the numbers are the core's
    first_credit = next(k for k, s in enumerate(steps, 1) if s.phase == "credit")
    assert "in the LCS of C1 and C2: in both, counted once" in union_lines(steps, first_credit, ref, cand)[0]
    assert "<table" not in union_walk_html(steps, len(steps) - 1, ref, cand, True)  # the last frame only


@pytest.mark.parametrize("profile", ["rouge155", "paper"])
def test_walk_and_view_agree_with_the_core(profile):
    cand, ref = "the cat sat on the mat\nthe dog sat", "the cat sat\nthe dog ran on the mat"
    r = evaluate(cand, ref, RougeConfig(profile=profile))
    e = lcs_explanation(r, "ROUGE-L", 0)
    a, c = r.references[0], r.candidate
    steps = union_steps(a.sentence_keys, c.sentence_keys, e.kind == "union", budget_keys=(a.keys, c.keys))
    assert steps[-1].hits == r.measures["ROUGE-L"].counts.hit == sum(m.credited for m in e.marks)
    credited = budget_rows([(m.key, m.credited) for m in e.marks], a.keys, c.keys)
    assert sum(row[4] for row in credited) == r.measures["ROUGE-L"].counts.hit
    assert lcs(a.sentence_keys[0], c.sentence_keys[0]).marks == list(find_pair(e, 0, 0).marks)
