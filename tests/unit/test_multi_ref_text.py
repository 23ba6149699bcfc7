"""rouge_core.config.MULTI_REF_TEXT: the one description of each multi-reference mode, which the
sidebar's labels and the profile comparison's caption read (their texts unchanged)."""

from __future__ import annotations

from rouge_core.config import MULTI_REF_MODES, MULTI_REF_TEXT, RougeConfig
from ui.render import differences
from ui.widgets import options


def test_every_mode_has_one_description() -> None:
    assert tuple(MULTI_REF_TEXT) == MULTI_REF_MODES


def test_the_sidebar_reads_it() -> None:
    assert options.MULTI_REF_LABELS == {
        "pooled": "pooled over references (-f A)",
        "best": "best reference (-f B / score_multi)",
        "jackknife": "jackknifing (average of leave-one-out best)",
    }
    assert all(options.MULTI_REF_LABELS[m] is MULTI_REF_TEXT[m].label for m in MULTI_REF_MODES)


def test_the_comparison_caption_reads_it() -> None:
    configs = {
        "rouge155": RougeConfig(profile="rouge155", multi_ref="pooled"),
        "rouge-score": RougeConfig(profile="rouge-score", tokenizer="rouge-score", multi_ref="best"),
        "paper": RougeConfig(profile="paper", tokenizer="unicode", multi_ref="jackknife"),
    }
    assert differences.configs_text(configs) == (
        "rouge155: rouge155 tokenizer, references pooled (-f A); "
        "rouge-score: rouge-score tokenizer, best reference; "
        "paper: unicode tokenizer, jackknifing"
    )
    assert not hasattr(differences, "MULTI_REF_TEXT") or differences.MULTI_REF_TEXT is MULTI_REF_TEXT
