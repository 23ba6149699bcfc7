"""ROUGE variants for the Agreement page: a measure (a report label such as ``ROUGE-SU4``) in one of
Lin (2004)'s settings (CASE, STEM, STOP), the config that computes it, and a plan that scores many
variants with as few configs as possible (one config computes ROUGE-1..N, L and one ROUGE-W and one
skip distance at once; the numbers of a measure do not depend on the other measures computed with it).
Pure functions, no Streamlit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from rouge_core import RougeConfig

#: Lin (2004)'s three settings: (stem, remove stopwords). STOP is stemmed too, as in his tables.
SETTINGS: dict[str, tuple[bool, bool]] = {"CASE": (False, False), "STEM": (True, False), "STOP": (True, True)}
SETTING_NAMES = {
    "CASE": "CASE: no stemming, stopwords kept",
    "STEM": "STEM: Porter stemming, stopwords kept",
    "STOP": "STOP: stemming, stopwords removed",
}
#: Every measure the page offers, in the order of Lin (2004)'s tables.
MEASURES: tuple[str, ...] = (
    *(f"ROUGE-{n}" for n in range(1, 10)),
    "ROUGE-L",
    "ROUGE-Lflat",
    "ROUGE-W-1.2",
    "ROUGE-S*",
    "ROUGE-S4",
    "ROUGE-S9",
    "ROUGE-SU*",
    "ROUGE-SU4",
    "ROUGE-SU9",
)
#: Lin (2004), Tables 1-3: ROUGE-1..4 (5..9 optional), L, W-1.2, S*, S4, S9, SU*, SU4, SU9.
LIN_GRID: tuple[str, ...] = tuple(m for m in MEASURES if m != "ROUGE-Lflat" and m[6:] not in "56789")
LONG_N: tuple[str, ...] = tuple(f"ROUGE-{n}" for n in range(5, 10))

_MEASURE = re.compile(
    r"ROUGE-(?:(?P<n>[1-9])|(?P<l>L)|(?P<flat>Lflat)|W-(?P<w>\d+(?:\.\d+)?)|(?P<s>SU|S)(?P<d>\d+|\*))"
)


@dataclass(frozen=True)
class Variant:
    """A ROUGE measure (a report label such as ``ROUGE-SU4``) in one of :data:`SETTINGS`."""

    measure: str
    setting: str

    @property
    def label(self) -> str:
        return f"{self.measure} · {self.setting}"


def measure_fields(measure: str) -> dict[str, Any]:
    """The RougeConfig fields that compute ``measure`` alone (with the measures it implies: ROUGE-2 needs
    max_n = 2, which computes ROUGE-1 too).

    >>> measure_fields("ROUGE-SU*")["skip_distance"], measure_fields("ROUGE-W-1.2")["wlcs_weight"]
    (-1, 1.2)
    >>> measure_fields("ROUGE-X")
    Traceback (most recent call last):
    ...
    ValueError: invalid measure 'ROUGE-X': allowed are ROUGE-1..9, -L, -Lflat, -W-<weight>, -S<d>, -SU<d>
    """
    m = _MEASURE.fullmatch(measure)
    if m is None:
        allowed = "ROUGE-1..9, -L, -Lflat, -W-<weight>, -S<d>, -SU<d>"
        raise ValueError(f"invalid measure {measure!r}: allowed are {allowed}")
    fields: dict[str, Any] = dict(max_n=None, rouge_l=False, flat_lcs=False, wlcs_weight=None, skip_distance=None)
    if m["n"]:
        fields["max_n"] = int(m["n"])
    elif m["l"] or m["flat"]:
        fields["rouge_l" if m["l"] else "flat_lcs"] = True
    elif m["w"]:
        fields["wlcs_weight"] = float(m["w"])
    else:
        fields["skip_distance"] = -1 if m["d"] == "*" else int(m["d"])
        fields["rouge_s"], fields["rouge_su"] = m["s"] == "S", m["s"] == "SU"
    return fields


def setting_config(base: RougeConfig, setting: str) -> RougeConfig:
    """The sidebar's config with the setting's stemming and stopwords."""
    stem, stop = SETTINGS[setting]
    return base.with_(stem=stem, remove_stopwords=stop)


def variant_config(base: RougeConfig, variant: Variant) -> RougeConfig:
    """The config that computes the variant's measure in its setting (its signature goes into every export).

    >>> variant_config(RougeConfig(), Variant("ROUGE-2", "STOP")).signature().split("|")[:5]
    ['ROUGE-1,ROUGE-2', 'profile:rouge155', 'tok:rouge155', 'stem:yes', 'exc:yes']
    """
    return setting_config(base, variant.setting).with_(**measure_fields(variant.measure))


@dataclass(frozen=True)
class Job:
    """One config to score the corpus with, and the variants (measure labels) it gives."""

    config: RougeConfig
    setting: str
    measures: tuple[str, ...]


def plan(base: RougeConfig, variants: Sequence[Variant]) -> list[Job]:
    """As few configs as give every variant: per setting, one config carries ROUGE-N, L and Lflat with
    the first ROUGE-W weight and skip distance; each further weight or distance adds one.

    >>> jobs = plan(RougeConfig(), [Variant(m, "CASE") for m in ("ROUGE-1", "ROUGE-S4", "ROUGE-SU*", "ROUGE-L")])
    >>> [(j.config.measure_labels(), j.measures) for j in jobs]  # doctest: +NORMALIZE_WHITESPACE
    [(['ROUGE-1', 'ROUGE-L', 'ROUGE-S4'], ('ROUGE-1', 'ROUGE-S4', 'ROUGE-L')),
     (['ROUGE-SU*'], ('ROUGE-SU*',))]
    """
    jobs = []
    for setting in SETTINGS:
        wanted = [v.measure for v in variants if v.setting == setting]
        if not wanted:
            continue
        fields = {m: measure_fields(m) for m in wanted}
        plain: dict[str, Any] = dict(max_n=None, rouge_l=False, flat_lcs=False)
        for f in fields.values():
            plain["max_n"] = max(plain["max_n"] or 0, f["max_n"] or 0) or None
            plain["rouge_l"] |= f["rouge_l"]
            plain["flat_lcs"] |= f["flat_lcs"]
        weights = sorted({f["wlcs_weight"] for f in fields.values() if f["wlcs_weight"] is not None})
        skips: dict[int, dict[str, bool]] = {}
        for f in fields.values():
            if f["skip_distance"] is not None:
                flags = skips.setdefault(f["skip_distance"], {"rouge_s": False, "rouge_su": False})
                flags["rouge_s"] |= f["rouge_s"]
                flags["rouge_su"] |= f["rouge_su"]
        distances = sorted(skips, key=lambda d: (d == -1, d))
        has_plain = bool(plain["max_n"] or plain["rouge_l"] or plain["flat_lcs"])
        base_config = setting_config(base, setting)
        for k in range(max(int(has_plain), len(weights), len(distances))):
            changes: dict[str, Any] = dict(max_n=None, rouge_l=False, flat_lcs=False) if k else dict(plain)
            changes["wlcs_weight"] = weights[k] if k < len(weights) else None
            changes["skip_distance"] = distances[k] if k < len(distances) else None
            if k < len(distances):
                changes.update(skips[distances[k]])
            config = base_config.with_(**changes)
            gives = tuple(m for m in wanted if m in config.measure_labels())
            jobs.append(Job(config, setting, gives))
    return jobs
