"""ROUGE-N: the candidate's n-grams checked one by one against the reference's (clipped), then the
worked arithmetic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.measures.scoring import Counts
from rouge_core.teach.steps import MAX_WALK_TOKENS
from ui.compute.pair import ngram_walk, report_for
from ui.learn.asking import answer_records
from ui.learn.walk import signature, stepped
from ui.render import learn as rl
from ui.widgets import kept

if TYPE_CHECKING:
    from ui.learn.sections import Section


def order() -> int:
    """The section's n (its widget's value, kept across page and section switches)."""
    return int(kept.get_value("learn_n_order", 2))


def configure(base: RougeConfig) -> tuple[RougeConfig, str]:
    """ROUGE-n alone, n from this section (2 until it is changed).

    >>> cfg, label = configure(RougeConfig())
    >>> label, cfg.measure_labels()
    ('ROUGE-2', ['ROUGE-1', 'ROUGE-2'])
    """
    n = order()
    return base.with_(max_n=n, rouge_l=False, flat_lcs=False, wlcs_weight=None, skip_distance=None), f"ROUGE-{n}"


def draw(section: Section, base: RougeConfig, ref_text: str, cand_text: str) -> None:
    """n, the n-gram walk-through and the worked arithmetic."""
    n = int(
        kept.value_widget(st.number_input, "n (n-gram length)", "learn_n_order", 2, min_value=1, max_value=4, step=1)
    )
    cfg, label = section.configure(base)
    report = report_for(cand_text, [ref_text], cfg)
    ref, cand = report.references[0], report.candidate
    m = report.measures[label]
    c = m.counts or Counts(0, 0, 0)  # None only where ROUGE-1.5.5 dies (ROUGE-W): never for ROUGE-N
    if len(cand.tokens) > MAX_WALK_TOKENS:
        st.info(f"The candidate has {len(cand.tokens)} words; the walk-through lists up to {MAX_WALK_TOKENS}.")
    else:
        steps = ngram_walk(cand.keys, ref.keys, n)

        def frame(k: int) -> str:
            done = rl.total_done("hits", steps[-1].hits, c.hit) if steps and k == len(steps) else None
            so_far = rl.ngram_frame(steps, k, n).to_html(index=False, escape=True, border=0, classes="rl-table")
            return (
                rl.ngram_walk_html(steps, k, cand, ref, n)
                + rl.step_box(rl.ngram_lines(steps, k, n), done)
                + f"<details><summary>The {n}-grams checked so far</summary>{so_far}</details>"
            )

        stepped(
            section.id,
            len(steps),
            frame,
            signature(ref_text, cand_text, cfg.signature()),
            answer_records("ngram", steps, n=n, reference=list(ref.keys), alpha=base.alpha),
        )
    st.markdown("**Worked arithmetic** (sidebar profile and α)")
    st.code(
        "\n".join(
            rl.ratio_lines(c.hit, c.model, c.peer, m.score, "hits", f"reference {n}-grams", f"candidate {n}-grams")
            + rl.f_lines(m.score, base.alpha, base.behaviour.rounding)
        ),
        language=None,
    )
