"""ROUGE-S and ROUGE-SU: the skip distance and unigram switch, the candidate's skip-bigrams checked
pair by pair against the reference's, then the worked arithmetic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.measures.scoring import Counts
from rouge_core.teach.steps import MAX_STEP_TOKENS
from ui.compute.pair import report_for, skip_walk
from ui.learn.asking import answer_records
from ui.learn.walk import signature, stepped
from ui.render import learn as rl
from ui.render import step_table
from ui.widgets import kept

if TYPE_CHECKING:
    from ui.learn.sections import Section


def distance() -> int:
    """The section's skip distance (-1: no limit), from its widgets' kept values."""
    return -1 if kept.get_value("learn_s_unlimited", True) else int(kept.get_value("learn_s_dist", 4))


def with_unigrams() -> bool:
    """Whether the section shows ROUGE-SU rather than ROUGE-S."""
    return bool(kept.get_value("learn_s_su", False))


def configure(base: RougeConfig) -> tuple[RougeConfig, str]:
    """ROUGE-S and ROUGE-SU at this section's distance (no limit until it is set); the label is the
    one shown (S until unigrams are added).

    >>> cfg, label = configure(RougeConfig())
    >>> label, cfg.measure_labels()
    ('ROUGE-S*', ['ROUGE-S*', 'ROUGE-SU*'])
    """
    cfg = base.with_(
        max_n=None,
        rouge_l=False,
        flat_lcs=False,
        wlcs_weight=None,
        skip_distance=distance(),
        rouge_s=True,
        rouge_su=True,
    )
    return cfg, cfg.measure_labels()[1 if with_unigrams() else 0]


def draw(section: Section, base: RougeConfig, ref_text: str, cand_text: str) -> None:
    """The distance and SU switches, the pair-by-pair walk-through and the worked arithmetic."""
    c1, c2, c3 = st.columns(3)
    with c1:
        unlimited = kept.value_widget(st.checkbox, "no skip limit (ROUGE-S*)", "learn_s_unlimited", True)
    with c2:
        kept.value_widget(
            st.number_input, "skip distance d", "learn_s_dist", 4, min_value=0, max_value=50, disabled=unlimited
        )
    with c3:
        kept.value_widget(st.checkbox, "add unigrams (ROUGE-SU)", "learn_s_su", False)
    dist, su = distance(), with_unigrams()
    cfg, label = section.configure(base)
    report = report_for(cand_text, [ref_text], cfg)
    ref, cand = report.references[0], report.candidate
    m = report.measures[label]
    c = m.counts or Counts(0, 0, 0)  # None only where ROUGE-1.5.5 dies (ROUGE-W): never for ROUGE-S
    long = [
        f"the {side} has {n:,} words"
        for side, n in (("reference", len(ref.tokens)), ("candidate", len(cand.tokens)))
        if n > MAX_STEP_TOKENS
    ]
    if long:
        st.info(
            f"{' and '.join(long).capitalize()}; the pair-by-pair walk-through works up to {MAX_STEP_TOKENS} "
            "words a side. The arithmetic below is exact."
        )
    else:
        steps = skip_walk(cand.keys, ref.keys, dist, su, base)

        def frame(k: int) -> str:
            sub = f"step {k} of {len(steps)}: " + rl.skip_lines(steps, k)[0] if k else rl.SKIP_START
            table = step_table.skip_table_html(label, report.candidate.tokens, steps, k, sub)
            done = None
            if steps and k == len(steps):
                done = rl.total_done("hits", steps[-1].hits, c.hit) + (
                    f"; counted {steps[-1].counted}, rouge_core's candidate total {rl.num(c.peer)} "
                    f"{rl.check(steps[-1].counted == c.peer)}"
                )
            return step_table.walk_html(table) + rl.step_box(rl.skip_lines(steps, k, dist), done)

        stepped(
            section.id,
            len(steps),
            frame,
            signature(ref_text, cand_text, cfg.signature(), label),
            answer_records(
                "skip",
                steps,
                reference=list(ref.keys),
                distance=dist,
                su=su,
                su_last=base.behaviour.su_last_unigram,
                alpha=base.alpha,
            ),
        )
    st.markdown("**Worked arithmetic** (sidebar profile and α)")
    what = "skip-bigrams" + (" + unigrams" if su else "")
    st.code(
        "\n".join(
            [f"m = {len(ref.tokens)} reference words, n = {len(cand.tokens)} candidate words"]
            + rl.ratio_lines(c.hit, c.model, c.peer, m.score, "SKIP2 (hits)", f"reference {what}", f"candidate {what}")
            + rl.f_lines(m.score, base.alpha, base.behaviour.rounding)
        ),
        language=None,
    )
