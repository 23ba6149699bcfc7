"""The Agreement page's human side: the headline that names the judgments in use, the buttons that load a
sample corpus with its published judgments, and the choice of a stored corpus, a criterion and the sources
of judgments averaged; then the systems x documents matrix of their scores, with what limits it.

Every function that draws returns None when it drew why nothing can be computed: the page stops there.
"""

from __future__ import annotations

from typing import Any, Optional

import streamlit as st

from annotation import AnnotationStore, StoreError, human_scores
from rouge_core.io.readers import ReadError
from rouge_core.stats.score_matrix import ScoreMatrix
from ui.compute import agreement_human as mh
from ui.compute.annotate import store_or_message
from ui.render.literal import md_literal
from ui.render.plural import counted
from ui.widgets import kept
from ui.widgets.agreement_pickers import pick
from ui.widgets.store_messages import failures_shown

MSG = "_agree_msg"  # the outcome of the last sample load, shown once on the next run
LOADERS = {
    "summeval": "Load the SummEval sample with its expert and crowd judgments",
    "realsumm": "Load the REALSumm sample with its LitePyramid recall",
}
QUESTION = "**Does ROUGE agree with people?** "
INTRO = (
    "Correlate ROUGE variants with human scores from the annotation "
    "store, per input across systems (summary level), over system means (system level) or over all "
    "summaries (global level), with bootstrap intervals (Deutsch et al., 2021)."
)


def headline() -> Any:
    """The page's headline (a placeholder: :func:`name_judgments` names the judgments once chosen)."""
    placeholder = st.empty()
    placeholder.markdown(QUESTION + INTRO)
    return placeholder


def named(judged: mh.Judged) -> str:
    """The headline once the judgments are chosen (user text shown literally).

    >>> from annotation import CorpusInfo
    >>> info = CorpusInfo(1, "my*corpus", "ab12", "jsonl", "lines", "", 2)
    >>> named(mh.Judged(info, (), "relevance", ("ann",), ())).split(". ")[0]
    '**Does ROUGE agree with people?** Human scores: **ann** (relevance in my\\\\*corpus)'
    """
    return (
        f"{QUESTION}Human scores: **{md_literal(', '.join(judged.sources), 200)}** "
        f"({md_literal(judged.criterion, 100)} in {md_literal(judged.info.name, 200)}). " + INTRO
    )


def name_judgments(placeholder: Any, judged: mh.Judged) -> None:
    """Name the judgments in use in the headline drawn by :func:`headline`."""
    placeholder.markdown(named(judged))


def last_load_message() -> None:
    """The outcome of the last sample load (once)."""
    message = st.session_state.pop(MSG, None)
    if isinstance(message, tuple):
        (st.success if message[0] == "ok" else st.error)(md_literal(message[1], 600))


def load_sample(sample: str) -> None:
    """Store a sample corpus and its published judgments (idempotent) and choose it (a button's callback)."""
    opened = store_or_message()
    if isinstance(opened, str):
        st.session_state[MSG] = ("error", f"The sample was not loaded: {opened}")
        return
    try:
        with opened as store:
            name, counts = mh.load_sample(store, sample)
            corpus_id = next(c.id for c in store.corpora() if c.name == name)
            judged = mh.criteria_and_sources(store, corpus_id)
    except (ReadError, StoreError, OSError) as e:
        st.session_state[MSG] = ("error", f"The sample was not loaded: {e}")
        return
    kept.set_value("agree_corpus", name)
    # Show the judgments just loaded, not the sources chosen before (say, a few test annotators' of that corpus).
    choice = mh.loaded_choice(judged, list(counts), str(kept.get_value("agree_criterion", "")))
    if choice is not None:
        kept.set_value("agree_criterion", choice[0])
        kept.set_value("agree_sources", choice[1])
    loaded = ", ".join(f"{n:,} {source}" for source, n in counts.items())
    st.session_state[MSG] = ("ok", f"{name} is in the annotation store with its judgments ({loaded}).")


def sample_buttons() -> None:
    """A button per sample corpus, side by side."""
    for box, (sample, label) in zip(st.columns(len(LOADERS)), LOADERS.items()):
        box.button(label, key=f"agree_load:{sample}", on_click=load_sample, args=(sample,), width="stretch")


def judgments() -> Optional[mh.Judged]:
    """The corpus, criterion and sources pickers over the annotation store, and the human scores they
    choose; None after a message (no store, no corpus, no judgments, no source, or a store that fails)."""
    opened = store_or_message()  # the Annotate page's function: the same message on both pages
    if isinstance(opened, str):
        st.error(md_literal(opened, 600))
        return None
    judged: Optional[mh.Judged] = None
    with opened as store, failures_shown():  # a store failing mid-read: its message, and judged stays None
        judged = _chosen(store)
    return judged


def _chosen(store: AnnotationStore) -> Optional[mh.Judged]:
    corpora = {c.name: c for c in store.corpora()}
    if not corpora:
        st.info(
            "The annotation store has no corpus yet. Load a sample above (SummEval: 6 systems on 20 articles, "
            "judged by 3 experts and 5 crowd workers), or load a corpus on the Annotate page and judge it."
        )
        return None
    c1, c2, c3 = st.columns([3, 2, 4])
    names = list(corpora)
    name = pick(c1.selectbox, "Corpus", "agree_corpus", names[0], names)
    info = corpora[name]
    judged = mh.criteria_and_sources(store, info.id)
    if not judged:
        st.info(
            md_literal(
                f"No judgments in {name} yet: judge it on the Annotate page, or import its published judgments there.",
                400,
            )
        )
        return None
    criteria = list(judged)
    relevance = next(iter(c for c in criteria if c == "relevance"), criteria[0])
    criterion = pick(c2.selectbox, "Criterion", "agree_criterion", relevance, criteria)
    offered = list(judged[criterion])
    experts = [s for s in offered if "expert" in s] or offered[:1]
    sources = pick(c3.multiselect, "Judgments from", "agree_sources", experts, offered)
    if not sources:
        st.info("Choose at least one source of judgments.")
        return None
    scores = human_scores(store, info.id, criterion, sources=sources)
    return mh.Judged(info, store.items(info.id), criterion, tuple(sources), scores)


def arranged(judged: mh.Judged) -> Optional[ScoreMatrix]:
    """The human scores as a systems x documents matrix, after what limits them (a warning stops: None)
    and a caption counting them."""
    try:
        human = mh.human_matrix(judged.scores)
    except ValueError as e:
        st.error(md_literal(f"These human scores cannot be arranged by system and document: {e}", 600))
        return None
    for problem in mh.human_problems(human, judged.what):
        (st.warning if problem.stop else st.info)(md_literal(problem.text, 600))
        if problem.stop:
            return None
    counts = [s.n for s in judged.scores]
    st.caption(
        md_literal(
            judged_line(len(judged.scores), len(human.systems), len(human.inputs), counts, judged.what),
            600,
        )
    )
    return human


def judged_line(summaries: int, systems: int, documents: int, counts: list[int], what: str) -> str:
    """The sentence under a loaded human source, each count with its noun in the right number.

    >>> judged_line(1, 1, 1, [1], "coherence")
    '1 summary by 1 system on 1 document; each human score is the mean of 1 judgment of coherence.'
    >>> judged_line(120, 6, 20, [2, 3], "relevance")
    '120 summaries by 6 systems on 20 documents; each human score is the mean of 2–3 judgments of relevance.'
    """
    low, high = min(counts), max(counts)
    judgments = counted(low, "judgment") if low == high else f"{low}–{high} judgments"
    return (
        f"{counted(summaries, 'summary', 'summaries')} by {counted(systems, 'system')} on "
        f"{counted(documents, 'document')}; each human score is the mean of {judgments} of {what}."
    )
