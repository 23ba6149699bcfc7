"""ROUGE-L at summary level: each reference sentence's union LCS with the candidate's sentences, with
or without the hit budget of the sidebar's profile, then the worked arithmetic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.measures.scoring import Counts
from rouge_core.teach.steps import MAX_WALK_SENTENCES, MAX_WALK_TOKENS
from ui.compute.pair import report_for, union_walk
from ui.learn.asking import answer_records
from ui.learn.walk import signature, stepped
from ui.render import learn as rl

if TYPE_CHECKING:
    from ui.learn.sections import Section


def draw(section: Section, base: RougeConfig, ref_text: str, cand_text: str) -> None:
    """The hit budget in use, the union walk-through and the worked arithmetic."""
    cfg, label = section.configure(base)
    report = report_for(cand_text, [ref_text], cfg)
    ref, cand = report.references[0], report.candidate
    m = report.measures[label]
    c = m.counts or Counts(0, 0, 0)  # None only where ROUGE-1.5.5 dies (ROUGE-W): never for ROUGE-L
    e = m.per_reference[0].explanation
    budget = e is not None and e.kind == "union"
    st.caption(
        "Hit budget: "
        + ("on (ROUGE-1.5.5 / rouge-score)" if budget else "off (the paper's formula)")
        + f", from the sidebar's profile '{base.profile}'."
    )
    if (
        max(len(ref.sentences), len(cand.sentences)) > MAX_WALK_SENTENCES
        or max(len(ref.tokens), len(cand.tokens)) > MAX_WALK_TOKENS
    ):
        st.info(
            f"The walk-through lists up to {MAX_WALK_SENTENCES} sentences and {MAX_WALK_TOKENS} words a side; "
            "the arithmetic is exact."
        )
    else:
        steps = union_walk(ref.sentence_keys, cand.sentence_keys, budget, (ref.keys, cand.keys))

        def frame(k: int) -> str:
            done = rl.total_done("Σ LCS∪ hits", steps[-1].hits, c.hit) if steps and k == len(steps) else None
            return rl.union_walk_html(steps, k, ref, cand, budget) + rl.step_box(
                rl.union_lines(steps, k, ref, cand), done
            )

        stepped(
            section.id,
            len(steps),
            frame,
            signature(ref_text, cand_text, cfg.signature(), budget),
            answer_records("union", steps, reference=ref.sentence_keys, candidate=cand.sentence_keys, alpha=base.alpha),
        )
    st.markdown("**Worked arithmetic** (sidebar profile and α)")
    st.code(
        "\n".join(
            rl.ratio_lines(
                c.hit, c.model, c.peer, m.score, "Σ LCS∪(r_i, C)", "m (reference words)", "n (candidate words)"
            )
            + rl.f_lines(m.score, base.alpha, base.behaviour.rounding)
        ),
        language=None,
    )
