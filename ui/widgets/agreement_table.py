"""The Agreement page's correlation table: its signature line, the heatmap / table / Lin (2004) grid tabs
(the grid with its own level and coefficient pickers), why some cells are empty, and the CSV and LaTeX
downloads. Every number is a :class:`~ui.compute.agreement.Cell`; :mod:`ui.render.agreement` draws them."""

from __future__ import annotations

from functools import partial
from typing import Callable, Sequence

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.stats.correlation_levels import MIN_GROUP
from ui.compute import agreement as me
from ui.compute import agreement_human as mh
from ui.compute import agreement_variants as mv
from ui.render import agreement as view
from ui.render.literal import md_literal
from ui.widgets.agreement_pickers import pick
from ui.widgets.agreement_variants import Chosen

#: Below this many systems a caption says the system-level intervals span most of [-1, 1].
FEW_SYSTEMS = 8


def signature(run: me.RunSettings, statistic: str, judged: mh.Judged) -> None:
    """The line naming every setting of the table (and, in the downloads, every variant's config)."""
    st.caption("Signature of this table (every variant's config signature is in the downloads)")
    st.code(f"{run.signature()}|stat:{statistic}|human:{judged.text}", language=None, wrap_lines=True)


def tabs(cells: Sequence[me.Cell], run: me.RunSettings, statistic: str, criterion: str) -> None:
    """The correlations as a heatmap, as a table (with every cell's interval and counts), and as Lin's grid."""
    heat, table, grid = st.tabs(["Heatmap", "Table", "Lin (2004) grid"])
    with heat:
        st.plotly_chart(
            view.heatmap_figure(cells, run.confidence, f"ROUGE {statistic} vs {criterion}"), key="agree_heatmap"
        )
    with table:
        wide = view.wide_frame(cells)
        fmt = st.column_config.NumberColumn(format="%.4f")
        config = {c: fmt for c in wide.columns if c != "variant"}
        st.dataframe(wide, hide_index=True, width="stretch", column_config=config)
        with st.expander("Every cell with its interval and counts"):
            st.dataframe(view.long_frame(cells), hide_index=True, width="stretch")
    with grid:
        g1, g2, _ = st.columns([2, 2, 5])
        level = pick(g1.selectbox, "Level", "agree_grid_level", run.levels[0], list(run.levels))
        coefficients = list(run.coefficients)
        coef = pick(g2.selectbox, "Coefficient", "agree_grid_coef", coefficients[0], coefficients,
                    format_func=me.COEFFICIENT_NAMES.__getitem__)  # fmt: skip
        st.dataframe(view.lin_grid(cells, level, coef), hide_index=True, width="stretch")
        st.caption("Rows: Lin (2004)'s settings; columns: the measures, as in his Tables 1–3 (transposed).")


def notes(cells: Sequence[me.Cell], systems: int) -> None:
    """Why cells are empty (a level's groups too small, undefined coefficients), and a warning about the
    width of system-level intervals over few systems."""
    small = {(c.level, c.note) for c in cells if c.note.startswith("too small")}
    for level, note in sorted(small):
        st.info(md_literal(f"No {me.LEVEL_NAMES[level]} correlation: {note}. Its cells are grey.", 400))
    undefined = sorted({c.note for c in cells if c.note and not c.note.startswith("too small")})
    if undefined:
        st.caption(md_literal("Undefined cells: " + "; ".join(undefined), 1200))
    if MIN_GROUP <= systems < FEW_SYSTEMS:  # (fewer: the system level says it is too small)
        st.caption(
            f"With {systems} systems the system-level coefficients rest on {systems} points: "
            "their intervals span most of [-1, 1]."
        )


def downloads(
    cells: Sequence[me.Cell], run: me.RunSettings, chosen: Chosen, judged: mh.Judged, config: RougeConfig
) -> None:
    """The table as CSV and as LaTeX, each naming the run's and every variant's config signature (made
    only when clicked)."""
    signatures = {v.label: mv.variant_config(config, v).signature() for v in chosen.variants}
    statistic, human = chosen.statistic, judged.text
    files: dict[str, tuple[str, Callable[[], str]]] = {
        "agreement.csv": ("Table CSV", partial(view.table_csv, cells, signatures, statistic, human, run.signature())),
        "agreement.tex": (
            "Table LaTeX",
            partial(view.table_latex, cells, signatures, statistic, human, run.signature(), run.confidence),
        ),
    }
    for box, (file_name, (label, make)) in zip(st.columns([2, 2, 5]), files.items()):
        mime = "text/csv" if file_name.endswith(".csv") else "text/x-tex"
        box.download_button(label, make, file_name, mime, key=f"agree_dl:{file_name}", on_click="ignore",
                            icon=":material/download:", width="stretch")  # fmt: skip
