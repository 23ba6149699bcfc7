"""The Annotate page's rubric editor: the chosen rubric's criteria in an editable table, saved as the
rubric's next version (judgments keep the version they were made on); what happened is said once."""

from __future__ import annotations

from typing import Any

import streamlit as st

from annotation import AnnotationStore, Rubric, StoreError
from ui.compute.annotate import criterion_specs
from ui.widgets import kept
from ui.widgets.annotate_message import say


def rubric_editor(store: AnnotationStore, rubric: Rubric) -> None:
    """An expander with the rubric's name and criteria; "Save rubric" stores them (a rubric the store
    refuses, or a scale that is not a number, is said, and nothing is stored) and reruns the page."""
    with st.expander("Edit the rubric (saving makes a new version; judgments keep the version they were made on)"):
        name = kept.value_widget(st.text_input, "Rubric name", "annot_rubric_name", rubric.name)
        rows: list[dict[str, Any]] = [
            {"name": c.name, "description": c.description, "min": c.scale_min, "max": c.scale_max}
            for c in rubric.criteria
        ]
        edited = st.data_editor(rows, num_rows="dynamic", key=f"annot_rubric_rows_{rubric.id}", width="stretch")
        if st.button("Save rubric", key="annot_rubric_save"):
            try:
                saved = store.save_rubric(str(name), criterion_specs(edited))
                say("ok", f"Saved rubric {saved.name} version {saved.version}.")
            except (StoreError, ValueError, TypeError, KeyError) as e:
                say("error", f"Rubric not saved: {e}")
            st.rerun()
