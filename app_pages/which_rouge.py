"""Which ROUGE? (corpus): two configurations on one system of a corpus; both averages, the gap B - A
with its interval, how much of it each differing setting (and each rule) accounts for, and the
documents that differ, each one click away from the single-pair differences view."""

from __future__ import annotations

import hashlib
from dataclasses import fields
from functools import partial
from typing import Any

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.presets import PRESETS
from rouge_core.systems import Statistic
from ui import budget
from ui.corpus_compute import size_of
from ui.gap_compute import CONFIDENCE, GAP, SAMPLES, SEED, gap_for, is_cached, lcs_match, plan, problems, seconds
from ui.gap_compute import too_large_message as gap_too_large
from ui.render import setting_gap as view
from ui.render.literal import md_literal
from ui.widgets import kept, state
from ui.widgets.corpus_input import corpus_loader, loaded
from ui.widgets.options import apply_settings

ss = st.session_state
KEY = "corpus"  # the Corpus page's loader key: a corpus loaded there is here too
DIFF_PAGE = "app_pages/differences.py"
SIDEBAR = "the sidebar's settings"
CHOICES = [SIDEBAR, *PRESETS]
DEFAULT_A = next(p for p in PRESETS if p.startswith("ROUGE-1.5.5 -n 2 -m"))
DEFAULT_B = next(p for p in PRESETS if p.startswith("rouge-score defaults"))
STATS: dict[str, Statistic] = {"F": "fmeasure", "R": "recall", "P": "precision"}


def _config(choice: str) -> RougeConfig:
    return state.config() if choice == SIDEBAR else PRESETS[choice]


def _pick(widget: Any, label: str, key: str, default: Any, options: list[Any], **kwargs: Any) -> Any:
    """A kept picker whose kept value falls back to ``default`` when it is no longer offered."""
    if kept.get_value(key, default) not in options:
        kept.set_value(key, default)
    return kept.value_widget(widget, label, key, default, options=options, **kwargs)


def _reset_match() -> None:
    """A or B changed: the ROUGE-L / rougeL pairing goes back to its default for the new pair."""
    kept.forget_value("gap_match")


def _send(doc_id: str, system: str, note: str) -> bool:
    """Hand one document to the differences page (its own inputs), with a message to show there."""
    current = loaded(KEY)
    doc = None if current is None else next((d for d in current.corpus.for_system(system) if d.doc_id == doc_id), None)
    if doc is None:
        return False
    where = f" (system {system[:40]})" if system else ""
    ss["_diff_open"] = (
        "\n".join(doc.candidate),
        ["\n".join(r) for r in doc.references],
        f"Document {doc_id[:60]}{where}, opened from Which ROUGE? (corpus). {note}",
    )
    return True


def _on_select(table: str, ids: tuple[str, ...], system: str, choice_a: str) -> None:
    """A row was selected (in the browser): put config A into the sidebar, hand the document over, and
    switch pages at the start of the next run (before anything is recomputed under the new sidebar)."""
    try:
        rows = list(ss[table]["selection"]["rows"])
    except (KeyError, TypeError):
        return
    if not rows or not 0 <= rows[0] < len(ids):
        return
    note = "The sidebar holds config A, so its profiles are compared under A's options."
    if choice_a != SIDEBAR:
        a = PRESETS[choice_a]
        apply_settings({f.name: getattr(a, f.name) for f in fields(RougeConfig)})
        short = choice_a.split(" (")[0][:50]
        note = f"The sidebar now holds config A ({short}), so its profiles are compared under A's options."
    if _send(ids[rows[0]], system, note):
        ss["_gap_go"] = True


if ss.pop("_gap_go", False):
    st.switch_page(DIFF_PAGE)

st.title("Which ROUGE? (corpus)")
st.markdown(
    "**Two ROUGE configurations on a whole corpus**: both averages, the gap B − A with its interval, how "
    "much of it each differing setting accounts for (each switched alone, from A's value to B's), and the "
    "documents that differ; select one to see it in *Why do the numbers differ?*."
)
corpus = corpus_loader(KEY)
current = loaded(KEY)
if corpus is None or current is None:
    st.info("Load a sample or your own data above to compare two configurations on it.")
    st.stop()

st.subheader("A against B")
left, right = st.columns(2)
with left:
    choice_a = kept.value_widget(st.selectbox, "Config A", "gap_a", DEFAULT_A, options=CHOICES, on_change=_reset_match)
    st.code(_config(choice_a).signature(), language=None, wrap_lines=True)
with right:
    choice_b = kept.value_widget(st.selectbox, "Config B", "gap_b", DEFAULT_B, options=CHOICES, on_change=_reset_match)
    st.code(_config(choice_b).signature(), language=None, wrap_lines=True)
a, b = _config(choice_a), _config(choice_b)

systems = list(corpus.systems())
c1, c2, c3, c4 = st.columns([3, 2, 2, 3], vertical_alignment="bottom")
system = systems[0]
if len(systems) > 1:
    with c1:
        system = _pick(st.selectbox, "System (compared one at a time)", "gap_system", systems[0], systems)
with c2:
    letter = kept.value_widget(
        st.radio,
        "Statistic",
        "gap_stat",
        "F",
        options=list(STATS),
        horizontal=True,
        help="F = F-measure, R = recall, P = precision: the gap, the shares and the documents are about this one.",
    )
with c3:
    cap = int(
        kept.value_widget(
            st.number_input,
            "Explanation cap (documents)",
            "gap_cap",
            50,
            min_value=0,
            max_value=GAP.max_cap,
            step=10,
            help="The rule detectors examine this many documents, the largest differences first.",
        )
    )
pairing = lcs_match(a, b)
match = None
if pairing is not None:
    rouge_score_preset = any(c != SIDEBAR and PRESETS[c].profile == "rouge-score" for c in (choice_a, choice_b))
    with c4:
        la, lb = next(iter(pairing.items()))
        if kept.value_widget(
            st.checkbox,
            f"Pair {la} with {lb}",
            "gap_match",
            rouge_score_preset,
            help="Also compare the summary-level ROUGE-L (rougeLsum) with rouge-score's flat rougeL: the number "
            "most papers report as 'ROUGE-L' from rouge-score.",
        ):
            match = pairing
statistic = STATS[letter]

try:
    todo = plan(a, b, match, cap, len(corpus.for_system(system)))
except ValueError as exc:
    st.error(md_literal(f"These two configurations cannot be compared: {exc}.", 800))
    st.stop()
size = size_of(current, system)
st.caption(md_literal(GAP.describe(), 1000))
found = problems(size, todo)
if found:
    st.warning(md_literal(gap_too_large(found), 1500))
    st.stop()
estimate = st.empty()
if not is_cached(current, system, a, b, match, statistic, cap):
    estimate.caption(
        f"{size.pairs:,} pairs, {size.words:,} words, {todo.scorings} scorings and up to {todo.examined:,} examined "
        f"documents: about {max(seconds(size, todo), 0.1):,.1f} s."
    )
try:
    result = gap_for(current, system, a, b, match, statistic, cap)
except ValueError as exc:  # e.g. a document ID twice in one system
    estimate.empty()
    st.error(md_literal(f"This corpus cannot be compared: {exc}.", 800))
    st.stop()
estimate.empty()
gap = result.gap

of = f", system {system}" if system else ""
st.caption(
    md_literal(
        f"{gap.n_documents:,} documents of {result.corpus}{of}; {view.STAT_NAME[statistic]}; each config's "
        f"averages as evaluate_corpus reports them; {CONFIDENCE:g} % intervals of the mean per-document "
        f"difference from {SAMPLES:,} paired resamples (seed {SEED}). Computed in {result.seconds:,.1f} s; kept "
        "for a rerun.",
        800,
    )
)
if gap.signature_a == gap.signature_b:
    st.info("No difference: A and B are the same configuration, so every average is the same and there is no gap.")
st.table(view.literal_frame(view.overview_frame(gap)), hide_index=True)
if gap.signature_a == gap.signature_b:
    st.stop()
for note in gap.notes:
    st.caption(md_literal(f"Note: {note}", 600))

st.subheader("One measure, and where its gap comes from")
keys = {view.measure_key(m): m for m in gap.measures}
default_key = next((k for k in keys if k.startswith("ROUGE-L|")), next(iter(keys)))
chosen = _pick(
    st.selectbox, "Measure", "gap_measure", default_key, list(keys), format_func=lambda k: view.measure_name(keys[k])
)
m = keys[chosen]
stat_letter = view.STAT_LETTER[statistic]
cards = st.columns(3)
cards[0].metric(f"A: {m.name_a} {stat_letter}", view.score(getattr(m.average_a, statistic)))
cards[1].metric(f"B: {m.name_b} {stat_letter}", view.score(getattr(m.average_b, statistic)))
cards[2].metric("B − A", view.signed(m.delta))
st.caption(md_literal(view.interval_sentence(m, CONFIDENCE), 600))
for note in m.notes:
    st.caption(md_literal(f"Note: {note}", 600))
st.markdown(f"**{md_literal(view.summary_sentence(gap, m), 600)}**")
st.table(view.literal_frame(view.attribution_frame(gap, m)), hide_index=True)
st.caption(
    "Shares are of B − A and are rounded to one decimal each: the settings' shares and the remainder's add up "
    "to 100 % (the total row). A negative share moves A's average away from B's. A rule's share is shown "
    "where its switch is known; otherwise its part stays inside its setting's share."
)
if m.unexplained:
    st.warning(
        md_literal(
            "Examined documents where the profile moves the score but no rule is named: "
            + ", ".join(m.unexplained[:20]),
            800,
        )
    )
if m.remainder_share is not None:  # no gap: nothing to draw
    st.plotly_chart(view.attribution_figure(gap, m), key=f"gap_chart:{chosen}", config={"displaylogo": False})
if m.rules:
    with st.expander("The documents each rule applies to"):
        st.dataframe(view.rule_documents_frame(m), hide_index=True, width="stretch")

st.subheader("The documents that differ, largest difference first")
frame = view.documents_frame(m)
most = max((len(d.references) for d in corpus.for_system(system)), default=0)
if frame.empty:
    st.info(f"No document differs: A and B give every document the same {view.STAT_NAME[statistic]} here.")
else:
    st.caption(
        f"{len(frame):,} of {gap.n_documents:,} documents differ. Select a row to open the document in *Why do "
        "the numbers differ?*, with config A's settings put into the sidebar."
    )
    if most > budget.DIFFERENCES.max_references:
        st.caption(
            f"These documents have up to {most} references; *Why do the numbers differ?* computes at most "
            f"{budget.DIFFERENCES.max_references}, so there a document with more shows its texts and says why it is "
            "not scored (its scores are in the table above)."
        )
    digest = hashlib.sha1(
        repr((result.digest, system, chosen, gap.signature_a, gap.signature_b, statistic, cap, match)).encode()
    ).hexdigest()[:12]
    table = f"gap_docs:{digest}"
    fmt = st.column_config.NumberColumn(format="%.5f")
    event = st.dataframe(
        frame,
        key=table,
        hide_index=True,
        width="stretch",
        height=min(38 + 35 * len(frame), 500),
        column_config={
            "id": st.column_config.TextColumn(pinned=True),
            f"A {stat_letter}": fmt,
            f"B {stat_letter}": fmt,
            "B − A": st.column_config.NumberColumn(format="%+.5f"),
            "rules": st.column_config.TextColumn(width="medium"),
        },
        on_select=partial(_on_select, table, tuple(frame["id"]), system, choice_a),
        selection_mode="single-row",
    )
    picked = event.selection.rows
    if picked and 0 <= picked[0] < len(frame):  # a selection the callback did not see (a test, a restored state)
        if _send(str(frame["id"].iloc[picked[0]]), system, "Shown with the sidebar's settings."):
            st.switch_page(DIFF_PAGE)

st.subheader("Downloads")
downloads = st.container(horizontal=True)
downloads.download_button(
    "Per-document differences (CSV)",
    partial(view.documents_csv, gap),
    "setting_gap_documents.csv",
    "text/csv",
    key="gap_dl:csv",
    on_click="ignore",
    icon=":material/download:",
    help="Every compared measure's documents that differ: both scores, B − A, settings, rules, both signatures.",
)
downloads.download_button(
    "Whole comparison (JSON)",
    partial(view.gap_json, gap, result.corpus, system, choice_a, choice_b),
    "setting_gap.json",
    "application/json",
    key="gap_dl:json",
    on_click="ignore",
    icon=":material/download:",
    help="The whole SettingGap: both signatures, the settings that differ, every measure's averages, gap, "
    "interval, attribution and documents.",
)
