"""Learn ROUGE: step records (rouge_core.teach.steps) and reports -> step figures, escaped HTML and worked arithmetic.

No widgets here. The skip-bigram figure starts from the Inspect page's ``skip_matrix``; the
(W)LCS table walk is an HTML table (:mod:`ui.render.step_table`). Each shows only the steps up
to the current one.
Step ``k`` means "the first ``k`` steps are done"; positions shown count from 1.
"""

from __future__ import annotations

from typing import Optional, Sequence

import pandas as pd

from rouge_core import Analysis, Score, Token
from rouge_core.measures.explain import SentencePair
from rouge_core.teach.steps import CellStep, GramStep, SkipStep, TraceStep, UnionStep

from .colours import sequence
from .html import Span, analysis_html, esc, legend, page, row_html, tagged, token_span
from .numbers import number
from .union import budget_html, budget_rows, candidate_spans, finders_of, reference_rows, sentence_legend

STEP_CSS = """<style>
.rl-step{border-left:4px solid #555;background:rgba(128,128,128,0.08);padding:0.45rem 0.7rem;
 border-radius:0.3rem;margin:0.3rem 0;font-size:0.95rem;line-height:1.5;}
.rl-step .rl-done{font-weight:600;}
.rl-claims{border-collapse:collapse;font-size:0.92rem;margin:0.3rem 0;}
.rl-claims td,.rl-claims th{border-bottom:1px solid rgba(128,128,128,0.3);padding:0.25rem 0.6rem;text-align:left;}
</style>"""


def num(x: float) -> str:
    """A count or a ratio, as the arithmetic lines print it: :func:`ui.render.numbers.number`'s
    ``trimmed`` style with 5 decimals (the Learn pages and ``ui.learn`` call it by this name).

    >>> num(3.0), num(0.75), num(1 / 3)
    ('3', '0.75', '0.33333')
    """
    return number(x, 5, "trimmed")


def _tok(t: Token) -> str:
    """A token as written, with its compared form when stemming or casing changed it."""
    return t.text if t.key == t.text.lower() else f"{t.text} [{t.key}]"


def step_box(lines: Sequence[str], done: Optional[str] = None) -> str:
    """Escaped step description lines (and a final 'done' line) in a box, for ``st.html``."""
    body = "<br>".join(esc(x) for x in lines)
    if done:
        body += f'<br><span class="rl-done">{esc(done)}</span>'
    return page(STEP_CSS, f'<div class="rl-step">{body}</div>')


def check(ok: bool) -> str:
    """✓ or ✗."""
    return "✓" if ok else "✗"


def total_done(what: str, walk: float, core: float) -> str:
    """The final line of a walk: its total against the core's count."""
    return f"Done: {what} = {num(walk)}. rouge_core: {num(core)} {check(walk == core)}"


# -- worked arithmetic --------------------------------------------------------------


def ratio_lines(
    hit: float, model: float, peer: float, score: Score, hit_name: str, ref_name: str, cand_name: str
) -> list[str]:
    """R and P as fractions with this pair's numbers (the values are the core's)."""
    return [
        f"R = {hit_name} / {ref_name} = {num(hit)} / {num(model)} = {num(score.recall)}",
        f"P = {hit_name} / {cand_name} = {num(hit)} / {num(peer)} = {num(score.precision)}",
    ]


def f_lines(score: Score, alpha: float, rounded: bool) -> list[str]:
    """F from P and R, term by term, in the profile's own formula (``rounded``: ROUGE-1.5.5's; the value
    is the core's)."""
    p, r, f = score.precision, score.recall, score.fmeasure
    if rounded:
        den = (1 - alpha) * p + alpha * r
        head = [(f"ROUGE-1.5.5 rounds P and R to 5 decimals first, then F = P·R / ((1 − α)·P + α·R), α = {num(alpha)}")]
        if den <= 0:
            return head + [f"F = 0 (P and R are 0) = {num(f)}"]
        return head + [
            (
                f"F = {num(p)} × {num(r)} / ({num(1 - alpha)} × {num(p)} + {num(alpha)} × {num(r)})"
                f" = {num(p * r)} / {num(den)} = {num(f)}"
            )
        ]
    if alpha == 0:
        return [f"α = 0 (β → ∞): F = R = {num(f)}"]
    b2 = (1 - alpha) / alpha
    den = b2 * p + r
    head = [(f"β² = (1 − α) / α = {num(1 - alpha)} / {num(alpha)} = {num(b2)};  F = (1 + β²)·P·R / (β²·P + R)")]
    if den <= 0:
        return head + [f"F = 0 (P and R are 0) = {num(f)}"]
    return head + [
        (
            f"F = (1 + {num(b2)}) × {num(p)} × {num(r)} / ({num(b2)} × {num(p)} + {num(r)})"
            f" = {num((1 + b2) * p * r)} / {num(den)} = {num(f)}"
        )
    ]


# -- LCS / WLCS table walk ------------------------------------------------------------


def _values(cells: Sequence[CellStep]) -> dict[tuple[int, int], float]:
    return {(s.a, s.b): s.value for s in cells}


def cell_lines(
    cells: Sequence[CellStep],
    trace: Sequence[TraceStep],
    k: int,
    ref_tokens: Sequence[Token],
    cand_tokens: Sequence[Token],
    weight: float = 1.0,
) -> list[str]:
    """What step ``k`` did, in words and numbers."""
    if k == 0:
        return [
            (
                f"Row 0 and column 0 are the empty prefixes: all 0. Next: fill the {len(cells)} cells "
                f"row by row, then trace back from c[{len(ref_tokens)}][{len(cand_tokens)}]."
            )
        ]
    v = _values(cells)

    def c(a: int, b: int) -> str:
        return num(v.get((a, b), 0.0))

    if k <= len(cells):
        s = cells[k - 1]
        x, y = _tok(ref_tokens[s.a - 1]), _tok(cand_tokens[s.b - 1])
        head = f"Cell c[{s.a}][{s.b}]: reference word {s.a} '{x}' vs candidate word {s.b} '{y}'"
        if s.rule == "match":
            if weight == 1.0:
                return [
                    head + ": equal, a match.",
                    f"c[{s.a}][{s.b}] = c[{s.a - 1}][{s.b - 1}] + 1 = {c(s.a - 1, s.b - 1)} + 1 = {num(s.value)}",
                ]
            kk = s.run - 1
            return [
                head + f": equal, a match. The run ending at [{s.a - 1}][{s.b - 1}] has k = w[{s.a - 1}]"
                f"[{s.b - 1}] = {kk} matches, so w[{s.a}][{s.b}] = {s.run}.",
                (
                    f"c[{s.a}][{s.b}] = c[{s.a - 1}][{s.b - 1}] + f(k+1) − f(k) = {c(s.a - 1, s.b - 1)} + "
                    f"f({s.run}) − f({kk}) = {c(s.a - 1, s.b - 1)} + {num(s.increment)} = {num(s.value)}"
                    f"   (f(k) = k^{num(weight)})"
                ),
            ]
        up, left = c(s.a - 1, s.b), c(s.a, s.b - 1)
        if s.rule == "up":
            return [
                head + ": different.",
                (
                    f"c[{s.a - 1}][{s.b}] = {up} ≥ c[{s.a}][{s.b - 1}] = {left}: take the cell above (up; "
                    f"on a tie ROUGE-1.5.5 steps along the reference first). c[{s.a}][{s.b}] = {num(s.value)}"
                ),
            ]
        return [
            head + ": different.",
            (
                f"c[{s.a - 1}][{s.b}] = {up} < c[{s.a}][{s.b - 1}] = {left}: take the cell to the left. "
                f"c[{s.a}][{s.b}] = {num(s.value)}"
            ),
        ]
    t = trace[k - len(cells) - 1]
    if t.move == "match":
        a, b = t.mark or (0, 0)
        return [
            (
                f"Traceback at c[{t.a}][{t.b}]: '{_tok(ref_tokens[a])}' = '{_tok(cand_tokens[b])}': mark "
                f"reference word {a + 1} with candidate word {b + 1} and go diagonally ({t.marks} marked)."
            )
        ]
    up, left = c(t.a - 1, t.b), c(t.a, t.b - 1)
    cmp = "≥" if t.move == "up" else "<"
    return [
        (
            f"Traceback at c[{t.a}][{t.b}]: no match; c[{t.a - 1}][{t.b}] = {up} {cmp} c[{t.a}][{t.b - 1}] = "
            f"{left}: go {t.move} ({t.marks} marked)."
        )
    ]


def table_done(
    cells: Sequence[CellStep],
    trace: Sequence[TraceStep],
    ref_tokens: Sequence[Token],
    core: Optional[SentencePair],
    weight: float = 1.0,
    script_runs: bool = False,
) -> str:
    """The final line: the walk's value and marks against the core's pair (None: no shared word).

    ``script_runs``: ROUGE-1.5.5's ROUGE-W, which takes only the marks from this table and
    weighs its own runs (consecutive reference words), so the table's value is not its hit."""
    value = cells[-1].value if cells else 0.0
    marks = tuple(t.mark for t in trace if t.mark)[::-1]
    core_value = core.value if core is not None else 0.0
    core_marks = tuple(core.marks) if core is not None else ()
    what = "LCS" if weight == 1.0 else "WLCS"
    words = " ".join(ref_tokens[a].text for a, _ in marks)
    ok = value == core_value and marks == core_marks
    note = (
        (
            " (the paper's WLCS: ROUGE-1.5.5 keeps only these marks and weighs its own runs, drawn below; "
            "its hit is their sum, not this value)"
        )
        if script_runs
        else ""
    )
    return (
        f"Done: {what} = {num(value)}{note} ({len(marks)} matched words: {words or 'none'}). "
        f"rouge_core's {what} of this pair: {num(core_value)}, the same marks {check(ok)}"
    )


# -- n-grams ----------------------------------------------------------------------


def _gram_style(s: GramStep) -> str:
    return "rl-match" if s.credited else ("rl-clipped" if s.reference_count else "rl-miss")


def ngram_walk_html(steps: Sequence[GramStep], k: int, cand: Analysis, ref: Analysis, n: int) -> str:
    """Both texts: the candidate n-grams checked so far by their outcome, the current one outlined,
    and the reference copies credited so far."""
    rank = {"rl-match": 2, "rl-clipped": 1, "rl-miss": 0}
    c_style: dict[int, str] = {}
    r_style: dict[int, str] = {}
    for s in steps[:k]:
        for p in range(s.position, s.position + n):
            style = _gram_style(s)
            if p not in c_style or rank[style] > rank[c_style[p]]:
                c_style[p] = style
        for p in s.reference_positions or ():
            r_style[p] = "rl-match"
    c_spans: list[Span] = [token_span(cand.tokens[p], v, "") for p, v in sorted(c_style.items())]
    r_spans: list[Span] = [token_span(ref.tokens[p], v, "") for p, v in sorted(r_style.items())]
    if k:  # the current n-gram as one outlined span over its words
        cur = steps[k - 1]
        title = f"current: '{' '.join(cur.gram)}'"
        first, last = cand.tokens[cur.position], cand.tokens[cur.position + n - 1]
        c_spans.append((first.start, last.end, _gram_style(cur) + " rl-current", title))
        if cur.reference_positions:
            first, last = ref.tokens[cur.reference_positions[0]], ref.tokens[cur.reference_positions[-1]]
            r_spans.append((first.start, last.end, "rl-match rl-current", title))
    return page(
        STEP_CSS,
        legend(
            [
                ("rl-match", "credited"),
                ("rl-clipped", "in the reference, clipped"),
                ("rl-miss", "not in the reference"),
                ("rl-current", "current n-gram"),
            ]
        ),
        row_html("Reference", analysis_html(ref, r_spans)),
        row_html("Candidate", analysis_html(cand, c_spans)),
    )


def ngram_lines(steps: Sequence[GramStep], k: int, n: int) -> list[str]:
    """What step ``k`` of the n-gram walk did: the n-gram, its copy number, the clipping, the hits."""
    if k == 0:
        return [f"The candidate has {len(steps)} {n}-grams. Next: check them one at a time, left to right."]
    s = steps[k - 1]
    g = " ".join(s.gram)
    where = (
        f"Candidate {n}-gram {k} of {len(steps)}: '{g}' (words {s.position + 1}-{s.position + n}), copy {s.occurrence}"
    )
    if s.credited:
        why = f"the reference has {s.reference_count}, so copy {s.occurrence} is credited"
    elif s.reference_count:
        why = (
            f"the reference has only {s.reference_count}: clipped, "
            f"min({s.occurrence}, {s.reference_count}) copies are credited"
        )
    else:
        why = "the reference does not have it: no credit"
    return [f"{where}: {why}.", f"Running hits: {s.hits}"]


STEP_COLUMNS = ["step", "n-gram", "words", "copy", "reference has", "credited", "hits so far"]


def ngram_frame(steps: Sequence[GramStep], k: int, n: int) -> pd.DataFrame:
    """The n-grams checked so far, one row each."""
    rows = [
        (
            i + 1,
            " ".join(s.gram),
            f"{s.position + 1}-{s.position + n}",
            s.occurrence,
            s.reference_count,
            s.credited,
            s.hits,
        )
        for i, s in enumerate(steps[:k])
    ]
    return pd.DataFrame(rows, columns=STEP_COLUMNS)


# -- skip-bigrams -----------------------------------------------------------------

#: The skip walk's subtitle before its first step.
SKIP_START = "every in-order pair (i, j), row by row; SU unigrams on the diagonal"


def skip_lines(steps: Sequence[SkipStep], k: int, distance: int = -1) -> list[str]:
    """What step ``k`` of the skip-bigram walk did: the pair (or SU word), its status, the totals."""
    if k == 0:
        limit = "no limit" if distance < 0 else f"at most {distance} words between"
        return [
            (
                f"{len(steps)} things to check: the candidate's in-order word pairs ({limit}) "
                "then, for ROUGE-SU, its single words."
            )
        ]
    s = steps[k - 1]
    g = " ".join(s.gram)
    if s.j is None:
        what = f"unigram {s.i + 1} '{g}'"
        why = {
            "outside": "not counted (ROUGE-1.5.5 leaves out the last word)",
            "matched": "in the reference: a hit",
            "counted": "counted, not credited",
        }[s.status]
    else:
        what = f"pair ({s.i + 1}, {s.j + 1}) '{g}', gap {s.gap}"
        why = {
            "outside": "outside the skip distance: not counted",
            "matched": "in the reference: a hit",
            "counted": (
                "in the reference but its copies are used up (clipped)" if s.reference_count else "not in the reference"
            ),
        }[s.status]
    return [f"{what}: {why}.", f"Counted so far: {s.counted}; hits so far: {s.hits}"]


# -- union LCS --------------------------------------------------------------------


def _union_state(steps: Sequence[UnionStep], k: int):
    """Who marks each reference word, the credit decided so far and each done pair's LCS, after ``k`` steps."""
    done = steps[:k]
    lcs_steps = [s for s in done if s.phase == "lcs"]
    finders = finders_of(
        (s.reference_sentence, s.candidate_sentence, zip(s.positions, s.candidate_positions)) for s in lcs_steps
    )
    credited: dict[tuple[int, int], Optional[bool]] = {
        (s.reference_sentence, s.positions[0]): s.credited for s in done if s.phase == "credit"
    }
    pairs: dict[int, list[tuple[int, list[tuple[int, int]]]]] = {}
    for s in lcs_steps:
        pairs.setdefault(s.reference_sentence, []).append(
            (s.candidate_sentence, list(zip(s.positions, s.candidate_positions)))
        )
    return finders, credited, pairs


def union_walk_html(steps: Sequence[UnionStep], k: int, ref: Analysis, cand: Analysis, budget: bool) -> str:
    """Each reference sentence with its union so far and, under it, every candidate sentence's full
    LCS with it (words in several LCSs marked "in both, counted once"; struck through: spent by the
    hit budget); the candidate sentences in the same colours; the current pair or mark outlined.
    The last step adds the hit budget as a table."""
    finders, credited, pairs = _union_state(steps, k)
    cur = steps[k - 1] if k else None
    current = None
    if cur is not None:
        current = (cur.reference_sentence, set(cur.positions), cur.candidate_sentence if cur.phase == "lcs" else None)
    rows = reference_rows(ref, finders, credited, pairs, cand, max_tokens=10_000, current=current)
    spans = candidate_spans(cand, finders, credited)
    for j, sent in enumerate(cand.sentences[: len(cand.sentence_spans)]):
        s0, e0 = cand.sentence_spans[j]
        mine = [(a - s0, b - s0, st, ti) for a, b, st, ti in spans if s0 <= a < e0]
        if cur is not None and cur.candidate_sentence == j:
            mine += [
                token_span(sent[b], tagged(sequence(j), f"c{j + 1}") + " rl-current", "", offset=s0)
                for b in cur.candidate_positions
                if b < len(sent)
            ]
        rows.append(row_html(f"C{j + 1}  ", analysis_html(cand, mine, start=s0, end=e0)))
    items = sentence_legend(range(len(cand.sentences)))
    items += [("rl-spent", "hit budget spent")] if budget else []
    items += [("rl-current", "this step")]
    tail = []
    if steps and k == len(steps):
        table = budget_rows([(s.key, s.credited) for s in steps if s.phase == "credit"], ref.keys, cand.keys)
        if table:
            tail.append(budget_html(table, budget))
    return page(STEP_CSS, legend(items), *rows, *tail)


def union_lines(steps: Sequence[UnionStep], k: int, ref: Analysis, cand: Analysis) -> list[str]:
    """What step ``k`` of the union walk did: a sentence pair's LCS, or the crediting of one union word."""
    if k == 0:
        return [
            (
                "For each reference sentence: its LCS with every candidate sentence, the union of the "
                "marked words, then each union word is credited (at most as often as both texts have it)."
            )
        ]
    s = steps[k - 1]
    rs = ref.sentences[s.reference_sentence]
    words = " ".join(rs[p].text for p in s.positions) or "nothing"
    union = " ".join(rs[p].text for p in s.union)
    if s.phase == "lcs":
        return [
            (f"R{s.reference_sentence + 1} × C{s.candidate_sentence + 1}: LCS = {len(s.positions)} ({words})."),
            (
                f"Union of R{s.reference_sentence + 1} so far: {union or 'empty'} "
                f"({len(s.union)} of {len(rs)} words). Hits so far: {s.hits}"
            ),
        ]
    finders, _, _ = _union_state(steps, k)
    who = sorted({j for j, _ in finders.get((s.reference_sentence, s.positions[0]), [(s.candidate_sentence, 0)])})
    found = " and ".join(f"C{j + 1}" for j in who)
    head = (
        f"Credit R{s.reference_sentence + 1} word {s.positions[0] + 1} '{rs[s.positions[0]].text}' "
        f"(in the LCS of {found}" + (": in both, counted once)" if len(who) > 1 else ")")
    )
    if s.budget is None:
        return [head + ": the paper's formula has no hit budget, so it counts.", f"Hits so far: {s.hits}"]
    c_left, r_left = s.budget
    verdict = (
        "credited"
        if s.credited
        else (f"not credited: the {'candidate' if c_left <= 0 else 'reference'} has no '{s.key}' left")
    )
    return [
        head + f": copies of '{s.key}' left: candidate {c_left}, reference {r_left}: {verdict}.",
        f"Hits so far: {s.hits}",
    ]
