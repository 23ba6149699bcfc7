"""The command line's reading of a run's summaries (issue 22, target 1, the per-pair cost): a plain SPL file
becomes its text without a list of sentences (:func:`rouge_core.io.perl_inputs.read_summary_text`), a
plain ``-z`` list is split without the whitespace pattern, and :func:`rouge_core.cli.peer_pairs.peer_pairs`
reads each file once. The texts, the evaluations and the printed bytes are the same as the general path's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rouge_core.cli.peer_pairs import SummaryTexts, peer_pairs
from rouge_core.cli.run import main
from rouge_core.io import perl_inputs
from rouge_core.io.perl_inputs import (
    Evaluation,
    InputError,
    UsageError,
    parse_file_list,
    read_summary,
    read_summary_text,
)

# Every shape of SPL file the fast path must tell apart: blank lines anywhere, no last newline, CR LF,
# whitespace-only lines (kept, as in Perl), non-ASCII, a byte order mark, bytes that are not UTF-8.
SPL_FILES = [
    b"police kill the gunman\n",
    b"police kill the gunman\nthe gunman fled\n",
    b"police kill the gunman",
    b"\npolice kill the gunman\n",
    b"police kill\n\nthe gunman\n\n",
    b"police kill\r\nthe gunman\r\n",
    b"police kill\n \nthe gunman",
    b"",
    b"\n",
    b"\n\n\n",
    b"caf\xc3\xa9 cr\xc3\xa8me\n",
    b"\xef\xbb\xbfpolice kill\n",
    b"police \xff kill\n",
]


@pytest.mark.parametrize("data", SPL_FILES)
@pytest.mark.parametrize("fmt", ["SPL", "spl", "SEE", "ISI"])
def test_a_summary_text_is_its_sentences_one_a_line(tmp_path: Path, data: bytes, fmt: str) -> None:
    (tmp_path / "s.txt").write_bytes(data)
    path = str(tmp_path / "s.txt")
    assert read_summary_text(path, fmt) == "\n".join(read_summary(path, fmt))


def test_the_fast_texts_are_the_expected_ones(tmp_path: Path) -> None:
    texts = []
    for k, data in enumerate(SPL_FILES[:7]):
        (tmp_path / f"{k}.txt").write_bytes(data)
        texts.append(read_summary_text(str(tmp_path / f"{k}.txt"), "SPL"))
    assert texts == [
        "police kill the gunman",
        "police kill the gunman\nthe gunman fled",
        "police kill the gunman",
        "police kill the gunman",
        "police kill\nthe gunman",
        "police kill\r\nthe gunman\r",
        "police kill\n \nthe gunman",
    ]


def test_a_bad_format_is_said_before_the_file_is_opened(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"^Unknown input format: XYZ \(reading .*nope\.txt\)$"):
        read_summary_text(str(tmp_path / "nope.txt"), "XYZ")
    with pytest.raises(InputError, match=r"^Cannot open .*nope\.txt: No such file or directory$"):
        read_summary_text(str(tmp_path / "nope.txt"), "SPL")


@pytest.fixture
def sentence_lists(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kind of every sentence list built from a summary's text while the test runs."""
    built: list[str] = []
    real = perl_inputs._sentences

    def counting(text: str, kind: str) -> list[str]:
        built.append(kind)
        return real(text, kind)

    monkeypatch.setattr(perl_inputs, "_sentences", counting)
    return built


def write_run(folder: Path, blank_lines: bool) -> Path:
    """Three pairs as SPL files and their -z list; with ``blank_lines`` every file has blank lines too
    (which SPL drops: the same summaries)."""
    pairs = [
        ("police kill the gunman\nhe fled", "police killed the gunman\nthe gunman fled"),
        ("a dog ran away", "the dog ran\naway from home"),
        ("ships sailed", "the ship sailed home"),
    ]
    lines = []
    for k, (cand, ref) in enumerate(pairs):
        for name, text in ((f"c{k}.spl", cand), (f"r{k}.spl", ref)):
            body = text.replace("\n", "\n\n") + "\n\n" if blank_lines else text + "\n"
            (folder / name).write_text(body, encoding="utf-8")
        lines.append(f"{folder / f'c{k}.spl'} {folder / f'r{k}.spl'}")
    (folder / "list.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder / "list.txt"


def test_plain_spl_files_are_scored_without_sentence_lists(
    tmp_path: Path, sentence_lists: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "plain").mkdir()
    (tmp_path / "blank").mkdir()
    argv = ["-n", "2", "-w", "1.2", "-2", "4", "-U", "-d", "-z", "SPL"]
    assert main([*argv, str(write_run(tmp_path / "plain", blank_lines=False))]) == 0
    plain = capsys.readouterr().out
    assert sentence_lists == []  # before: one list a file, six here
    assert main([*argv, str(write_run(tmp_path / "blank", blank_lines=True))]) == 0
    assert sentence_lists == ["SPL"] * 6  # blank lines take the general path
    assert capsys.readouterr().out == plain  # the same summaries, the same bytes
    # pair 1: police, the, gunman, fled match; 7 reference and 6 candidate words
    assert "X ROUGE-1 Eval 1.X R:0.57143 P:0.66667 F:0.61539\n" in plain


class CountingPattern:
    """A stand-in for the list's whitespace pattern that counts its splits."""

    def __init__(self, real: re.Pattern[str]) -> None:
        self.real, self.splits = real, 0

    def split(self, text: str) -> list[str]:
        self.splits += 1
        return self.real.split(text)


@pytest.fixture
def pattern(monkeypatch: pytest.MonkeyPatch) -> CountingPattern:
    counting = CountingPattern(perl_inputs._WS_RUN)
    monkeypatch.setattr(perl_inputs, "_WS_RUN", counting)
    return counting


def entries(evals: list[Evaluation]) -> list[tuple[str, Any, list[str]]]:
    return [(e.eval_id, e.peers, e.models) for e in evals]


def test_a_plain_list_is_split_without_the_pattern(pattern: CountingPattern) -> None:
    data = b"# peer model\n  p1.spl\tm1.spl  m2.spl \r\n\n \t \np2.spl m3.spl\n #p3.spl m4.spl\n"
    evals = parse_file_list(data, "list.txt", "SPL", "X")
    assert pattern.splits == 0  # before: one split a line
    assert entries(evals) == [
        ("1", {"X": "p1.spl"}, ["m1.spl", "m2.spl"]),
        ("2", {"X": "p2.spl"}, ["m3.spl"]),
        ("3", {"X": "#p3.spl"}, ["m4.spl"]),  # a comment starts the line, as in Perl
    ]


@pytest.mark.parametrize(
    "line, files",
    [
        ("a\x1cb m.spl", ["a\x1cb", "m.spl"]),  # str.split() would cut at \x1c-\x1f, Perl's \s does not
        ("a\x1fb\x0bm.spl", ["a\x1fb", "m.spl"]),
        ("caf\u00e9\u00a0x.spl m.spl", ["caf\u00e9\u00a0x.spl", "m.spl"]),  # nor at a no-break space
        ("p\u3000q.spl\x85m.spl m2.spl", ["p\u3000q.spl\x85m.spl", "m2.spl"]),
    ],
)
def test_a_list_with_other_spaces_splits_at_perls_whitespace_only(
    pattern: CountingPattern, line: str, files: list[str]
) -> None:
    evals = parse_file_list(line.encode("utf-8") + b"\n", "list.txt", "SPL", "X")
    assert entries(evals) == [("1", {"X": files[0]}, files[1:])]
    assert pattern.splits >= 1  # split by Perl's pattern


def test_a_line_of_one_name_is_refused_on_both_paths() -> None:
    for data in (b"p.spl\n", b"p\x1c.spl\n"):
        with pytest.raises(InputError, match="at least 2 filenames per line"):
            parse_file_list(data, "list.txt", "SPL", "X")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of every file read while the test runs."""
    seen: list[str] = []
    real = perl_inputs.read_bytes

    def counting(path: str, *args: Any) -> bytes:
        seen.append(Path(path).name)
        return real(path, *args)

    monkeypatch.setattr(perl_inputs, "read_bytes", counting)
    return seen


def write(folder: Path, **texts: str) -> dict[str, str]:
    for name, text in texts.items():
        (folder / name).write_text(text + "\n", encoding="utf-8")
    return {name: str(folder / name) for name in texts}


def test_each_summary_file_is_read_once(tmp_path: Path, reads: list[str]) -> None:
    f = write(tmp_path, a="police kill the gunman", b="the gunman fled", m1="police killed the gunman", m2="he fled")
    evals = [
        Evaluation("1", "SPL", {"A": f["a"], "B": f["b"]}, [f["m1"]]),
        Evaluation("2", "SPL", {"A": f["b"], "B": f["a"]}, [f["m1"], f["m2"]]),
    ]
    texts = SummaryTexts()
    assert peer_pairs(evals, "A", texts) == (
        ["1", "2"],
        [
            ("police kill the gunman", "police killed the gunman"),
            ("the gunman fled", ["police killed the gunman", "he fled"]),
        ],
    )
    assert peer_pairs(evals, "B", texts)[1][0] == ("the gunman fled", "police killed the gunman")
    assert reads == ["a", "m1", "b", "m2"]


def test_an_evaluation_without_the_peer_is_skipped_with_perls_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = write(tmp_path, a="police kill the gunman", m1="police killed the gunman")
    evals = [Evaluation("7", "SPL", {"B": f["a"]}, [f["m1"]]), Evaluation("8", "SPL", {"A": f["a"]}, [f["m1"]])]
    assert peer_pairs(evals, "A", SummaryTexts()) == (["8"], [("police kill the gunman", "police killed the gunman")])
    assert capsys.readouterr().err == "*ROUGE Warning: test instance for peer A does not exist for evaluation 7\n"


def test_a_missing_model_is_the_first_complaint(tmp_path: Path) -> None:
    f = write(tmp_path, m1="police killed the gunman")
    missing_peer = Evaluation("1", "SPL", {"A": str(tmp_path / "nope")}, [f["m1"]])
    with pytest.raises(InputError, match=r"^Cannot open .*nope: No such file or directory$"):
        peer_pairs([missing_peer], "A", SummaryTexts())
    both = Evaluation("1", "SPL", {"A": str(tmp_path / "nope")}, [f["m1"], str(tmp_path / "gone")])
    with pytest.raises(UsageError, match=r"^Cannot find model summary: .*gone$"):
        peer_pairs([both], "A", SummaryTexts())


def test_formats_are_read_apart(tmp_path: Path) -> None:
    (tmp_path / "s").write_text('<S SNTNO="1">police kill</S>\nthe gunman\n', encoding="utf-8")
    texts = SummaryTexts()
    assert texts.text(str(tmp_path / "s"), "SPL") == '<S SNTNO="1">police kill</S>\nthe gunman'
    assert texts.text(str(tmp_path / "s"), "ISI") == "police kill"
