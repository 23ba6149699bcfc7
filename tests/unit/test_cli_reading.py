"""How the command line reads a ``-z`` list's summaries (issue 22, target 1): each file is opened once and
no file is looked up beforehand (a stat per model file was 10,000 system calls in a 10,000-pair run),
with the script's first complaint kept: a missing model, whatever else is wrong."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest

from rouge_core.cli.run import main


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _listing(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "list.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_readable_models_are_not_looked_up_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = []
    for i in range(3):
        (tmp_path / f"c{i}").write_text(f"police kill the gunman {i}\n", encoding="utf-8")
        (tmp_path / f"r{i}").write_text("police killed the gunman\n", encoding="utf-8")
        lines.append(f"{tmp_path}/c{i} {tmp_path}/r{i}")
    listing = _listing(tmp_path, lines)
    looked_up: list[str] = []
    exists = os.path.exists

    def counting(path: object) -> bool:
        looked_up.append(str(path))
        return exists(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os.path, "exists", counting)
    code, out, _ = _run(["-n", "1", "-z", "SPL", listing])
    assert code == 0 and "X ROUGE-1 Average_R: 0.75000 (95%-conf.int. 0.75000 - 0.75000)" in out
    assert [p for p in looked_up if p.startswith(str(tmp_path))] == []


def test_a_missing_model_is_the_first_complaint(tmp_path: Path) -> None:
    (tmp_path / "r").write_text("police killed the gunman\n", encoding="utf-8")
    # the peer is a directory (unreadable) and the second model is missing: Perl names the model
    listing = _listing(tmp_path, [f"{tmp_path} {tmp_path}/r {tmp_path}/gone"])
    code, _, err = _run(["-z", "SPL", listing])
    assert code == 2 and err == f"rouge_core: error: Cannot find model summary: {tmp_path}/gone\n"
    # only an unreadable peer: its own message
    listing = _listing(tmp_path, [f"{tmp_path} {tmp_path}/r"])
    code, _, err = _run(["-z", "SPL", listing])
    assert code == 2 and err == f"rouge_core: error: Cannot read {tmp_path}: it is not a regular file\n"
