"""ROUGE-L at sentence level (and, with a weight, ROUGE-W): one sentence pair picked from the texts,
its table cell by cell, then the traceback, and the worked arithmetic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

import streamlit as st

from rouge_core import Report, RougeConfig
from rouge_core.measures.explain import LcsExplanation
from rouge_core.measures.scoring import Counts
from rouge_core.teach.steps import MAX_STEP_TOKENS, CellStep, TraceStep
from ui.compute.pair import report_for, table_walk
from ui.learn.asking import answer_records
from ui.learn.walk import signature, stepped
from ui.render import learn as rl
from ui.render import step_table
from ui.render.runs import runs_compare_html
from ui.render.wlcs import wlcs_arithmetic
from ui.widgets import kept

if TYPE_CHECKING:
    from ui.learn.sections import Section


def configure(base: RougeConfig) -> tuple[RougeConfig, str]:
    """ROUGE-L alone, with the sidebar's profile, tokenizer, stemming, stopwords and α.

    >>> cfg, label = configure(RougeConfig(profile="paper", max_n=4, skip_distance=4))
    >>> label, cfg.measure_labels(), cfg.profile
    ('ROUGE-L', ['ROUGE-L'], 'paper')
    """
    return base.with_(max_n=None, rouge_l=True, flat_lcs=False, wlcs_weight=None, skip_distance=None), "ROUGE-L"


def _line(side: Any, i: int) -> str:
    """The text of sentence i of an analysed summary."""
    spans = side.sentence_spans
    return side.text[spans[i][0] : spans[i][1]] if i < len(spans) else " ".join(t.text for t in side.sentences[i])


def _pick_pair(sec: str, report: Report) -> Optional[tuple[int, int]]:
    ref, cand = report.references[0], report.candidate
    if not ref.sentences or not cand.sentences:
        st.info("Type a reference and a candidate with at least one word each.")
        return None
    if len(ref.sentences) == 1 and len(cand.sentences) == 1:
        return 0, 0
    pick = []
    for col, key, side, name in zip(st.columns(2), ("rs", "cs"), (ref, cand), ("Reference", "Candidate")):
        key = f"learn_{sec}_{key}"
        first = next((i for i, s in enumerate(side.sentences) if s), 0)  # the first sentence with words
        if kept.get_value(key, first) not in range(len(side.sentences)):
            kept.set_value(key, first)
        with col:
            pick.append(
                kept.value_widget(
                    st.selectbox,
                    f"{name} sentence to walk through",
                    key,
                    first,
                    options=list(range(len(side.sentences))),
                    format_func=lambda i, s=side, p=name[0]: (
                        f"{p}{i + 1}: " + " ".join(t.text for t in s.sentences[i][:10])
                    ),
                )
            )
    return pick[0], pick[1]


def _questions(
    cells: Sequence[CellStep],
    trace: Sequence[TraceStep],
    rk: list[str],
    ck: list[str],
    weight: Optional[float],
    alpha: float,
) -> list[dict[str, object]]:
    """The table's questions, then the traceback's (stepped after the table's cells)."""
    words = {"reference": rk, "candidate": ck}
    if weight is None:
        table = answer_records("lcs_table", cells, alpha=alpha, **words)
    else:
        table = answer_records("wlcs_table", cells, weight=weight, alpha=alpha, **words)
    return table + answer_records("lcs_traceback", trace, cells=list(cells), offset=len(cells), **words)


def draw(section: Section, base: RougeConfig, ref_text: str, cand_text: str) -> None:
    """One sentence pair, its table cell by cell, then the traceback (ROUGE-W: with the run lengths)."""
    sec = section.id
    cfg, label = section.configure(base)
    weighted = cfg.wlcs_weight is not None
    report = report_for(cand_text, [ref_text], cfg)
    pick = _pick_pair(sec, report)
    if pick is None:
        return
    sub = report_for(_line(report.candidate, pick[1]), [_line(report.references[0], pick[0])], cfg)
    w = float(cfg.wlcs_weight or 1.0) if weighted else 1.0
    rt = sub.references[0].sentences[0] if sub.references[0].sentences else ()
    ct = sub.candidate.sentences[0] if sub.candidate.sentences else ()
    if len(rt) > MAX_STEP_TOKENS or len(ct) > MAX_STEP_TOKENS:
        st.info(
            f"This sentence pair has {len(rt)} x {len(ct)} words; the cell-by-cell walk-through works up to "
            f"{MAX_STEP_TOKENS} words a side. Pick shorter sentences or shorten the text (the Inspect page "
            "draws the full table). The arithmetic below is exact."
        )
    else:
        rk, ck = [t.key for t in rt], [t.key for t in ct]
        cells, trace = table_walk(rk, ck, w)
        total = len(cells) + len(trace)
        e = sub.measures[label].per_reference[0].explanation
        core = e.pairs[0] if isinstance(e, LcsExplanation) and e.pairs else None
        script = weighted and e is not None and e.kind == "wlcs-union"

        def frame(k: int) -> str:
            tables = [step_table.table_html(cells, trace, k, rt, ct, weight=w)]
            if weighted:  # Lin's w table of run lengths below the c table (stacked: long sentences fit)
                tables.append(step_table.table_html(cells, trace, k, rt, ct, runs=True))
            done = rl.table_done(cells, trace, rt, core, w, script) if k == total and total else None
            out = step_table.walk_html(*tables) + rl.step_box(rl.cell_lines(cells, trace, k, rt, ct, w), done)
            if weighted and k == total and total and core is not None:
                out += runs_compare_html(rt, ct, core.marks, w, script)
            return out

        stepped(
            sec,
            total,
            frame,
            signature(rk, ck, [t.text for t in rt], [t.text for t in ct], w, script, cfg.signature(), pick),
            _questions(cells, trace, rk, ck, w if weighted else None, cfg.alpha),
            empty="this sentence pair has no words to compare after tokenizing (pick another "
            "sentence, or another tokenizer in the sidebar)",
        )
    m = sub.measures[label]
    st.markdown("**Worked arithmetic** (this pair, sidebar profile and α)")
    if weighted and cfg.behaviour.wlcs_double_weight:
        st.caption(
            "ROUGE-1.5.5 weights the recall denominator twice, f(Σ|M_i|^w), so its ROUGE-W recall is "
            "not the paper's eq. 13; choose the 'paper' profile in the sidebar for Lin's formula."
        )
    if weighted:
        lines = wlcs_arithmetic(sub, label, 0).text.splitlines()
    else:
        c = m.counts or Counts(0, 0, 0)  # None only where ROUGE-1.5.5 dies (ROUGE-W, not here)
        lines = rl.ratio_lines(c.hit, c.model, c.peer, m.score, "LCS", "m", "n")
    st.code("\n".join(lines + rl.f_lines(m.score, cfg.alpha, cfg.behaviour.rounding)), language=None)
