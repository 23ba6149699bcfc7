"""The Systems page's documents to compare on: all of them, or, when some system lacks documents (or the
references differ), the shared ones once the user agrees to drop the rest (a kept checkbox)."""

from __future__ import annotations

from typing import Optional, Sequence

import streamlit as st

from rouge_core.io.readers import Corpus
from ui.compute.systems import restricted, shared_documents
from ui.render.literal import md_literal
from ui.render.plural import counted
from ui.widgets import kept
from ui.widgets.corpus_input import Loaded

#: The data a comparison scores, and the document IDs it dropped (none: every document).
Target = tuple[Loaded, tuple[str, ...]]


def documents_to_compare(corpus: Corpus, current: Loaded, chosen: Sequence[str]) -> Optional[Target]:
    """``current`` as it is when every chosen system has every document with the same references;
    otherwise a warning naming what is lacking and a checkbox to compare on the shared documents: then
    the restricted data and the dropped IDs, or None (said on the page) while nothing can be compared."""
    shared = shared_documents(corpus, chosen)
    if not shared.dropped:
        return current, ()
    lacking = ", ".join(shared.lacking) or "none (the references differ)"
    st.warning(
        md_literal(
            f"Not every system has every document with the same references. Systems lacking documents: {lacking}. "
            + "; ".join(shared.problems)
            + ".",
            1500,
        )
    )
    common = kept.value_widget(
        st.checkbox,
        f"Compare on the {len(shared.kept):,} documents every system has "
        f"(drops {len(shared.dropped):,} of {shared.total:,})",
        key="sys_common",
        default=False,
    )
    if not common:
        return None
    if len(shared.kept) < 2:
        st.error(f"The systems share {counted(len(shared.kept), 'document')}: a comparison needs at least 2.")
        return None
    return restricted(current, chosen, shared.kept), shared.dropped
