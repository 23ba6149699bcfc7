"""Upload parsing: good records load, bad ones give a message that says what to fix."""

from __future__ import annotations

import pytest

from ui.widgets.inputs import MAX_CHARS, InputError, Pair, clip, decode, parse_record, parse_text_files


def test_json_record_with_sentence_lists():
    p = parse_record(b'{"candidate": ["a b.", "c d."], "references": ["x", ["y", "z"]]}', "r.json")
    assert p.candidate == "a b.\nc d."
    assert p.references == ("x", "y\nz")


def test_jsonl_takes_the_first_record_and_says_so():
    data = b'{"candidate": "a", "references": ["b"]}\n{"candidate": "c", "references": ["d"]}\n'
    p = parse_record(data, "r.jsonl")
    assert (p.candidate, p.references) == ("a", ("b",))
    assert "first" in p.messages[0]


def test_single_reference_string_is_accepted():
    assert parse_record(b'{"candidate": "a", "reference": "b"}', "r.json").references == ("b",)


@pytest.mark.parametrize(
    "data,fragment",
    [
        (b"", "empty"),
        (b"{not json", "not valid JSON"),
        (b"[1, 2]", "object"),
        (b'{"references": ["b"]}', "no 'candidate'"),
        (b'{"candidate": "a"}', "no 'references'"),
        (b'{"candidate": 3, "references": ["b"]}', "string"),
        (b'{"candidate": "a", "references": 5}', "list"),
        (b"\x80\xffa", "not valid UTF-8"),
        pytest.param("plain text".encode("utf-16-le"), "looks like UTF-16 without a byte", id="utf16-no-bom"),
        pytest.param(b"[" * 50_000, "deeper than 64 levels", id="nested"),
    ],
)
def test_bad_records_raise_clear_messages(data, fragment):
    with pytest.raises(InputError, match=fragment):
        parse_record(data, "bad.json")


def test_a_record_saved_as_utf16_with_a_byte_order_mark_is_read():
    record = '{"candidate": "café", "references": ["a café"]}'
    for encoding in ("utf-16", "utf-16-be", "utf-8-sig", "utf-32"):
        data = ("\ufeff" if encoding == "utf-16-be" else "") + record
        assert parse_record(data.encode(encoding), "x.json") == Pair("café", ("a café",))


def test_text_files():
    p = parse_text_files(("c.txt", "café\n".encode()), [("r1.txt", b"a"), ("r2.txt", b"\xef\xbb\xbfb")])
    assert p.candidate == "café\n"
    assert p.references == ("a", "b")  # the BOM is removed
    with pytest.raises(InputError, match="candidate"):
        parse_text_files(None, [("r.txt", b"a")])
    with pytest.raises(InputError, match="reference"):
        parse_text_files(("c.txt", b"a"), [])


def test_huge_upload_is_refused():
    with pytest.raises(InputError, match="bytes"):
        decode(b"a" * 6_000_001, "big.txt")


def test_clip_says_what_was_cut():
    text, msg = clip("x" * (MAX_CHARS + 5), "candidate")
    assert len(text) == MAX_CHARS and f"{MAX_CHARS + 5:,}" in msg


def test_streamlit_config_agrees_with_the_upload_limit():
    """The uploader said 200 MB while the code refused over 5 MB; no usage statistics, no Deploy button."""
    from pathlib import Path

    import tomllib

    from ui.widgets.inputs import MAX_UPLOAD_BYTES

    cfg = tomllib.loads((Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml").read_text())
    assert cfg["server"]["maxUploadSize"] * 1024 * 1024 == MAX_UPLOAD_BYTES
    assert cfg["browser"]["gatherUsageStats"] is False
    assert cfg["client"]["toolbarMode"] == "minimal"
