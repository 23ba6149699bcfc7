"""What the command line hands to the batch (issue 22, target 1): each summary file as one text, a line a
sentence (what every path makes of a list of sentences, ``tokenize.as_text``), and a pair with one model
as two texts, which the chunk path takes without its per-pair checks; the printed bytes are unchanged
(tests/unit/test_cli_columns.py, the conformance suite)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest

from rouge_core.cli import run


def test_a_pair_is_two_texts_and_several_models_a_list_of_texts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "c").write_text("a b\n\nc d\n", encoding="utf-8")  # the empty line is no sentence (SPL)
    (tmp_path / "r").write_text("a c\n", encoding="utf-8")
    (tmp_path / "r2").write_text("x y a\nb", encoding="utf-8")
    (tmp_path / "list").write_text(
        f"{tmp_path}/c {tmp_path}/r\n{tmp_path}/c {tmp_path}/r {tmp_path}/r2\n", encoding="utf-8"
    )
    seen: list[Any] = []
    real = run.corpus_columns

    def spy(pairs: Any, *args: Any, **kwargs: Any) -> Any:
        seen.extend(pairs)
        return real(pairs, *args, **kwargs)

    monkeypatch.setattr(run, "corpus_columns", spy)
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert run.main(["-n", "1", "-d", "-z", "SPL", str(tmp_path / "list")]) == 0
    assert seen == [("a b\nc d", "a c"), ("a b\nc d", ["a c", "x y a\nb"])]
    # a c in a b c d: R 2/2, P 2/4; -f A pools the models: R (2 + 2) / (2 + 4), P (2 + 2) / (4 + 4)
    assert "X ROUGE-1 Eval 1.X R:1.00000 P:0.50000 F:0.66667" in out.getvalue()
    assert "X ROUGE-1 Eval 2.X R:0.66667 P:0.50000 F:0.57143" in out.getvalue()
