"""Common mistakes: wrong ROUGE code from tutorials, each run live next to the correct value."""

from __future__ import annotations

import streamlit as st

from rouge_core.teach.mistakes import MISTAKES
from ui.compute import budget
from ui.compute.pair import mistake_outcome, within_budget
from ui.render.differences import outcome_frame
from ui.render.literal import md_literal
from ui.widgets import kept, state
from ui.widgets.inputs import clip


def _reset(mid: str) -> None:
    m = MISTAKES[mid]
    kept.set_text(f"mis_{mid}_cand", m.candidate)
    kept.set_text(f"mis_{mid}_ref", m.reference)


st.title("Common mistakes")
st.caption(
    "Four mistakes that tutorials and quick implementations of ROUGE make. The wrong code is kept, "
    "deliberately, in rouge_core/teach/mistakes.py for teaching only; each runs live on an editable "
    "counter-example next to the correct value from rouge_core.evaluate (sidebar options, with the "
    "measure switched on)."
)
config = state.config()

for tab, (mid, m) in zip(st.tabs([m.tab for m in MISTAKES.values()]), MISTAKES.items()):
    with tab:
        st.markdown(f"**{m.title}.** {m.explanation}")
        wrong, right = st.columns(2)
        wrong.caption("Wrong")
        wrong.code(
            m.wrong, language="python", wrap_lines=True
        )  # wrapped: a sideways-scrolling box is out of a keyboard's reach
        right.caption("Right")
        right.code(m.right, language="python", wrap_lines=True)
        left, mid_col = st.columns(2)
        cand = kept.text_area(
            "Candidate (one sentence per line)", f"mis_{mid}_cand", m.candidate, container=left, height=90
        )
        ref = kept.text_area(
            "Reference (one sentence per line)", f"mis_{mid}_ref", m.reference, container=mid_col, height=90
        )
        st.button("Back to the counter-example", key=f"mis_{mid}_reset", on_click=_reset, args=(mid,))
        cand = clip(cand, "candidate")[0]
        ref = clip(ref, "reference")[0]
        if not within_budget(cand, [ref], config, budget.MISTAKES):  # the wrong code is O(m n) Python
            continue
        out = mistake_outcome(mid, cand, ref, config)
        if out.error:
            st.error(md_literal(f"The code as written raises {out.error}."))
        scores = [q for q in out.quantities if not q.count]
        for col, q in zip(st.columns(len(scores)), scores):
            col.metric(f"{q.name}: correct (rouge_core.evaluate)", f"{q.correct:.5f}")
            col.metric(
                f"{q.name}: mistaken",
                "crashes" if q.mistaken is None else f"{q.mistaken:.5f}",
                delta=None if q.mistaken is None or q.mistaken == q.correct else f"{q.mistaken - q.correct:+.5f}",
                delta_color="off",
            )
        st.dataframe(
            outcome_frame(out, config.profile),
            hide_index=True,
            width="stretch",
            column_config={
                c: st.column_config.NumberColumn(format="%.5f")
                for c in ("correct (rouge_core)", "mistaken", "difference")
            },
        )
        if all(q.mistaken == q.correct for q in out.quantities):
            st.info(
                "On this input the mistake happens to give the right numbers; the counter-example "
                "shows where it goes wrong."
            )
        if out.note:
            st.caption(out.note)
