"""The paper table (rouge_core.io.paper_table): LaTeX parsed back into rows and cells (booktabs rules, no
vertical rules, the signature in the caption), Markdown likewise, escaping of user text in both formats,
the best cell of each column in bold, significance marks where the test says so (hand-derived p-values),
and, when a TeX engine is installed, the LaTeX compiled."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rouge_core.io.paper_table import Cell, PaperTable, latex, latex_escape, markdown, markdown_escape
from rouge_core.stats.comparison import compare_systems
from rouge_core.stats.systems import SystemScores
from ui.compute.paper_table import mark
from ui.render.numbers import number

SIG = "ROUGE-1,ROUGE-2|profile:rouge155|tok:rouge155|c:95|r:1000|seed:0|v:1.0"
NAME = "a_b & c%"


def table(**kw: object) -> PaperTable:
    cells = (
        (Cell(0.41234, 0.40001, 0.42002), Cell(0.20000, 0.19, 0.21)),
        (Cell(0.39999, 0.38, 0.41, "worse"), Cell(0.20000, 0.18, 0.22, "better")),
    )
    args: dict[str, object] = dict(
        systems=("base", NAME),
        measures=("ROUGE-1", "ROUGE-2"),
        cells=cells,
        statistic="F",
        signature=SIG,
        confidence=95.0,
        documents=20,
        intervals="percentile bootstrap, 1,000 resamples",
        test="two-sided paired bootstrap (Koehn 2004), 1,000 resamples, seed 0",
        baseline="base",
        alpha=0.05,
    )
    args.update(kw)
    return PaperTable(**args)  # type: ignore[arg-type]


def latex_rows(tex: str) -> tuple[list[str], list[list[str]], str]:
    """The rules in order, the rows between \\midrule and \\bottomrule split into cells, and the caption."""
    lines = [line.strip() for line in tex.splitlines()]
    rules = [line for line in lines if line in ("\\toprule", "\\midrule", "\\bottomrule")]
    body = lines[lines.index("\\midrule") + 1 : lines.index("\\bottomrule")]
    rows = [[c.strip() for c in re.split(r"(?<!\\)&", line.removesuffix("\\\\"))] for line in body]
    caption = next(line for line in lines if line.startswith("\\caption{"))
    return rules, rows, caption


def test_latex_has_booktabs_rules_no_vertical_rules_and_every_cell():
    tex = latex(table(), number)
    rules, rows, caption = latex_rows(tex)
    assert rules == ["\\toprule", "\\midrule", "\\bottomrule"]
    assert "\\begin{tabular}{lrr}" in tex and "\\hline" not in tex and "\\begin{tabular}{l|" not in tex
    head = next(line for line in tex.splitlines() if line.strip().startswith("System &"))
    assert head.strip() == "System & ROUGE-1 F & ROUGE-2 F \\\\"
    assert rows == [
        [
            "base (baseline)",
            "\\textbf{0.41234} {\\scriptsize [0.40001, 0.42002]}",
            "\\textbf{0.20000} {\\scriptsize [0.19000, 0.21000]}",
        ],
        [
            "a\\_b \\& c\\%",
            "0.39999 {\\scriptsize [0.38000, 0.41000]}\\textsuperscript{\\ddag}",
            "\\textbf{0.20000} {\\scriptsize [0.18000, 0.22000]}\\textsuperscript{\\dag}",
        ],
    ]
    # The caption names the signature (breakable after each field), the level, the test and the documents.
    assert "\\texttt{" + SIG.replace("|", "|\\allowbreak{}") + "}" in caption
    assert "95\\% confidence intervals" in caption and "on 20 documents" in caption
    assert "paired bootstrap (Koehn 2004), 1,000 resamples, seed 0" in caption
    marks = "\\textsuperscript{\\dag} / \\textsuperscript{\\ddag}"
    assert f"{marks}: significantly above / below the baseline base" in caption
    assert f"% signature: {SIG}" in tex


def md_cells(line: str) -> list[str]:
    """A Markdown table row's cells (a pipe escaped with a backslash is text, not a border)."""
    return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]


def test_markdown_has_every_cell_and_the_caption():
    md = markdown(table(), number)
    lines = md.splitlines()
    assert md_cells(lines[0]) == ["System", "ROUGE-1 F", "ROUGE-2 F"]
    assert lines[1] == "|:--|--:|--:|"
    assert md_cells(lines[2]) == ["base (baseline)", "**0.41234** [0.40001, 0.42002]", "**0.20000** [0.19000, 0.21000]"]
    assert md_cells(lines[3]) == [
        "a\\_b \\& c%",
        "0.39999 [0.38000, 0.41000] ‡",
        "**0.20000** [0.18000, 0.22000] †",
    ]
    caption = lines[5]
    assert f"Signature: `{SIG}`." in caption and "95% confidence intervals" in caption
    assert "† / ‡: significantly above / below the baseline base (p < 0.05, two-sided paired bootstrap" in caption


@pytest.mark.parametrize(
    "name, tex, md",
    [
        ("a_b & c%", "a\\_b \\& c\\%", "a\\_b \\& c%"),
        ("$x$ #1 {y} ~z^", "\\$x\\$ \\#1 \\{y\\} \\textasciitilde{}z\\textasciicircum{}", None),
        ("back\\slash", "back\\textbackslash{}slash", "back\\\\slash"),
        ("x | *y* `z` [l](u)", None, "x \\| \\*y\\* \\`z\\` \\[l\\](u)"),
        ("two\nlines", "two lines", "two lines"),
    ],
)
def test_user_text_is_escaped_in_both_formats(name, tex, md):
    if tex is not None:
        assert latex_escape(name) == tex
    if md is not None:
        assert markdown_escape(name) == md
    t = table(systems=("base", name))
    _, rows, _ = latex_rows(latex(t, number))
    assert rows[1][0] == latex_escape(name) and len(rows[1]) == 3  # the name makes no extra cell
    row = markdown(t, number).splitlines()[3]
    assert md_cells(row)[0] == markdown_escape(name) and len(md_cells(row)) == 3


def test_a_baseline_named_like_markup_is_escaped_in_the_caption():
    t = table(systems=("x_{y}", NAME), baseline="x_{y}")
    _, _, caption = latex_rows(latex(t, number))
    assert "the baseline x\\_\\{y\\} ($p < 0.05$, two-sided" in caption  # < in maths: OT1 text has no <
    assert "the baseline x\\_{y} (p < 0.05, two-sided" in markdown(t, number)


def test_equal_printed_scores_are_all_bold_and_a_lower_one_is_not():
    cells = ((Cell(0.500001),), (Cell(0.499999),), (Cell(0.4),))
    t = table(systems=("a", "b", "c"), measures=("ROUGE-L",), cells=cells, baseline=None, test="")
    _, rows, _ = latex_rows(latex(t, number))
    assert [r[1] for r in rows] == ["\\textbf{0.50000}", "\\textbf{0.50000}", "0.40000"]


def test_the_mark_follows_the_test_hand_derived():
    # B = A + 0.1 on every document: each resample's delta is exactly -0.1, so no resample's
    # |delta_b - mean| reaches 0.1: c = 0 and p = (0 + 1) / (99 + 1) = 0.01 < 0.05 (B above A).
    # C has A's values in another order: delta = 0, every resample counts, p = 1 (no mark).
    a = [0.2, 0.3, 0.4, 0.5]
    scores = {
        "A": SystemScores.from_scores(a),
        "B": SystemScores.from_scores([x + 0.1 for x in a]),
        "C": SystemScores.from_scores(a[::-1]),
    }
    cmp = compare_systems(scores, "bootstrap", samples=99, seed=1)
    assert cmp.pair("B", "A").test.p_value == pytest.approx(0.01)
    assert cmp.pair("C", "A").test.p_value == 1.0
    assert [mark(cmp, s, "A", 0.05) for s in "ABC"] == ["", "better", ""]
    assert mark(cmp, "A", "B", 0.05) == "worse"
    assert mark(cmp, "B", "A", 0.01) == ""  # p = 0.01 is not below 0.01
    assert mark(cmp, "B", None, 0.05) == ""


@pytest.mark.parametrize(
    "kw, message",
    [
        (dict(baseline="nobody"), "the baseline 'nobody' is not one of the table's systems"),
        (dict(statistic="X"), "invalid statistic='X'"),
        (dict(measures=("ROUGE-1",)), "the cells must be 2 rows (systems) of 1 cells (measures)"),
        (dict(systems=()), "at least one system and one measure"),
        (dict(test=""), "a marked cell needs a baseline and the test that marked it"),
    ],
)
def test_bad_tables_are_refused_with_a_message(kw, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        table(**kw)


ENGINES = [e for e in ("pdflatex", "lualatex") if shutil.which(e)]


@pytest.mark.skipif(not ENGINES, reason="no TeX engine (pdflatex, lualatex) installed")
def test_the_latex_table_compiles(tmp_path: Path):
    doc = (
        "\\documentclass{article}\\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}\\usepackage{booktabs}"
        f"\\begin{{document}}\n{latex(table(), number)}\n\\end{{document}}\n"
    )
    (tmp_path / "t.tex").write_text(doc, encoding="utf-8")
    run = subprocess.run(
        [ENGINES[0], "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:]
