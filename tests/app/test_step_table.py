"""The Learn page's (W)LCS walk drawn as an HTML table (ui/render/step_table.py): what each step shows."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from rouge_core import RougeConfig, evaluate
from rouge_core.measures.lcs import lcs
from rouge_core.teach.steps import lcs_steps, traceback_steps
from ui.render.step_table import VERTICAL_LABELS, table_html, walk_html

S1, S2 = "police killed the gunman", "police kill the gunman"
X, Y2 = "A B C D E F G", "A H B K C I D"  # Lin (2004) section 3.3: X against Y2 has WLCS 4 = 1+1+1+1
REF25 = (
    "the police said on tuesday that the gunman who killed three people at the shopping centre had been "
    "known to officers for several years"
)
CAND25 = (
    "police said the gunman who shot three people at a busy shopping centre on tuesday was known to local "
    "officers for years before the attack"
)


class _Cells(HTMLParser):
    """Rows of (classes, text, title) of every <td>, and the title block's text."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[tuple[set[str], str, str]]] = []
        self.heads: list[tuple[set[str], str]] = []
        self.caption = ""
        self._in: str | None = None
        self._attrs: dict[str, str] = {}
        self._text = ""

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th") or (tag == "div" and ("class", "rl-dp-title") in attrs):
            self._in, self._attrs, self._text = tag, {k: v or "" for k, v in attrs}, ""

    def handle_endtag(self, tag):
        if tag != self._in:
            return
        cls = set(self._attrs.get("class", "").split())
        if tag == "td":
            self.rows[-1].append((cls, self._text.strip(), self._attrs.get("title", "")))
        elif tag == "th" and len(self.rows) == 1:
            self.heads.append((cls, self._text.strip()))
        elif tag == "div":
            self.caption = self._text
        self._in = None

    def handle_data(self, data):
        if self._in:
            self._text += data


def walk(ref: str, cand: str, weight: float = 1.0):
    r = evaluate(cand, ref, RougeConfig())
    rt, ct = r.references[0].sentences[0], r.candidate.sentences[0]
    rk, ck = [t.key for t in rt], [t.key for t in ct]
    return lcs_steps(rk, ck, weight), traceback_steps(rk, ck, weight), rt, ct


def parse(body: str) -> _Cells:
    p = _Cells()
    p.feed(body)
    return p


def grid(p: _Cells) -> list[list[tuple[set[str], str, str]]]:
    """Row a (0 = the empty prefix), column b: the body rows after the header row."""
    return [row for row in p.rows[1:]]


def value(cell: tuple[set[str], str, str]) -> str:
    return re.sub(r"^[↖↑←]", "", cell[1])


def test_a_step_shows_only_the_cells_done_so_far_and_where_the_current_one_comes_from():
    cells, trace, rt, ct = walk(S1, S2)
    p = parse(table_html(cells, trace, 6, rt, ct))
    g = grid(p)
    assert len(g) == 5 and all(len(row) == 5 for row in g)  # rows and columns 0..4
    assert value(g[2][2]) == "1" and value(g[2][3]) == "" and "rl-empty" in g[4][4][0]  # c[2][2] is step 6
    assert "rl-now" in g[2][2][0] and g[2][2][1].startswith("↑")  # 'killed' vs 'kill': a tie, up
    assert "rl-from" in g[1][2][0] and sum("rl-now" in c[0] for row in g for c in row) == 1
    assert "step 6 of 16 cells: c[2][2] = 1 (up)" in p.caption
    assert [value(c) for c in g[0]] == ["0"] * 5 and [value(row[0]) for row in g] == ["0"] * 5


def test_the_last_step_shows_the_traceback_and_its_marks():
    cells, trace, rt, ct = walk(S1, S2)
    p = parse(table_html(cells, trace, len(cells) + len(trace), rt, ct))
    g = grid(p)
    assert value(g[4][4]) == "3" and "traceback: 5 of 5 moves, 3 match(es) marked" in p.caption
    marked = {(a, b) for a, row in enumerate(g) for b, c in enumerate(row) if "rl-mark" in c[0]}
    assert marked == {(4, 4), (3, 3), (1, 1)}  # police, the, gunman: the cells the traceback left diagonally
    assert {(a, b) for a, b in marked} == {(t.a, t.b) for t in trace if t.mark}
    path = {(a, b) for a, row in enumerate(g) for b, c in enumerate(row) if "rl-path" in c[0]}
    assert {(t.a, t.b) for t in trace} <= path and (0, 0) in path  # ends at the empty prefix
    assert g[2][2][1].startswith("↑") and g[4][4][1].startswith("↖")  # each path cell shows its move


def test_the_w_table_counts_runs_and_has_its_own_title():
    cells, trace, rt, ct = walk(S1, S2)
    p = parse(table_html(cells, trace, len(cells) + 1, rt, ct, runs=True))  # past the cells: the traceback
    assert value(grid(p)[4][4]) == "2"  # 'the gunman': a run of two
    assert p.caption.startswith("w table") and "the longest run has 2 match(es)" in p.caption
    x = evaluate(Y2, X, RougeConfig())
    rt, ct = x.references[0].sentences[0], x.candidate.sentences[0]
    wc = lcs_steps([t.key for t in rt], [t.key for t in ct], 2.0)
    wt = traceback_steps([t.key for t in rt], [t.key for t in ct], 2.0)
    c = parse(table_html(wc, wt, len(wc), rt, ct, weight=2.0))
    assert c.caption.startswith("c table: WLCS (f(k) = k^2)") and value(grid(c)[7][7]) == "4"
    assert value(grid(c)[7][7]) == f"{lcs(X.split(), Y2.split(), 2.0).value:g}"
    plain = parse(table_html(*walk(S1, S2)[:2], 4, *walk(S1, S2)[2:]))
    assert plain.caption.startswith("c table: LCS")


def test_every_filled_cell_hovers_with_its_value_and_rule():
    cells, trace, rt, ct = walk(S1, S2)
    g = grid(parse(table_html(cells, trace, len(cells), rt, ct)))
    for s in cells:
        title = html.unescape(g[s.a][s.b][2])
        assert f"c[{s.a}][{s.b}] = {s.value:g}" in title and re.search(r"\n(match|up|left): ", title), title
    assert "empty prefix" in g[0][3][2] and "empty prefix" in g[2][0][2]


def test_long_sentences_keep_every_number_and_write_column_labels_vertically():
    cells, trace, rt, ct = walk(REF25, CAND25, 1.2)
    p = parse(table_html(cells, trace, len(cells) + len(trace), rt, ct, weight=1.2))
    g = grid(p)
    assert len(ct) > VERTICAL_LABELS and all("rl-v" in cls for cls, _ in p.heads[2:])
    for s in cells:  # no number is left to the hover: every filled cell prints its value (4 decimals at most)
        shown = value(g[s.a][s.b])
        assert shown and abs(float(shown) - s.value) < 5e-5, (s, shown)
    short = parse(table_html(*walk(S1, S2)[:2], 3, *walk(S1, S2)[2:]))
    assert not any("rl-v" in cls for cls, _ in short.heads)


def test_tokens_are_escaped():
    cells, trace, rt, ct = walk("police <b>killed</b> the gunman", "police <script>x</script> the gunman")
    body = walk_html(table_html(cells, trace, len(cells) + len(trace), rt, ct))
    assert "<script>" not in body and "<b>" not in body.split("</style>")[-1]


# -- ROUGE-S / SU ---------------------------------------------------------------------------------------------


def test_the_skip_walk_colours_each_decided_pair_and_outlines_the_current_one():
    from rouge_core.teach.steps import skip_steps
    from ui.render.step_table import skip_table_html

    r = evaluate(S2, S1, RougeConfig())
    toks = r.candidate.tokens  # police kill the gunman
    steps = skip_steps(r.candidate.keys, r.references[0].keys, -1)  # 6 pairs, no limit
    p = parse(skip_table_html("ROUGE-S*", toks, steps, 5, "step 5"))
    g = p.rows[1:]
    assert len(g) == 4 and all(len(row) == 4 for row in g)
    # pairs in order: (police kill) ✗, (police the) ✓, (police gunman) ✓, (kill the) ✗, (kill gunman) ✗, (the gunman) ✓
    assert [g[0][1][1], g[0][2][1], g[0][3][1], g[1][2][1], g[1][3][1]] == ["✗", "✓", "✓", "✗", "✗"]
    assert "rl-now" in g[1][3][0] and "rl-empty" in g[2][3][0]  # step 5 is (kill, gunman); (the, gunman) is next
    assert "not checked yet" in html.unescape(g[2][3][2]) and "gap 1" in html.unescape(g[1][3][2])
    assert "rl-none" in g[3][0][0]  # i >= j: no pair
    done = parse(skip_table_html("ROUGE-S*", toks, steps, len(steps), "done"))
    assert (
        sum(c[1] == "✓" for row in done.rows[1:] for c in row)
        == evaluate(S2, S1, RougeConfig(skip_distance=-1)).measures["ROUGE-S*"].counts.hit
    )  # 3 credited pairs
