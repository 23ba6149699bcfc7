"""Summary-level ROUGE-L: each candidate sentence's full LCS with each reference sentence, their union,
and the hit budget as a table.

Lin (2004), section 3.2: r = w1 w2 w3 w4 w5, c1 = w1 w2 w6 w7 w8, c2 = w1 w3 w8 w9 w5 give
LCS(r, c1) = w1 w2 and LCS(r, c2) = w1 w3 w5; the union w1 w2 w3 w5 counts w1 once (4/5). The
views draw both LCSs in full, w1 marked "in both, counted once", instead of crediting w1 to the
first sentence only. The Inspect page draws a report (:func:`union_html`); the Learn page's
walk-through (``ui.render.learn.union_walk_html``) draws the same pieces from its step records.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Optional, Sequence

import pandas as pd

from rouge_core import Analysis, Report, Token
from rouge_core.measures.explain import WordBudget
from rouge_core.measures.hit_budget import word_budgets

from .colours import sequence
from .html import (
    Span,
    analysis_html,
    esc,
    legend,
    note_html,
    page,
    row_html,
    scroll,
    short,
    stripes,
    style_attrs,
    tagged,
    token_span,
)
from .lcs import budget_line, flat_html, is_flat, lcs_explanation, pair_tokens
from .plural import counted

#: (candidate sentence, candidate position) of an LCS that marks a reference word.
Finder = tuple[int, int]
#: (reference sentence, reference position) -> every finder, in candidate sentence order.
Finders = dict[tuple[int, int], list[Finder]]

SHARED_TEXT = "in the LCS of more than one candidate sentence: in both, counted once"
UNION_LEGEND_BASE = [
    ("rl-spent", "in the union but not credited (hit budget spent)"),
    ("rl-dropped", "not counted (tokenizer, stopword or length limit)"),
]
#: Sentence swatches a legend lists before it says the colours repeat.
LEGEND_SENTENCES = 12


def finders_of(pairs: Iterable[tuple[int, int, Iterable[tuple[int, int]]]]) -> Finders:
    """Who marks each reference word: ``pairs`` are (reference sentence, candidate sentence,
    LCS marks as (reference position, candidate position)).

    >>> f = finders_of([(0, 0, [(0, 0), (1, 1)]), (0, 1, [(0, 0), (2, 1), (4, 4)])])
    >>> f[(0, 0)], f[(0, 4)]
    ([(0, 0), (1, 0)], [(1, 4)])
    """
    out: Finders = {}
    for i, j, marks in pairs:
        for a, b in marks:
            out.setdefault((i, a), []).append((j, b))
    return out


def sentence_tag(j: int) -> str:
    """The label of candidate sentence ``j`` (from 0): ``c1``, ``c2``, ..."""
    return f"c{j + 1}"


def word_style(finders: Sequence[Finder], credited: Optional[bool] = True) -> str:
    """A union word's style: its candidate sentence's colour and label, or bands of every finder's
    colour with all their labels and a double underline when several LCSs mark it; struck through
    when the hit budget did not credit it (``credited`` None: not decided yet).

    >>> word_style([(0, 0)])
    '#9c8bdb tag:c1'
    >>> word_style([(0, 0), (1, 0)], credited=False)
    '#9c8bdb/#c9ffa7 tag:c1+c2 rl-shared rl-spent'
    """
    js = list(dict.fromkeys(j for j, _ in finders))
    if len(js) == 1:
        style = tagged(sequence(js[0]), sentence_tag(js[0]))
    else:
        style = tagged(stripes(*(sequence(j) for j in js)), "+".join(sentence_tag(j) for j in js)) + " rl-shared"
    return style + (" rl-spent" if credited is False else "")


def sentence_legend(js: Iterable[int]) -> list[tuple[str, str]]:
    """Legend swatches of the candidate sentences ``js`` (labelled), with a note once colours repeat."""
    js = sorted(set(js))
    items = [(tagged(sequence(j), sentence_tag(j)), f"candidate sentence {j + 1}") for j in js[:LEGEND_SENTENCES]]
    if len(js) > LEGEND_SENTENCES:
        items.append(
            (
                "rl-plain",
                f"and {len(js) - LEGEND_SENTENCES} more: every sentence is coloured; "
                "colours repeat, the label (c13, ...) names the sentence",
            )
        )
    if any(True for _ in js):
        items.append((tagged(stripes(sequence(0), sequence(1)), "c1+c2") + " rl-shared", SHARED_TEXT))
    return items


#: Most finders a tooltip names.
TITLE_FINDERS = 6


def _names(finders: Sequence[Finder], cand: Optional[Analysis]) -> str:
    parts = []
    for j, b in finders[:TITLE_FINDERS]:
        word = f" word {b + 1}"
        if cand is not None and j < len(cand.sentences) and b < len(cand.sentences[j]):
            word += f" '{cand.sentences[j][b].text}'"
        parts.append(f"C{j + 1}{word}")
    more = len(finders) - TITLE_FINDERS
    return " and ".join(parts) + (f" and {more} more" if more > 0 else "")


def word_title(
    i: int, a: int, tok: Token, finders: Sequence[Finder], credited: Optional[bool], cand: Optional[Analysis]
) -> str:
    """The tooltip of a union word: who marks it, and whether it is credited."""
    head = f"R{i + 1} word {a + 1} '{tok.text}': in the LCS of {_names(finders, cand)}"
    if len({j for j, _ in finders}) > 1:
        head += ", so in both, counted once"
    if credited is None:
        return head
    return head + ("; credited" if credited else "; not credited: the hit budget is spent")


def lcs_chips(
    ref_sentence: Sequence[Token],
    i: int,
    j: int,
    marks: Sequence[tuple[int, int]],
    finders: Finders,
    cand: Optional[Analysis] = None,
    current: bool = False,
) -> str:
    """One candidate sentence's full LCS with reference sentence ``i``: its words in the sentence's
    colour and label, those another sentence's LCS also marks with the double underline."""
    chips = []
    for a, b in marks:
        tok = ref_sentence[a]
        shared = len({jj for jj, _ in finders.get((i, a), ())}) > 1
        style = (
            tagged(sequence(j), sentence_tag(j)) + (" rl-shared" if shared else "") + (" rl-current" if current else "")
        )
        title = f"R{i + 1} word {a + 1} = C{j + 1} word {b + 1}"
        if shared:
            others = [f"C{jj + 1}" for jj, _ in finders[(i, a)] if jj != j]
            title += f"; also in the LCS of {', '.join(dict.fromkeys(others))}: counted once"
        chips.append(f'<span{style_attrs(style)} title="{esc(title)}">{esc(short(tok.text, 30))}</span>')
    n = len(marks)
    return f'<div class="rl-sub">LCS with C{j + 1}: {n} word{"s" if n != 1 else ""} {" ".join(chips) or "(none)"}</div>'


BUDGET_COLUMNS = ["word", "in the union", "reference copies", "candidate copies", "credited"]


#: A row of the hit budget table: word, in the union, reference copies, candidate copies, credited.
BudgetRow = tuple[str, int, int, int, int]


def budget_table_rows(budgets: Sequence[WordBudget]) -> list[BudgetRow]:
    """The rows of the hit budget table, one per word of the core's budgets
    (:attr:`rouge_core.measures.explain.LcsExplanation.budgets`), in their order.

    >>> budget_table_rows([WordBudget("the", 2, 2, 1, 1)])
    [('the', 2, 2, 1, 1)]
    """
    return [(b.key, b.marks, b.reference_count, b.candidate_count, b.credited) for b in budgets]


def budget_rows(
    marks: Sequence[tuple[str, bool]], reference_keys: Sequence[str], candidate_keys: Sequence[str]
) -> list[BudgetRow]:
    """The hit budget table of (word, credited) union marks in crediting order (a walk-through's
    credit steps), counted by the core (:func:`rouge_core.measures.hit_budget.word_budgets`).

    >>> budget_rows([("the", True), ("cat", True), ("the", False)], "the cat sat the dog".split(), ["the", "cat"])
    [('the', 2, 2, 1, 1), ('cat', 1, 1, 1, 1)]
    """
    return budget_table_rows(word_budgets(marks, (reference_keys, candidate_keys)))


def budget_html(rows: Sequence[BudgetRow], budget: bool) -> str:
    """The hit budget as a small table (escaped); a row whose union marks were not all credited says
    how many were spent."""
    head = "".join(f"<th>{esc(c)}</th>" for c in BUDGET_COLUMNS)
    body = []
    for word, n, r, c, ok in rows:
        spent = f" ({n - ok} spent)" if ok < n else ""
        body.append(f"<tr><td>{esc(short(word, 30))}</td><td>{n}</td><td>{r}</td><td>{c}</td><td>{ok}{spent}</td></tr>")
    what = (
        (
            "Hit budget: a union word is credited while both texts still have a copy of it, "
            "so credited = min(in the union, reference copies, candidate copies)"
        )
        if budget
        else ("The paper's formula has no hit budget: every union word is credited, even past the copies a text has")
    )
    return f'<div class="rl-note">{esc(what)}</div><table class="rl-table"><tr>{head}</tr>{"".join(body)}</table>'


def reference_rows(
    ref: Analysis,
    finders: Finders,
    credited: Mapping[tuple[int, int], Optional[bool]],
    pairs: Mapping[int, Sequence[tuple[int, Sequence[tuple[int, int]]]]],
    cand: Optional[Analysis] = None,
    max_tokens: int = 1500,
    current: Optional[tuple[int, set[int], Optional[int]]] = None,
) -> list[str]:
    """Per reference sentence: its union (every word with its finders' colours and labels) and, under
    it, each candidate sentence's full LCS with it. ``pairs[i]`` = [(candidate sentence, marks)];
    ``credited[(i, a)]`` True / False / None (not decided yet); ``current`` = (sentence, positions,
    candidate sentence or None) to outline. At most about ``max_tokens`` words (sentences and LCSs)
    are drawn; notes say what was left out."""
    rows: list[str] = []
    used = 0
    for i, sent in enumerate(ref.sentences[: len(ref.sentence_spans)]):
        if used >= max_tokens:
            rows.append(
                note_html(f"shown: reference sentences 1-{i} of {len(ref.sentences)} (the first {used:,} tokens)")
            )
            break
        s0, e0 = ref.sentence_spans[i]
        spans: list[Span] = []
        for a, tok in enumerate(sent):
            who = finders.get((i, a))
            if not who:
                continue
            ok = credited.get((i, a))
            style = word_style(who, ok)
            if current is not None and current[0] == i and a in current[1]:
                style += " rl-current"
            spans.append(token_span(tok, style, word_title(i, a, tok, who, ok, cand), offset=s0))
        n = len(spans)
        rows.append(
            row_html(
                f"R{i + 1}  (union LCS: {n} of {counted(len(sent), 'word')})  ",
                analysis_html(ref, spans, start=s0, end=e0),
            )
        )
        used += len(sent)
        shown = 0
        lcss = [(j, marks) for j, marks in pairs.get(i, ()) if marks]
        for j, marks in lcss:
            if used >= max_tokens:  # every LCS word counts towards the bound, like the sentences
                rows.append(
                    note_html(
                        f"shown: the LCS of {shown} of the {len(lcss)} candidate sentences "
                        f"that share a word with R{i + 1}"
                    )
                )
                break
            on = current is not None and current[0] == i and current[2] == j
            rows.append(lcs_chips(sent, i, j, marks, finders, cand, current=on))
            used += len(marks)
            shown += 1
    return rows


def candidate_spans(cand: Analysis, finders: Finders, credited: Mapping[tuple[int, int], Optional[bool]]) -> list[Span]:
    """The candidate words in some sentence's LCS, in their sentence's colour and label; those whose
    reference word several sentences mark get the double underline; a word all of whose reference
    words went uncredited is struck through."""
    marks: dict[tuple[int, int], list[tuple[int, int, bool, Optional[bool]]]] = {}
    for (i, a), who in finders.items():
        shared = len({j for j, _ in who}) > 1
        for j, b in who:
            marks.setdefault((j, b), []).append((i, a, shared, credited.get((i, a))))
    spans: list[Span] = []
    for (j, b), refs in sorted(marks.items()):
        if j >= len(cand.sentences) or b >= len(cand.sentences[j]):
            continue
        shared = any(x[2] for x in refs)
        spent = all(x[3] is False for x in refs)
        style = tagged(sequence(j), sentence_tag(j)) + (" rl-shared" if shared else "") + (" rl-spent" if spent else "")
        title = (
            f"C{j + 1} word {b + 1}: in the LCS with "
            + ", ".join(f"R{i + 1} word {a + 1}" for i, a, _, _ in refs[:3])
            + (f" and {len(refs) - 3} more" if len(refs) > 3 else "")
            + ("; another sentence's LCS marks the same reference word: counted once" if shared else "")
        )
        spans.append(token_span(cand.sentences[j][b], style, title))
    return spans


def union_html(report: Report, label: str, ref_index: int, max_tokens: int = 1500) -> str:
    """Per reference sentence, its union LCS and each candidate sentence's full LCS with it (shared
    words marked "in both, counted once"); the candidate below in the same colours; the hit budget
    as a table. A flat LCS is drawn by :func:`ui.render.lcs.flat_html`."""
    e = lcs_explanation(report, label, ref_index)
    if is_flat(e):
        return flat_html(report, label, ref_index)
    ref, cand = report.references[ref_index], report.candidate
    finders = finders_of((p.reference_sentence, p.candidate_sentence, p.marks) for p in e.pairs)
    credited = {(m.reference_sentence, m.position): m.credited for m in e.marks}
    pairs: dict[int, list[tuple[int, Sequence[tuple[int, int]]]]] = {}
    for p in e.pairs:
        pairs.setdefault(p.reference_sentence, []).append((p.candidate_sentence, p.marks))
    rows = reference_rows(ref, finders, credited, pairs, cand, max_tokens)
    budget = e.kind != "union-unclipped"
    table = budget_table_rows(e.budgets)
    return page(
        legend(sentence_legend(j for j, _ in (w for who in finders.values() for w in who)) + UNION_LEGEND_BASE),
        scroll(*rows),
        row_html(
            "Candidate (each sentence's LCS words, in its colour)",
            analysis_html(cand, candidate_spans(cand, finders, credited)),
        ),
        budget_html(table, budget) if table else "",
        note_html(budget_line(report, label, ref_index)),
        *(note_html(n) for n in e.notes),
    )


UNION_COLUMNS = [
    "reference sentence",
    "position",
    "token",
    "candidate sentence",
    "candidate position",
    "candidate token",
    "in the LCS of",
    "credited",
]


def union_table(report: Report, label: str, ref_index: int) -> pd.DataFrame:
    """One row per union LCS mark (1-based sentences and positions), with the first candidate sentence
    whose LCS marks it and every sentence whose LCS does; flat LCS: one row per mark."""
    e = lcs_explanation(report, label, ref_index)
    ref, cand = report.references[ref_index], report.candidate
    rows: list[tuple[object, ...]] = []
    if is_flat(e):
        for pair in e.pairs:
            rt, ct = pair_tokens(report, ref_index, pair)
            for a, b in pair.marks:
                rows.append((None, a + 1, rt[a].text, None, b + 1, ct[b].text, "", True))
    else:
        finders = finders_of((p.reference_sentence, p.candidate_sentence, p.marks) for p in e.pairs)
        for m in e.marks:
            j, b = m.source
            who = finders.get((m.reference_sentence, m.position), [m.source])
            rows.append(
                (
                    m.reference_sentence + 1,
                    m.position + 1,
                    ref.sentences[m.reference_sentence][m.position].text,
                    j + 1,
                    b + 1,
                    cand.sentences[j][b].text,
                    ", ".join(f"C{jj + 1}" for jj, _ in who),
                    m.credited,
                )
            )
    return pd.DataFrame(rows, columns=UNION_COLUMNS)
