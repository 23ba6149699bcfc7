"""The app's upload limit is the corpus readers' limit (issue 21, point 6): one constant,
``rouge_core.io.readers.MAX_BYTES``, that ``.streamlit/config.toml``'s ``server.maxUploadSize`` repeats
in MB and every uploader's caption states. SummEval's 12 systems with their articles (6.9 MB) had to
be cut to fit the old 5 MB."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rouge_core.io.readers import MAX_BYTES
from ui.render.corpus import limits_text
from ui.widgets.corpus_input import Source, read_source
from ui.widgets.inputs import MAX_INSPECT_BYTES, MAX_UPLOAD_BYTES, inspect_limits_text

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parents[2]
MB = 2**20


def max_upload_mb() -> int:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    value = config["server"]["maxUploadSize"]
    assert isinstance(value, int)
    return value


def test_the_uploader_takes_what_the_readers_take() -> None:
    assert MAX_BYTES == 50 * MB  # the readers' limit, rouge_core.io.perl_inputs.MAX_SUMMARY_BYTES
    assert max_upload_mb() * MB == MAX_BYTES == MAX_UPLOAD_BYTES


def test_the_captions_state_the_limits_from_the_constants() -> None:
    assert limits_text(MAX_UPLOAD_BYTES).startswith("Limits: uploads up to 50 MB a file, ")
    # Inspect scores one pair: it keeps its own 5 MB and says where larger files go.
    assert MAX_INSPECT_BYTES == 5 * MB
    assert inspect_limits_text().startswith("Files up to 5 MB each;")
    assert "Corpus files up to 50 MB go to the Corpus page." in inspect_limits_text()


def summeval_like(size: int) -> bytes:
    """SummEval records (article text included) for 12 systems, repeated under new ids up to ``size`` bytes."""
    records = [json.loads(line) for line in (ROOT / "sample_data" / "summeval_subset.jsonl").read_text().splitlines()]
    out: list[bytes] = []
    total, doc = 0, 0
    while total < size:
        for system in range(12):
            record = dict(records[(doc * 12 + system) % len(records)], id=f"doc-{doc}", model_id=f"M{system}")
            line = json.dumps(record).encode() + b"\n"
            out.append(line)
            total += len(line)
        doc += 1
    return b"".join(out)


def test_a_6_9_mb_summeval_corpus_fits_and_loads_as_the_corpus_page_loads_it() -> None:
    data = summeval_like(int(6.9 * MB))
    assert 6.9 * MB <= len(data) <= max_upload_mb() * MB  # the uploader lets it through (was 5 MB)
    loaded = read_source(Source("file", "summeval_full.jsonl", (("summeval_full.jsonl", data),)), "lines")
    corpus = loaded.corpus
    assert corpus.fmt == "summeval"
    assert len(corpus.documents) == len(data.splitlines())
    assert len({d.system for d in corpus.documents}) == 12
