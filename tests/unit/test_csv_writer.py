"""rouge_core.io.csv_writer: OWASP's formula payloads neutralised with a ``'`` (exact text), numbers kept,
CR and LF always quoted so that csv.reader reads the same rows back, and restore_cell undoing the mark."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import numpy as np
import pytest

from rouge_core.io.csv_writer import is_plain_number, records_csv, restore_cell, safe_cell, write_csv

PAYLOADS = [
    ('=HYPERLINK("http://x","click")', '"\'=HYPERLINK(""http://x"",""click"")"'),
    ("@SUM(1+1)", "'@SUM(1+1)"),
    ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
    ("-2+3", "'-2+3"),
    ("\tx", "'\tx"),
    ("\rx", '"\'\rx"'),
    ("a\rb", '"a\rb"'),
    ("a\nb", '"a\nb"'),
    ("a\r\nb", '"a\r\nb"'),
    ("'=x", "''=x"),  # a mark before a formula start gets one more, so that restore_cell undoes one
    ("-inf", "'-inf"),  # text, not a number
    ("-1", "-1"),  # text that is exactly a number: a spreadsheet reads a number, which runs nothing
    ("+2.5e-3", "+2.5e-3"),
    ("a=b", "a=b"),
    ("'twas", "'twas"),
    ("", ""),
]


@pytest.mark.parametrize(("text", "line"), PAYLOADS, ids=[repr(p[0]) for p in PAYLOADS])
def test_each_payload_is_written_exactly(text: str, line: str) -> None:
    out = write_csv(["id", "n"], [[text, 1]])
    assert out == f"id,n\n{line},1\n"
    (row,) = list(csv.reader(io.StringIO(out, newline="")))[1:]
    assert row[1] == "1" and restore_cell(row[0]) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (-0.5, "-0.5"),
        (-3, "-3"),
        (0.1 + 0.2, "0.30000000000000004"),  # every digit
        (True, "True"),
        (np.float64(-0.25), "-0.25"),
        (np.float32(0.1), "0.1"),
        (np.int64(-7), "-7"),
        (Fraction(-1, 4), "-0.25"),
        (float("nan"), ""),
        (float("-inf"), "-inf"),
        (None, ""),
    ],
)
def test_numbers_stay_numbers(value: object, text: str) -> None:
    assert safe_cell(value) == text
    assert write_csv(["x"], [[value]]) == f"x\n{text or chr(34) * 2}\n"


def test_a_bare_cr_or_lf_keeps_the_row_count() -> None:
    rows = [["a\rb", "=1"], ["c\nd", "@x"], ["\r", "\n"], [""]]
    out = write_csv(["first", "second"], rows)
    assert out == 'first,second\n"a\rb",\'=1\n"c\nd",\'@x\n"\'\r","\n"\n""\n'
    back = list(csv.reader(io.StringIO(out, newline="")))
    assert back == [["first", "second"], ["a\rb", "'=1"], ["c\nd", "'@x"], ["'\r", "\n"], [""]]


def test_records_take_every_key_in_order_and_leave_missing_cells_empty() -> None:
    out = records_csv([{"system": "-M1", "score": -0.5}, {"system": "M2", "note": "+x"}])
    assert out == "system,score,note\n'-M1,-0.5,\nM2,,'+x\n"
    assert records_csv([], ["a", "b"]) == "a,b\n"  # no rows: the header still names the columns


def test_plain_numbers() -> None:
    assert [is_plain_number(t) for t in ("-0", "1.", "-1e+5", "٣", "1e", "--1", "+")] == [
        True,
        True,
        True,
        False,  # ASCII digits only
        False,
        False,
        False,
    ]
