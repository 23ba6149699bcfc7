"""Unit tests for rouge_core.measures.summary_lcs: union LCS, hit budget, ROUGE-W runs, flat modes."""

from __future__ import annotations

import pytest

import rouge_core.measures.summary_lcs as sl
from rouge_core import Counts, RougeConfig, evaluate
from rouge_core.measures.summary_lcs import lcs_measure

REF = [["w1", "w2", "w3", "w4", "w5"]]
CAND = [["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]]


@pytest.mark.parametrize("mode", ["union", "union-unclipped"])
def test_union_four_fifths(mode):
    counts, select, e = lcs_measure(REF, CAND, mode, explain=True)
    assert counts == Counts(4, 5, 10)
    assert select == 0.8
    assert [(m.position, m.key, m.source, m.credited) for m in e.marks] == [
        (0, "w1", (0, 0), True),
        (1, "w2", (0, 1), True),
        (2, "w3", (1, 1), True),
        (4, "w5", (1, 4), True),
    ]
    assert e.hit == sum(m.credited for m in e.marks)


def test_flat_lcs():
    # Whole-text LCS of w1..w5 with the 10 candidate tokens: w1 w2 w3 w5 again (w1 w2 | w3 .. w5).
    counts, _, e = lcs_measure(REF, CAND, "flat", explain=True)
    assert counts == Counts(4, 5, 10)
    (pair,) = e.pairs
    assert (pair.reference_sentence, pair.candidate_sentence) == (-1, -1)
    assert len(pair.marks) == 4 and pair.table is None  # tables are rebuilt by the view that draws one


def test_budget_two_reference_sentences():
    """Reference sentences 'a b' and 'a b', candidate 'a b': each candidate token credited once."""
    ref, cand = [["a", "b"], ["a", "b"]], [["a", "b"]]
    counts, select, e = lcs_measure(ref, cand, "union", explain=True)
    assert counts == Counts(2, 4, 2) and select == 0.5
    assert [m.credited for m in e.marks] == [True, True, False, False]
    counts, _, e = lcs_measure(ref, cand, "union-unclipped", explain=True)
    assert counts == Counts(4, 4, 2)
    assert any("precision can exceed 1" in n for n in e.notes)


def test_budget_through_evaluate():
    perl = evaluate("a b", "a b\na b", RougeConfig()).measures["ROUGE-L"]
    assert perl.score.recall == 0.5 and perl.score.precision == 1.0
    paper = evaluate("a b", "a b\na b", RougeConfig(profile="paper")).measures["ROUGE-L"]
    assert paper.score.recall == 1.0 and paper.score.precision == 2.0
    assert any("precision can exceed 1" in n for n in paper.per_reference[0].explanation.notes)
    rs = evaluate("a b", "a b\na b", RougeConfig(profile="rouge-score")).measures["ROUGE-L"]
    assert rs.score.recall == 0.5 and rs.score.precision == 1.0  # rougeLsum keeps the budget


def test_wlcs_union_runs():
    # ROUGE-1.5.5 ROUGE-W: runs of consecutive credited union marks, weighted k^w.
    ref = [list("ABCDEFG")]
    counts, _, e = lcs_measure(ref, [list("ABCDHIK")], "wlcs-union", 2.0, explain=True)
    assert [(r.start, r.length, r.weight) for r in e.runs] == [(0, 4, 16.0)]
    assert counts.hit == 16.0
    assert counts.model == 49.0**2  # Perl's quirk: the reference total is weighted twice
    assert counts.peer == 49.0
    # Runs are consecutive *reference* positions: Y2's interleaved A B C D is one run too, so
    # ROUGE-1.5.5 cannot tell Y1 from Y2 (recorded Perl output: both R = 0.38721 at w = 1.2).
    counts2, _, e = lcs_measure(ref, [list("AHBKCID")], "wlcs-union", 2.0, explain=True)
    assert [(r.start, r.length) for r in e.runs] == [(0, 4)]
    assert counts2 == counts


def test_wlcs_flat():
    counts, select, e = lcs_measure([list("ABCDEFG")], [list("ABCDHIK")], "wlcs-flat", 2.0, explain=True)
    assert counts == Counts(16.0, 49.0, 49.0)
    assert select == pytest.approx(4 / 7, rel=1e-12)
    assert [(r.start, r.length) for r in e.runs] == [(0, 4)]


def test_weight_one_equals_lcs():
    ref = [["a", "b", "c", "d"], ["c", "a", "b"]]
    cand = [["a", "c", "d"], ["b", "a", "x", "b"]]
    assert lcs_measure(ref, cand, "wlcs-union", 1.0)[0] == lcs_measure(ref, cand, "union")[0]
    assert lcs_measure(ref, cand, "wlcs-flat", 1.0)[0] == lcs_measure(ref, cand, "flat")[0]


def test_empty_sides():
    assert lcs_measure([], [["a"]], "union")[0] == Counts(0, 0, 1)
    assert lcs_measure([["a"]], [], "union")[0] == Counts(0, 1, 0)
    assert lcs_measure([[]], [[]], "flat")[0] == Counts(0, 0, 0)


def test_unknown_mode():
    with pytest.raises(ValueError, match="invalid mode"):
        lcs_measure(REF, CAND, "nope")


def test_no_tables_and_pairs_on_first_access(monkeypatch):
    """The explanation keeps no DP table; its sentence pairs are listed when first read, once."""
    counts, _, e = lcs_measure(REF, CAND, "union", explain=True)
    assert "pairs" not in e.__dict__  # not listed yet
    calls = []
    real = sl.sentence_pairs
    monkeypatch.setattr(sl, "sentence_pairs", lambda *a: calls.append(a) or real(*a))
    assert [(p.reference_sentence, p.candidate_sentence, len(p.marks), p.value) for p in e.pairs] == [
        (0, 0, 2, 2.0),
        (0, 1, 3, 3.0),
    ]
    assert e.pairs is e.pairs and len(calls) == 1
    assert all(p.table is None and p.path is None for p in e.pairs)
    assert not any("table" in n for n in e.notes)


def test_numpy_layout_in_summary(monkeypatch):
    ref = [["a", "b", "c", "a"], ["b", "b", "c"]]
    cand = [["a", "c", "b"], ["b", "a", "c", "a"], ["c"]]
    want = {m: lcs_measure(ref, cand, m, 1.2) for m in ("union", "union-unclipped", "wlcs-union")}
    monkeypatch.setattr(sl, "NUMPY_CELLS", 0)
    for m, w in want.items():
        assert lcs_measure(ref, cand, m, 1.2) == w


@pytest.mark.parametrize("w", [1.2, 1.5, 1.9, 2.5])
def test_wlcs_flat_identical_is_exactly_one(w):
    """The DP's telescoped c + f(k+1) - f(k) gave 10.330412131161866 > f(7) = 10.330412131161864
    at w = 1.2 (R = 1.0000000000000002); the hit is now the exact sum of f over the runs."""
    toks = "b a a a a a b".split()
    counts, select, e = lcs_measure([toks], [toks], "wlcs-flat", w, explain=True)
    assert counts.hit == counts.model == counts.peer == 7.0**w
    assert select == 1.0
    assert e.pairs[0].value == pytest.approx(counts.hit, rel=1e-12)
    for profile in ("paper", "rouge-score"):
        s = evaluate(" ".join(toks), " ".join(toks), RougeConfig(profile=profile, wlcs_weight=w))
        assert s.measures[f"ROUGE-W-{w}"].score.recall == 1.0
