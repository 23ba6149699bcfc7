"""Unit tests for rouge_core.measures.lcs: LCS/WLCS values, the tie rule, table and traceback path."""

from __future__ import annotations

import pytest

import rouge_core.measures.lcs as lcs_mod
from rouge_core.measures.lcs import Layout, lcs, lcs_many, weights


def test_tie_rule_marks_reference_first_token():
    """Model 'a b', peer 'b a': both LCSes have length 1; the up-on-tie rule marks 'a'."""
    r = lcs(["a", "b"], ["b", "a"])
    assert r.value == 1.0
    assert r.marks == [(0, 1)]  # reference 'a' matched with candidate 'a'
    assert lcs(["b", "a"], ["a", "b"]).marks == [(0, 1)]  # swapped: reference 'b'


def test_paper_example():
    r = lcs("police killed the gunman".split(), "police kill the gunman".split())
    assert r.value == 3.0 and r.marks == [(0, 0), (2, 2), (3, 3)]
    r = lcs("police killed the gunman".split(), "the gunman kill police".split())
    assert r.value == 2.0 and r.marks == [(2, 0), (3, 1)]


def test_wlcs_paper_example():
    x = list("ABCDEFG")
    assert lcs(x, list("ABCDHIK"), weight=2.0).value == 16.0
    assert lcs(x, list("AHBKCID"), weight=2.0).value == 4.0
    assert lcs(x, list("ABCDHIK"), weight=1.0).value == lcs(x, list("AHBKCID"), weight=1.0).value == 4.0


def test_weights():
    assert weights(2.0, 3) == [0.0, 1.0, 4.0, 9.0]
    assert weights(1.0, 2) == [0.0, 1.0, 2.0]


def test_empty():
    assert lcs([], ["a"]).value == 0.0 and lcs([], ["a"]).marks == []
    r = lcs(["a", "b"], [], keep_table=True)
    assert r.table == [[0.0], [0.0], [0.0]] and r.path == []


def test_table_and_path_consistent_with_marks():
    ref, cand = "a b c b d a b".split(), "b d c a b a".split()
    r = lcs(ref, cand, keep_table=True)
    t = r.table
    assert len(t) == len(ref) + 1 and all(len(row) == len(cand) + 1 for row in t)
    assert t[-1][-1] == r.value == 4.0
    # The table is the textbook LCS table.
    for a in range(1, len(ref) + 1):
        for b in range(1, len(cand) + 1):
            want = t[a - 1][b - 1] + 1 if ref[a - 1] == cand[b - 1] else max(t[a - 1][b], t[a][b - 1])
            assert t[a][b] == want
    # The path walks from the last cell to an edge in unit steps; its diagonal steps are the marks.
    path = r.path
    assert path[0] == (len(ref), len(cand)) and (path[-1][0] == 0 or path[-1][1] == 0)
    diag = []
    for (a0, b0), (a1, b1) in zip(path, path[1:]):
        assert (a0 - a1, b0 - b1) in {(1, 1), (1, 0), (0, 1)}
        if (a0 - a1, b0 - b1) == (1, 1):
            diag.append((a1, b1))
            assert t[a0][b0] == t[a1][b1] + 1
        else:
            assert t[a0][b0] == t[a1][b1]
    assert sorted(diag) == r.marks
    assert all(ref[a] == cand[b] for a, b in r.marks)


def test_keep_table_does_not_change_marks():
    ref, cand = "x a b a c b a".split(), "b a c a b x a".split()
    assert lcs(ref, cand).marks == lcs(ref, cand, keep_table=True).marks


@pytest.mark.parametrize("weight", [1.0, 1.2, 2.0])
def test_numpy_layout_equals_python(monkeypatch, weight):
    ref = "the cat sat on the mat and the cat ate the rat".split()
    cand = "a cat on a mat ate the rat the cat sat".split()
    slow = lcs(ref, cand, weight, keep_table=True)
    monkeypatch.setattr(lcs_mod, "NUMPY_CELLS", 0)
    fast = lcs(ref, cand, weight)
    assert fast.marks == slow.marks and fast.value == slow.value


def test_lcs_many_and_layout_segments(monkeypatch):
    ref = "a b c d e".split()
    cands = [["a", "c"], ["e", "d", "c"], [], ["b", "x", "d", "e"]]
    one_by_one = [lcs(ref, c) for c in cands]
    assert [r.value for r in lcs_many(ref, cands)] == [2.0, 1.0, 0.0, 3.0]
    monkeypatch.setattr(lcs_mod, "NUMPY_CELLS", 0)
    many = lcs_many(ref, cands)
    assert [(r.value, r.marks) for r in many] == [(r.value, r.marks) for r in one_by_one]
    sub = Layout(cands).run(ref, weights(1.0, len(ref) + 1), True, [3, 0])
    assert [(r.value, r.marks) for r in sub] == [
        (one_by_one[3].value, one_by_one[3].marks),
        (one_by_one[0].value, one_by_one[0].marks),
    ]
