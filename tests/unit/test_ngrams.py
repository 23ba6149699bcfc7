"""Unit tests for rouge_core.measures.ngrams: clipped n-gram overlap and its explanation."""

from __future__ import annotations

from rouge_core import Counts
from rouge_core.measures.ngrams import count_ngrams, ngram_counter


def test_counter():
    assert ngram_counter(["a", "b", "a", "b"], 2) == {("a", "b"): 2, ("b", "a"): 1}
    assert ngram_counter(["a"], 2) == {}
    assert ngram_counter(["a", "a"], 1) == {("a",): 2}


def test_clipping():
    # Candidate repeats 'the' three times; the reference has it twice: 2 hits, not 3.
    cand, ref = "the the the cat".split(), "the cat on the mat".split()
    assert count_ngrams(cand, ref, 1)[0] == Counts(3, 5, 4)
    e = count_ngrams(cand, ref, 1, explain=True)[1]
    the = next(g for g in e.grams if g.gram == ("the",))
    assert (the.candidate_count, the.reference_count, the.credit) == (3, 2, 2)
    assert the.candidate_positions == ((0,), (1,), (2,)) and the.reference_positions == ((0,), (3,))


def test_bigram_clipping_and_positions():
    cand, ref = "the cat the cat".split(), "the cat sat".split()
    assert count_ngrams(cand, ref, 2)[0] == Counts(1, 2, 3)
    e = count_ngrams(cand, ref, 2, explain=True)[1]
    assert (e.hit, e.reference_total, e.candidate_total) == (1, 2, 3)
    tc = next(g for g in e.grams if g.gram == ("the", "cat"))
    assert tc.candidate_positions == ((0, 1), (2, 3)) and tc.reference_positions == ((0, 1),)


def test_totals_never_negative():
    assert count_ngrams(["a"], ["a", "b"], 3)[0] == Counts(0, 0, 0)
    assert count_ngrams([], [], 1)[0] == Counts(0, 0, 0)
    e = count_ngrams(["a"], ["a", "b"], 2, explain=True)[1]
    assert (e.hit, e.reference_total, e.candidate_total) == (0, 1, 0)


def test_explanation_matches_counts():
    cand, ref = "a b a b c a".split(), "b a b a a c".split()
    for n in (1, 2, 3, 4):
        e = count_ngrams(cand, ref, n, explain=True)[1]
        assert Counts(e.hit, e.reference_total, e.candidate_total) == count_ngrams(cand, ref, n)[0]
        for g in e.grams:
            for pos in g.candidate_positions:
                assert tuple(cand[i] for i in pos) == g.gram
            for pos in g.reference_positions:
                assert tuple(ref[i] for i in pos) == g.gram


def _listing_before(cand, ref, n):
    """The listing as the explanation computed it eagerly before it became lazy (reference code)."""

    def positions(keys):
        out = {}
        for i in range(len(keys) - n + 1):
            out.setdefault(tuple(keys[i : i + n]), []).append(tuple(range(i, i + n)))
        return out

    cp, rp = positions(cand), positions(ref)
    return [(g, tuple(cp.get(g, ())), tuple(rp.get(g, ()))) for g in dict.fromkeys([*cp, *rp])]


def test_grams_are_listed_on_first_access_in_the_same_order():
    cand, ref = "a b a".split(), "a a c".split()
    counts, e = count_ngrams(cand, ref, 1, explain=True)
    assert "grams" not in e.__dict__  # nothing listed yet: the counts came from the counter
    assert [(g.gram, g.candidate_positions, g.reference_positions) for g in e.grams] == [
        (("a",), ((0,), (2,)), ((0,), (1,))),
        (("b",), ((1,),), ()),
        (("c",), (), ((2,),)),
    ]
    assert e.grams is e.grams  # listed once, then kept
    assert count_ngrams(cand, ref, 1)[1] is None  # the counts-only path attaches nothing


def test_lazy_grams_equal_the_eager_listing():
    pairs = [
        ("the cat the cat".split(), "the cat sat".split()),
        ("a b a b c a".split(), "b a b a a c".split()),
        ([], "a b".split()),
        ("x y z".split(), []),
    ]
    for cand, ref in pairs:
        for n in (1, 2, 3, 4):
            counts, e = count_ngrams(cand, ref, n, explain=True)
            got = [(g.gram, g.candidate_positions, g.reference_positions) for g in e.grams]
            assert got == _listing_before(cand, ref, n)
            assert counts == Counts(e.hit, e.reference_total, e.candidate_total)
            assert sum(g.credit for g in e.grams) == e.hit
