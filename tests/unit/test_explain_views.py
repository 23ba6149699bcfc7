"""What the LCS views draw comes from the core's explanation: the union's hit budgets per word, each
run's weight f(k) = k^w, a pair's DP table and the plain LCS of a ROUGE-W pair (issue 18, point 7).
The renderers format these and no longer run the LCS programme or its weights themselves."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rouge_core.kernels
from rouge_core import RougeConfig, evaluate
from rouge_core.measures.explain import Run, SentencePair, WordBudget
from rouge_core.measures.hit_budget import word_budgets
from rouge_core.measures.lcs import TABLE_CELLS, weights
from rouge_core.measures.lcs_pairs import alignment_runs, pair_runs, pair_table, plain_pair
from rouge_core.measures.summary_lcs import lcs_measure
from ui.render.lcs import lcs_explanation, pair_with_table
from ui.render.union import budget_rows, budget_table_rows, union_html
from ui.render.wlcs import plain_lcs_pair, wlcs_pair_titles

RENDER = Path(__file__).resolve().parents[2] / "ui" / "render"


@pytest.fixture(params=["compiled", "python"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both ways of counting: the compiled kernels when there, and the pure-Python code."""
    if request.param == "python":
        monkeypatch.setattr(rouge_core.kernels, "impl", lambda kernel=None: None)
    return str(request.param)


def test_budgets_of_the_cat_on_the_mat(path: str) -> None:
    # LCS("the cat sat on the mat", "the cat on the mat the") = the cat _ on the mat: reference positions
    # 0 1 3 4 5. "the": 2 reference copies, 3 candidate copies, so a budget of 2 covers both its marks.
    ref, cand = ["the cat sat on the mat".split()], ["the cat on the mat the".split()]
    counts, _, e = lcs_measure(ref, cand, "union", explain=True)
    assert e is not None
    assert [(m.position, m.key, m.credited) for m in e.marks] == [
        (0, "the", True),
        (1, "cat", True),
        (3, "on", True),
        (4, "the", True),
        (5, "mat", True),
    ]
    assert e.budgets == (
        WordBudget("the", marks=2, reference_count=2, candidate_count=3, credited=2),
        WordBudget("cat", 1, 1, 1, 1),
        WordBudget("on", 1, 1, 1, 1),
        WordBudget("mat", 1, 1, 1, 1),
    )
    assert [b.budget for b in e.budgets] == [2, 1, 1, 1]
    assert counts.hit == 5 == sum(b.credited for b in e.budgets)


def test_a_spent_budget_leaves_the_second_mark_uncredited(path: str) -> None:
    # Both reference sentences' LCS with "the cat" mark "the"; the candidate has one copy: budget 1.
    ref, cand = [["the", "cat", "sat"], ["the", "dog", "ran"]], [["the", "cat"]]
    counts, _, e = lcs_measure(ref, cand, "union", explain=True)
    assert e is not None
    assert [(m.reference_sentence, m.position, m.key, m.credited) for m in e.marks] == [
        (0, 0, "the", True),
        (0, 1, "cat", True),
        (1, 0, "the", False),
    ]
    assert e.budgets == (WordBudget("the", 2, 2, 1, 1), WordBudget("cat", 1, 1, 1, 1))
    assert e.budgets[0].budget == 1 and counts.hit == 2
    # The paper's union has no budget: the same copies, both marks credited past the budget of 1.
    _, _, paper = lcs_measure(ref, cand, "union-unclipped", explain=True)
    assert paper is not None
    assert paper.budgets == (WordBudget("the", 2, 2, 1, 2), WordBudget("cat", 1, 1, 1, 1))


def test_budgets_count_the_joined_texts_keys() -> None:
    # Under a byte limit the budget keys differ from the sentences: the copies are those of budget_keys.
    _, _, e = lcs_measure([["a", "b"]], [["a", "b"]], "union", explain=True, budget_keys=(["a", "b", "a"], ["a"]))
    assert e is not None and e.budgets == (WordBudget("a", 1, 2, 1, 1), WordBudget("b", 1, 1, 0, 0))
    assert [m.credited for m in e.marks] == [True, False]


def test_flat_explanations_have_no_budgets() -> None:
    _, _, e = lcs_measure([["a", "b"]], [["b", "a"]], "flat", explain=True)
    assert e is not None and e.budgets == ()


def test_the_budget_table_is_the_cores() -> None:
    r = evaluate("the cat", "the cat sat\nthe dog ran", RougeConfig())
    e = lcs_explanation(r, "ROUGE-L", 0)
    assert budget_table_rows(e.budgets) == [("the", 2, 2, 1, 1), ("cat", 1, 1, 1, 1)]
    marks = [(m.key, m.credited) for m in e.marks]
    assert budget_rows(marks, r.references[0].keys, r.candidate.keys) == budget_table_rows(e.budgets)
    assert word_budgets(marks, (r.references[0].keys, r.candidate.keys)) == e.budgets
    assert "<tr><td>the</td><td>2</td><td>2</td><td>1</td><td>1 (1 spent)</td></tr>" in union_html(r, "ROUGE-L", 0)


def test_run_weights_are_the_scores_weights(path: str) -> None:
    # w = 1.2: the run a b c weighs 3^1.2, the value weights() gives the score, not a second pow.
    ref, cand = [["a", "b", "c", "x"]], [["a", "b", "c", "y"]]
    _, _, union = lcs_measure(ref, cand, "wlcs-union", 1.2, explain=True)
    _, _, flat = lcs_measure(ref, cand, "wlcs-flat", 1.2, explain=True)
    assert union is not None and flat is not None
    assert weights(1.2, 3)[3] == 3**1.2
    assert union.runs == (Run(0, 0, 3, weights(1.2, 3)[3]),) and union.hit == 3**1.2
    assert flat.runs == (Run(-1, 0, 3, weights(1.2, 3)[3]),) and flat.hit == 3**1.2


def test_pair_runs_weigh_each_run() -> None:
    # Marks (0,0) (1,1) (2,2) | (4,3) | (5,5): runs of 3, 1 and 1 (the last breaks on the candidate side).
    pair = SentencePair(2, 1, ((0, 0), (1, 1), (2, 2), (4, 3), (5, 5)), 0.0)
    assert pair_runs(pair, 1.2) == (Run(2, 0, 3, 3**1.2), Run(2, 4, 1, 1.0), Run(2, 5, 1, 1.0))
    assert alignment_runs((), 1.2) == ()
    titles = wlcs_pair_titles(pair, 2.0)
    assert titles == ["run of k = 3: f(k) = 3^2 = 9"] * 3 + ["run of k = 1: f(k) = 1^2 = 1"] * 2


def test_pair_table_is_the_explanations_pair_with_its_table() -> None:
    _, _, e = lcs_measure([["a", "b"]], [["b", "a", "b"]], "union", explain=True)
    assert e is not None
    p = pair_table(e, e.pairs[0])
    assert p.marks == ((0, 1), (1, 2)) and p.value == 2.0
    assert p.table == ((0.0, 0.0, 0.0, 0.0), (0.0, 0.0, 1.0, 1.0), (0.0, 1.0, 1.0, 2.0))
    assert p.path == ((2, 3), (1, 2), (0, 1))
    assert pair_table(e, p) is p  # a pair with a table comes back as it is


def test_pair_table_keeps_to_table_cells() -> None:
    # 201 x 200 = 40,200 cells > TABLE_CELLS = 40,000: no table; 200 x 200 has one.
    assert TABLE_CELLS == 40_000
    _, _, big = lcs_measure([["a"] * 201], [["a"] * 200], "flat", explain=True)
    _, _, fits = lcs_measure([["a"] * 200], [["a"] * 200], "flat", explain=True)
    assert big is not None and fits is not None
    assert pair_table(big, big.pairs[0]).table is None
    table = pair_table(fits, fits.pairs[0]).table
    assert table is not None and table[200][200] == 200.0


def test_plain_pair_of_a_wlcs_pair() -> None:
    # WLCS (w = 2) of a b c d with a x b c y d; the plain LCS is the same four tokens: value 4.
    _, _, e = lcs_measure([list("abcd")], [list("axbcyd")], "wlcs-flat", 2.0, explain=True)
    assert e is not None
    plain = plain_pair(e, e.pairs[0])
    assert plain == SentencePair(-1, -1, ((0, 0), (1, 2), (2, 3), (3, 5)), 4.0)
    assert e.pairs[0].value == 1 + 4 + 1  # runs a | b c | d weighted 1^2 + 2^2 + 1^2
    _, _, big = lcs_measure([["a"] * 201], [["a"] * 200], "wlcs-flat", 2.0, explain=True)
    assert big is not None and plain_pair(big, big.pairs[0]) is None


def test_views_ask_the_core() -> None:
    r = evaluate("a x b c y d", "a b c d", RougeConfig(profile="paper", wlcs_weight=2.0, max_n=None))
    e = lcs_explanation(r, "ROUGE-W-2", 0)
    plain, source = plain_lcs_pair(r, "ROUGE-W-2", 0, e.pairs[0])
    assert plain is not None and plain.marks == ((0, 0), (1, 2), (2, 3), (3, 5))
    assert source in ("from ROUGE-L", "computed for display (no plain LCS of this pair in the report)")
    lab = lcs_explanation(r, "ROUGE-L", 0)
    assert pair_with_table(r, "ROUGE-L", 0, lab.pairs[0]) == pair_table(lab, lab.pairs[0])


@pytest.mark.parametrize("name", ["union.py", "wlcs.py", "lcs.py"])
def test_renderers_do_not_import_the_lcs_programme(name: str) -> None:
    tree = ast.parse((RENDER / name).read_text())
    imported: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "rouge_core.measures.lcs":
            imported += [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            imported += [a.name for a in node.names if a.name.startswith("rouge_core.measures.lcs")]
    assert not {"lcs", "weights", "rouge_core.measures.lcs"} & set(imported), imported
    assert not any(isinstance(n, ast.Name) and n.id == "Counter" for n in ast.walk(tree))  # no recount
