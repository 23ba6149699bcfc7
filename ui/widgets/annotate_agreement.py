"""The Annotate page's Agreement and Disagreements tabs: Krippendorff's alpha per criterion over the
judgments of chosen sources, and the items whose values spread most. Both read every judgment of the
corpus, so each is computed only while its toggle is on, and never on a judgment (the item is a
fragment: a judgment does not rerun this part)."""

from __future__ import annotations

import streamlit as st

from annotation import AnnotationStore, Judgment, Rubric
from ui.compute.annotate import agreement_table, disagreement_table
from ui.widgets import kept


def _picked(store: AnnotationStore, corpus_id: int) -> list[Judgment]:
    """The judgments of this corpus from the chosen sources (none chosen: all)."""
    judgments = store.judgments(corpus_id)
    sources = sorted({j.source for j in judgments})
    held = kept.get_value("annot_sources", []) or []
    if any(x not in sources for x in held):  # another corpus: keep only the sources it has
        kept.set_value("annot_sources", [x for x in held if x in sources])
    chosen = kept.value_widget(
        st.multiselect, "Judgments from (none chosen: all)", "annot_sources", [], options=sources
    )
    return [j for j in judgments if j.source in (chosen or sources)]


def agreement(store: AnnotationStore, corpus_id: int, rubric: Rubric) -> None:
    """The toggle, then (when on) the sources to use and the alpha table of the rubric's criteria."""
    if not kept.value_widget(st.toggle, "Compute agreement between annotators", "annot_agree_on", False):
        st.caption("Krippendorff's alpha per criterion, computed when you switch it on.")
        return
    picked = _picked(store, corpus_id)
    if not picked:
        st.caption("No judgments yet.")
        return
    st.dataframe(agreement_table(picked, [c.name for c in rubric.criteria]), hide_index=True, width="stretch")
    st.caption("Krippendorff's alpha (ordinal and interval) per criterion over the annotators of these judgments.")


def disagreements(store: AnnotationStore, corpus_id: int, rubric: Rubric) -> None:
    """The toggle, then (when on) a criterion, a spread and the items spreading more, on the Agreement
    tab's sources."""
    if not kept.value_widget(st.toggle, "Find the items annotators disagree on", "annot_dis_on", False):
        return
    chosen = kept.get_value("annot_sources", []) or []  # the Agreement tab's choice of sources
    picked = [j for j in store.judgments(corpus_id) if not chosen or j.source in chosen]
    names = [c.name for c in rubric.criteria]
    crit = kept.value_widget(st.selectbox, "Disagreements on", "annot_dis_crit", names[0], options=names)
    threshold = kept.value_widget(st.slider, "Spread above", "annot_dis_thr", 1.0, min_value=0.0, max_value=4.0,
                                  step=0.5)  # fmt: skip
    table = disagreement_table(picked, str(crit), {it.id: it for it in store.items(corpus_id)}, float(threshold))
    st.dataframe(table, hide_index=True, width="stretch")
