"""rouge_core.profiles: one record per profile, and quirks switched one at a time."""

from __future__ import annotations

from dataclasses import fields

import pytest

from rouge_core import RougeConfig, evaluate
from rouge_core.config import PROFILES
from rouge_core.measures.summary_lcs import MODES
from rouge_core.profiles import (
    CORPUS_QUIRKS,
    PROFILE_RECORDS,
    RULE_FIELDS,
    BestBy,
    LcsMode,
    Profile,
    Stemmer,
    check_quirks,
    parse_quirks,
    resolve,
    switch_rule,
)
from rouge_core.teach.differences import RULES


def test_every_profile_has_a_record_named_after_it():
    assert tuple(PROFILE_RECORDS) == PROFILES
    assert all(PROFILE_RECORDS[p].name == p for p in PROFILES)


def test_each_quirk_rule_sets_apart_exactly_the_profiles_its_field_says():
    # A rule's sets_apart (what the differences page shows) and the record's field (what the engine
    # reads) are two statements of one fact: they must agree.
    assert set(RULE_FIELDS) <= set(RULES)
    for rule_id, name in RULE_FIELDS.items():
        values = {p: getattr(PROFILE_RECORDS[p], name) for p in PROFILES}
        odd = tuple(p for p in PROFILES if sum(v == values[p] for v in values.values()) == 1)
        assert odd == RULES[rule_id].sets_apart, rule_id


def test_defaults_of_a_config_come_from_the_record():
    for p in PROFILES:
        c, r = RougeConfig(profile=p), PROFILE_RECORDS[p]
        assert (c.tokenizer, c.multi_ref, c.flat_lcs) == (r.tokenizer, r.multi_ref, r.flat_lcs)
        assert c.behaviour is r


def test_lcs_modes_are_the_summary_lcs_modes():
    assert MODES == ("union", "union-unclipped", "flat", "wlcs-union", "wlcs-flat")
    assert LcsMode("union") is LcsMode.UNION and LcsMode.UNION == "union"


@pytest.mark.parametrize("rule_id", sorted(RULE_FIELDS))
def test_each_quirk_switched_alone_moves_a_score_on_its_rules_example(rule_id):
    rule = RULES[rule_id]
    profile = rule.sets_apart[0]
    other = next(p for p in PROFILES if p != profile)
    quirks = switch_rule(profile, other, rule_id)
    assert quirks is not None
    kw = {"stem": True} if rule_id == "stemmers" else {}
    kw |= {"multi_ref": "best"} if rule_id == "best-recall-vs-f" else {}
    base = RougeConfig(profile=profile, **kw)
    ex = rule.example
    before = evaluate(ex.candidate, list(ex.references), base).scores()
    after = evaluate(ex.candidate, list(ex.references), base.with_(quirks=quirks)).scores()
    assert before != after, rule_id


def test_su_last_unigram_switched_on_rouge155_gives_the_papers_count():
    # "killed police" / "police killed", SU4: no common skip-bigram; with every word a unigram both
    # texts have 1 + 2 = 3 units and share 2 (2/3); ROUGE-1.5.5 drops the last unigram: 0.
    base = RougeConfig(max_n=None, rouge_l=False, wlcs_weight=None, rouge_s=False)
    perl = evaluate("killed police", "police killed", base).measures["ROUGE-SU4"].score
    switched = evaluate("killed police", "police killed", base.with_(quirks=(("su_last_unigram", True),)))
    assert perl.fmeasure == 0.0
    assert switched.measures["ROUGE-SU4"].score.fmeasure == 0.66667  # rounded: rounding is still rouge155's


def test_w_double_weight_switched_off_divides_once():
    # Identical one-sentence texts of 4 words, w = 2: hits f(4) = 16; ROUGE-1.5.5's base (4^2)^2 = 256
    # gives R = sqrt(16/256) = 1/4; dividing by 4^2 once gives R = 1.
    base = RougeConfig(max_n=None, rouge_l=False, skip_distance=None, wlcs_weight=2.0)
    text = "police killed the gunman"
    assert evaluate(text, text, base).measures["ROUGE-W-2"].score.recall == 0.25
    once = evaluate(text, text, base.with_(quirks=(("wlcs_double_weight", False),)))
    assert once.measures["ROUGE-W-2"].score.recall == 1.0


def test_quirks_validate_and_round_trip_through_the_signature():
    c = RougeConfig(quirks=(("stemmer", "nltk"), ("rounding", False)))
    assert c.quirks == (("rounding", False), ("stemmer", Stemmer.NLTK))
    assert c.behaviour.stemmer is Stemmer.NLTK and c.behaviour.rounding is False
    sig = c.signature()
    assert sig.endswith("|quirks:rounding=no;stemmer=nltk|v:1.0")
    assert RougeConfig.from_signature(sig) == c
    assert "quirks" not in RougeConfig().signature()
    assert any("variant" in d for d in c.perl_differences())
    for bad, msg in [
        ((("name", "x"),), "allowed fields are"),
        ((("rounding", 1),), "True or False"),
        ((("best_by", "precision"),), "allowed values are recall, fmeasure"),
        ((("rounding", True), ("rounding", False)), "appears twice"),
        ("rounding", "a tuple of"),
    ]:
        with pytest.raises(ValueError, match=msg):
            RougeConfig(quirks=bad)
    with pytest.raises(ValueError, match="expected field=value"):
        parse_quirks("rounding")
    with pytest.raises(ValueError, match="appears twice"):
        RougeConfig.from_signature(sig.replace("|v:1.0", "|quirks:rounding=no|v:1.0"))


def test_resolve_and_switch_rule():
    assert resolve("paper") is PROFILE_RECORDS["paper"]
    assert resolve("rouge155", (("best_by", BestBy.FMEASURE),)).best_by is BestBy.FMEASURE
    assert switch_rule("rouge155", "paper", "perl-rounding") == (("rounding", False),)
    assert switch_rule("rouge-score", "paper", "union-no-budget") == (("union_budget", False),)
    assert switch_rule("rouge155", "paper", "rougeL-flat") is None  # a setting, not a quirk
    assert check_quirks(()) == ()


def test_every_switchable_field_is_a_rule_or_a_corpus_quirk():
    named = set(RULE_FIELDS.values()) | {f for f, _ in CORPUS_QUIRKS.values()}
    assert named == {f.name for f in fields(Profile) if f.metadata}
    assert CORPUS_QUIRKS["perl-corpus-average"][0] == "perl_corpus"
