"""Every record of ROUGE-1.5.5's recorded output, as printed 5-decimal strings.

92 cases x 12 option sets x 10 measures = 11,040 R/P/F triples; 100 of them are
ROUGE-W runs where Perl died (division by zero), for which we return 0 and a note.
Each test id is ``<case>-<option set>`` and checks the explanation path
(``evaluate``) and the counts-only path (``score``).
"""

from __future__ import annotations

import pytest

from rouge_core import evaluate, score
from rouge_core.evaluate import PERL_DIES

from .conftest import as_texts, configs_for, load_cases, load_expected

CASES = load_cases()
RECORDS = load_expected()


def fmt(s) -> dict[str, str]:
    return {"R": "%.5f" % s.recall, "P": "%.5f" % s.precision, "F": "%.5f" % s.fmeasure}


def test_data_is_complete():
    assert len(RECORDS) == 1104
    assert sum(len(r["scores"]) for r in RECORDS) == 10940
    assert sum(len(r.get("errors", {})) for r in RECORDS) == 100


@pytest.mark.parametrize("record", RECORDS, ids=[f"{r['case_id']}-{r['option_set']}" for r in RECORDS])
def test_record(record):
    cand, refs = as_texts(CASES[record["case_id"]])
    explained, counted = {}, {}
    for cfg in configs_for(record):
        explained.update(evaluate(cand, refs, cfg).measures)
        counted.update(score(cand, refs, cfg))
    for name, expected in record["scores"].items():
        assert fmt(explained[name].score) == expected, f"{name} (evaluate)"
        assert fmt(counted[name].score) == expected, f"{name} (score)"
    for name in record.get("errors", {}):
        assert PERL_DIES in explained[name].notes
        assert fmt(explained[name].score) == {"R": "0.00000", "P": "0.00000", "F": "0.00000"}
