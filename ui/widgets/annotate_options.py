"""The Annotate page's annotator and options: the annotator's name, the task (rubric scores or content
units), blind mode, ROUGE-1 matches (never in blind mode) and the rubric judged on, all kept across
pages. The item fragment draws with these (:meth:`Options.where`)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from annotation import AnnotationStore, Rubric
from ui.widgets import kept
from ui.widgets.annotate_item import Where

#: The tasks and how the radio names them.
TASKS = {"rubric": "Rubric scores", "units": "Content units"}


@dataclass(frozen=True)
class Options:
    """Who judges and how: the name (stripped; empty until typed), the task, blind mode, whether the
    ROUGE-1 matches show and the rubric chosen."""

    annotator: str
    task: str
    blind: bool
    show_rouge: bool
    rubric: Rubric

    def where(self, corpus_id: int, digest: str) -> Where:
        """What the item fragment draws for this annotator on the stored corpus ``corpus_id``.

        >>> from annotation import Rubric
        >>> rubric = Rubric(1, "r", 1, "", ())
        >>> Options("ann", "units", False, True, rubric).where(7, "d1").task
        'units'
        """
        return Where(corpus_id, digest, self.annotator, self.blind, self.show_rouge, self.task, self.rubric)


def annotator_and_options(store: AnnotationStore) -> Options:
    """The name, task and modes in three columns, then the rubric (the store's rubrics, the SummEval
    rubric among them by default)."""
    c1, c2, c3 = st.columns([2, 2, 2])
    with c1:
        annotator = str(kept.value_widget(st.text_input, "Your name (annotator)", "annot_name", "")).strip()
    with c2:
        task = kept.value_widget(
            st.radio, "Task", "annot_task", "rubric", options=["rubric", "units"], horizontal=True,
            format_func=TASKS.__getitem__,
        )  # fmt: skip
    with c3:
        blind = bool(kept.value_widget(st.checkbox, "Blind mode (hide systems, shuffle)", "annot_blind", True))
        show_rouge = (
            bool(kept.value_widget(st.checkbox, "Show ROUGE-1 matches", "annot_rouge", False, disabled=blind))
            and not blind
        )
    rubrics = {r.name: r for r in store.rubrics()} or {}
    default_rubric = store.summeval_rubric()
    rubrics.setdefault(default_rubric.name, default_rubric)
    rubric_name = kept.value_widget(st.selectbox, "Rubric", "annot_rubric", default_rubric.name, options=list(rubrics))
    return Options(annotator, str(task), blind, show_rouge, rubrics.get(str(rubric_name), default_rubric))
