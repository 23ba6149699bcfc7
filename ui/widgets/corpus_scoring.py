"""The Corpus page's scoring: the system scored (one at a time), the budget, the time estimate, and the
scores themselves (``ui.compute.corpus``'s cache, or now with a progress bar)."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.io.readers import Corpus
from ui.compute.corpus import CORPUS, ScoredSystem, is_cached, problems, scored, size_of, too_large_message
from ui.render.literal import md_literal
from ui.widgets.corpus_input import Loaded, persistent
from ui.widgets.estimate import estimate_shown


def system_to_score(corpus: Corpus) -> str:
    """The system scored: the only one, or the one picked (a kept picker shown when there are several)."""
    systems = list(corpus.systems())
    if len(systems) == 1:
        return systems[0]
    return persistent(
        st.selectbox, "System (scored one at a time)", "corpus_system", systems[0], options=systems, width=400
    )


def score_the_corpus(current: Loaded, system: str, config: RougeConfig) -> Optional[ScoredSystem]:
    """The budget's caption, then ``system`` scored under ``config``; None (with the reason shown) when the
    corpus is over the budget. Before a first scoring, the estimated time stands where the progress bar
    runs, and goes when the scores are in."""
    size = size_of(current, system)
    st.caption(md_literal(CORPUS.describe(), 1000))
    found = problems(size, config)
    if found:
        st.warning(md_literal(too_large_message(found), 1500))
        return None
    wait = f"{size.pairs:,} pairs, {size.words:,} words: about {max(size.seconds(config), 0.1):,.1f} s to score."
    with estimate_shown(None if is_cached(current, system, config) else wait):
        return scored(current, system, config)
