"""Unit tests for rouge_core.evaluate: edge inputs never raise, notes say why a score is 0."""

from __future__ import annotations

import pytest

from rouge_core import RougeConfig, evaluate, evaluate_corpus, score, score_batch
from rouge_core.evaluate import PERL_DIES, combine
from rouge_core.measures.scoring import ZERO, Counts

PROFILES = [RougeConfig(profile=p, skip_distance=-1) for p in ("rouge155", "rouge-score", "paper")]
REF = "police killed the gunman"


def all_zero(report) -> bool:
    return all(m.score == ZERO for m in report.measures.values())


@pytest.mark.parametrize("config", PROFILES, ids=lambda c: c.profile)
@pytest.mark.parametrize(
    ("cand", "note"),
    [
        ("", "the candidate is empty"),
        ("   \n\t \n", "the candidate is empty"),
        ("... !? -- ,", "the candidate has no tokens after cleaning"),
    ],
)
def test_empty_candidates(config, cand, note):
    r = evaluate(cand, REF, config)
    assert all_zero(r)
    assert any(n.startswith(note) for n in r.notes)
    assert {k: m.score for k, m in score(cand, REF, config).items()} == r.scores()


@pytest.mark.parametrize("config", PROFILES, ids=lambda c: c.profile)
def test_zero_references(config):
    r = evaluate("police kill the gunman", [], config)
    assert all_zero(r)
    assert "no references were given: every score is 0" in r.notes
    for m in r.measures.values():
        assert m.per_reference == () and m.counts is None
        assert "no references: every score is 0" in m.notes
    assert all(m.score == ZERO for m in score("a b", [], config).values())


@pytest.mark.parametrize("config", PROFILES, ids=lambda c: c.profile)
def test_empty_reference(config):
    r = evaluate("police kill the gunman", ["", REF], config)
    assert "reference 1 is empty" in r.notes
    assert r.measures["ROUGE-1"].per_reference[0].score == ZERO


def test_chinese_under_rouge155():
    r = evaluate("我爱北京天安门", "我爱北京", RougeConfig())
    assert all_zero(r)
    assert "the candidate has no tokens after cleaning: every score is 0" in r.notes
    assert "reference 1 has no tokens after cleaning" in r.notes
    assert [d.text for d in r.candidate.dropped] == ["我爱北京天安门"]


def test_chinese_under_unicode_tokenizer():
    r = evaluate("我爱北京天安门", "我爱北京", RougeConfig(profile="paper", tokenizer="unicode"))
    m = r.measures["ROUGE-1"]
    assert m.counts == Counts(4, 4, 7) and m.score.recall == 1.0


def test_rouge_w_empty_reference_rouge155():
    r = evaluate("a b", ["", "a b"], RougeConfig())
    w = r.measures["ROUGE-W-1.2"]
    assert PERL_DIES in w.notes
    assert w.score == ZERO and w.counts is None
    assert all(rr.score == ZERO for rr in w.per_reference)
    # Other measures are unaffected; the other profiles have no such quirk.
    assert r.measures["ROUGE-1"].score.recall > 0
    w2 = evaluate("a b", ["", "a b"], RougeConfig(profile="paper")).measures["ROUGE-W-1.2"]
    assert PERL_DIES not in w2.notes and w2.score.recall == pytest.approx(1.0, rel=1e-12)


def test_report_shape():
    r = evaluate("police kill the gunman", REF, RougeConfig(profile="rouge-score"))
    assert list(r.measures) == RougeConfig(profile="rouge-score").measure_labels()
    assert r.display_name("ROUGE-L") == "rougeLsum" and r.display_name("ROUGE-Lflat") == "rougeL"
    assert r.scores()["ROUGE-1"].recall == 0.75
    assert any("rouge-score has no ROUGE-W" in n for n in r.measures["ROUGE-W-1.2"].notes)


def test_list_and_string_inputs_agree():
    a = evaluate(["police kill", "the gunman"], [["police killed", "the gunman"]], RougeConfig())
    b = evaluate("police kill\nthe gunman", "police killed\nthe gunman", RougeConfig())
    assert a.scores() == b.scores()


def test_pooled_best_jackknife():
    cand, refs = "police kill the gunman", [REF, "the gunman kill police"]
    pooled = evaluate(cand, refs, RougeConfig(multi_ref="pooled")).measures["ROUGE-2"]
    assert pooled.counts == Counts(2, 6, 6) and pooled.chosen is None
    best = evaluate(cand, refs, RougeConfig(multi_ref="best")).measures["ROUGE-L"]
    assert best.chosen == 0 and best.score.recall == 0.75
    jack = evaluate(cand, refs, RougeConfig(multi_ref="jackknife")).measures["ROUGE-L"]
    assert jack.jackknife == (1, 0)
    assert jack.score.recall == 0.625  # (0.5 + 0.75) / 2


def test_combine_empty():
    assert combine([], RougeConfig())[0] == ZERO


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: evaluate(b"abc", "abc"), "candidate must be a str .* not bytes \\(decode bytes first\\)"),
        (lambda: evaluate(None, "abc"), "candidate must be a str .* not NoneType"),
        (lambda: evaluate("abc", None), "references must be a str or a list of summaries, not NoneType"),
        (lambda: evaluate("abc", [b"x"]), "reference 1 must be a str"),
        (lambda: evaluate("abc", "x", {"max_n": 1}), "config must be a RougeConfig, not dict"),
        (lambda: evaluate_corpus(None, RougeConfig()), "pairs must be a list of \\(candidate, references\\) pairs"),
        (lambda: evaluate_corpus("ab", RougeConfig()), "pairs must be a list .* not str"),
        (lambda: score_batch(None, RougeConfig()), "pairs must be an iterable .* not NoneType"),
    ],
)
def test_public_entry_points_name_the_argument_of_the_wrong_type(call, message):
    with pytest.raises(TypeError, match=message):
        call()


# -- explanations: counts from the counting functions, listings on first access -------------------


def _long_pair(seed: int, sentences: int, words: int = 18) -> tuple[str, str]:
    import random

    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(60)] + ["the", "a", "of", "and"] * 8

    def text() -> str:
        return "\n".join(" ".join(rng.choice(vocab) for _ in range(words)) for _ in range(sentences))

    return text(), text()


@pytest.mark.parametrize("config", PROFILES + [RougeConfig(flat_lcs=True, wlcs_weight=2.0)], ids=str)
def test_explained_counts_equal_score_on_long_input(config):
    cand, ref = _long_pair(5, 30)
    refs = [ref, _long_pair(6, 12)[1]]
    explained, counted = evaluate(cand, refs, config).measures, score(cand, refs, config)
    for label, m in explained.items():
        assert [r.counts for r in m.per_reference] == [r.counts for r in counted[label].per_reference], label
        assert [r.select for r in m.per_reference] == [r.select for r in counted[label].per_reference], label
        for r in m.per_reference:
            e = r.explanation
            if e is not None:
                assert (e.hit, e.reference_total, e.candidate_total) == (r.counts.hit, r.counts.model, r.counts.peer)


def test_sentence_pairs_are_computed_on_first_access_and_equal_the_pure_path():
    from rouge_core import kernels
    from rouge_core.measures.summary_lcs import sentence_pairs

    cand, ref = _long_pair(7, 40)
    r = evaluate(cand, ref, RougeConfig())
    rk = r.references[0].sentence_keys
    ck = r.candidate.sentence_keys
    for label, w in (("ROUGE-L", 1.0), ("ROUGE-W-1.2", 1.2)):
        e = r.measures[label].per_reference[0].explanation
        assert "pairs" not in e.__dict__  # evaluate listed no sentence pair
        pairs = e.pairs
        assert len(pairs) > 1000 and all(p.table is None and p.path is None for p in pairs)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(kernels, "impl", lambda kernel=None: None)
            assert pairs == sentence_pairs(rk, ck, w)
        marked = {(p.reference_sentence, a) for p in pairs for a, _ in p.marks}
        assert {(m.reference_sentence, m.position) for m in e.marks} == marked  # the union of the pairs


def test_explanations_share_the_keys_they_list_from():
    r = evaluate("police kill the gunman", ["police killed the gunman", "the gunman died"], RougeConfig())
    per_measure = [[res.explanation for res in m.per_reference] for m in r.measures.values()]
    grams = [row for row, m in zip(per_measure, r.measures.values()) if m.family in ("N", "S", "SU")]
    for k in range(2):
        assert len({id(row[k].keys) for row in grams}) == 1  # one PairKeys per reference
    lcs = r.measures["ROUGE-L"].per_reference[0].explanation
    assert lcs.sentences.candidate is r.measures["ROUGE-W-1.2"].per_reference[0].explanation.sentences.candidate


@pytest.mark.parametrize("read_first", [False, True])
def test_reports_pickle_with_their_lazy_listings(read_first):
    import pickle

    cand, ref = _long_pair(9, 6)
    r = evaluate(cand, [ref, "w1 w2 w3"], RougeConfig(skip_distance=-1, flat_lcs=True))
    explanations = [res.explanation for m in r.measures.values() for res in m.per_reference]

    def listed(e):
        return e.grams if hasattr(e, "grams") else e.pairs

    if read_first:
        for e in explanations:
            listed(e)
    back = pickle.loads(pickle.dumps(r))
    assert back.scores() == r.scores()
    again = [res.explanation for m in back.measures.values() for res in m.per_reference]
    for e, b in zip(explanations, again):
        assert b == e and listed(b) == listed(e)
