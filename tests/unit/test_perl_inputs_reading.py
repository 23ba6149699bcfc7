"""rouge_core.io.perl_inputs.read_bytes: one ``read`` a summary file (issue 22, target 1), the whole file
all the same when its size is not what ``fstat`` said (a /proc file says 0; a file may grow or shrink
after ``fstat``), and the size limit kept."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from rouge_core.io import perl_inputs
from rouge_core.io.perl_inputs import FileTooLarge, read_bytes

TEXT = b"police kill the gunman\nthe dog ran away\n"


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes asked of every ``os.read`` while the test runs."""
    asked: list[int] = []
    real = os.read

    def counting(fd: int, n: int) -> bytes:
        asked.append(n)
        return real(fd, n)

    monkeypatch.setattr(os, "read", counting)
    return asked


def test_a_summary_file_is_read_with_one_read(tmp_path: Path, reads: list[int]) -> None:
    (tmp_path / "c.txt").write_bytes(TEXT)
    assert read_bytes(str(tmp_path / "c.txt"), 1000) == TEXT
    assert reads == [len(TEXT) + 1]  # before: a second read, to see the end of the file


def test_an_empty_file_is_one_read_too(tmp_path: Path, reads: list[int]) -> None:
    (tmp_path / "e.txt").write_bytes(b"")
    assert read_bytes(str(tmp_path / "e.txt"), 1000) == b""
    assert reads == [1]


def fstat_saying(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    """Make ``os.fstat`` report ``size`` bytes for every regular file (what it said before the file changed)."""
    real = os.fstat

    class Said:
        def __init__(self, st: Any) -> None:
            self.st_mode, self.st_size = st.st_mode, size

    monkeypatch.setattr(os, "fstat", lambda fd: Said(real(fd)))


@pytest.mark.parametrize("said", [0, 5, len(TEXT) - 1, len(TEXT) + 7])
def test_the_whole_file_is_read_whatever_fstat_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, said: int) -> None:
    (tmp_path / "c.txt").write_bytes(TEXT)
    fstat_saying(monkeypatch, said)  # 0: a /proc file; smaller: it grew since; larger: it shrank since
    assert read_bytes(str(tmp_path / "c.txt"), 1000) == TEXT


def test_a_file_that_grew_past_the_limit_after_fstat_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "c.txt").write_bytes(TEXT)
    fstat_saying(monkeypatch, 3)
    with pytest.raises(FileTooLarge, match="larger than 10 bytes, the limit for a summary file"):
        read_bytes(str(tmp_path / "c.txt"), 10, "a summary file")


def test_a_proc_file_is_read_whole() -> None:
    if not os.path.exists("/proc/self/cmdline"):
        pytest.skip("no /proc here")
    with open("/proc/self/cmdline", "rb") as fh:
        expected = fh.read()
    assert os.stat("/proc/self/cmdline").st_size == 0 and expected
    assert read_bytes("/proc/self/cmdline", perl_inputs.MAX_CONFIG_BYTES) == expected


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path, reads: list[int]) -> None:
    (tmp_path / "c.txt").write_bytes(TEXT)
    assert read_bytes(str(tmp_path / "c.txt"), len(TEXT)) == TEXT and reads == [len(TEXT) + 1]
    with pytest.raises(FileTooLarge):
        read_bytes(str(tmp_path / "c.txt"), len(TEXT) - 1)
