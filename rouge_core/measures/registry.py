"""The measure registry: every measure family registered once, and the measures a config asks for.

A :class:`MeasureFamily` record holds everything about one family (ROUGE-N, summary-level ROUGE-L,
rouge-score's one-LCS rougeL, ROUGE-W, ROUGE-S, ROUGE-SU): its labels under a config, the config
fields that switch it on or shape it, its ROUGE-1.5.5 options (both ways), its per-pair counter, its
row code in the compiled chunk kernel, and the match view that draws it. :data:`FAMILIES` lists them
in ROUGE-1.5.5's print order; :meth:`rouge_core.RougeConfig.measure_labels`, :func:`measure_specs`,
:meth:`rouge_core.RougeConfig.perl_flags`, the command line's measure options, "Which ROUGE?"'s
measure kinds, the chunk kernel's rows and the app's sidebar rows and match-view tabs are all read
from it. Adding a measure is a record here, its counter (and kernel code, or none) and its view.

Every measure of a config is a :class:`MeasureSpec` with one ``compute`` function used by both the
explanation path and the counts-only path: the counts come from the same counting function either
way, and ``explain=True`` only attaches an explanation (whose long listings are computed when a view
asks for them), so a score and its explanation cannot disagree.

>>> [f.family.value for f in FAMILIES]
['N', 'L', 'Lflat', 'W', 'S', 'SU']
>>> [s.label for s in measure_specs(RougeConfig(max_n=2, skip_distance=-1))]
['ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'ROUGE-W-1.2', 'ROUGE-S*', 'ROUGE-SU*']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Collection, Mapping, Optional, Protocol, Sequence

from ..config import UNLIMITED, RougeConfig, format_number
from ..profiles import PROFILE_RECORDS, LcsMode
from .explain import Explanation, PairKeys
from .ngrams import count_ngrams
from .scoring import Counts, selection, wlcs_inverse
from .skipbigram import count_skip_bigrams
from .summary_lcs import lcs_measure

Keys = Sequence[str]
Sents = Sequence[Sequence[str]]
#: (counts, per-reference selection value, explanation or None)
Computed = tuple[Counts, float, Optional[Explanation]]


class Compute(Protocol):
    """``compute(cand_keys, cand_sentences, ref_keys, ref_sentences, explain, keys=None)``.

    ``keys``: the pair's :class:`PairKeys` (the same for all measures of one candidate and
    reference), which gram explanations list from and share listings through.
    """

    def __call__(
        self, ck: Keys, cs: Sents, rk: Keys, rs: Sents, explain: bool, keys: Optional[PairKeys] = None
    ) -> Computed: ...


class Family(str, Enum):
    """A measure family (a ``str``: ``Family.W == "W"``, and it prints as its value)."""

    N = "N"  # ROUGE-n
    L = "L"  # summary-level ROUGE-L (union LCS over sentences)
    LFLAT = "Lflat"  # one LCS over the whole text (rouge-score's rougeL)
    W = "W"  # weighted LCS
    S = "S"  # skip-bigrams
    SU = "SU"  # skip-bigrams plus unigrams

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


@dataclass(frozen=True)
class MeasureSpec:
    """One measure under one config.

    ``compute(cand_keys, cand_sentences, ref_keys, ref_sentences, explain, keys=None)``
    returns (counts, per-reference selection value, explanation or None).
    ``inverse`` maps count ratios to scores (f^-1 for ROUGE-W).
    """

    label: str
    family: Family
    compute: Compute
    inverse: Optional[Callable[[float], float]] = None
    notes: tuple[str, ...] = ()


def display_name(label: str, profile: str) -> str:
    """The name a profile's users know a measure by.

    >>> display_name("ROUGE-2", "rouge-score"), display_name("ROUGE-L", "rouge-score")
    ('rouge2', 'rougeLsum')
    """
    record = PROFILE_RECORDS[profile]
    if label in record.names:
        return record.names[label]
    if record.numbered_names and label[6:].isdigit():
        return record.numbered_names + label[6:]
    return label


def _missing(config: RougeConfig, family: str, what: str) -> tuple[str, ...]:
    if family not in config.behaviour.missing_families:
        return ()
    return (f"{config.profile} has no {what}: computed with Lin (2004)'s definition on {config.profile} tokens",)


def _ngram(n: int, rounded: bool) -> Compute:
    def compute(ck: Keys, cs: Sents, rk: Keys, rs: Sents, explain: bool, keys: Optional[PairKeys] = None) -> Computed:
        counts, e = count_ngrams(ck, rk, n, explain, keys)
        return counts, _select(counts, rounded), e

    return compute


def _skip(distance: int, su: bool, su_last: bool, rounded: bool) -> Compute:
    def compute(ck: Keys, cs: Sents, rk: Keys, rs: Sents, explain: bool, keys: Optional[PairKeys] = None) -> Computed:
        counts, e = count_skip_bigrams(ck, rk, distance, su, su_last, explain, keys)
        return counts, _select(counts, rounded), e

    return compute


def _lcs(mode: LcsMode, weight: float = 1.0, double_weight: bool = True) -> Compute:
    def compute(ck: Keys, cs: Sents, rk: Keys, rs: Sents, explain: bool, keys: Optional[PairKeys] = None) -> Computed:
        counts, select, e = lcs_measure(
            rs, cs, mode, weight, explain, budget_keys=(rk, ck), double_weight=double_weight
        )
        if mode in (LcsMode.UNION, LcsMode.WLCS_UNION):
            # ROUGE-1.5.5 divides precision by the tokens of the joined candidate text
            # (different from the sentence list only under a byte limit).
            peer = float(len(ck)) ** weight if mode == LcsMode.WLCS_UNION else len(ck)
            counts = Counts(counts.hit, counts.model, peer)
        return counts, select, e

    return compute


def _select(counts: Counts, rounded: bool) -> float:
    return selection(counts.hit, counts.model, rounded)


#: Reads a number option of the command line (``int`` or ``float``), with the command line's messages.
NumberOption = Callable[[Mapping[str, Any], str, type], Any]


@dataclass(frozen=True)
class MeasureFamily:
    """One measure family, registered once in :data:`FAMILIES`.

    * ``labels(config)``: the labels it computes under ``config`` (none when it is off), print order;
    * ``specs(config, labels)``: a :class:`MeasureSpec` per label (its per-pair counter);
    * ``fields``: the :class:`~rouge_core.RougeConfig` fields that switch it on or shape it;
    * ``options``: the ROUGE-1.5.5 options it owns (the command line takes each, and ``-h`` lists it);
      ``perl_flags(config)``: those set for ``config``, placed by ``flag_order`` in the option string;
      ``from_perl(opts, number)``: the reverse, the config fields a command line's options give;
    * ``narrow(config, kinds)``: the field values that keep it only if one of its kinds is wanted;
    * ``kernel_code``: its rows' code in the compiled chunk kernel (:mod:`rouge_core.kernels.chunk`),
      None when only the per-pair path counts it;
    * ``view``: the match view (tab) that draws its matches in the app.

    >>> FAMILY[Family.W].labels(RougeConfig(wlcs_weight=1.5)), FAMILY[Family.W].view
    (['ROUGE-W-1.5'], 'WLCS')
    """

    family: Family
    title: str
    view: str
    fields: tuple[str, ...]
    options: tuple[str, ...]
    labels: Callable[[RougeConfig], list[str]]
    specs: Callable[[RougeConfig, list[str]], list[MeasureSpec]]
    perl_flags: Callable[[RougeConfig], list[str]]
    flag_order: int
    from_perl: Callable[[Mapping[str, Any], NumberOption], dict[str, Any]]
    narrow: Callable[[RougeConfig, Collection[str]], dict[str, Any]]
    kernel_code: Optional[int]

    def kind(self, label: str) -> str:
        """What stays the same when a setting changes the label: the label for ROUGE-n, else the family.

        >>> FAMILY[Family.N].kind("ROUGE-2"), FAMILY[Family.SU].kind("ROUGE-SU4")
        ('ROUGE-2', 'SU')
        """
        return label if self.family == Family.N else self.family.value


def _skip_mark(config: RougeConfig) -> str:
    return "*" if config.skip_distance == UNLIMITED else str(config.skip_distance)


def _n_specs(config: RougeConfig, labels: list[str]) -> list[MeasureSpec]:
    return [MeasureSpec(label, Family.N, _ngram(int(label[6:]), config.behaviour.rounding)) for label in labels]


def _l_specs(config: RougeConfig, labels: list[str]) -> list[MeasureSpec]:
    mode = LcsMode.UNION if config.behaviour.union_budget else LcsMode.UNION_UNCLIPPED
    return [MeasureSpec(label, Family.L, _lcs(mode)) for label in labels]


def _lflat_specs(config: RougeConfig, labels: list[str]) -> list[MeasureSpec]:
    return [MeasureSpec(label, Family.LFLAT, _lcs(LcsMode.FLAT)) for label in labels]


def _w_specs(config: RougeConfig, labels: list[str]) -> list[MeasureSpec]:
    b, w = config.behaviour, config.wlcs_weight or 1.0

    def inverse(x: float) -> float:
        return wlcs_inverse(x, w)

    mode = LcsMode.WLCS_UNION if b.wlcs_runs else LcsMode.WLCS_FLAT
    notes = _missing(config, "W", "ROUGE-W")
    return [MeasureSpec(label, Family.W, _lcs(mode, w, b.wlcs_double_weight), inverse, notes) for label in labels]


def _skip_specs(family: Family) -> Callable[[RougeConfig, list[str]], list[MeasureSpec]]:
    su = family == Family.SU

    def specs(config: RougeConfig, labels: list[str]) -> list[MeasureSpec]:
        b, d = config.behaviour, config.resolved.skip_distance
        notes = _missing(config, family.value, f"ROUGE-{family.value}")
        compute = _skip(d, su, b.su_last_unigram, b.rounding)
        return [MeasureSpec(label, family, compute, notes=notes) for label in labels]

    return specs


def _skip_flags(config: RougeConfig) -> list[str]:
    """``-2 d`` with ``-U`` (S and SU), ``-u`` (SU only) or nothing (S only): one option set for both."""
    if config.skip_distance is None or not (config.rouge_s or config.rouge_su):
        return []
    both, su = config.rouge_s and config.rouge_su, config.rouge_su
    return ["-2", str(config.skip_distance)] + (["-U"] if both else ["-u"] if su else [])


def _skip_narrow(config: RougeConfig, kinds: Collection[str]) -> dict[str, Any]:
    on = "S" in kinds or "SU" in kinds
    return {"skip_distance": config.skip_distance if on else None, "rouge_s": "S" in kinds, "rouge_su": "SU" in kinds}


def _n_narrow(config: RougeConfig, kinds: Collection[str]) -> dict[str, Any]:
    ns = [int(k[6:]) for k in kinds if k.startswith("ROUGE-") and k[6:].isdigit()]
    return {"max_n": max(ns) if ns else None}


def _no_flags(config: RougeConfig) -> list[str]:
    return []


def _no_options(opts: Mapping[str, Any], number: NumberOption) -> dict[str, Any]:
    return {}


#: Every measure family, in ROUGE-1.5.5's print order (the order of every measure list).
FAMILIES: tuple[MeasureFamily, ...] = (
    MeasureFamily(
        Family.N,
        "ROUGE-N",
        "N-grams",
        ("max_n",),
        ("-n",),
        labels=lambda c: [f"ROUGE-{n}" for n in range(1, (c.max_n or 0) + 1)],
        specs=_n_specs,
        perl_flags=lambda c: ["-n", str(c.max_n)] if c.max_n else [],
        flag_order=0,
        from_perl=lambda o, num: {"max_n": max(num(o, "-n", int), 0) or None if "-n" in o else None},
        narrow=_n_narrow,
        kernel_code=0,
    ),
    MeasureFamily(
        Family.L,
        "ROUGE-L",
        "LCS",
        ("rouge_l",),
        ("-x",),
        labels=lambda c: ["ROUGE-L"] if c.rouge_l else [],
        specs=_l_specs,
        perl_flags=lambda c: [] if c.rouge_l else ["-x"],
        flag_order=3,
        from_perl=lambda o, num: {"rouge_l": "-x" not in o},
        narrow=lambda c, kinds: {"rouge_l": "L" in kinds},
        kernel_code=1,
    ),
    MeasureFamily(
        Family.LFLAT,
        "rougeL (one LCS)",
        "LCS",
        ("flat_lcs",),
        (),
        labels=lambda c: ["ROUGE-Lflat"] if c.flat_lcs else [],
        specs=_lflat_specs,
        perl_flags=_no_flags,  # the script has no such measure (perl_differences says so)
        flag_order=4,
        from_perl=_no_options,
        narrow=lambda c, kinds: {"flat_lcs": "Lflat" in kinds},
        kernel_code=2,
    ),
    MeasureFamily(
        Family.W,
        "ROUGE-W",
        "WLCS",
        ("wlcs_weight",),
        ("-w",),
        labels=lambda c: [] if c.wlcs_weight is None else [f"ROUGE-W-{format_number(c.wlcs_weight)}"],
        specs=_w_specs,
        perl_flags=lambda c: [] if c.wlcs_weight is None else ["-w", format_number(c.wlcs_weight)],
        flag_order=1,
        from_perl=lambda o, num: {"wlcs_weight": num(o, "-w", float) if "-w" in o else None},
        narrow=lambda c, kinds: {"wlcs_weight": c.wlcs_weight if "W" in kinds else None},
        kernel_code=3,
    ),
    MeasureFamily(
        Family.S,
        "ROUGE-S",
        "Skip-bigrams",
        ("skip_distance", "rouge_s"),
        ("-2", "-u", "-U"),
        labels=lambda c: [f"ROUGE-S{_skip_mark(c)}"] if c.skip_distance is not None and c.rouge_s else [],
        specs=_skip_specs(Family.S),
        perl_flags=_skip_flags,  # one option set for S and SU
        flag_order=2,
        from_perl=lambda o, num: {"skip_distance": num(o, "-2", int) if "-2" in o else None, "rouge_s": "-u" not in o},
        narrow=_skip_narrow,
        kernel_code=4,
    ),
    MeasureFamily(
        Family.SU,
        "ROUGE-SU",
        "Skip-bigrams",
        ("skip_distance", "rouge_su"),
        ("-2", "-u", "-U"),
        labels=lambda c: [f"ROUGE-SU{_skip_mark(c)}"] if c.skip_distance is not None and c.rouge_su else [],
        specs=_skip_specs(Family.SU),
        perl_flags=_no_flags,  # with ROUGE-S's
        flag_order=2,
        from_perl=lambda o, num: {"rouge_su": "-u" in o or "-U" in o},
        narrow=_skip_narrow,
        kernel_code=5,
    ),
)
#: The records by family.
FAMILY: dict[Family, MeasureFamily] = {f.family: f for f in FAMILIES}
#: The match views, in the order their families come.
VIEWS: tuple[str, ...] = tuple(dict.fromkeys(f.view for f in FAMILIES))


def kernel_code(family: Family) -> int:
    """The family's row code in the compiled chunk kernel (``ValueError`` when it has none).

    >>> kernel_code(Family.N), kernel_code(Family.SU)
    (0, 5)
    """
    code = FAMILY[family].kernel_code
    if code is None:
        raise ValueError(f"the chunk kernel has no counter for {family}")
    return code


def kernel_rows(specs: Sequence[MeasureSpec]) -> list[tuple[int, int]]:
    """(family code, n) per measure, what the chunk kernel is told (n for ROUGE-N, else 0).

    >>> kernel_rows(measure_specs(RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None)))
    [(0, 1), (0, 2), (1, 0)]
    """
    return [(kernel_code(s.family), int(s.label[6:]) if s.family == Family.N else 0) for s in specs]


def measure_labels(config: RougeConfig) -> list[str]:
    """The labels of the measures ``config`` computes, in print order (:meth:`RougeConfig.measure_labels`).

    >>> measure_labels(RougeConfig(max_n=1, wlcs_weight=None, skip_distance=4, rouge_s=False))
    ['ROUGE-1', 'ROUGE-L', 'ROUGE-SU4']
    """
    return [label for f in FAMILIES for label in f.labels(config)]


def measure_perl_flags(config: RougeConfig) -> list[str]:
    """The ROUGE-1.5.5 options that choose ``config``'s measures, in the script's usage order.

    >>> measure_perl_flags(RougeConfig(max_n=2, rouge_l=False, wlcs_weight=1.2, skip_distance=4))
    ['-n', '2', '-w', '1.2', '-2', '4', '-U', '-x']
    """
    return [flag for f in sorted(FAMILIES, key=lambda f: f.flag_order) for flag in f.perl_flags(config)]


def measures_from_perl(opts: Mapping[str, Any], number: NumberOption) -> dict[str, Any]:
    """The measure fields of a config from a ROUGE-1.5.5 command line's options (``number`` reads a
    number option with the command line's messages).

    >>> measures_from_perl({"-n": "2", "-2": "4", "-u": True}, lambda o, k, t: t(o[k]))
    {'max_n': 2, 'rouge_l': True, 'wlcs_weight': None, 'skip_distance': 4, 'rouge_s': False, 'rouge_su': True}
    """
    out: dict[str, Any] = {}
    for f in FAMILIES:
        out.update(f.from_perl(opts, number))
    return out


def narrowed_fields(config: RougeConfig, kinds: Collection[str]) -> dict[str, Any]:
    """The field values that keep only the measure kinds ``kinds`` (see :meth:`MeasureFamily.kind`).

    >>> narrowed_fields(RougeConfig(), ["ROUGE-2", "Lflat"])["max_n"]
    2
    """
    out: dict[str, Any] = {}
    for f in FAMILIES:
        out.update(f.narrow(config, kinds))
    return out


def measure_specs(config: RougeConfig) -> list[MeasureSpec]:
    """The measures of a config, in ROUGE-1.5.5's print order.

    >>> [m.label for m in measure_specs(RougeConfig(max_n=2, skip_distance=-1))]
    ['ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'ROUGE-W-1.2', 'ROUGE-S*', 'ROUGE-SU*']
    """
    specs: list[MeasureSpec] = []
    for f in FAMILIES:
        labels = f.labels(config)
        if labels:
            specs += f.specs(config, labels)
    return specs
