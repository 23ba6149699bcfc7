"""Which settings differ between two configs, which measures they share, and the switched configs.

A *setting* is a group of :class:`~rouge_core.config.RougeConfig` fields that only make sense
together (stemming and its WordNet exceptions; the word and the byte limit, of which one at most
is set). A *measure kind* is what stays the same when a setting changes a measure's label: ``"W"``
for ROUGE-W-1.2 and ROUGE-W-2, ``"SU"`` for ROUGE-SU4 and ROUGE-SU*, the label itself for ROUGE-n.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Collection, Mapping, Sequence

from ...config import RougeConfig
from ...measures.registry import FAMILIES, narrowed_fields
from .model import SettingChange


@dataclass(frozen=True)
class SettingGroup:
    """A setting: its key, a title for a table, and its ``RougeConfig`` fields."""

    name: str
    title: str
    fields: tuple[str, ...]


#: The settings, in the order the results list them. A field in no group forms a group of its own.
GROUPS: tuple[SettingGroup, ...] = (
    SettingGroup("profile", "profile (rounding, stemmer, union LCS, -f B choice, ...)", ("profile", "quirks")),
    SettingGroup("tokenizer", "tokenizer", ("tokenizer",)),
    SettingGroup(
        "stem", "stemming (with or without WordNet exceptions)", ("stem", "stem_exceptions", "exception_table")
    ),
    SettingGroup("stopwords", "stopword removal", ("remove_stopwords",)),
    SettingGroup("multi_ref", "several references: pooled, best or jackknifed", ("multi_ref",)),
    SettingGroup("alpha", "F-measure weight alpha", ("alpha",)),
    SettingGroup("length_limit", "length limit (words or bytes)", ("word_limit", "byte_limit")),
    SettingGroup("wlcs_weight", "ROUGE-W weight", ("wlcs_weight",)),
    SettingGroup(
        "skip_bigrams", "skip-bigram distance, ROUGE-S and ROUGE-SU", ("skip_distance", "rouge_s", "rouge_su")
    ),
    SettingGroup(
        "measures", "which measures are computed (ROUGE-n, ROUGE-L, rougeL)", ("max_n", "rouge_l", "flat_lcs")
    ),
    SettingGroup("averaging", "corpus averaging (-t)", ("averaging",)),
    SettingGroup("bootstrap", "bootstrap (confidence, resamples, seed)", ("confidence", "bootstrap_samples", "seed")),
)

#: The pseudo-setting of a measure pair that sets the summary-level ROUGE-L against the flat one.
LCS_VARIANT = SettingGroup(
    "lcs", "ROUGE-L variant: union LCS over sentences (ROUGE-L, rougeLsum) vs one LCS (rougeL)", ()
)

#: Measure kinds that may be paired with each other although they differ.
_CROSS_KINDS = frozenset({"L", "Lflat"})


def _value(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return f"{v:g}" if isinstance(v, float) else str(v)


def all_groups() -> tuple[SettingGroup, ...]:
    """:data:`GROUPS`, then a group of its own for every ``RougeConfig`` field no group names."""
    named = {f for g in GROUPS for f in g.fields}
    return GROUPS + tuple(SettingGroup(f.name, f.name, (f.name,)) for f in fields(RougeConfig) if f.name not in named)


def differing(a: RougeConfig, b: RougeConfig) -> list[tuple[SettingGroup, SettingChange]]:
    """The settings whose values differ, each with the fields that differ in it.

    >>> [c.change for _, c in differing(RougeConfig(), RougeConfig(stem=True, alpha=0.25))]
    ['stem: no -> yes', 'alpha: 0.5 -> 0.25']
    """
    out = []
    for g in all_groups():
        diff = tuple(f for f in g.fields if getattr(a, f) != getattr(b, f))
        if diff:
            change = "; ".join(f"{f}: {_value(getattr(a, f))} -> {_value(getattr(b, f))}" for f in diff)
            out.append((g, SettingChange(g.name, g.title, diff, change)))
    return out


def switched(a: RougeConfig, b: RougeConfig, group: SettingGroup) -> RougeConfig:
    """A with the fields of ``group`` set to B's values (raises ``ValueError`` if that is not valid)."""
    return a.with_(**{f: getattr(b, f) for f in group.fields})


def kinds(config: RougeConfig) -> dict[str, str]:
    """The config's measures: kind -> label, in print order.

    >>> kinds(RougeConfig(max_n=1, skip_distance=-1, rouge_s=False))
    {'ROUGE-1': 'ROUGE-1', 'L': 'ROUGE-L', 'W': 'ROUGE-W-1.2', 'SU': 'ROUGE-SU*'}
    """
    return {f.kind(label): label for f in FAMILIES for label in f.labels(config)}


@dataclass(frozen=True)
class MeasurePair:
    """A's measure of kind ``kind_a`` set against B's of kind ``kind_b`` (labels as each config names them)."""

    kind_a: str
    kind_b: str
    label_a: str
    label_b: str


def measure_pairs(a: RougeConfig, b: RougeConfig, match: Mapping[str, str]) -> list[MeasurePair]:
    """Every kind both configs compute, then the pairs of ``match`` (A's label -> B's label).

    ``match`` may set ROUGE-L against ROUGE-Lflat (rouge-score's rougeL) or pair two labels of one
    kind; anything else is a ``ValueError``.

    >>> pairs = measure_pairs(RougeConfig(max_n=1, wlcs_weight=2.0, skip_distance=None),
    ...                       RougeConfig(max_n=1, skip_distance=None, flat_lcs=True), {"ROUGE-L": "ROUGE-Lflat"})
    >>> [(p.label_a, p.label_b) for p in pairs]
    [('ROUGE-1', 'ROUGE-1'), ('ROUGE-L', 'ROUGE-L'), ('ROUGE-W-2', 'ROUGE-W-1.2'), ('ROUGE-L', 'ROUGE-Lflat')]
    """
    ka, kb = kinds(a), kinds(b)
    pairs = [MeasurePair(k, k, ka[k], kb[k]) for k in ka if k in kb]
    by_label_a = {v: k for k, v in ka.items()}
    by_label_b = {v: k for k, v in kb.items()}
    for la, lb in match.items():
        if la not in by_label_a:
            raise ValueError(f"invalid match {la!r}: config A computes {', '.join(ka.values()) or 'no measure'}")
        if lb not in by_label_b:
            raise ValueError(f"invalid match {lb!r}: config B computes {', '.join(kb.values()) or 'no measure'}")
        x, y = by_label_a[la], by_label_b[lb]
        if x != y and {x, y} != _CROSS_KINDS:
            raise ValueError(
                f"invalid match {la!r} -> {lb!r}: only the same measure, or ROUGE-L with ROUGE-Lflat, can be compared"
            )
        pair = MeasurePair(x, y, la, lb)
        if pair not in pairs:
            pairs.append(pair)
    if not pairs:
        raise ValueError(
            f"no common measure: config A computes {', '.join(ka.values()) or 'none'}, "
            f"config B computes {', '.join(kb.values()) or 'none'}"
        )
    return pairs


def narrowed(config: RougeConfig, wanted: Collection[str]) -> RougeConfig:
    """``config`` computing only the measure kinds ``wanted`` (a measure's score never depends on which
    other measures are computed, so this only saves time).

    >>> narrowed(RougeConfig(), ["ROUGE-2", "Lflat"]).measure_labels()
    ['ROUGE-1', 'ROUGE-2', 'ROUGE-Lflat']
    """
    return config.with_(**narrowed_fields(config, wanted))


def pair_kinds(pairs: Sequence[MeasurePair]) -> list[str]:
    """Every kind of the pairs, A's and B's (first-seen order)."""
    return list(dict.fromkeys(k for p in pairs for k in (p.kind_a, p.kind_b)))
