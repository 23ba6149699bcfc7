"""The Agreement page's pure functions (ui/compute/agreement_variants.py, ui/compute/agreement_human.py,
ui/compute/agreement.py) and its renderers (ui/render/agreement.py)."""

from __future__ import annotations

import csv
import io
import math

import numpy as np
import pytest

from annotation import AnnotationStore, HumanScore
from rouge_core import RougeConfig, score
from rouge_core.stats.correlation import COEFFICIENTS, LEVELS, bootstrap_interval, correlate
from rouge_core.stats.score_matrix import score_matrix
from ui.compute import agreement as me
from ui.compute import agreement_human as mh
from ui.compute import agreement_variants as mv
from ui.render import agreement as view

NAN = math.nan


def test_names_cover_rouge_cores_registries():
    assert set(me.LEVEL_NAMES) == set(LEVELS) and set(me.COEFFICIENT_NAMES) == set(COEFFICIENTS)


@pytest.mark.parametrize("measure", mv.MEASURES)
def test_each_measure_has_a_config_that_computes_it(measure):
    config = mv.variant_config(RougeConfig(), mv.Variant(measure, "CASE"))
    assert measure in config.measure_labels()
    # the minimal config: ROUGE-N implies ROUGE-1..N-1, nothing else comes along
    extra = [m for m in config.measure_labels() if m != measure]
    assert all(m.startswith("ROUGE-") and m[6:].isdigit() for m in extra)


def test_lin_grid_is_lins_measures():
    assert mv.LIN_GRID == (
        "ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "ROUGE-L", "ROUGE-W-1.2",
        "ROUGE-S*", "ROUGE-S4", "ROUGE-S9", "ROUGE-SU*", "ROUGE-SU4", "ROUGE-SU9",
    )  # fmt: skip
    assert len(mv.LIN_GRID) + len(mv.LONG_N) == 17  # Lin (2004), Tables 1-3: 17 measures


@pytest.mark.parametrize(
    ("setting", "stem", "stop"), [("CASE", False, False), ("STEM", True, False), ("STOP", True, True)]
)
def test_settings_set_stemming_and_stopwords_only(setting, stem, stop):
    base = RougeConfig(profile="paper", alpha=0.3, multi_ref="best", stem=True, remove_stopwords=True)
    config = mv.setting_config(base, setting)
    assert (config.stem, config.remove_stopwords) == (stem, stop)
    assert (config.profile, config.alpha, config.multi_ref) == ("paper", 0.3, "best")


def test_plan_covers_every_variant_with_few_configs():
    variants = [mv.Variant(m, s) for m in (*mv.LIN_GRID, *mv.LONG_N, "ROUGE-Lflat") for s in mv.SETTINGS]
    jobs = mv.plan(RougeConfig(), variants)
    assert len(jobs) == 9  # per setting: N, L, Lflat, W, S4/SU4 in one; S9/SU9; S*/SU*
    given = {(j.setting, m) for j in jobs for m in j.measures}
    assert given == {(v.setting, v.measure) for v in variants}
    for j in jobs:
        assert set(j.measures) <= set(j.config.measure_labels())
        assert (j.config.stem, j.config.remove_stopwords) == mv.SETTINGS[j.setting]


def test_plan_keeps_only_the_chosen_skip_measures():
    (job,) = mv.plan(RougeConfig(), [mv.Variant("ROUGE-SU4", "STEM")])
    assert job.config.measure_labels() == ["ROUGE-SU4"] and job.measures == ("ROUGE-SU4",)


def test_a_measure_scored_with_others_equals_its_own_config():
    # The plan scores ROUGE-2 inside a config with W and SU4; the number is that of ROUGE-2's own config.
    pairs = [("the cat sat on the mat", ["a cat was on the mat", "the cat sat"])]
    (job,) = mv.plan(RougeConfig(), [mv.Variant(m, "STOP") for m in ("ROUGE-2", "ROUGE-W-1.2", "ROUGE-SU4")])
    alone = mv.variant_config(RougeConfig(), mv.Variant("ROUGE-2", "STOP"))
    for cand, refs in pairs:
        assert score(cand, refs, job.config)["ROUGE-2"].score == score(cand, refs, alone)["ROUGE-2"].score


def test_bad_measure_names_raise():
    with pytest.raises(ValueError, match="invalid measure 'ROUGE-0'"):
        mv.measure_fields("ROUGE-0")


def _matrix(records):
    return score_matrix(records)


def test_human_problems_say_why():
    def texts(records):
        return [(p.stop, p.text) for p in mh.human_problems(_matrix(records), "relevance")]

    assert texts([]) == [(True, "No human scores for relevance: choose another criterion or source, or annotate.")]
    assert texts([("A", "d", 3.0)])[0][0] is True
    constant = texts([("A", "d1", 3.0), ("B", "d1", 3.0), ("A", "d2", 3.0)])
    assert constant == [(True, "Every human score for relevance is 3: no correlation is defined on constant scores.")]
    (one,) = texts([("A", "d1", 3.0), ("A", "d2", 4.0)])
    assert one[0] is False and "only the global level" in one[1]
    assert "+1 or -1" in texts([("A", "d1", 3.0), ("B", "d1", 4.0)])[0][1]
    assert texts([(s, "d1", float(k)) for k, s in enumerate("ABC")]) == []


def test_possible_levels_need_two_systems():
    one = _matrix([("A", "d1", 3.0), ("A", "d2", 4.0)])
    assert mh.possible_levels(one, ["summary", "system", "global"]) == ("global",)
    two = _matrix([("A", "d1", 3.0), ("B", "d1", 4.0)])
    assert mh.possible_levels(two, ["summary", "global"]) == ("summary", "global")


def test_criteria_and_sources_and_human_matrix(tmp_path):
    from rouge_core.io.readers import read_corpus

    data = b"\n".join(
        f'{{"id": "d{d}", "system": "{s}", "candidate": "a b", "reference": "a c"}}'.encode()
        for s in "AB"
        for d in (1, 2)
    )
    with AnnotationStore(tmp_path / "s.sqlite3") as store:
        cid = store.add_corpus(read_corpus(data, "x.jsonl"))
        fluency = store.summeval_rubric().criterion("fluency")
        for k, item in enumerate(store.items(cid)):
            store.record(item.id, fluency, "ann", 1 + k)
        store.record(store.items(cid)[0].id, fluency, "bo", 4)
        assert mh.criteria_and_sources(store, cid) == {"fluency": ("annotated",)}
        from annotation import human_scores

        m = mh.human_matrix(human_scores(store, cid, "fluency"))
    assert m.systems == ("A", "B") and m.inputs == ("d1", "d2")
    np.testing.assert_array_equal(m.values, [[2.5, 2.0], [3.0, 4.0]])  # A/d1: mean of 1 and 4


def test_metric_matrix_aligns_with_the_human_matrix():
    human = mh.human_matrix(
        [HumanScore("B", "d2", 1.0, 1), HumanScore("A", "d1", 2.0, 1), HumanScore("A", "d2", 3.0, 1)]
    )
    pairs = {"B": (("B", "d2", ("x",), (("y",),)),), "A": (("A", "d1", ("x",), ()), ("A", "d2", ("x",), ()))}
    scored = {
        ("CASE", "B"): {"ROUGE-1": ((0.1, 0.2, 0.3),)},
        ("CASE", "A"): {"ROUGE-1": ((0.4, 0.5, 0.6), (0.7, 0.8, 0.9))},
    }
    x = me.metric_matrix(scored, pairs, mv.Variant("ROUGE-1", "CASE"), "R", human)
    np.testing.assert_array_equal(x, [[0.1, NAN], [0.7, 0.4]])  # rows B, A; columns d2, d1


def test_correlation_cells_are_rouge_cores_numbers():
    rng = np.random.default_rng(3)
    x, z = rng.random((5, 7)), rng.integers(1, 6, size=(5, 7)).astype(float)
    run = me.RunSettings(("summary", "global"), ("kendall", "pearson"), "inputs", 50, 4, 0.9)
    cells = me.correlation_cells(x, z, "v", run)
    assert [(c.level, c.coefficient) for c in cells] == [
        ("summary", "kendall"),
        ("summary", "pearson"),
        ("global", "kendall"),
        ("global", "pearson"),
    ]
    for c in cells:
        assert c.value == correlate(x, z, c.level, c.coefficient).value
        b = bootstrap_interval(x, z, c.level, c.coefficient, "inputs", 50, 0.9, 4)
        assert (c.low, c.high, c.samples_used) == (b.low, b.high, b.samples_used)


def test_correlation_cells_turn_errors_into_notes():
    (cell,) = me.correlation_cells(
        np.ones((1, 3)), np.ones((1, 3)), "v", me.RunSettings(("system",), ("pearson",), "both", 10, 0, 0.95)
    )
    assert math.isnan(cell.value) and "at least 2 systems" in cell.note


def test_scatter_frame_and_picked_point():
    human = _matrix([("A", "d1", 1.0), ("B", "d1", 2.0), ("B", "d2", 3.0)])
    frame = me.scatter_frame(np.array([[0.5, NAN], [0.25, 0.75]]), human)
    assert frame.drop(columns="shown").to_dict("list") == {
        "system": ["A", "B", "B"],
        "doc_id": ["d1", "d1", "d2"],
        "rouge": [0.5, 0.25, 0.75],
        "human": [1.0, 2.0, 3.0],
    }
    assert me.picked_point({"selection": {"points": [{"curve_number": 1, "point_index": 1}]}}, frame) == ("B", "d2")
    for bad in (
        None,
        {},
        {"selection": {"points": [{"curve_number": 5, "point_index": 0}]}},
        {"selection": {"points": [{"point_index": 9}]}},
    ):
        assert me.picked_point(bad, frame) is None


CELLS = [
    me.Cell("ROUGE-1 · CASE", "summary", "kendall", 0.25, 0.1, 0.4, 20, 0, 100),
    me.Cell("ROUGE-1 · CASE", "system", "kendall", NAN, NAN, NAN, 6, 0, 0, "undefined"),
    me.Cell("ROUGE-2 · STOP", "summary", "kendall", -0.5, -0.7, -0.2, 19, 1, 99),
    me.Cell("ROUGE-2 · STOP", "system", "kendall", 1.0, 1.0, 1.0, 6, 0, 100),
]
SIGNATURES = {"ROUGE-1 · CASE": "ROUGE-1|stem:no|v:1.0", "ROUGE-2 · STOP": "ROUGE-1,ROUGE-2|stem:yes|v:1.0"}


def test_tables_and_grid():
    wide = view.wide_frame(CELLS)
    assert list(wide.columns) == ["variant", "summary · Kendall τ-b", "system · Kendall τ-b"]
    assert wide.set_index("variant").loc["ROUGE-2 · STOP", "summary · Kendall τ-b"] == -0.5
    grid = view.lin_grid(CELLS, "summary", "kendall")
    assert grid.to_dict("list") == {"setting": ["CASE", "STOP"], "ROUGE-1": ["0.25", "—"], "ROUGE-2": ["—", "-0.50"]}
    assert len(view.long_frame(CELLS)) == 4
    fig = view.heatmap_figure(CELLS, 0.95, "t")
    assert "[0.1000, 0.4000]" in fig.data[0].hovertext[0][0] and fig.data[0].z[0][1] is None


def test_csv_export_names_every_signature():
    rows = list(csv.DictReader(io.StringIO(view.table_csv(CELLS, SIGNATURES, "F", "h", "levels:summary|v"))))
    assert len(rows) == 4 and rows[2]["config_signature"] == "ROUGE-1,ROUGE-2|stem:yes|v:1.0"
    assert rows[0]["value"] == "0.25" and rows[0]["ci_low"] == "0.1" and rows[0]["run_signature"] == "levels:summary|v"


def test_latex_export_escapes_and_comments_the_signatures():
    tex = view.table_latex(CELLS, {**SIGNATURES, "ROUGE-1 · CASE": "a%b"}, "F", "x_y & z", "run", 0.95)
    assert "% ROUGE-1 · CASE: a%b" in tex and "% ROUGE-2 · STOP: ROUGE-1,ROUGE-2|stem:yes|v:1.0" in tex
    assert "x\\_y \\& z" in tex and "ROUGE-1 / CASE & 0.2500 & -- \\\\" in tex
    assert "{\\scriptsize [0.100, 0.400]}" in tex and "\\begin{tabular}{lrr}" in tex and "—" not in tex


def test_run_signature_names_every_setting():
    run = me.RunSettings(("summary", "global"), ("kendall",), "systems", 500, 3, 0.9)
    assert run.signature() == "levels:summary,global|coef:kendall|boot:systems|samples:500|seed:3|conf:90"


def test_a_too_small_level_is_greyed_with_its_reason_and_no_interval():
    # 2 systems: every document has 2 summaries and there are 2 system means; issue 17, point 8.
    x = np.array([[0.1, 0.5, 0.3], [0.4, 0.2, 0.6]])
    z = np.array([[1.0, 5.0, 2.0], [2.0, 4.0, 3.0]])
    run = me.RunSettings(("summary", "system", "global"), ("pearson",), "inputs", 50, 0, 0.95)
    cells = me.correlation_cells(x, z, "ROUGE-1 · CASE", run)
    small = [c for c in cells if c.level != "global"]
    assert all(math.isnan(c.value) and math.isnan(c.low) and c.samples_used == 0 for c in small)
    assert small[0].note.startswith("too small: every document has at most 2 summaries")
    assert small[1].note == "too small: 2 systems scored by both (a correlation needs 3)"
    assert cells[2].note == "" and cells[2].value == pytest.approx(correlate(x, z, "global", "pearson").value)
    fig = view.heatmap_figure(cells, 0.95, "t")
    assert list(fig.data[0].text[0]) == ["too small", "too small", view.number(cells[2].value, 3)]
    assert list(fig.data[0].z[0][:2]) == [None, None]  # the grid's grey shows through
    assert "too small: 2 systems" in fig.data[0].hovertext[0][1]
    assert view.lin_grid(cells, "system", "pearson").to_dict("list") == {"setting": ["CASE"], "ROUGE-1": ["too small"]}
    with pytest.raises(ValueError, match="the system level is too small: 2 systems"):
        me.compare_variants(x, x[::-1], z, "system", "pearson", "inputs", 20, 0)


def test_the_heatmap_diverges_around_zero_from_minus_one_to_one():
    fig = view.heatmap_figure(CELLS, 0.95, "t")
    heat = fig.data[0]
    assert (heat.zmin, heat.zmid, heat.zmax) == (-1.0, 0.0, 1.0)
    assert list(heat.colorbar.tickvals) == [-1, -0.5, 0, 0.5, 1]
    scale = [c for _, c in heat.colorscale]
    # PuOr: orange at -1, white-ish in the middle, purple at 1 (-1 and 0 no longer look alike).
    assert scale[0] == "rgb(127,59,8)" and scale[-1] == "rgb(45,0,75)" and scale[len(scale) // 2] == "rgb(247,247,247)"


def test_integer_human_scores_are_jittered_in_the_scatter_and_the_hover_says_the_true_value():
    human = _matrix([("A", "d1", 3.0), ("B", "d1", 3.0), ("A", "d2", 3.0), ("B", "d2", 1.0)])
    frame = me.scatter_frame(np.array([[0.5, 0.5], [0.25, 0.75]]), human)
    shown = frame["shown"].tolist()
    assert frame["human"].tolist() == [3.0, 3.0, 3.0, 1.0]
    assert len(set(shown)) == 4  # the three 3s no longer sit on one another
    assert all(0 < abs(s - h) <= me.JITTER for s, h in zip(shown, frame["human"]))
    assert me.scatter_frame(np.array([[0.5, 0.5], [0.25, 0.75]]), human)["shown"].tolist() == shown  # seeded
    fig = view.scatter_figure(frame, "ROUGE-1 F", "relevance")
    a = fig.data[0]
    assert list(a.y) == shown[:2] and [row[1] for row in a.customdata] == [3.0, 3.0]
    assert "human %{customdata[1]:.3f}" in a.hovertemplate and "%{y" not in a.hovertemplate
    # Means of several judgments (not whole numbers) are drawn where they are.
    means = _matrix([("A", "d1", 3.5), ("B", "d1", 3.0)])
    assert me.scatter_frame(np.array([[0.5], [0.25]]), means)["shown"].tolist() == [3.5, 3.0]
