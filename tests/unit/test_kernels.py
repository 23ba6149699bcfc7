"""rouge_core.kernels: the compiled kernels give exactly the pure-Python numbers and marks.

Each property draws token lists from small alphabets (so ties abound), including empty ones and
references longer than 64 and 128 tokens (bit vectors of several machine words), and compares the
compiled kernel with the pure-Python code: the DP table kept for display (the textbook programme),
the counts-only rows and, where it applies, the numpy row-wise programme.
"""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rouge_core
import rouge_core.measures.lcs as lcs_mod
import rouge_core.measures.summary_lcs as summary_lcs
from rouge_core import Counts, RougeConfig, kernels, score
from rouge_core.measures.lcs import Layout, lcs, weights
from rouge_core.measures.skipbigram import _pair_hits, count_skip_bigrams
from rouge_core.measures.summary_lcs import MODES, _union, lcs_measure

calls = kernels.impl()
compiled = pytest.mark.skipif(calls is None, reason="pure-Python backend: nothing to compare")
SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WEIGHTS = [1.0, 1.2, 2.0, 0.5]


def tokens(alphabet: str, max_size: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(alphabet), max_size=max_size)


# Short lists over 2-3 letters (ties everywhere), long lists over a few more (several words).
short = st.one_of(tokens("ab", 12), tokens("abc", 20))
long_ = st.one_of(tokens("abc", 200), tokens("abcdefg", 160))
sequences = st.one_of(short, long_)
sentences = st.lists(st.one_of(tokens("abc", 9), tokens("abcd", 70)), max_size=4)


def pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernels, "impl", lambda kernel=None: None)


def test_backend_is_numba_when_installed():
    """A numba that imports must also compile and pass the self-check (no fallback)."""
    want = "numba" if importlib.util.find_spec("numba") and not kernels.FORCE_PURE else "python"
    assert (kernels.impl() is not None) == (want == "numba")
    assert rouge_core.backend().name == want


# -- LCS and WLCS of one pair ----------------------------------------------------------------


@compiled
@SETTINGS
@given(sequences, sequences, st.sampled_from(WEIGHTS))
@example(list("ab" * 40), list("ba" * 45), 1.0)  # 80 x 90: two words, ties on every cell
@example(list("a" * 64), list("a" * 64), 1.0)  # exactly one full word
@example(list("abc" * 43), list("cab" * 30), 1.2)
@example([], list("ab"), 1.0)
def test_lcs_pair_equals_pure(x, y, w):
    table = lcs(x, y, w, keep_table=True)  # always the pure-Python programme
    f = None if w == 1.0 else weights(w, min(len(x), len(y)) + 1)
    value, marks = calls.lcs(x, y, f)
    assert marks == table.marks
    assert value == table.value
    fast = lcs(x, y, w)  # the dispatching entry point
    assert (fast.marks, fast.value) == (table.marks, table.value)
    if x and y and w == 1.0:
        # The bit-parallel length is the textbook LCS length.
        assert value == table.table[-1][-1] == len(marks)


@compiled
@settings(max_examples=60, deadline=None)
@given(long_, long_, st.sampled_from(WEIGHTS))
def test_lcs_pair_equals_numpy_layout(x, y, w):
    """The numpy programme the pure path uses for long texts."""
    if not (x and y):
        return
    layout = Layout([y]).run(x, weights(w, len(x) + 1), w == 1.0)[0]
    assert lcs(x, y, w).marks == layout.marks and lcs(x, y, w).value == layout.value


@compiled
def test_lcs_pure_rows_path(monkeypatch):
    """The counts-only Python rows (below NUMPY_CELLS) agree with the kernel on a tie-rich pair."""
    x, y = list("abcabba" * 12), list("cbabac" * 11)
    for w in WEIGHTS:
        got = lcs(x, y, w)
        with monkeypatch.context() as mp:
            pure(mp)
            mp.setattr(lcs_mod, "NUMPY_CELLS", 10**9)
            want = lcs(x, y, w)
        assert (got.marks, got.value) == (want.marks, want.value)


def test_paper_examples():
    """Lin (2004): ROUGE-L 3/4 and 2/4, WLCS 16 vs 4 at f(k) = k^2 (whichever backend is active)."""
    s1 = "police killed the gunman".split()
    assert lcs(s1, "police kill the gunman".split()).marks == [(0, 0), (2, 2), (3, 3)]
    assert lcs(s1, "the gunman kill police".split()).marks == [(2, 0), (3, 1)]
    assert lcs(list("ABCDEFG"), list("ABCDHIK"), 2.0).value == 16.0
    assert lcs(list("ABCDEFG"), list("AHBKCID"), 2.0).value == 4.0
    assert lcs(["a", "b"], ["b", "a"]).marks == [(0, 1)]  # the up-on-tie rule
    union = lcs_measure(
        [["w1", "w2", "w3", "w4", "w5"]], [["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]], "union"
    )
    assert union[0] == Counts(4, 5, 10)
    assert count_skip_bigrams("police kill the gunman".split(), s1, -1)[0] == Counts(3, 6, 6)
    assert count_skip_bigrams("gunman the killed police".split(), s1, -1, su=True)[0] == Counts(4, 10, 10)


# -- union LCS and its credit ---------------------------------------------------------------


@compiled
@SETTINGS
@given(sentences, sentences, st.sampled_from(WEIGHTS))
def test_union_marks_equal_pure(ref, cand, w):
    want = _union(ref, cand, w)
    f = None if w == 1.0 else weights(w, max(map(len, ref), default=0) + 1)
    assert calls.union_marks(ref, cand, f) == want


@compiled
@SETTINGS
@given(sentences, sentences, st.sampled_from(MODES), st.sampled_from(WEIGHTS), st.booleans(), st.booleans())
def test_lcs_measure_equals_pure(ref, cand, mode, w, cut, double):
    """Counts and selection values of every mode; ``cut`` gives budgets from shorter joined texts
    (as a byte limit does), so spent tokens occur."""
    flat_r, flat_c = [t for s in ref for t in s], [t for s in cand for t in s]
    budget = (flat_r[: len(flat_r) // 2], flat_c[1:]) if cut else None
    got = lcs_measure(ref, cand, mode, w, budget_keys=budget, double_weight=double)
    with pytest.MonkeyPatch.context() as mp:
        pure(mp)
        want = lcs_measure(ref, cand, mode, w, budget_keys=budget, double_weight=double)
    assert got == want
    explained = lcs_measure(ref, cand, mode, w, explain=True, budget_keys=budget, double_weight=double)
    assert explained[:2] == want[:2]


@compiled
@settings(max_examples=120, deadline=None)
@given(sentences, sentences, st.sampled_from(MODES), st.sampled_from(WEIGHTS))
def test_explanations_equal_pure(ref, cand, mode, w):
    """Explanations take the union marks, credits and runs (and, when read, each sentence pair's
    marks and value) from the kernels: the same explanation as the pure-Python code's."""
    got = lcs_measure(ref, cand, mode, w, explain=True)
    with pytest.MonkeyPatch.context() as mp:
        pure(mp)
        want = lcs_measure(ref, cand, mode, w, explain=True)
        want_pairs = want[2].pairs
    assert got == want
    assert got[2].pairs == want_pairs
    assert all(p.table is None and p.path is None for p in got[2].pairs)


@compiled
@SETTINGS
@given(sentences, sentences, st.sampled_from(WEIGHTS))
def test_sentence_pairs_equal_pure(ref, cand, w):
    """One kernel call lists every sentence pair's marks and value, as lcs() finds them pair by pair."""
    got = summary_lcs.sentence_pairs(ref, cand, w)
    with pytest.MonkeyPatch.context() as mp:
        pure(mp)
        want = summary_lcs.sentence_pairs(ref, cand, w)
    assert got == want
    for p in got:
        one = lcs(ref[p.reference_sentence], cand[p.candidate_sentence], w)
        assert (p.marks, p.value) == (tuple(one.marks), one.value)


# -- skip-bigrams ---------------------------------------------------------------------------


@compiled
@SETTINGS
@given(sequences, sequences, st.sampled_from([-1, 0, 1, 2, 4, 9, 500]), st.booleans(), st.booleans())
@example(list("ab" * 300), list("ba" * 200), -1, True, False)  # the count-matrix path
@example(list("abcdefghij" * 30), list("jihgfedcba" * 30), -1, False, True)  # sorted codes
def test_skip_counts_equal_pure(x, y, d, su, su_last):
    got = count_skip_bigrams(x, y, d, su, su_last)[0]
    with pytest.MonkeyPatch.context() as mp:
        pure(mp)
        want = count_skip_bigrams(x, y, d, su, su_last)[0]
    assert got == want
    assert calls.skip_hits(x, y, d, False, True) == _pair_hits(x, y, d)


@compiled
@settings(max_examples=80, deadline=None)
@given(sequences, sequences, st.sampled_from([-1, 0, 3]))
def test_skip_matrix_equals_hash_table(x, y, d):
    """Both compiled ways of counting skip-bigrams (chosen by size) agree with the pure count."""
    from rouge_core.kernels import skip

    ids: dict[str, int] = {}
    cand, ref = (np.array([ids.setdefault(t, len(ids)) for t in s], dtype=np.int64) for s in (x, y))
    c, r, size = skip._dense(cand, ref, len(ids))
    (cpos, cval), (rpos, rval) = skip._kept(c), skip._kept(r)
    want = _pair_hits(x, y, d)
    assert skip.hashed(cpos, cval, rpos, rval, size, d) == want
    if d < 0:
        assert skip.matrices(cval, rval, size) == want


# -- whole scores -------------------------------------------------------------------------------


@compiled
@settings(max_examples=40, deadline=None)
@given(
    st.lists(tokens("abcdef", 30).map(" ".join), max_size=4), st.lists(tokens("abcdef", 30).map(" ".join), max_size=4)
)
def test_scores_equal_pure(cand, ref):
    cand_text, ref_text = "\n".join(cand), "\n".join(ref)
    for config in (
        RougeConfig(max_n=2, skip_distance=4),
        RougeConfig(max_n=1, skip_distance=-1),
        RougeConfig(profile="rouge-score", max_n=1, wlcs_weight=1.5, skip_distance=2),
        RougeConfig(profile="paper", max_n=1, skip_distance=-1),
    ):
        got = score(cand_text, ref_text, config)
        with pytest.MonkeyPatch.context() as mp:
            pure(mp)
            want = score(cand_text, ref_text, config)
        assert got == want
