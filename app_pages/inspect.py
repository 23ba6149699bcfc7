"""Inspect a pair: paste or load summaries, see every ROUGE number and every match behind it."""

from __future__ import annotations

import streamlit as st

from rouge_core import split_sentences
from rouge_core.sentences import SPLITTER
from ui import budget
from ui.compute import report_for, within_budget
from ui.render.literal import md_literal
from ui.render.scores import (
    candidates_frame,
    headline_measures,
    per_reference_grid,
    report_json,
    scores_csv,
    scores_frame,
)
from ui.samples import OPENING_SAMPLE, load_samples
from ui.widgets import kept, state
from ui.widgets.corpus_input import back_to_corpus
from ui.widgets.inputs import InputError, clip, parse_record, parse_text_files
from ui.widgets.match_views import show_match_views

SAMPLES = load_samples()


def _load_sample() -> None:
    sid = st.session_state.get("sample_pick")
    if sid in SAMPLES:
        s = SAMPLES[sid]
        state.set_inputs(s.candidate, list(s.references), s.others)


def _split_preview() -> None:
    """Propose the split; nothing changes until the user applies it."""
    st.session_state.pop("_split_undo", None)
    new = (split_sentences(state.candidate()), [split_sentences(r) for r in state.references()])
    old = (state.candidate(), state.references())
    st.session_state["_split_preview"] = new if new != (old[0].strip(), [r.strip() for r in old[1]]) else "same"


def _split_apply() -> None:
    new = st.session_state.pop("_split_preview", None)
    if isinstance(new, tuple):
        st.session_state["_split_undo"] = (state.candidate(), state.references())
        state.set_inputs(new[0], list(new[1]))


def _split_undo() -> None:
    old = st.session_state.pop("_split_undo", None)
    if old is not None:
        state.set_inputs(old[0], list(old[1]))


def _split_cancel() -> None:
    st.session_state.pop("_split_preview", None)


def _split_panel() -> None:
    """The proposed split (before it is applied), or the undo button (after)."""
    preview = st.session_state.get("_split_preview")
    if preview == "same":
        st.session_state.pop("_split_preview", None)
        st.info("Every sentence is already on its own line: nothing to split.")
    elif isinstance(preview, tuple):
        with st.container(border=True):
            cand, refs = preview
            counts = ", ".join(
                [f"the candidate {len(cand.splitlines())} lines"]
                + [f"reference {k} {len(r.splitlines())} lines" for k, r in enumerate(refs, 1)]
            )
            st.markdown(f"**Split preview** ({SPLITTER}): {counts}. Nothing is changed until you apply it.")
            st.text(cand if len(cand) < 3000 else cand[:3000] + " ...")
            b1, b2, _ = st.columns([1, 1, 4])
            b1.button("Apply the split", on_click=_split_apply, type="primary")
            b2.button("Cancel", key="split_cancel", on_click=_split_cancel)
    elif st.session_state.get("_split_undo") is not None:
        st.button("Undo the split", on_click=_split_undo, help="Back to the texts as they were before the split.")


def _use_uploads() -> None:
    try:
        record = st.session_state.get("up_record")
        if record is not None:
            pair = parse_record(record.getvalue(), record.name)
        else:
            cand = st.session_state.get("up_cand")
            refs = st.session_state.get("up_refs") or []
            pair = parse_text_files(
                (cand.name, cand.getvalue()) if cand else None, [(f.name, f.getvalue()) for f in refs]
            )
    except InputError as exc:
        st.session_state["_upload_msg"] = ("error", str(exc))
        return
    state.set_inputs(pair.candidate, list(pair.references))
    st.session_state["_upload_msg"] = ("ok", " ".join(pair.messages) or "Loaded the uploaded summaries.")


state.init_inputs(SAMPLES[OPENING_SAMPLE].candidate, list(SAMPLES[OPENING_SAMPLE].references))
config = state.config()

st.title("ROUGE Lens · Inspect a pair")
back_to_corpus()  # only when Inspect was opened from a corpus row
st.markdown(
    "**See why ROUGE gives the number it gives**: every measure exactly as ROUGE-1.5.5, Google's "
    "rouge-score or Lin (2004) computes it, and every match behind it."
)
ways = st.columns(3)
ways[0].page_link("app_pages/learn.py", label="Learn a measure, step by step", icon=":material/school:")
ways[1].markdown(":material/search: **Inspect a pair**: paste below, or load a sample")
ways[2].page_link("app_pages/differences.py", label="Why do the packages' numbers differ?", icon=":material/balance:")

top = st.columns([3, 1, 1])
top[0].selectbox(
    "Load a sample",
    list(SAMPLES),
    key="sample_pick",
    index=None,
    placeholder="Choose an example (the paper's, news, non-English)...",
    format_func=lambda k: f"{SAMPLES[k].title} — {SAMPLES[k].teaches}",
    on_change=_load_sample,
)
top[1].button(
    "Split sentences for me",
    on_click=_split_preview,
    help=f"For text written without line breaks: shows each sentence on its own line ({SPLITTER}: "
    "abbreviations, initials, acronyms and decimals are not cut), then you apply or cancel.",
)
top[2].button("Add reference", on_click=state.add_reference)

_split_panel()

with st.expander("Upload files instead"):
    st.file_uploader(
        "One JSON / JSONL record with 'candidate' and 'references'", type=["json", "jsonl"], key="up_record"
    )
    c1, c2 = st.columns(2)
    c1.file_uploader("or the candidate as a .txt file", type=["txt"], key="up_cand")
    c2.file_uploader("and the references, one .txt file each", type=["txt"], key="up_refs", accept_multiple_files=True)
    st.button("Use the uploaded files", on_click=_use_uploads)
    if msg := st.session_state.pop("_upload_msg", None):
        (st.error if msg[0] == "error" else st.success)(md_literal(msg[1], 600))

st.caption("One sentence per line (summary-level ROUGE-L compares sentence by sentence). " + budget.INSPECT.describe())
left, right = st.columns(2)
kept.text_area("Candidate (one sentence per line)", state.CAND, container=left, height=110)
with left:
    for k, oid in enumerate(state.other_ids(), start=2):
        kept.text_area(f"Candidate {k}", state.other_name(oid), height=90)
        st.button(
            f"Remove candidate {k}", key=f"rm_cand_{oid}", on_click=state.remove_other, args=(oid,), type="tertiary"
        )
    st.button(
        "Compare another candidate",
        key="add_cand",
        on_click=state.add_other,
        icon=":material/add:",
        type="tertiary",
        help="More candidates against the same references, side by side (e.g. several systems' outputs).",
    )
ids = state.ref_ids()
with right:
    for k, rid in enumerate(ids, start=1):
        kept.text_area(f"Reference {k}", state.ref_name(rid), height=110 if len(ids) == 1 else 90)
        if len(ids) > 1:
            st.button(
                f"Remove reference {k}", key=f"rm_{rid}", on_click=state.remove_reference, args=(rid,), type="tertiary"
            )

state.remember_in_address()
candidate, cut = clip(state.candidate(), "candidate")
messages = [cut] if cut else []
references = []
for k, text in enumerate(state.references(), start=1):
    text, cut = clip(text, f"reference {k}")
    references.append(text)
    if cut:
        messages.append(cut)
for m in messages:
    st.warning(md_literal(m))

if config.rouge_l:
    one_line = [
        name
        for name, t in [("the candidate", candidate)] + [(f"reference {k}", r) for k, r in enumerate(references, 1)]
        if "\n" not in t.strip() and len(split_sentences(t).splitlines()) > 1
    ]
    if one_line:
        st.warning(
            f"ROUGE-L (summary level) sees {', '.join(one_line)} as a single sentence: the text "
            "is on one line but reads as several sentences. Use 'Split sentences for me' if the "
            "sentences should count separately."
        )

candidates = [candidate]
for k, text in enumerate(state.others(), start=2):
    text, cut = clip(text, f"candidate {k}")
    candidates.append(text)
    if cut:
        st.warning(md_literal(cut))
if not all(within_budget(c, references, config, budget.INSPECT) for c in candidates):
    st.stop()
with st.spinner("Scoring and explaining every match...", show_time=True):
    reports = [report_for(c, references, config) for c in candidates]
report = reports[0]
if len(reports) > 1:
    st.subheader("Candidates side by side")
    names = ["Candidate"] + [f"Candidate {k}" for k in range(2, len(reports) + 1)]
    stat = st.radio("Show", ["F", "R", "P"], horizontal=True, key="inspect_cmp_stat")
    side = candidates_frame(reports, names, str(stat))  # a radio with options: never None
    st.dataframe(
        side,
        hide_index=True,
        width="stretch",
        column_config={c: st.column_config.NumberColumn(format="%.5f") for c in side.columns[2:]},
    )
    if kept.get_value("inspect_shown", 0) >= len(reports):
        kept.set_value("inspect_shown", 0)
    shown = kept.value_widget(
        st.selectbox,
        "Scores and matches below are for",
        "inspect_shown",
        0,
        options=list(range(len(reports))),
        format_func=lambda i: names[i],
    )
    report = reports[shown]
for note in report.notes:
    st.info(md_literal(note))
if config.tokenizer == "rouge155":
    lost = [
        d.text
        for a in (report.candidate, *report.references)
        for d in a.dropped
        if not d.text.isascii() and any(ch.isalpha() for ch in d.text)
    ]
    if lost:
        st.info(
            md_literal(
                f"The rouge155 tokenizer (like the Perl script) drops or splits non-ASCII words such "
                f"as {', '.join(repr(x[:40]) for x in lost[:4])}. Choose the 'unicode' tokenizer in "
                "the sidebar to score them.",
                600,
            )
        )

st.subheader("Scores")
profile_text = {
    "rouge155": "ROUGE-1.5.5 (rounded to 5 decimals, as the Perl script prints)",
    "rouge-score": "Google's rouge-score",
    "paper": "Lin (2004) as written",
}[config.profile]
st.caption(
    f"Profile: {profile_text}. Counts: hits / reference total / candidate total; "
    f"{len(references)} reference(s), combined by '{config.multi_ref}'."
)
headline = headline_measures(report)
for col, label in zip(st.columns(max(len(headline), 1)), headline):
    sc = report.measures[label].score
    col.metric(
        f"{report.display_name(label)} F",
        f"{sc.fmeasure:.5f}",
        help=f"F = {sc.fmeasure:.5f}, P = {sc.precision:.5f}, R = {sc.recall:.5f}",
    )
    col.caption(f"P {sc.precision:.5f} · R {sc.recall:.5f}")
frame = scores_frame(report)
fmt = "%.5f"
st.dataframe(
    frame,
    hide_index=True,
    width="stretch",
    column_config={
        "precision": st.column_config.NumberColumn(format=fmt),
        "recall": st.column_config.NumberColumn(format=fmt),
        "F": st.column_config.NumberColumn(format=fmt),
        "notes": st.column_config.TextColumn(width="large"),
    },
)
d1, d2, _ = st.columns([1, 1, 4])
d1.download_button(
    "Download CSV",
    scores_csv(report),
    "rouge_scores.csv",
    "text/csv",
    help="Exact numbers, integer counts, the config's signature and the texts' ids (content hashes).",
)
d2.download_button("Download JSON", report_json(report), "rouge_scores.json", "application/json")
if len(references) > 1:
    with st.expander("Per-reference breakdown", expanded=config.multi_ref != "pooled"):
        stat = st.radio(
            "Show",
            ["F", "R", "P"],
            horizontal=True,
            key="inspect_grid_stat",
            help="Each measure against each reference alone; the last row combines them.",
        )
        grid = per_reference_grid(report, str(stat))  # a radio with options: never None
        st.dataframe(
            grid,
            hide_index=True,
            width="stretch",
            column_config={c: st.column_config.NumberColumn(format=fmt) for c in grid.columns if c != "reference"},
        )

st.subheader("Matches behind the numbers")
show_match_views(report, key="inspect")
