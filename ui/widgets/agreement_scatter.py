"""The Agreement page's scatter of human against ROUGE scores, summary by summary: a variant picker, the
point last opened ringed, and a picked point opening its pair in Inspect (whose "Back to Agreement with
humans" returns here, scrolled to the scatter: :mod:`ui.widgets.way_back`)."""

from __future__ import annotations

import hashlib
from typing import Mapping, Optional

import numpy as np
import streamlit as st

from rouge_core.stats.score_matrix import ScoreMatrix
from ui.compute import agreement as me
from ui.compute import agreement_human as mh
from ui.render import agreement as view
from ui.widgets.agreement_pickers import pick
from ui.widgets.corpus_input import SELECTED, open_in_inspect

KEY = "agreement"  # the name open_in_inspect files the opened pair under
PAGE = "app_pages/agreement.py"  # where Inspect's way back returns to
ANCHOR = "agree_scatter:"  # the start of the scatter's key: the way back scrolls to it


def chart_key(judged: mh.Judged, variant: str, statistic: str) -> str:
    """The scatter's key: a new chart (and no stale selection) for another corpus, variant, statistic,
    criterion or set of sources.

    >>> from annotation import CorpusInfo
    >>> judged = mh.Judged(CorpusInfo(1, "c", "ab12", "jsonl", "lines", "", 2), (), "relevance", ("ann",), ())
    >>> key = chart_key(judged, "ROUGE-1 · CASE", "F")
    >>> key.startswith(ANCHOR), len(key) == len(ANCHOR) + 12, key == chart_key(judged, "ROUGE-1 · CASE", "R")
    (True, True, False)
    """
    what = (judged.info.content_hash, variant, statistic, judged.criterion, judged.sources)
    return ANCHOR + hashlib.sha1(repr(what).encode()).hexdigest()[:12]


def ringed(judged: mh.Judged) -> Optional[tuple[str, str]]:
    """The (system, doc_id) last opened in Inspect from this corpus's scatter, if any."""
    left = st.session_state.get(SELECTED.format(key=KEY))
    if isinstance(left, tuple) and left[0] == judged.info.content_hash[:16]:
        return str(left[1]), str(left[2])
    return None


def scatter(judged: mh.Judged, human: ScoreMatrix, matrices: Mapping[str, np.ndarray], statistic: str) -> None:
    """The variant picker and its scatter; a selected point opens its pair in Inspect."""
    labels = list(matrices)
    chosen = pick(st.selectbox, "Variant", "agree_scatter_variant", labels[0], labels)
    frame = me.scatter_frame(matrices[chosen], human)
    event = st.plotly_chart(
        view.scatter_figure(frame, f"{chosen} {statistic}", judged.criterion, ringed(judged)),
        key=chart_key(judged, chosen, statistic),
        on_select="rerun",
        selection_mode="points",
    )
    point = me.picked_point(event, frame)  # looked up on the module: tests replace it (AppTest cannot click)
    if point is not None:
        system, doc_id = point
        item = next(i for i in judged.items if i.system == system and i.doc_id == doc_id)
        current, doc = me.inspect_target(judged.info, item)
        open_in_inspect(KEY, current, system, doc, PAGE, anchor=ANCHOR)
