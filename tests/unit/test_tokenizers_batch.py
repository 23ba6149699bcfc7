"""score_batch with a custom tokenizer (issue 21, point 3): one that cannot be pickled is scored in this
process (said in a warning), or refused with a process runner; one that can reaches worker processes."""

from __future__ import annotations

import logging

import pytest

from rouge_core import RougeConfig, score_batch
from rouge_core.batch.runners import ProcessRunner
from rouge_core.batch.score import PairError

PAIRS = [("The cat sat", "the cat lay"), ("a b c", ["a b", "c"]), ("dogs bark", "Dogs bark")]


def lower_words(text: str) -> list[str]:
    return text.lower().split()


def hits(config: RougeConfig, **kw: object) -> list[int]:
    return score_batch(PAIRS, config, **kw).measures["ROUGE-1"].hit.tolist()  # type: ignore[arg-type]


def test_a_lambda_with_workers_is_scored_here_and_said(caplog):
    config = RougeConfig(tokenizer=lambda s: s.split(), max_n=1)
    with caplog.at_level(logging.WARNING, logger="rouge_core.batch.score"):
        assert hits(config, workers=2) == hits(config) == [1, 3, 1]  # "The" is not "the": as the callable says
    assert "cannot be sent to worker processes (it cannot be pickled): scoring in this process" in caplog.text
    assert "custom:" in caplog.text and "<lambda>" in caplog.text


def test_a_lambda_with_a_process_runner_is_a_clear_error():
    config = RougeConfig(tokenizer=lambda s: s.split(), max_n=1)
    with ProcessRunner(2) as runner, pytest.raises(ValueError, match="cannot be sent to worker processes"):
        score_batch(PAIRS, config, runner=runner)


def test_a_module_level_function_reaches_worker_processes():
    config = RougeConfig(tokenizer=lower_words, max_n=1)
    assert hits(config, workers=2, chunk_size=1) == hits(config) == [2, 3, 2]


def test_a_failing_tokenizer_names_the_pair_and_the_tokenizer():
    def fussy(text: str) -> list[str]:
        if "dogs" in text:
            raise KeyError(text)
        return text.split()

    with pytest.raises(
        PairError, match=r"pair 2 .*TokenizerError: the tokenizer custom:\S*fussy failed on 'dogs bark'"
    ):
        score_batch(PAIRS, RougeConfig(tokenizer=fussy))
