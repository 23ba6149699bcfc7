"""``python -m rouge_core`` options: ``-e DIR`` (ROUGE-1.5.5's data directory), ``--json`` with and
without ``-d``, ``--version``, and the console script's name.

The Berkeley DB files are built here byte for byte from the format facts listed in
:mod:`rouge_core.io.exception_db` (:func:`hash_db`, :func:`recipe_empty_db`); no DB library
and no Perl are needed.
"""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from typing import Optional

import pytest

from rouge_core.cli.run import USAGE, main
from rouge_core.io.exception_db import (
    NotAHashDatabase,
    UnreadableDatabase,
    open_data_directory,
    read_exc_files,
    read_hash_database,
)
from rouge_core.text.stem import ExceptionTable, smart_stopwords, stem_rouge155

ROOT = Path(__file__).resolve().parents[2]
STOPWORDS = "".join(w + "\n" for w in sorted(smart_stopwords()))
H_CHARKEY = 0x5E688DD1  # libdb's check value of its default hash function, as found in DB_File files
MAGIC, VERSION, P_HASHMETA, P_HASH, P_OVERFLOW = 0x061561, 9, 8, 13, 7


# -- Berkeley DB hash files, byte for byte ---------------------------------------------------------


def _meta(
    pagesize: int,
    last_pgno: int,
    max_bucket: int,
    high: int,
    low: int,
    nelem: int,
    spares: list[int],
    order: str,
    version: int = VERSION,
    metaflags: int = 0,
) -> bytes:
    page = bytearray(pagesize)
    struct.pack_into(
        order + "IIIIIIBBBBII", page, 0, 0, 1, 0, MAGIC, version, pagesize, 0, P_HASHMETA, metaflags, 0, 0, last_pgno
    )
    struct.pack_into(order + "6I", page, 72, max_bucket, high, low, 0, nelem, H_CHARKEY)
    struct.pack_into(order + f"{len(spares)}I", page, 96, *spares)
    return bytes(page)


def _page(
    pagesize: int,
    pgno: int,
    kind: int,
    entries: int,
    hf_offset: int,
    order: str,
    next_pgno: int = 0,
    prev_pgno: int = 0,
) -> bytearray:
    page = bytearray(pagesize)
    struct.pack_into(order + "IIIIIHHBB", page, 0, 0, 1, pgno, prev_pgno, next_pgno, entries, hf_offset, 0, kind)
    return page


def recipe_empty_db(order: str = "<") -> bytes:
    """The 12,288-byte DB of the install recipe: metadata, bucket 0 never written, bucket 1 empty."""
    meta = _meta(4096, last_pgno=2, max_bucket=1, high=1, low=0, nelem=0, spares=[1, 1], order=order)
    return meta + bytes(4096) + bytes(_page(4096, 2, P_HASH, 0, 4096, order))


def hash_db(
    pairs: dict[str, str],
    pagesize: int = 512,
    order: str = "<",
    off_page: frozenset = frozenset(),
    version: int = VERSION,
    metaflags: int = 0,
) -> bytes:
    """A one-bucket hash DB holding ``pairs`` (keys sorted as on libdb's sorted pages); the values
    of the keys in ``off_page`` are stored on overflow pages."""
    items: list[bytes] = []
    overflow: list[bytes] = []
    data_room = pagesize - 26
    next_free = 2  # page 1 is the bucket page
    for key in sorted(pairs, key=lambda k: k.encode()):
        items.append(b"\x01" + key.encode())
        value = pairs[key].encode()
        if key in off_page:
            chunks = [value[i : i + data_room] for i in range(0, len(value), data_room)] or [b""]
            items.append(struct.pack(order + "B3xII", 3, next_free, len(value)))
            for k, chunk in enumerate(chunks):
                pgno = next_free + k
                page = _page(
                    pagesize,
                    pgno,
                    P_OVERFLOW,
                    1 if k == 0 else 0,
                    len(chunk),
                    order,
                    next_pgno=pgno + 1 if k + 1 < len(chunks) else 0,
                    prev_pgno=pgno - 1 if k else 0,
                )
                page[26 : 26 + len(chunk)] = chunk
                overflow.append(bytes(page))
            next_free += len(chunks)
        else:
            items.append(b"\x01" + value)
    end, offsets = pagesize, []
    for it in items:
        end -= len(it)
        offsets.append(end)
    assert 26 + 2 * len(items) <= end, "the pairs do not fit on one page"
    bucket = _page(pagesize, 1, P_HASH, len(items), end, order)
    struct.pack_into(order + f"{len(offsets)}H", bucket, 26, *offsets)
    for off, it in zip(offsets, items):
        bucket[off : off + len(it)] = it
    meta = _meta(
        pagesize,
        last_pgno=next_free - 1,
        max_bucket=0,
        high=0,
        low=0,
        nelem=len(pairs),
        spares=[1],
        order=order,
        version=version,
        metaflags=metaflags,
    )
    return meta + bytes(bucket) + b"".join(overflow)


def db_185_header() -> bytes:
    """The start of a Berkeley DB 1.85 hash file (magic, version 2, byte order 1234, bucket size)."""
    return struct.pack("<IIII", MAGIC, 2, 1234, 4096) + bytes(4096 - 16)


# -- fixtures ---------------------------------------------------------------------------------------


def data_dir(
    tmp_path: Path,
    db: Optional[bytes],
    name: str = "data",
    stopwords: str = STOPWORDS,
    exc: Optional[dict[str, str]] = None,
) -> str:
    d = tmp_path / name
    d.mkdir()
    (d / "smart_common_words.txt").write_text(stopwords)
    if db is not None:
        (d / "WordNet-2.0.exc.db").write_bytes(db)
    if exc:
        (d / "WordNet-2.0-Exceptions").mkdir()
        for fname, text in exc.items():
            (d / "WordNet-2.0-Exceptions" / fname).write_text(text)
    return str(d)


@pytest.fixture
def corpus(tmp_path) -> str:
    """A -z SPL list: words of the WordNet map ('dying', 'were', 'mice', 'geese') and 'zorbing' (none)."""
    files = {
        "p1.txt": "the dying men were zorbing mice\n",
        "m1.txt": "the die man be blip rodent\n",
        "p2.txt": "geese were running\n",
        "m2.txt": "goose be run\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    lst = tmp_path / "list.txt"
    lst.write_text(f"{tmp_path}/p1.txt {tmp_path}/m1.txt\n{tmp_path}/p2.txt {tmp_path}/m2.txt\n")
    return str(lst)


def run(capsys, args: list[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def rouge1(out: str) -> list[str]:
    return re.findall(r"^X ROUGE-1 Eval \S+ R:(\S+)", out, re.M)


# -- -e: ROUGE-1.5.5.pl's checks and messages ---------------------------------------------------------


def test_nonexistent_directory_is_perls_error(tmp_path, corpus, capsys):
    missing = tmp_path / "no-such-dir"
    code, out, err = run(capsys, ["-e", str(missing), "-n", "1", "-z", "SPL", corpus])
    assert code == 2 and out == ""
    # ROUGE-1.5.5.pl: "Cannot open <DIR>/smart_common_words.txt" (it dies, with or without -m/-s)
    assert err.startswith(f"rouge_core: error: Cannot open {missing}/smart_common_words.txt")
    assert err.count("\n") == 1


def test_directory_without_db_is_perls_error(tmp_path, corpus, capsys):
    d = data_dir(tmp_path, None)
    code, out, err = run(capsys, ["-e", d, "-n", "1", "-z", "SPL", corpus])
    assert code == 2 and out == ""
    assert err.startswith(f"rouge_core: error: Cannot open exception db file for reading: {d}/WordNet-2.0.exc.db")


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage\n" * 100, b"\0" * 12 + struct.pack("<I", 0x053162) + bytes(4080)],
    ids=["empty file", "text", "b-tree"],
)
def test_a_file_that_is_no_hash_db_stops_the_run_as_in_perl(content, tmp_path, corpus, capsys):
    d = data_dir(tmp_path, content)
    code, out, err = run(capsys, ["-e", d, "-n", "1", "-m", "-z", "SPL", corpus])
    assert code == 2 and out == ""
    assert "Cannot open exception db file for reading" in err and err.count("\n") == 1


def test_db_path_is_a_directory(tmp_path, corpus, capsys):
    d = data_dir(tmp_path, None)
    (Path(d) / "WordNet-2.0.exc.db").mkdir()
    code, _, err = run(capsys, ["-e", d, "-n", "1", "-z", "SPL", corpus])
    assert code == 2 and "Cannot open exception db file for reading" in err and "not a regular file" in err


# -- -e: which map -m uses ----------------------------------------------------------------------------


def test_empty_db_means_porter_alone(tmp_path, corpus, capsys):
    d = data_dir(tmp_path, recipe_empty_db())
    assert len(recipe_empty_db()) == 12288 and read_hash_database(recipe_empty_db()) == {}
    _, porter, _ = run(capsys, ["--no-stem-exceptions", "-n", "1", "-m", "-d", "-z", "SPL", corpus])
    _, pinned, _ = run(capsys, ["-n", "1", "-m", "-d", "-z", "SPL", corpus])
    code, out, err = run(capsys, ["-e", d, "-n", "1", "-m", "-d", "-z", "SPL", corpus])
    assert code == 0 and err == ""
    assert out == porter != pinned  # dying -> dy, were -> were: not the WordNet map
    code, out, err = run(capsys, ["-e", d, "-n", "1", "-m", "-d", "--json", "-z", "SPL", corpus])
    assert code == 0 and "exc:no" in json.loads(out)["signature"]


def test_db_with_keys_is_used_exactly(tmp_path, corpus, capsys):
    table = {"zorbing": "blip", "mice": "rodent", "dying": "die", "geese": "goose", "were": "be"}
    d = data_dir(tmp_path, hash_db(table))
    _, default, _ = run(capsys, ["-n", "1", "-m", "-d", "-z", "SPL", corpus])  # fills the stem caches
    assert rouge1(default) == ["0.50000", "0.66667"]  # pinned map: zorbing -> zorb, mice -> mouse
    code, out, err = run(capsys, ["-e", d, "-n", "1", "-m", "-d", "-z", "SPL", corpus])
    assert code == 0 and err == ""  # the DB's own map: nothing to warn about
    # p1 [the die men be blip rodent] vs m1 [the die man be blip rodent] ('men': 3 letters, never stemmed);
    # p2 [goose be run] vs m2 [goos be run] (a DB value is not stemmed again, 'goose' is)
    assert rouge1(out) == ["0.83333", "0.66667"]
    assert run(capsys, ["-n", "1", "-m", "-d", "-z", "SPL", corpus])[1] == default  # the pinned map again
    assert stem_rouge155("mice") == "mouse"
    # the numbers came from another table: the signature says which (its name and content hash)
    code, out, _ = run(capsys, ["-e", d, "-n", "1", "-m", "-d", "--json", "-z", "SPL", corpus])
    signature = json.loads(out)["signature"]
    tag = ExceptionTable.of("WordNet-2.0.exc.db", table).tag
    assert code == 0 and "|exc:yes|" in signature and signature.endswith(f"|exc_table:{tag}|v:1.0")


def test_db_value_on_overflow_pages_and_big_endian(tmp_path):
    long_value = "x" * 1500
    for order in "<>":
        raw = read_hash_database(
            hash_db({"mice": "rodent", "longword": long_value}, order=order, off_page=frozenset({"longword"}))
        )
        assert raw == {b"mice": b"rodent", b"longword": long_value.encode()}
    assert read_hash_database(recipe_empty_db(">")) == {}


def test_unreadable_db_uses_the_exc_files_with_one_warning(tmp_path, corpus, capsys):
    exc = {
        "adj.exc": "best good\n",
        "verb.exc": "zorbing blip\ndying die\n were be\n",
        "noun.exc": "mice rodent\nmen man extra\n",
    }
    d = data_dir(tmp_path, db_185_header(), exc=exc)
    code, out, err = run(capsys, ["-e", d, "-n", "1", "-m", "-d", "-z", "SPL", corpus])
    assert code == 0
    # ' were be' starts with a blank: Perl's split gives key '' there, so 'were' stays 'were';
    # p1 [the die men were blip rodent] vs [the die man be blip rodent]; p2 [gees were run] vs [goos be run]
    assert rouge1(out) == ["0.66667", "0.33333"]
    [line] = err.splitlines()
    assert line.startswith(f"rouge_core: warning: -m: cannot read {d}/WordNet-2.0.exc.db (a Berkeley DB 1.85")
    assert "adj.exc, noun.exc, verb.exc" in line and line.endswith("--no-stem-exceptions reproduces an empty DB")


@pytest.mark.parametrize(
    "db",
    [hash_db({"mice": "rodent"}, version=7), hash_db({"mice": "rodent"}, metaflags=1), db_185_header()],
    ids=["version 7", "checksums", "1.85"],
)
def test_unreadable_db_without_exc_files_uses_the_pinned_map(db, tmp_path, corpus, capsys):
    d = data_dir(tmp_path, db)
    _, pinned, _ = run(capsys, ["-n", "1", "-m", "-d", "-z", "SPL", corpus])
    code, out, err = run(capsys, ["-e", d, "-n", "1", "-m", "-d", "-z", "SPL", corpus])
    assert code == 0 and out == pinned
    assert err.count("\n") == 1 and err.startswith("rouge_core: warning: -m: cannot read")
    assert "using rouge_core's pinned WordNet 2.0 map; --no-stem-exceptions reproduces an empty DB" in err
    # without -m, or with --no-stem-exceptions, the DB does not matter: no warning
    for extra in ([], ["-m", "--no-stem-exceptions"]):
        code, _, err = run(capsys, ["-e", d, "-n", "1", *extra, "-z", "SPL", corpus])
        assert code == 0 and err == ""


def test_s_with_a_different_stopword_file_warns(tmp_path, corpus, capsys):
    d = data_dir(tmp_path, recipe_empty_db(), stopwords=STOPWORDS.replace("\n", "\r\n"))
    code, _, err = run(capsys, ["-e", d, "-n", "1", "-s", "-z", "SPL", corpus])
    assert code == 0 and err.count("\n") == 1
    assert "-s:" in err and "differs from rouge_core's SMART list" in err
    d2 = data_dir(tmp_path, recipe_empty_db(), name="same")
    code, _, err = run(capsys, ["-e", d2, "-n", "1", "-s", "-z", "SPL", corpus])
    assert code == 0 and err == ""


def test_read_exc_files(tmp_path):
    a, b = tmp_path / "a.exc", tmp_path / "b.exc"
    a.write_bytes(b"axes ax axis\r\nlone\n\n  lead x\nbest good")
    b.write_bytes(b"best well\n")
    assert read_exc_files([str(a), str(b)]) == {"axes": "ax", "lone": "", "": "lead", "best": "well"}


def test_open_data_directory_reports(tmp_path):
    d = open_data_directory(data_dir(tmp_path, hash_db({"mice": "rodent"})))
    assert dict(d.db_table) == {b"mice": b"rodent"} and d.exception_map().warning is None
    with pytest.raises(NotAHashDatabase):
        read_hash_database(b"x" * 4096)
    with pytest.raises(UnreadableDatabase):
        read_hash_database(hash_db({"a": "b"}, version=11))


# -- --json, --version, usage, console script ---------------------------------------------------------


def test_json_has_evals_only_with_d(corpus, capsys):
    code, out, _ = run(capsys, ["-n", "1", "--json", "-z", "SPL", corpus])
    assert code == 0
    measures = json.loads(out)["peers"][0]["measures"]
    assert [m["evals"] for m in measures] == [[], []]
    assert all(0 <= m["R"]["average"] <= 1 for m in measures)
    code, out, _ = run(capsys, ["-n", "1", "-d", "--json", "-z", "SPL", corpus])
    measures = json.loads(out)["peers"][0]["measures"]
    assert [[e["id"] for e in m["evals"]] for m in measures] == [["1.X", "2.X"]] * 2


def test_a_config_run_prints_evaluates_notes(tmp_path, capsys):
    """Chinese text under the default tokenizer: the scores as Perl prints them (0) on stdout, and
    evaluate()'s notes on stderr and in --json, with the --tokenizer hint (issue 16, point 13)."""
    texts = {"p1.txt": "警察杀死了枪手\n", "m1.txt": "police killed the gunman\n", "p2.txt": "a b\n", "m2.txt": "a c\n"}
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
    lst = tmp_path / "list.txt"
    lst.write_text(f"{tmp_path}/p1.txt {tmp_path}/m1.txt\n{tmp_path}/p2.txt {tmp_path}/m2.txt\n")
    code, out, err = run(capsys, ["-n", "1", "-x", "-d", "-z", "SPL", str(lst)])
    assert code == 0
    assert out.splitlines()[1:4] == [  # R: (0 + 1/2) / 2; the bootstrap of two instances spans both
        "X ROUGE-1 Average_R: 0.25000 (95%-conf.int. 0.00000 - 0.50000)",
        "X ROUGE-1 Average_P: 0.25000 (95%-conf.int. 0.00000 - 0.50000)",
        "X ROUGE-1 Average_F: 0.25000 (95%-conf.int. 0.00000 - 0.50000)",
    ]
    assert out.splitlines()[-2:] == [
        "X ROUGE-1 Eval 1.X R:0.00000 P:0.00000 F:0.00000",
        "X ROUGE-1 Eval 2.X R:0.50000 P:0.50000 F:0.50000",
    ]
    assert err == (
        "rouge_core: note: X: the candidate has no tokens after cleaning: every score is 0 (evaluation 1)\n"
        "rouge_core: note: non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer unicode\n"
    )
    code, out, err = run(capsys, ["-n", "1", "-x", "-d", "--json", "-z", "SPL", str(lst)])
    measure = json.loads(out)["peers"][0]["measures"][0]
    assert measure["notes"] == [
        "the candidate has no tokens after cleaning: every score is 0 (evaluation 1)",
        "non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer unicode",
    ]
    assert [e["notes"] for e in measure["evals"]] == [
        ["the candidate has no tokens after cleaning: every score is 0"],
        [],
    ]
    code, out, err = run(capsys, ["-n", "1", "-x", "--tokenizer", "unicode", "-z", "SPL", str(lst)])
    assert code == 0 and err == ""


def test_config_notes_go_to_stderr(tmp_path, capsys):
    """Two <EVAL ID="1"> are merged as ROUGE-1.5.5 merges them, and said on stderr; so is a config
    without evaluations (rouge_core.io.perl_inputs.config_notes). Stdout is what Perl prints."""
    (tmp_path / "c.txt").write_text("police kill the gunman\n")
    (tmp_path / "r.txt").write_text("police killed the gunman\n")
    head = f'<PEER-ROOT>{tmp_path}</PEER-ROOT><MODEL-ROOT>{tmp_path}</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"/>'
    config = tmp_path / "dup.xml"
    config.write_text(
        f'<ROUGE-EVAL><EVAL ID="1">{head}<PEERS><P ID="A">c.txt</P></PEERS><MODELS><M ID="1">r.txt</M></MODELS>'
        '</EVAL><EVAL ID="1"><PEERS><P ID="B">c.txt</P></PEERS></EVAL></ROUGE-EVAL>'
    )
    code, out, err = run(capsys, ["-a", "-n", "1", "-x", str(config)])
    assert (
        code == 0
        and err
        == f"rouge_core: note: evaluation '1' appears 2 times in {config}: merged into one, as ROUGE-1.5.5 does\n"
    )
    assert [line for line in out.splitlines() if "Average_R" in line] == [
        "A ROUGE-1 Average_R: 0.75000 (95%-conf.int. 0.75000 - 0.75000)",
        "B ROUGE-1 Average_R: 0.75000 (95%-conf.int. 0.75000 - 0.75000)",
    ]
    empty = tmp_path / "empty.xml"
    empty.write_text("<ROUGE-EVAL></ROUGE-EVAL>")
    code, out, err = run(capsys, ["-a", "-n", "1", str(empty)])
    assert (code, out, err) == (0, "", f"rouge_core: note: {empty} names no evaluation: nothing to score\n")


def test_version(capsys):
    code, out, err = run(capsys, ["--version"])
    assert code == 0 and err == ""
    # issue 21: the backend too (tests/unit/test_cli_first_try.py checks it is rouge_core.backend()'s)
    release = r"rouge_core \S+ \(ROUGE-1\.5\.5 compatible; signature v1\.0"
    backend = r"; backend: (numba|python) \(.+\)"
    assert re.fullmatch(release + backend + r"\)\n", out)


def test_usage_names_the_new_options(capsys):
    assert "-e DIR" in USAGE and "--version" in USAGE and "accepted, ignored" not in USAGE
    code, out, _ = run(capsys, ["-h"])
    assert code == 0 and "--version" in out


def test_console_script_name():
    text = (ROOT / "pyproject.toml").read_text()
    assert 'rouge-lens-score = "rouge_core.cli:main"' in text
    # rouge-lens is the app's launcher (issue 21), never the scoring command line
    assert 'rouge-lens = "rouge_lens.launch:main"' in text and 'rouge-lens = "rouge_core' not in text
