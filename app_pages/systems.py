"""Systems: two or more systems on the same references; scores with intervals, a ranking, a matrix of
paired tests, win/tie/loss, and a per-document scatter of two systems whose points open in Inspect."""

from __future__ import annotations

import hashlib
from functools import partial
from typing import Any, Optional, cast

import streamlit as st

from rouge_core.comparison import METHODS
from rouge_core.config import MAX_BOOTSTRAP_SAMPLES
from rouge_core.measures import display_name
from rouge_core.systems import STATISTICS, Convention, Statistic
from ui.corpus_compute import is_cached, problems, size_of, too_large_message
from ui.render import systems as view
from ui.render.corpus import STAT_NAMES
from ui.render.literal import md_literal
from ui.systems_compute import Settings, compare, restricted, score_systems, shared_documents
from ui.widgets import kept, state
from ui.widgets.corpus_input import Loaded, arrived, corpus_loader, loaded, open_in_inspect

KEY = "corpus"  # the Corpus page's loader key: a corpus loaded there is here too
PAGE = "app_pages/systems.py"
LETTERS: dict[str, Statistic] = {letter: cast(Statistic, name) for name, (letter, _) in STATISTICS.items()}
ALPHAS = (0.001, 0.01, 0.05, 0.1)


def pick(widget: Any, label: str, key: str, default: Any, options: list[Any], **kwargs: Any) -> Any:
    """A kept picker whose kept value falls back to ``default`` when it is no longer offered."""
    value = kept.get_value(key, default)
    ok = all(v in options for v in value) if isinstance(value, list) else value in options
    if not ok:
        kept.set_value(key, default)
    return kept.value_widget(widget, label, key=key, default=default, options=options, **kwargs)


def _points(event: Any) -> Optional[list[int]]:
    """The positions of the points selected on the scatter (None: nothing selected)."""
    try:
        points = event["selection"]["points"]
        found = [int(p["point_index"]) for p in points if int(p.get("curve_number", 0)) == 0]
    except (KeyError, TypeError, ValueError):
        return None
    return found or None


arrived()
st.title("ROUGE Lens · Systems")
st.markdown(
    "**Rank two or more systems** scored on the same references: each system's score with its bootstrap "
    "interval, every pair tested, and two systems side by side, document by document."
)
corpus = corpus_loader(KEY)
current = loaded(KEY)
if corpus is None or current is None:
    st.info("Load a sample or your own data above: the SummEval sample has 6 systems on 20 documents.")
    st.stop()
everyone = list(corpus.systems())
if len(everyone) < 2:
    st.info(
        md_literal(
            f"This corpus has one system ({everyone[0] or 'unnamed'}): a comparison needs two or more systems on "
            "the same documents. Load data with a system field (e.g. SummEval's model_id) or several systems.",
            600,
        )
    )
    st.stop()

config = state.config()
labels = config.measure_labels()
if not labels:
    st.info("The sidebar's options score no measure: switch one on to compare systems.")
    st.stop()
names = {label: display_name(label, config.profile) for label in labels}

st.subheader("What to compare")
c1, c2, c3 = st.columns([5, 2, 3])
chosen = pick(c1.multiselect, "Systems", "sys_systems", everyone, everyone)
measure = pick(
    c2.selectbox,
    "Measure",
    "sys_measure",
    "ROUGE-2" if "ROUGE-2" in labels else labels[0],
    labels,
    format_func=names.__getitem__,
)
letter = pick(
    c3.radio, "Statistic", "sys_stat", "F", list(LETTERS), format_func=STAT_NAMES.__getitem__, horizontal=True
)
c1, c2 = st.columns([4, 5])
convention = pick(
    c2.radio,
    "Averaging convention",
    "sys_convention",
    "mean",
    list(view.CONVENTION_NAMES),
    format_func=view.CONVENTION_NAMES.__getitem__,
    horizontal=True,
)
method = pick(
    c1.radio,
    "Test",
    "sys_test",
    "bootstrap",
    list(METHODS),
    format_func=view.METHOD_NAMES.__getitem__,
    help="Both p-values are two-sided (rouge_core.significance). System intervals always come from the bootstrap.",
)
c1, c2, c3, _ = st.columns([2, 2, 2, 3])
what = "resamples" if method == "bootstrap" else "shuffles"
samples = int(
    kept.value_widget(
        c1.number_input,
        f"Samples ({what})",
        key=f"sys_samples_{method}",
        default=METHODS[method],
        min_value=1,
        max_value=MAX_BOOTSTRAP_SAMPLES,
        step=100,
    )
)
seed = int(kept.value_widget(c2.number_input, "Seed", key="sys_seed", default=0, min_value=0, step=1))
alpha = float(pick(c3.selectbox, "Mark p below", "sys_alpha", 0.05, list(ALPHAS), format_func=lambda a: f"{a:g}"))

if len(chosen) < 2:
    st.info("Choose two or more systems.")
    st.stop()
shared = shared_documents(corpus, chosen)
target: Loaded = current
dropped: tuple[str, ...] = ()
if shared.dropped:
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
        st.stop()
    if len(shared.kept) < 2:
        st.error(f"The systems share {len(shared.kept)} document(s): a comparison needs at least 2.")
        st.stop()
    target, dropped = restricted(current, chosen, shared.kept), shared.dropped

found = [f"{s}: {'; '.join(p)}" for s in chosen if (p := problems(size_of(target, s), config))]
if found:
    st.warning(md_literal(too_large_message(found), 2000))
    st.stop()
todo = [s for s in chosen if not is_cached(target, s, config)]
note = st.empty()
if todo:
    seconds = sum(size_of(target, s).seconds(config) for s in todo)
    note.caption(f"{len(todo)} system(s) to score: about {max(seconds, 0.1):,.1f} s.")
scored = score_systems(target, chosen, config)
note.empty()
settings = Settings(
    measure, LETTERS[letter], cast(Convention, convention), method, samples, seed, float(config.confidence)
)
try:
    with st.spinner(f"Testing {len(chosen) * (len(chosen) - 1) // 2:,} pairs, {samples:,} {what} each..."):
        result = compare(scored, settings)
except ValueError as e:
    st.error(md_literal(f"These systems cannot be compared: {e}", 1500))
    st.stop()
cmp = result.comparison
documents = len(result.scores[chosen[0]].doc_ids)

st.subheader("Ranking and pairwise tests")
st.caption(md_literal(view.describe(cmp, names[measure], documents), 600))
# A wide matrix goes under the ranking, at full width.
left, right = st.columns([5, 6]) if len(chosen) <= 7 else (st.container(), st.container())
with left:
    ranking = view.ranking_frame(cmp, alpha)
    st.dataframe(
        ranking,
        hide_index=True,
        width="stretch",
        column_config={
            view.stat_letter(cmp): st.column_config.NumberColumn(format="%.5f"),
            "rank": st.column_config.NumberColumn(width="small"),
        },
    )
    st.caption(
        "Ranks order the scores, best first; equal scores share a rank. The interval is the percentile "
        f"bootstrap of each system's score ({cmp.samples:,} resamples of the documents)."
    )
with right:
    st.html(view.p_matrix_html(cmp, alpha))
    n_pairs = len(cmp.pairs)
    st.caption(
        f"Two-sided p-values of {view.METHOD_NAMES[cmp.method]}, rows and columns in rank order (above the "
        f"diagonal the row's system scores higher). **Bold**, marked \\{view.MARK} and grey: p < {alpha:g}. "
        f"{n_pairs} pairs, no correction for multiple comparisons: with no real difference about "
        f"{n_pairs * alpha:.2g} would be marked by chance. Hover a cell for delta and win/tie/loss."
    )
conf = f"{cmp.confidence:g}%"
pairs = view.pairs_frame(cmp, alpha)
st.dataframe(
    pairs,
    hide_index=True,
    width="stretch",
    height=min(38 + 35 * len(pairs), 600),
    column_config={
        "A score": st.column_config.NumberColumn(format="%.5f"),
        "B score": st.column_config.NumberColumn(format="%.5f"),
        view.DELTA: st.column_config.NumberColumn(format="%+.5f"),
        "p-value": st.column_config.NumberColumn(format="%.5f"),
    },
)
st.caption(
    f"delta = A − B; the {conf} interval of delta comes from the paired bootstrap's resamples (randomization has "
    "none). win/tie/loss: documents where A's own value is above, level with, below B's."
)
st.caption("Signature of this comparison, then of the scoring options (both in every download)")
st.code(f"{cmp.signature}\n{config.signature()}", language=None, wrap_lines=True)
if config.behaviour.perl_corpus and convention == "mean":
    st.caption(
        "The scores here are the plain mean of the per-pair scores; the Corpus page's rouge155 average is "
        "ROUGE-1.5.5's mean of its resample means, which can differ in the last digits."
    )
st.caption(
    f"Scored in {sum(s.seconds for s in scored.values()):,.1f} s (kept for a rerun); compared in "
    f"{result.seconds:,.2f} s. A new test, seed or number of samples reruns the comparison only."
)
d = st.columns(3)
files = [
    ("Ranking CSV", partial(view.ranking_csv, cmp, config.signature()), "systems_ranking.csv", "text/csv"),
    ("Pairs CSV", partial(view.pairs_csv, cmp, alpha, config.signature()), "systems_pairs.csv", "text/csv"),
    (
        "Comparison JSON",
        partial(
            view.comparison_file,
            cmp,
            alpha,
            config.signature(),
            config.perl_flags(),
            current.source.name,
            documents,
            dropped,
        ),
        "systems_comparison.json",
        "application/json",
    ),
]
for box, (label, make, name, mime) in zip(d, files):
    box.download_button(
        label, make, name, mime, key=f"sys_dl:{name}", on_click="ignore", icon=":material/download:", width="stretch"
    )

st.subheader("Two systems, document by document")
ranked = list(cmp.ranking)
c1, c2, _ = st.columns([2, 2, 3])
a = pick(c1.selectbox, "System A (across)", "sys_a", ranked[0], ranked)
b = pick(c2.selectbox, "System B (up)", "sys_b", ranked[1] if ranked[1] != a else ranked[0], ranked)
if a == b:
    st.info("Choose two different systems.")
    st.stop()
frame = view.per_document(result.scores, a, b)
what_value = f"{names[measure]} {letter}"
digest = hashlib.sha1(repr((target.digest, a, b, cmp.signature, config.signature())).encode()).hexdigest()[:12]
left, right = st.columns(2)
with left:
    event = st.plotly_chart(
        view.scatter_figure(frame, a, b, what_value),
        key=f"sys_scatter:{digest}",
        on_select="rerun",
        selection_mode=("points", "box", "lasso"),
    )
pair = cmp.pair(a, b)
with right:
    r = pair.record
    st.markdown(
        md_literal(f"{a} vs {b}: delta {pair.test.delta:+.5f}, p {pair.test.p_value:.5f}; ", 400)
        + md_literal(f"{a} above on {r.wins}, level on {r.ties}, below on {r.losses} documents.", 400)
    )
    picked = _points(event)
    if picked is None:
        st.caption("Select points on the figure (box or lasso) to list those documents here.")
    else:
        rows = view.selected_frame(frame, picked, a, b)
        st.caption(f"{len(rows):,} selected. Select a row to open that document in Inspect with A's candidate.")
        fmt = st.column_config.NumberColumn(format="%.5f")
        cols: dict[str, Any] = {c: fmt for c in rows.columns if c != "id"}
        cols |= {
            "id": st.column_config.TextColumn(width="medium"),
            view.DELTA: st.column_config.NumberColumn(format="%+.5f"),
        }
        table = st.dataframe(
            rows,
            key=f"sys_docs:{digest}",
            hide_index=True,
            width="stretch",
            height=min(38 + 35 * len(rows), 420),
            column_config=cols,
            on_select="rerun",
            selection_mode="single-row",
        )
        if table.selection.rows:
            doc_id = str(rows.iloc[table.selection.rows[0]]["id"])
            doc = next(d for d in corpus.for_system(a) if d.doc_id == doc_id)
            other = [d for d in corpus.for_system(b) if d.doc_id == doc_id]  # B's candidate beside A's
            open_in_inspect(KEY, current, a, doc, PAGE, other, anchor="sys_docs:")
