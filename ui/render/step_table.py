"""The Learn page's table walks as HTML tables: the LCS / WLCS c table (or Lin's w table of run lengths),
and the skip-bigram matrix of ROUGE-S / SU.

A step redraws in the browser's own table layout, not a plotly chart: every cell keeps its
number at any size (the table scrolls sideways instead of hiding numbers), the arrows are the
textbook's (↖ a match, ↑ up, ← left), and lecture mode's zoom enlarges it like the text.
Step ``k`` means "the first ``k`` steps are done" (cells first, then the traceback moves).
No widgets here; every piece of text is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from rouge_core import Token
from rouge_core.teach.steps import CellStep, SkipStep, TraceStep

from . import colours
from .html import esc, legend, note_html, page
from .lcs import TIE_RULE
from .numbers import number
from .skip import (
    CATEGORY_COLOURS,
    CATEGORY_GLYPHS,
    CLIPPED,
    CREDITED,
    DIAGONAL_NOTE,
    LEFT_OUT,
    NOT_PAIR,
    OUTSIDE,
    UNMATCHED,
    cell_text,
    legend_name,
)

#: The arrow of each rule (the cell a value builds on) and of each traceback move.
ARROWS = {"match": "↖", "up": "↑", "left": "←"}
#: Above this many candidate words the column labels are written vertically.
VERTICAL_LABELS = 8

TABLE_CSS = f"""<style>
.rl-dp-wrap{{overflow-x:auto;max-width:100%;margin:0.2rem 0 0.4rem 0;}}
.rl-dp{{border-collapse:separate;border-spacing:2px;font-variant-numeric:tabular-nums;font-size:0.9rem;}}
.rl-dp-title{{font-weight:600;margin:0.3rem 0 0.1rem 0;}}
.rl-dp-title small{{display:block;font-weight:400;opacity:0.85;}}
.rl-dp th{{font-weight:500;padding:0.1rem 0.3rem;white-space:nowrap;}}
.rl-dp th.rl-v{{writing-mode:vertical-rl;transform:rotate(180deg);text-align:left;vertical-align:bottom;}}
.rl-dp th.rl-r{{text-align:right;}}
.rl-dp td{{min-width:2.3em;height:2.1em;text-align:center;border:1px solid {colours.GRID};border-radius:3px;
 padding:0 0.25rem;cursor:help;}}
.rl-dp td.rl-empty{{border-style:dotted;}}
.rl-dp td.rl-none{{border-color:transparent;}}
.rl-legend span.rl-todo{{border:1px dotted #8c8c8c;}}
.rl-dp td.rl-now{{outline:3px solid {colours.CURRENT_INK};outline-offset:-1px;font-weight:700;}}
.rl-dp td.rl-from{{outline:2px dashed {colours.CURRENT_INK};outline-offset:-2px;}}
.rl-dp td.rl-path{{box-shadow:inset 0 0 0 2px {colours.CURRENT_INK};}}
.rl-dp td.rl-mark{{background:{colours.CREDITED} !important;border-bottom:3px solid {colours.CREDITED_INK};
 font-weight:700;}}
.rl-dp .rl-arrow{{font-size:0.8em;margin-right:0.15em;opacity:0.9;}}
</style>"""


@dataclass(frozen=True)
class TableState:
    """What a table shows after ``k`` steps: values filled so far (None: not yet), the current cell and
    the one it builds on, the traceback path with each cell's move, the marked matches, title and subtitle."""

    grid: tuple[tuple[Optional[float], ...], ...]
    current: Optional[tuple[int, int]]
    source: Optional[tuple[int, int]]
    rule: Optional[str]
    path: dict[tuple[int, int], str]
    marks: tuple[tuple[int, int], ...]
    title: str
    subtitle: str
    rules: dict[str, str]


def source_of(rule: str, a: int, b: int) -> tuple[int, int]:
    """The cell a value filled by ``rule`` at (a, b) builds on (and where a traceback move goes).

    >>> source_of("match", 2, 3), source_of("up", 2, 3), source_of("left", 2, 3)
    ((1, 2), (1, 3), (2, 2))
    """
    return {"match": (a - 1, b - 1), "up": (a - 1, b), "left": (a, b - 1)}[rule]


def table_state(
    cells: Sequence[CellStep],
    trace: Sequence[TraceStep],
    k: int,
    m: int,
    n: int,
    runs: bool = False,
    weight: float = 1.0,
) -> TableState:
    """The c table (``runs``: the w table of run lengths) of an m x n walk after ``k`` steps."""
    filled = cells[: min(k, len(cells))]
    done = [] if runs else list(trace[: max(0, k - len(cells))])
    top_row: list[Optional[float]] = [0.0] * (n + 1)
    grid: list[list[Optional[float]]] = [top_row] + [[0.0] + [None] * n for _ in range(m)]
    for s in filled:
        grid[s.a][s.b] = float(s.run if runs else s.value)
    path = {(t.a, t.b): t.move for t in done}
    if done:
        path[source_of(done[-1].move, done[-1].a, done[-1].b)] = ""  # where the traceback stands now
    weighted = weight != 1.0 and not runs
    name = "w" if runs else "c"
    rules = (
        {"match": "match: w[a-1][b-1] + 1", "up": "no match: 0", "left": "no match: 0"}
        if runs
        else {
            "match": "match: diagonal + f(k+1) − f(k)" if weighted else "match: diagonal + 1",
            "up": "up: c[a-1][b] ≥ c[a][b-1]",
            "left": "left: c[a][b-1] > c[a-1][b]",
        }
    )
    if runs:
        title = "w table: length of the run of consecutive matches ending at each cell"
    elif weighted:
        title = (
            f"c table: WLCS (f(k) = k^{number(weight, 4, 'trimmed')}) of the first a reference and first b "
            "candidate words"
        )
    else:
        title = "c table: LCS of the first a reference words and the first b candidate words"
    current = source = rule = None
    subtitle = TIE_RULE
    if 0 < k <= len(cells):
        s = cells[k - 1]
        current, rule = (s.a, s.b), s.rule
        source = source_of(s.rule, s.a, s.b) if not runs or s.rule == "match" else None
        value = s.run if runs else s.value
        subtitle = f"step {k} of {len(cells)} cells: {name}[{s.a}][{s.b}] = {number(value, 4, 'trimmed')} ({s.rule})"
    elif done:
        marked = sum(1 for t in done if t.mark)
        subtitle = f"traceback: {len(done)} of {len(trace)} moves, {marked} match(es) marked"
    elif runs and k > len(cells):
        top = max((s.run for s in cells), default=0)
        subtitle = f"all {len(cells)} cells filled; the longest run has {top} match(es)"
    marks = tuple((t.a, t.b) for t in done if t.mark)
    return TableState(tuple(tuple(r) for r in grid), current, source, rule, path, marks, title, subtitle, rules)


def _shade(value: float, top: float) -> str:
    """White to the value scale's grey, by value / top (black numbers stay readable on every shade)."""
    lo, hi = 255, int(str(colours.VALUE_SCALE[-1][1])[1:3], 16)
    level = round(lo - (lo - hi) * (max(0.0, value) / top if top > 0 else 0.0))
    return f"#{level:02x}{level:02x}{level:02x}"


def table_html(
    cells: Sequence[CellStep],
    trace: Sequence[TraceStep],
    k: int,
    ref_tokens: Sequence[Token],
    cand_tokens: Sequence[Token],
    runs: bool = False,
    weight: float = 1.0,
) -> str:
    """The table after ``k`` steps as escaped HTML (no CSS; :func:`walk_html` adds it): a row per
    reference word, a column per candidate word, each cell's value and, on hover, the rule that
    filled it; the current cell outlined with an arrow to the cell it builds on; the traceback's
    cells with their moves and its marked matches in the credited colour."""
    m, n = len(ref_tokens), len(cand_tokens)
    st = table_state(cells, trace, k, m, n, runs, weight)
    name = "w" if runs else "c"
    top = max([float(s.run if runs else s.value) for s in cells] + [1.0])
    rules = {(s.a, s.b): s.rule for s in cells[: min(k, len(cells))]}
    col = ' class="rl-v"' if n > VERTICAL_LABELS else ""
    # header cells with their scope, so a screen reader names a cell's row and column words
    head = ['<th class="rl-r" scope="col">a \\ b</th>', '<th scope="col">0</th>']
    for b, t in enumerate(cand_tokens, 1):
        head.append(f'<th{col} scope="col" title="{esc(t.key)}">{b} {esc(t.text)}</th>')
    rows = ["<tr>" + "".join(head) + "</tr>"]
    for a in range(m + 1):
        label = "0" if a == 0 else f"{a} {esc(ref_tokens[a - 1].text)}"
        tip = "" if a == 0 else f' title="{esc(ref_tokens[a - 1].key)}"'
        out = [f'<th class="rl-r" scope="row"{tip}>{label}</th>']
        for b in range(n + 1):
            v = st.grid[a][b]
            cls: list[str] = []
            body = ""
            if a == 0 or b == 0:
                hover = f"{name}[{a}][{b}] = 0 (empty prefix)"
                body = "0"
                style = ""
            elif v is None:
                hover = f"ref {a}. {ref_tokens[a - 1].text} / cand {b}. {cand_tokens[b - 1].text}: not filled yet"
                cls.append("rl-empty")
                style = ""
            else:
                hover = (
                    f"ref {a}. {ref_tokens[a - 1].text} / cand {b}. {cand_tokens[b - 1].text}\n"
                    f"{name}[{a}][{b}] = {number(v, 4, 'trimmed')}\n{st.rules[rules[(a, b)]]}"
                )
                body = number(v, 4, "trimmed")
                style = f' style="background:{_shade(v, top)}"'
            current = ""
            if (a, b) == st.current:
                cls.append("rl-now")
                current = ' aria-current="step"'  # the cell this step fills, for a screen reader
                if st.rule is not None and (not runs or st.rule == "match"):
                    body = f'<span class="rl-arrow">{ARROWS[st.rule]}</span>{body}'
            if (a, b) == st.source:
                cls.append("rl-from")
            if (a, b) in st.path:
                cls.append("rl-path")
                move = st.path[(a, b)]
                if move:
                    body = f'<span class="rl-arrow">{ARROWS[move]}</span>{body}'
                    hover += f"\ntraceback: {move}"
            if (a, b) in st.marks:
                cls.append("rl-mark")
                hover += "\nmarked: a match of the LCS"
            klass = f' class="{" ".join(cls)}"' if cls else ""
            out.append(f'<td{klass}{style}{current} title="{esc(hover)}">{body}</td>')
        rows.append("<tr>" + "".join(out) + "</tr>")
    title = f'<div class="rl-dp-title">{esc(st.title)}<small>{esc(st.subtitle)}</small></div>'
    return f'{title}<div class="rl-dp-wrap"><table class="rl-dp">{"".join(rows)}</table></div>'


def walk_html(*tables: str) -> str:
    """Tables from :func:`table_html` (and other escaped parts) with the CSS, one block for ``st.html``."""
    return page(TABLE_CSS, *tables)


# -- ROUGE-S / SU: the candidate's pairs (i, j) decided one at a time ------------------------------------------


def skip_table_html(label: str, tokens: Sequence[Token], steps: Sequence[SkipStep], k: int, subtitle: str) -> str:
    """The candidate's skip-bigram matrix (row i = first word, column j = second word) after ``k`` steps:
    decided pairs in Inspect's colour and glyph (✓ credited, ○ clipped, ✗ not in the reference, grey outside
    the skip distance, – left out by ROUGE-1.5.5), SU unigrams on the diagonal (the legend says so), pairs
    not checked yet dotted, the current one outlined. Every cell hovers with its pair, gap and verdict."""
    n = len(tokens)
    decided = {(s.i, s.i if s.j is None else s.j): s for s in steps[:k]}
    current = None
    if k:
        s = steps[k - 1]
        current = (s.i, s.i if s.j is None else s.j)
    col = ' class="rl-v"' if n > VERTICAL_LABELS else ""
    head = ['<th class="rl-r">i \\ j</th>'] + [
        f'<th{col} title="{esc(t.key)}">{j} {esc(t.text)}</th>' for j, t in enumerate(tokens, 1)
    ]
    rows = ["<tr>" + "".join(head) + "</tr>"]
    for i in range(n):
        out = [f'<th class="rl-r" title="{esc(tokens[i].key)}">{i + 1} {esc(tokens[i].text)}</th>']
        for j in range(n):
            cls: list[str] = []
            style, body = "", ""
            step = decided.get((i, j))
            a, b = tokens[i].text, tokens[j].text
            if step is not None:
                cat = skip_category(step)
                style = f' style="background:{CATEGORY_COLOURS[cat]}"'
                body = CATEGORY_GLYPHS[cat]
                hover = cell_text(i + 1, j + 1, a, b, cat)  # Inspect's wording, SU unigrams included
            elif j > i:
                cls.append("rl-empty")
                hover = f"({i + 1}, {j + 1}) '{a} ... {b}', gap {j - i - 1}: not checked yet"
            else:
                cls.append("rl-none")
                hover = cell_text(i + 1, j + 1, a, b, NOT_PAIR)
            if (i, j) == current:
                cls.append("rl-now")
            klass = f' class="{" ".join(cls)}"' if cls else ""
            out.append(f'<td{klass}{style} title="{esc(hover)}">{body}</td>')
        rows.append("<tr>" + "".join(out) + "</tr>")
    title = f"{label}: candidate skip-bigrams (row i = first word, column j = second word)"
    # Inspect's notation (ui/render/skip.py): the fourth uncounted state only where ROUGE-1.5.5 left one out
    shown = (CREDITED, CLIPPED, UNMATCHED, OUTSIDE, LEFT_OUT)[: 4 + any(skip_category(s) == LEFT_OUT for s in steps)]
    keys = legend(
        [(CATEGORY_COLOURS[c], legend_name(c)) for c in shown] + [("rl-todo", "not checked yet")],
        sample="\u00a0\u00a0\u00a0",  # no-break spaces: a swatch of only blanks would collapse to nothing
    ) + (note_html(DIAGONAL_NOTE) if any(s.j is None for s in steps) else "")
    return (
        f'<div class="rl-dp-title">{esc(title)}<small>{esc(subtitle)}</small></div>{keys}'
        f'<div class="rl-dp-wrap"><table class="rl-dp rl-skip">{"".join(rows)}</table></div>'
    )


def skip_category(step: SkipStep) -> int:
    """A decided pair's verdict as a skip-matrix category (credited, clipped, not in the reference, outside
    the skip distance, or the SU unigram ROUGE-1.5.5 leaves out: Inspect's LEFT_OUT).

    >>> from rouge_core.teach.steps import skip_steps
    >>> [skip_category(s) for s in skip_steps("a b a".split(), "a b".split(), -1)]
    [4, 2, 2]
    >>> [skip_category(s) for s in skip_steps(["a", "b"], ["a", "b"], -1, su=True, su_last=False)] == [
    ...     CREDITED, CREDITED, LEFT_OUT]
    True
    """
    if step.status == "outside":  # a unigram has no distance: "outside" is ROUGE-1.5.5's uncounted last one
        return LEFT_OUT if step.j is None else OUTSIDE
    if step.status == "matched":
        return CREDITED
    return CLIPPED if step.reference_count else UNMATCHED
