"""Agreement with humans: how well do ROUGE variants (a measure in a setting) agree with people's
judgments? Correlations at the summary, system and global levels with bootstrap intervals, Lin (2004)'s
grid of measures x CASE / STEM / STOP, a permutation test between two variants, and a scatter whose
points open the pair in Inspect."""

from __future__ import annotations

import hashlib
from functools import partial
from typing import Any, Optional

import streamlit as st

from annotation import StoreError, human_scores
from rouge_core.config import MAX_BOOTSTRAP_SAMPLES
from rouge_core.correlation_levels import MIN_GROUP
from rouge_core.readers import Document, ReadError
from ui import meta_eval_compute as me
from ui import meta_eval_human as mh
from ui import meta_eval_variants as mv
from ui.annotation_view import store_or_message
from ui.corpus_compute import measure, problems, too_large_message
from ui.render import meta_eval as view
from ui.render.corpus import STAT_NAMES
from ui.render.literal import md_literal
from ui.widgets import kept, state
from ui.widgets.corpus_input import SELECTED, arrived, open_in_inspect
from ui.widgets.store_messages import failures_shown

KEY = "agreement"  # the name open_in_inspect files the opened pair under
PAGE = "app_pages/agreement.py"
MSG = "_agree_msg"
LOADERS = {
    "summeval": "Load the SummEval sample with its expert and crowd judgments",
    "realsumm": "Load the REALSumm sample with its LitePyramid recall",
}


def pick(widget: Any, label: str, key: str, default: Any, options: list[Any], **kwargs: Any) -> Any:
    """A kept picker whose kept value falls back to ``default`` when it is no longer offered."""
    value = kept.get_value(key, default)
    ok = all(v in options for v in value) if isinstance(value, list) else value in options
    if not ok:
        kept.set_value(key, default)
    return kept.value_widget(widget, label, key=key, default=default, options=options, **kwargs)


def count(box: Any, label: str, key: str) -> int:
    """A kept number of resamples or permutations (1,000 by default)."""
    widget = box.number_input
    return int(
        kept.value_widget(widget, label, key=key, default=1000, min_value=1, max_value=MAX_BOOTSTRAP_SAMPLES, step=100)
    )


def load_sample(sample: str) -> None:
    """Store a sample corpus and its published judgments (idempotent) and choose it."""
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


def use_lin_grid() -> None:
    long_n = bool(kept.get_value("agree_long_n", False))
    measures = [m for m in mv.MEASURES if m in mv.LIN_GRID or (long_n and m in mv.LONG_N)]
    kept.set_value("agree_measures", measures)
    kept.set_value("agree_settings", list(mv.SETTINGS))


arrived()
st.title("ROUGE Lens · Agreement with humans")
headline = st.empty()  # names the judgments in use once they are chosen below
INTRO = (
    "Correlate ROUGE variants with human scores from the annotation "
    "store, per input across systems (summary level), over system means (system level) or over all "
    "summaries (global level), with bootstrap intervals (Deutsch et al., 2021)."
)
headline.markdown("**Does ROUGE agree with people?** " + INTRO)
message = st.session_state.pop(MSG, None)
if isinstance(message, tuple):
    (st.success if message[0] == "ok" else st.error)(md_literal(message[1], 600))

st.subheader("Human scores")
buttons = st.columns(len(LOADERS))
for box, (sample, label) in zip(buttons, LOADERS.items()):
    box.button(label, key=f"agree_load:{sample}", on_click=load_sample, args=(sample,), width="stretch")

opened = store_or_message()  # the Annotate page's function: the same message on both pages
if isinstance(opened, str):
    st.error(md_literal(opened, 600))
    st.stop()
with opened as store, failures_shown():
    corpora = {c.name: c for c in store.corpora()}
    if not corpora:
        st.info(
            "The annotation store has no corpus yet. Load a sample above (SummEval: 6 systems on 20 articles, "
            "judged by 3 experts and 5 crowd workers), or load a corpus on the Annotate page and judge it."
        )
        st.stop()
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
        st.stop()
    criteria = list(judged)
    criterion = pick(
        c2.selectbox,
        "Criterion",
        "agree_criterion",
        next(iter(c for c in criteria if c == "relevance"), criteria[0]),
        criteria,
    )
    offered = list(judged[criterion])
    experts = [s for s in offered if "expert" in s] or offered[:1]
    sources = pick(c3.multiselect, "Judgments from", "agree_sources", experts, offered)
    if not sources:
        st.info("Choose at least one source of judgments.")
        st.stop()
    scores = human_scores(store, info.id, criterion, sources=sources)
    items = store.items(info.id)

what = f"{criterion} ({', '.join(sources)}) in {name}"
headline.markdown(
    f"**Does ROUGE agree with people?** Human scores: **{md_literal(', '.join(sources), 200)}** "
    f"({md_literal(criterion, 100)} in {md_literal(name, 200)}). " + INTRO
)
try:
    human = mh.human_matrix(scores)
except ValueError as e:
    st.error(md_literal(f"These human scores cannot be arranged by system and document: {e}", 600))
    st.stop()
for problem in mh.human_problems(human, what):
    (st.warning if problem.stop else st.info)(md_literal(problem.text, 600))
    if problem.stop:
        st.stop()
counts = [s.n for s in scores]
st.caption(
    md_literal(
        f"{len(scores):,} summaries by {len(human.systems)} systems on {len(human.inputs):,} documents; each human "
        f"score is the mean of {min(counts)}{'' if min(counts) == max(counts) else f'–{max(counts)}'} "
        f"judgments of {what}.",
        600,
    )
)

st.subheader("ROUGE variants")
config = state.config()
c1, c2, c3 = st.columns([5, 4, 2])
measures = pick(c1.multiselect, "Measures", "agree_measures", ["ROUGE-1", "ROUGE-2", "ROUGE-L"], list(mv.MEASURES))
settings = pick(
    c2.multiselect,
    "Settings",
    "agree_settings",
    list(mv.SETTINGS),
    list(mv.SETTINGS),
    help="; ".join(mv.SETTING_NAMES.values()),
)
statistic = pick(
    c3.radio, "Statistic", "agree_stat", "F", list(me.STATISTICS), format_func=STAT_NAMES.__getitem__, horizontal=True
)
c1, c2, _ = st.columns([3, 3, 3], vertical_alignment="center")
c1.button("Lin (2004)'s grid × CASE, STEM, STOP", key="agree_lin", on_click=use_lin_grid, width="stretch")
kept.value_widget(c2.checkbox, "with ROUGE-5 … 9 (his 17 measures)", key="agree_long_n", default=False)
st.caption(
    md_literal(
        f"Profile {config.profile}, tokenizer {config.tokenizer}, alpha {config.alpha:g}, references "
        f"{config.multi_ref} and length limits come from the sidebar; each setting replaces the sidebar's stemming "
        "and stopwords (Lin's grid: ROUGE-1 … 4, L, W-1.2, S and SU with skip 4, 9 and unlimited).",
        400,
    )
)
variants = [mv.Variant(m, s) for m in measures for s in settings]
if not variants:
    st.info("Choose at least one measure and one setting.")
    st.stop()

st.subheader("Correlations")
c1, c2 = st.columns([4, 5])
levels = pick(c1.multiselect, "Levels", "agree_levels", list(me.LEVEL_NAMES), list(me.LEVEL_NAMES))
coefficients = pick(
    c2.multiselect,
    "Coefficients",
    "agree_coefs",
    list(me.COEFFICIENT_NAMES),
    list(me.COEFFICIENT_NAMES),
    format_func=me.COEFFICIENT_NAMES.__getitem__,
)
c3, c4, c5, _ = st.columns([3, 2, 2, 2])
resample = pick(
    c3.selectbox,
    "Bootstrap resamples",
    "agree_resample",
    "both",
    list(me.RESAMPLE_NAMES),
    format_func=me.RESAMPLE_NAMES.__getitem__,
)
samples = count(c4, "Samples", "agree_samples")
seed = int(kept.value_widget(c5.number_input, "Seed", key="agree_seed", default=0, min_value=0, step=1))
usable = mh.possible_levels(human, levels)
if not usable or not coefficients:
    st.info("Choose at least one level (with one system only the global level) and one coefficient.")
    st.stop()
run = me.RunSettings(tuple(usable), tuple(coefficients), resample, samples, seed, float(config.confidence) / 100)

pairs = me.pairs_of(items, human)
jobs = mv.plan(config, variants)
largest = max(jobs, key=lambda j: len(j.config.measure_labels())).config
found = [
    f"{system}: {'; '.join(p)}"
    for system, ps in pairs.items()
    if (p := problems(measure(tuple(Document(d, s, c, r) for s, d, c, r in ps)), largest))
]
if found:
    st.warning(md_literal(too_large_message(found), 2000))
    st.stop()
scored = me.score_variants(info.content_hash, pairs, jobs)
matrices = {v.label: me.metric_matrix(scored, pairs, v, statistic, human) for v in variants}
cells = me.all_cells(matrices, human.values, run)
signatures = {v.label: mv.variant_config(config, v).signature() for v in variants}
human_text = f"{name}: {criterion}, mean of {'+'.join(sources)}"
st.caption("Signature of this table (every variant's config signature is in the downloads)")
st.code(f"{run.signature()}|stat:{statistic}|human:{human_text}", language=None, wrap_lines=True)

heat, table, grid = st.tabs(["Heatmap", "Table", "Lin (2004) grid"])
with heat:
    st.plotly_chart(
        view.heatmap_figure(cells, run.confidence, f"ROUGE {statistic} vs {criterion}"), key="agree_heatmap"
    )
with table:
    wide = view.wide_frame(cells)
    fmt = st.column_config.NumberColumn(format="%.4f")
    st.dataframe(wide, hide_index=True, width="stretch", column_config={c: fmt for c in wide.columns if c != "variant"})
    with st.expander("Every cell with its interval and counts"):
        st.dataframe(view.long_frame(cells), hide_index=True, width="stretch")
with grid:
    g1, g2, _ = st.columns([2, 2, 5])
    grid_level = pick(g1.selectbox, "Level", "agree_grid_level", usable[0], list(usable))
    grid_coef = pick(g2.selectbox, "Coefficient", "agree_grid_coef", coefficients[0], list(coefficients),
                     format_func=me.COEFFICIENT_NAMES.__getitem__)  # fmt: skip
    st.dataframe(view.lin_grid(cells, grid_level, grid_coef), hide_index=True, width="stretch")
    st.caption("Rows: Lin (2004)'s settings; columns: the measures, as in his Tables 1–3 (transposed).")
small = {(c.level, c.note) for c in cells if c.note.startswith("too small")}
for level, note in sorted(small):
    st.info(md_literal(f"No {me.LEVEL_NAMES[level]} correlation: {note}. Its cells are grey.", 400))
notes = sorted({c.note for c in cells if c.note and not c.note.startswith("too small")})
if notes:
    st.caption(md_literal("Undefined cells: " + "; ".join(notes), 1200))
if MIN_GROUP <= len(human.systems) < 8:  # (fewer: the system level says it is too small)
    st.caption(
        f"With {len(human.systems)} systems the system-level coefficients rest on {len(human.systems)} points: "
        "their intervals span most of [-1, 1]."
    )
downloads = {
    "agreement.csv": ("Table CSV", partial(view.table_csv, cells, signatures, statistic, human_text, run.signature())),
    "agreement.tex": (
        "Table LaTeX",
        partial(view.table_latex, cells, signatures, statistic, human_text, run.signature(), run.confidence),
    ),
}
for box, (file_name, (label, make)) in zip(st.columns([2, 2, 5]), downloads.items()):
    mime = "text/csv" if file_name.endswith(".csv") else "text/x-tex"
    box.download_button(label, make, file_name, mime, key=f"agree_dl:{file_name}", on_click="ignore",
                        icon=":material/download:", width="stretch")  # fmt: skip

st.subheader("Human against ROUGE, summary by summary")
labels = [v.label for v in variants]
chosen = pick(st.selectbox, "Variant", "agree_scatter_variant", labels[0], labels)
frame = me.scatter_frame(matrices[chosen], human)
digest = hashlib.sha1(repr((info.content_hash, chosen, statistic, criterion, tuple(sources))).encode()).hexdigest()[:12]
left = st.session_state.get(SELECTED.format(key=KEY))  # the point last opened in Inspect, ringed
marked = (str(left[1]), str(left[2])) if isinstance(left, tuple) and left[0] == info.content_hash[:16] else None
event = st.plotly_chart(
    view.scatter_figure(frame, f"{chosen} {statistic}", criterion, marked),
    key=f"agree_scatter:{digest}",
    on_select="rerun",
    selection_mode="points",
)
point: Optional[tuple[str, str]] = me.picked_point(event, frame)
if point is not None:
    system, doc_id = point
    item = next(i for i in items if i.system == system and i.doc_id == doc_id)
    current, doc = me.inspect_target(info, item)
    open_in_inspect(KEY, current, system, doc, PAGE, anchor="agree_scatter:")

st.subheader("Do two variants differ?")
st.caption(
    "Deutsch et al.'s (2021) permutation test: swap the two variants' scores (systems, inputs or both, as the "
    "bootstrap above resamples) and count how often the difference of correlations is at least as large."
)
c1, c2, c3, c4, c5 = st.columns([3, 3, 2, 2, 2])
first = pick(c1.selectbox, "Variant A", "agree_perm_a", labels[0], labels)
second = pick(c2.selectbox, "Variant B", "agree_perm_b", labels[min(1, len(labels) - 1)], labels)
perm_level = pick(c3.selectbox, "Level", "agree_perm_level", usable[0], list(usable))
perm_coef = pick(c4.selectbox, "Coefficient", "agree_perm_coef", coefficients[0], list(coefficients),
                 format_func=me.COEFFICIENT_NAMES.__getitem__)  # fmt: skip
perm_samples = count(c5, "Permutations", "agree_perm_samples")
if first == second:
    st.info("Choose two different variants.")
    st.stop()
try:
    with st.spinner(f"{perm_samples:,} permutations..."):
        test = me.compare_variants(
            matrices[first], matrices[second], human.values, perm_level, perm_coef, resample, perm_samples, seed
        )
except ValueError as e:
    st.info(md_literal(f"The test is undefined here: {e}", 600))
    st.stop()
mark = "below" if test.p_value < 0.05 else "not below"
st.markdown(
    md_literal(
        f"{first}: {test.first:.4f}; {second}: {test.second:.4f}; difference {test.difference:+.4f}; "
        f"p = {test.p_value:.4f} ({test.count:,} of {test.samples_used:,} permutations at least as far apart; "
        f"{test.samples_dropped:,} undefined), {mark} 0.05.",
        800,
    )
)
st.caption(
    md_literal(f"PERM-{resample.upper()}, {perm_level} level, {me.COEFFICIENT_NAMES[perm_coef]}, seed {seed}.", 300)
)
