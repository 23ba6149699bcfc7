"""Results as plain data: :func:`to_dict` for every result type, and :func:`to_json` / :func:`write_json`.

The one home of result serialisation: the command line's ``--json`` and the app's downloads build their
documents from these dicts, so a field is named (and a count written) the same way everywhere. Two
publics read them, with their own names, kept exactly as they were published:

* the command line (``form="cli"``): ROUGE-1.5.5's letters ``R``, ``P``, ``F`` and count names
  ``model`` / ``peer`` / ``hit``;
* the app's downloads (the default): ``recall``, ``precision``, ``f`` and ``reference`` /
  ``candidate`` / ``hit``.

Every dict holds only str, int, float, bool, None, lists and dicts, so ``json.loads(to_json(x)) ==
to_dict(x)``.

>>> from rouge_core import RougeConfig, evaluate
>>> r = evaluate("police kill the gunman", "police killed the gunman", RougeConfig(max_n=1))
>>> m = to_dict(r.measures["ROUGE-1"])
>>> m["recall"], m["counts"], m["chosen_reference"]
(0.75, {'hit': 3, 'reference': 4, 'candidate': 4}, None)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from functools import singledispatch
from typing import Any, Literal, Mapping, Optional

from ..batch.aggregate import Interval
from ..batch.corpus import CorpusReport, MeasureSummary
from ..evaluate import MeasureResult, ReferenceResult, Report
from ..measures.scoring import Counts, Score
from ..stats.comparison import Comparison
from ..stats.systems import STATISTICS
from ..teach.which_rouge.model import SettingGap

#: Count names: ROUGE-1.5.5's (``model``, ``peer``) or the app's downloads' (``reference``, ``candidate``).
CountKeys = Literal["perl", "file"]
#: A measure's shape: the Inspect page's download (``pair``), one pair of a corpus download (``row``),
#: or the command line's ``--json`` (``cli``).
Form = Literal["pair", "row", "cli"]


def text_id(text: str) -> str:
    """A short, stable id of a text (its content hash), so a download says which texts it scored.

    >>> text_id("police kill the gunman")
    'sha1:43786fd5df'
    """
    return "sha1:" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def count_value(x: Optional[float]) -> Optional[float | int]:
    """A count as a file keeps it: an int when whole (and exactly representable), else the float.

    >>> count_value(3.0), count_value(5.278), count_value(None)
    (3, 5.278, None)
    """
    if x is None:
        return None
    x = float(x)
    return int(x) if x.is_integer() and abs(x) < 2**53 else x


def _form(form: str, allowed: tuple[str, ...]) -> str:
    # A typo in a form would otherwise fall through to some shape silently.
    if form not in allowed:
        raise ValueError(f"unknown export form {form!r}; one of {', '.join(allowed)}")
    return form


@singledispatch
def to_dict(result: object, **options: Any) -> dict[str, Any]:
    """``result`` as plain JSON data (see the module docstring for the two sets of names).

    ``Counts`` (``keys``: ``"perl"`` or ``"file"``; ``whole``: whole counts as ints), ``Score``,
    ``Interval``, ``ReferenceResult``, ``MeasureResult`` (``form``: ``"pair"``, ``"row"`` or ``"cli"``),
    ``Report``, ``MeasureSummary`` (``form``: ``"file"`` or ``"cli"``), ``CorpusReport`` (``names``:
    label -> the name a download shows), ``Comparison`` and ``SettingGap``.

    >>> from rouge_core import Counts
    >>> to_dict(Counts(hit=3, model=4, peer=5)), to_dict(Counts(3.0, 4, 5.5), keys="file", whole=True)
    ({'hit': 3, 'model': 4, 'peer': 5}, {'hit': 3, 'reference': 4, 'candidate': 5.5})
    >>> to_dict("ROUGE-1")
    Traceback (most recent call last):
    ...
    TypeError: no export of a str: to_dict takes a result of rouge_core (a Report, CorpusReport, ...)
    """
    raise TypeError(
        f"no export of a {type(result).__name__}: to_dict takes a result of rouge_core (a Report, CorpusReport, ...)"
    )


@to_dict.register
def _counts(result: Counts, *, keys: CountKeys = "perl", whole: bool = False) -> dict[str, Any]:
    value = count_value if whole else (lambda x: x)
    model, peer = ("model", "peer") if _form(keys, ("perl", "file")) == "perl" else ("reference", "candidate")
    return {"hit": value(result.hit), model: value(result.model), peer: value(result.peer)}


def _optional_counts(c: Optional[Counts], **options: Any) -> Optional[dict[str, Any]]:
    return None if c is None else to_dict(c, **options)


@to_dict.register
def _score(result: Score) -> dict[str, Any]:
    return {"precision": result.precision, "recall": result.recall, "f": result.fmeasure}


@to_dict.register
def _interval(result: Interval) -> dict[str, Any]:
    return {"average": result.average, "ci_low": result.ci_low, "ci_high": result.ci_high}


@to_dict.register
def _reference(result: ReferenceResult) -> dict[str, Any]:
    return {**to_dict(result.score), **to_dict(result.counts, keys="file")}


@to_dict.register
def _measure(result: MeasureResult, *, form: Form = "pair") -> dict[str, Any]:
    s = result.score
    if _form(form, ("pair", "row", "cli")) == "cli":  # the CLI's evaluation; it adds the id and the notes
        return {"R": s.recall, "P": s.precision, "F": s.fmeasure, "counts": _optional_counts(result.counts)}
    if form == "row":
        counts = _optional_counts(result.counts, keys="file", whole=True)
        return {"recall": s.recall, "precision": s.precision, "f": s.fmeasure, "counts": counts}
    return {
        **to_dict(s),
        "counts": _optional_counts(result.counts, keys="file"),
        "chosen_reference": result.chosen,
        "per_reference": [to_dict(r) for r in result.per_reference],
        "notes": list(result.notes),
    }


@to_dict.register
def _report(result: Report) -> dict[str, Any]:
    return {
        "signature": result.config.signature(),
        "candidate_id": text_id(result.candidate.text),
        "reference_ids": [text_id(r.text) for r in result.references],
        "measures": {result.display_name(label): to_dict(m) for label, m in result.measures.items()},
        "notes": list(result.notes),
    }


@to_dict.register
def _summary(result: MeasureSummary, *, form: Literal["file", "cli"] = "file") -> dict[str, Any]:
    ivs = (result.recall, result.precision, result.fmeasure)
    if _form(form, ("file", "cli")) == "cli":  # the CLI's measure; it adds the name, pairs' notes and evals
        return {
            **{k: to_dict(iv) for k, iv in zip("RPF", ivs)},
            "totals": _optional_counts(result.totals),
            "notes": list(result.notes),
        }
    return {
        **{k: to_dict(iv) for k, iv in zip(("recall", "precision", "f"), ivs)},
        "totals": _optional_counts(result.totals, keys="file", whole=True),
        "notes": list(result.notes),
    }


@to_dict.register
def _corpus(result: CorpusReport, *, names: Optional[Mapping[str, str]] = None) -> dict[str, Any]:
    config, shown = result.config, names or {}
    return {
        "order": list(result.order),
        "confidence": config.confidence,
        "bootstrap_samples": config.bootstrap_samples,
        "averaging": config.averaging,
        "measures": {shown.get(label, label): to_dict(m) for label, m in result.measures.items()},
    }


#: The paired test's fields in a comparison's pairs, in the order the CLI has printed them.
_TEST_FIELDS = ("score_a", "score_b", "delta", "p_value", "count", "ci_low", "ci_high", "a_wins", "b_wins")


@to_dict.register
def _comparison(result: Comparison) -> dict[str, Any]:
    return {
        "signature": result.signature,
        "measure": result.measure,
        "statistic": STATISTICS[result.statistic][0],
        "convention": result.convention,
        "method": result.method,
        "p_rule": result.pairs[0].test.p_rule,
        "samples": result.samples,
        "seed": result.seed,
        "confidence": result.confidence,
        "ranking": list(result.ranking),
        "systems": [
            {
                "name": s.name,
                "rank": s.rank,
                "score": s.score.average,
                "ci_low": s.score.ci_low,
                "ci_high": s.score.ci_high,
            }
            for s in result.systems
        ],
        "pairs": [
            {"a": p.a, "b": p.b, **{f: getattr(p.test, f) for f in _TEST_FIELDS}, **asdict(p.record)}
            for p in result.pairs
        ],
    }


def _lists(x: Any) -> Any:
    # asdict keeps tuples; JSON has lists only, and to_dict promises what json.loads gives back.
    if isinstance(x, dict):
        return {k: _lists(v) for k, v in x.items()}
    return [_lists(v) for v in x] if isinstance(x, (list, tuple)) else x


@to_dict.register
def _setting_gap(result: SettingGap) -> dict[str, Any]:
    plain: dict[str, Any] = _lists(asdict(result))  # every field, nested records as dicts: the whole gap
    return plain


def write_json(data: Any, *, indent: Optional[int] = 1, ensure_ascii: bool = True, allow_nan: bool = False) -> str:
    """A document (built of :func:`to_dict` parts) as JSON text. ``allow_nan=False`` (the default) refuses
    NaN and infinities with ``ValueError``: strict JSON, as the command line prints it.

    >>> print(write_json({"a": [1, "é"]}, indent=0, ensure_ascii=False))
    {
    "a": [
    1,
    "é"
    ]
    }
    >>> write_json(float("nan"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Out of range float values are not JSON compliant...
    """
    return json.dumps(data, indent=indent, ensure_ascii=ensure_ascii, allow_nan=allow_nan)


def to_json(
    result: object, *, indent: Optional[int] = 1, ensure_ascii: bool = True, allow_nan: bool = False, **options: Any
) -> str:
    """:func:`to_dict` of ``result`` (with its ``options``) as JSON text (see :func:`write_json`).

    >>> from rouge_core import Score
    >>> to_json(Score(precision=0.5, recall=1.0, fmeasure=2 / 3), indent=None)
    '{"precision": 0.5, "recall": 1.0, "f": 0.6666666666666666}'
    """
    return write_json(to_dict(result, **options), indent=indent, ensure_ascii=ensure_ascii, allow_nan=allow_nan)
