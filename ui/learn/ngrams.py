"""ROUGE-N: the candidate's n-grams checked one by one against the reference's (clipped), then the
worked arithmetic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.measures.scoring import Counts
from rouge_core.teach.steps import MAX_WALK_TOKENS
from ui.compute.pair import ngram_walk, report_for
from ui.learn.walk import stepped
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

        def draw_step(k: int) -> None:
            st.html(rl.ngram_walk_html(steps, k, cand, ref, n))
            done = rl.total_done("hits", steps[-1].hits, c.hit) if steps and k == len(steps) else None
            st.html(rl.step_box(rl.ngram_lines(steps, k, n), done))
            with st.expander(f"The {n}-grams checked so far"):
                st.dataframe(rl.ngram_frame(steps, k, n), hide_index=True, width="stretch")

        stepped(section.id, len(steps), draw_step)
    st.markdown("**Worked arithmetic** (sidebar profile and α)")
    st.code(
        "\n".join(
            rl.ratio_lines(c.hit, c.model, c.peer, m.score, "hits", f"reference {n}-grams", f"candidate {n}-grams")
            + rl.f_lines(m.score, base.alpha, base.behaviour.rounding)
        ),
        language=None,
    )
