"""Unit tests for rouge_core.config: validation, profile defaults, signature, Perl flags."""

from __future__ import annotations

import pytest

from rouge_core import UNLIMITED, RougeConfig
from rouge_core.config import PROFILES, TOKENIZERS


@pytest.mark.parametrize(
    ("kwargs", "option"),
    [
        ({"max_n": 0}, "max_n"),
        ({"max_n": 10}, "max_n"),
        ({"max_n": 1.5}, "max_n"),
        ({"max_n": True}, "max_n"),
        ({"wlcs_weight": 0}, "wlcs_weight"),
        ({"wlcs_weight": -1.2}, "wlcs_weight"),
        ({"wlcs_weight": float("nan")}, "wlcs_weight"),
        ({"wlcs_weight": 0.99}, "wlcs_weight"),  # below 1, P/R/F exceed 1 (R = 1.6e82 at 0.01)
        ({"wlcs_weight": 5.01}, "wlcs_weight"),
        ({"wlcs_weight": 400}, "wlcs_weight"),
        ({"wlcs_weight": 1e308}, "wlcs_weight"),
        ({"wlcs_weight": float("inf")}, "wlcs_weight"),  # inf gave ROUGE-W = 1 for "a b c" vs "a c b"
        ({"bootstrap_samples": 10**12}, "bootstrap_samples"),
        ({"bootstrap_samples": 100_001}, "bootstrap_samples"),
        ({"seed": -3}, "seed"),  # numpy's default_rng refuses negative seeds
        ({"word_limit": 10**16}, "word_limit"),
        ({"skip_distance": 10**16}, "skip_distance"),
        ({"alpha": -0.1}, "alpha"),
        ({"alpha": 1.01}, "alpha"),
        ({"alpha": 2}, "alpha"),
        ({"alpha": float("nan")}, "alpha"),
        ({"profile": "rouge-1.5.5"}, "profile"),
        ({"profile": ""}, "profile"),
        ({"tokenizer": "whitespace"}, "tokenizer"),
        ({"multi_ref": "max"}, "multi_ref"),
        ({"skip_distance": 1.5}, "skip_distance"),
        ({"stem": "yes"}, "stem"),
        ({"word_limit": 0}, "word_limit"),
        ({"byte_limit": -5}, "byte_limit"),
        ({"confidence": 101}, "confidence"),
        ({"bootstrap_samples": 0}, "bootstrap_samples"),
        ({"averaging": 3}, "averaging"),
        ({"seed": 1.0}, "seed"),
    ],
)
def test_validation_names_the_option(kwargs, option):
    with pytest.raises(ValueError, match=rf"invalid {option}="):
        RougeConfig(**kwargs)


def test_word_and_byte_limit_together():
    with pytest.raises(ValueError, match="word_limit/byte_limit"):
        RougeConfig(word_limit=100, byte_limit=665)


def test_error_lists_allowed_values():
    with pytest.raises(ValueError) as e:
        RougeConfig(profile="nope")
    for p in PROFILES:
        assert p in str(e.value)
    with pytest.raises(ValueError) as e:
        RougeConfig(tokenizer="nope")
    for t in TOKENIZERS:
        assert t in str(e.value)


def test_profile_defaults():
    assert (RougeConfig().tokenizer, RougeConfig().multi_ref, RougeConfig().flat_lcs) == ("rouge155", "pooled", False)
    rs = RougeConfig(profile="rouge-score")
    assert (rs.tokenizer, rs.multi_ref, rs.flat_lcs) == ("rouge-score", "best", True)
    pp = RougeConfig(profile="paper")
    assert (pp.tokenizer, pp.multi_ref, pp.flat_lcs) == ("rouge155", "best", False)
    # An explicit choice wins over the profile default.
    assert RougeConfig(profile="paper", tokenizer="unicode").tokenizer == "unicode"


def test_negative_skip_distance_means_unlimited():
    assert RougeConfig(skip_distance=-7).skip_distance == UNLIMITED
    assert "ROUGE-S*" in RougeConfig(skip_distance=-1).measure_labels()


def test_numbers_normalised_to_float():
    c = RougeConfig(alpha=1, wlcs_weight=2, confidence=90)
    assert isinstance(c.alpha, float) and isinstance(c.wlcs_weight, float)
    assert isinstance(c.confidence, float)


def test_frozen_and_with():
    c = RougeConfig()
    with pytest.raises(AttributeError):
        c.alpha = 0.3  # type: ignore[misc]
    assert c.with_(alpha=0.3).alpha == 0.3
    with pytest.raises(ValueError, match="invalid alpha"):
        c.with_(alpha=3)


def test_beta():
    assert RougeConfig(alpha=0.5).beta == 1.0
    assert RougeConfig(alpha=0.0).beta == float("inf")
    assert RougeConfig.alpha_from_beta(1.0) == 0.5
    assert RougeConfig.alpha_from_beta(2.0) == 0.2
    with pytest.raises(ValueError, match="invalid beta"):
        RougeConfig.alpha_from_beta(-1)


def test_measure_labels():
    assert RougeConfig().measure_labels() == [
        "ROUGE-1",
        "ROUGE-2",
        "ROUGE-3",
        "ROUGE-4",
        "ROUGE-L",
        "ROUGE-W-1.2",
        "ROUGE-S4",
        "ROUGE-SU4",
    ]
    assert RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None).measure_labels() == [
        "ROUGE-1",
        "ROUGE-2",
        "ROUGE-L",
        "ROUGE-Lflat",
    ]
    assert RougeConfig(
        max_n=None, rouge_l=False, wlcs_weight=2.0, skip_distance=-1, rouge_su=False
    ).measure_labels() == ["ROUGE-W-2", "ROUGE-S*"]


@pytest.mark.parametrize(
    "config",
    [
        RougeConfig(),
        RougeConfig(profile="rouge-score", stem=True),
        RougeConfig(profile="paper", alpha=0.0, skip_distance=-1, wlcs_weight=2.0, multi_ref="jackknife"),
        RougeConfig(max_n=None, rouge_l=False, wlcs_weight=None, skip_distance=None),
        RougeConfig(alpha=1 / 3, wlcs_weight=1.25, byte_limit=665, confidence=99.5, seed=3),
        RougeConfig(tokenizer="unicode", remove_stopwords=True, word_limit=100, stem_exceptions=False),
        RougeConfig(confidence=1e-7, alpha=5e-324),  # repr "1e-07", "5e-324"
        RougeConfig(word_limit=10**15, seed=10**15, bootstrap_samples=100_000),  # "1e+15" was cut to "1e+" once
        RougeConfig(wlcs_weight=1.0),
        RougeConfig(wlcs_weight=5.0),
    ],
)
def test_signature_round_trip(config):
    sig = config.signature()
    assert RougeConfig.from_signature(sig) == config
    assert sig.endswith("|v:1.0")
    assert sig.split("|")[0] == (",".join(config.measure_labels()) or "none")


def test_signature_fields():
    sig = RougeConfig(stem=True).signature()
    assert sig.startswith("ROUGE-1,ROUGE-2,ROUGE-3,ROUGE-4,ROUGE-L,ROUGE-W-1.2,ROUGE-S4,ROUGE-SU4|")
    fields = dict(p.split(":", 1) for p in sig.split("|")[1:])
    assert fields["profile"] == "rouge155" and fields["stem"] == "yes" and fields["alpha"] == "0.5"
    assert fields["refs"] == "pooled" and fields["l"] == "none" and fields["c"] == "95"


@pytest.mark.parametrize(
    ("sig", "match"),
    [
        ("x|profile", "expected key:value"),
        ("x|colour:red", "invalid signature key"),
        ("x|stem:maybe", "invalid signature value stem"),
        ("x|n:four", "invalid signature value max_n"),
        ("x|alpha:7|v:1.0", "invalid alpha"),
    ],
)
def test_bad_signatures(sig, match):
    with pytest.raises(ValueError, match=match):
        RougeConfig.from_signature(sig)


GOOD = RougeConfig().signature()


@pytest.mark.parametrize(
    ("sig", "match"),
    [
        (GOOD.replace("|n:4|", "| n:4|"), "character ' '"),  # whitespace
        (GOOD + " ", "character ' '"),
        (GOOD.replace("|n:4|", "|n:\u0664|"), "character"),  # Arabic-Indic digit four
        (GOOD.replace("|n:4|", "|n:４|"), "character"),  # fullwidth four
        (GOOD.replace("|n:4|", "|n:4|n:4|"), "appears twice"),
        (GOOD.replace("|v:1.0", "|v:9.9"), "version '9.9'"),
        (GOOD.replace("|v:1.0", ""), "version None"),
        (GOOD + "|v:1.0", "appears twice"),
        ("ROUGE-1|" + GOOD.split("|", 1)[1], "names the measures 'ROUGE-1'"),  # head contradicts the fields
        ("x|profile:![t](http://host/img.png)|v:1.0", "invalid profile="),
        (GOOD.replace("|n:4|", "|n:1e0|"), "invalid signature value max_n"),
        (GOOD.replace("|w:1.2|", "|w:nan|"), "invalid signature value wlcs_weight"),
        (GOOD.replace("|w:1.2|", "|w:1000|"), "invalid wlcs_weight"),
        (GOOD.replace("|skip:4|", "|skip:" + "9" * 5000 + "|"), "5,000 characters|longest accepted"),
    ],
)
def test_signatures_from_links_are_strict(sig, match):
    with pytest.raises(ValueError, match=match):
        RougeConfig.from_signature(sig)


def test_signature_messages_do_not_echo_a_long_value():
    value = "A" * 900
    with pytest.raises(ValueError) as e:
        RougeConfig.from_signature(f"x|profile:{value}|v:1.0")
    assert len(str(e.value)) < 250 and "902 characters" in str(e.value)


@pytest.mark.parametrize("bad", [None, b"ROUGE-1|v:1.0", 12, ["x"]])
def test_signature_must_be_a_string(bad):
    with pytest.raises(TypeError, match="signature must be a str"):
        RougeConfig.from_signature(bad)


def test_perl_flags():
    assert RougeConfig().perl_flags() == "-n 4 -w 1.2 -2 4 -U -c 95 -r 1000 -f A -p 0.5 -t 0 -a"
    assert RougeConfig(max_n=4, skip_distance=4, stem=True).perl_flags() == (
        "-n 4 -w 1.2 -2 4 -U -m -c 95 -r 1000 -f A -p 0.5 -t 0 -a"
    )
    assert RougeConfig(
        max_n=2,
        wlcs_weight=None,
        skip_distance=-1,
        rouge_s=False,
        rouge_l=False,
        remove_stopwords=True,
        word_limit=100,
        multi_ref="best",
        alpha=0.2,
    ).perl_flags() == ("-n 2 -2 -1 -u -x -s -l 100 -c 95 -r 1000 -f B -p 0.2 -t 0 -a")
    assert RougeConfig(skip_distance=9, rouge_su=False, byte_limit=75).perl_flags() == (
        "-n 4 -w 1.2 -2 9 -b 75 -c 95 -r 1000 -f A -p 0.5 -t 0 -a"
    )
    assert RougeConfig(
        max_n=None, skip_distance=None, wlcs_weight=None, averaging=2, bootstrap_samples=10
    ).perl_flags() == ("-c 95 -r 10 -f A -p 0.5 -t 2 -a")


def test_perl_differences():
    assert RougeConfig().perl_differences() == []
    assert RougeConfig(stem=True).perl_differences() == []
    diffs = RougeConfig(profile="rouge-score").perl_differences()
    assert any("profile rouge-score" in d for d in diffs)
    assert any("tokenizer rouge-score" in d for d in diffs)
    assert any("ROUGE-Lflat" in d for d in diffs)
    assert any("jackknif" in d for d in RougeConfig(multi_ref="jackknife").perl_differences())
    assert any("exception" in d for d in RougeConfig(stem=True, stem_exceptions=False).perl_differences())


def test_averaging_must_be_an_integer_not_a_bool():
    with pytest.raises(ValueError, match="averaging"):
        RougeConfig(averaging=True)


def test_an_exception_table_is_a_setting_named_in_the_signature():
    from rouge_core.text.stem import ExceptionTable

    table = ExceptionTable.of("my table!", {"mice": "rodent"})
    config = RougeConfig(stem=True, exception_table=table)
    assert table.name == "my_table_" and config.stem_lookup == table
    assert config.signature().endswith(f"|exc_table:{table.tag}|v:1.0")
    assert RougeConfig(stem=True).signature() == config.signature().replace(f"|exc_table:{table.tag}", "")
    assert config != RougeConfig(stem=True) and hash(config) != hash(RougeConfig(stem=True))
    assert config == RougeConfig(stem=True, exception_table=ExceptionTable.of("my table!", {"mice": "rodent"}))
    with pytest.raises(ValueError, match="names a stem exception table .* that a signature cannot carry"):
        RougeConfig.from_signature(config.signature())
    with pytest.raises(ValueError, match="invalid exception_table="):
        RougeConfig(exception_table={"mice": "rodent"})  # type: ignore[arg-type]
    assert RougeConfig(stem=True, stem_exceptions=False, exception_table=table).stem_lookup is False


def test_the_option_types_list_exactly_what_the_config_accepts():
    from typing import get_args

    from rouge_core import MultiRefMode, ProfileName, TokenizerName
    from rouge_core.config import MULTI_REF_MODES
    from rouge_core.profiles import PROFILE_RECORDS

    assert get_args(ProfileName) == PROFILES == ("rouge155", "rouge-score", "paper")
    assert set(PROFILES) == set(PROFILE_RECORDS)  # a profile record is a name type checkers accept, and back
    assert get_args(TokenizerName) == TOKENIZERS == ("rouge155", "rouge-score", "unicode", "jieba", "fugashi", "thai")
    assert get_args(MultiRefMode) == MULTI_REF_MODES == ("pooled", "best", "jackknife")
    with pytest.raises(ValueError, match="invalid profile='rouge-1.5.5'"):
        RougeConfig(profile="rouge-1.5.5")  # type: ignore[arg-type]


def test_the_resolved_config_has_no_none():
    """Issue 18, point 8: the engine reads a config with every default filled and every "off" explicit."""
    import dataclasses

    from rouge_core.resolved import ResolvedConfig

    for c in [
        RougeConfig(),
        RougeConfig(profile="rouge-score", max_n=None, wlcs_weight=None, skip_distance=None),
        RougeConfig(profile="paper", skip_distance=-1, byte_limit=75),
    ]:
        r = c.resolved
        assert isinstance(r, ResolvedConfig)
        assert all(getattr(r, f.name) is not None for f in dataclasses.fields(r))
    r = RougeConfig(profile="rouge-score", max_n=None, wlcs_weight=None, skip_distance=None).resolved
    assert (r.tokenizer, r.multi_ref, r.flat_lcs, r.max_n, r.wlcs, r.skip, r.limited) == (
        "rouge-score", "best", True, 0, False, False, False,
    )  # fmt: skip
    r = RougeConfig(profile="paper", skip_distance=-1, byte_limit=75).resolved
    assert (r.tokenizer, r.skip, r.skip_distance, r.word_limit, r.byte_limit, r.wlcs_weight) == (
        "rouge155", True, -1, 0, 75, 1.2,
    )  # fmt: skip
