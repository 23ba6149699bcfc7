"""One frozen :class:`Profile` record per profile: every way ``rouge155``, ``rouge-score`` and ``paper`` differ.

The engine reads these attributes instead of comparing profile names, so a quirk is one field and
can be switched alone: a config's ``quirks`` (``(("su_last_unigram", True),)``) override fields of
its profile's record, which is how :mod:`rouge_core.teach.which_rouge` measures what each rule of
:mod:`rouge_core.teach.difference_rules` contributes to a corpus gap (the field's ``rule`` metadata names it).

>>> PROFILE_RECORDS["rouge155"].rounding, PROFILE_RECORDS["paper"].union_budget
(True, False)
>>> resolve("rouge155", (("su_last_unigram", True),)).su_last_unigram
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from types import MappingProxyType
from typing import Any, Mapping


class Stemmer(str, Enum):
    """Which Porter stemmer ``stem=True`` runs."""

    ROUGE155 = "rouge155"  # ROUGE-1.5.5's Porter variant (+ WordNet exceptions)
    NLTK = "nltk"  # NLTK's Porter, as rouge-score


class BestBy(str, Enum):
    """How the best reference is picked (``multi_ref="best"``)."""

    RECALL = "recall"  # ROUGE-1.5.5's -f B: largest recall-like value
    FMEASURE = "fmeasure"  # rouge-score's score_multi: largest F


class LcsMode(str, Enum):
    """How a summary-level LCS measure is counted (a ``str`` so explanations keep their plain names)."""

    UNION = "union"  # union LCS per reference sentence, with the hit budget
    UNION_UNCLIPPED = "union-unclipped"  # the paper's union LCS, no budget
    FLAT = "flat"  # one LCS over the joined texts (rouge-score's rougeL)
    WLCS_UNION = "wlcs-union"  # ROUGE-1.5.5's ROUGE-W: weighted runs of union marks, sentence by sentence
    WLCS_FLAT = "wlcs-flat"  # one weighted LCS over the joined texts (the paper's f(m) for one sentence)

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


def _rule(rule: str) -> Any:
    """Field metadata: the difference rule (:data:`rouge_core.teach.differences.RULES`) this quirk is."""
    return field(metadata={"rule": rule})


@dataclass(frozen=True)
class Profile:
    """What a profile does, field by field (``rule`` metadata = the difference rule a field is)."""

    name: str
    #: Defaults of the config fields left as ``None``.
    tokenizer: str
    multi_ref: str
    flat_lcs: bool
    #: R and P rounded to 5 decimals, F from the rounded values (and -f B selects rounded values).
    rounding: bool = _rule("perl-rounding")
    #: ROUGE-SU counts the summary's last word as a unigram (ROUGE-1.5.5's loop stops one early).
    su_last_unigram: bool = _rule("su-last-unigram")
    #: A candidate token is credited at most as often as it occurs on both sides (ROUGE-L union).
    union_budget: bool = _rule("union-no-budget")
    #: ROUGE-W weighs runs of union marks sentence by sentence (else one weighted LCS of the whole text).
    wlcs_runs: bool = _rule("w-union-runs")
    #: ROUGE-W's recall denominator is (sum |M_i|^w)^w instead of sum |M_i|^w.
    wlcs_double_weight: bool = _rule("w-double-weight")
    #: ROUGE-W is 0 with a warning when a reference has no word (ROUGE-1.5.5 dies).
    wlcs_dies_on_empty_reference: bool = _rule("w-dies")
    best_by: BestBy = _rule("best-recall-vs-f")
    stemmer: Stemmer = _rule("stemmers")
    #: A byte limit cuts each sentence's bytes as ROUGE-1.5.5 does (else only the joined text).
    byte_limit_per_sentence: bool = False
    #: Corpus work as the script: pairs sorted by ID, its own bootstrap (the average is the mean of the
    #: resample means, rounded), W pooled without f^-1.
    perl_corpus: bool = field(
        default=False,
        metadata={
            "corpus_rule": "perl-corpus-average",
            "title": "ROUGE-1.5.5's corpus average is the mean of its resample means, rounded to 5 decimals",
        },
    )
    #: Measure families the profile's own package does not offer (noted, computed by the paper).
    missing_families: frozenset[str] = frozenset()
    #: Labels shown to the profile's users (``ROUGE-L`` -> ``rougeLsum``); n-grams are ``rougeN``.
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    numbered_names: str = ""


PROFILE_RECORDS: Mapping[str, Profile] = MappingProxyType(
    {
        "rouge155": Profile(
            "rouge155",
            tokenizer="rouge155",
            multi_ref="pooled",
            flat_lcs=False,
            rounding=True,
            su_last_unigram=False,
            union_budget=True,
            wlcs_runs=True,
            wlcs_double_weight=True,
            wlcs_dies_on_empty_reference=True,
            best_by=BestBy.RECALL,
            stemmer=Stemmer.ROUGE155,
            byte_limit_per_sentence=True,
            perl_corpus=True,
        ),
        "rouge-score": Profile(
            "rouge-score",
            tokenizer="rouge-score",
            multi_ref="best",
            flat_lcs=True,
            rounding=False,
            su_last_unigram=True,
            union_budget=True,
            wlcs_runs=False,
            wlcs_double_weight=False,
            wlcs_dies_on_empty_reference=False,
            best_by=BestBy.FMEASURE,
            stemmer=Stemmer.NLTK,
            missing_families=frozenset({"W", "S", "SU"}),
            names=MappingProxyType({"ROUGE-L": "rougeLsum", "ROUGE-Lflat": "rougeL"}),
            numbered_names="rouge",
        ),
        "paper": Profile(
            "paper",
            tokenizer="rouge155",
            multi_ref="best",
            flat_lcs=False,
            rounding=False,
            su_last_unigram=True,
            union_budget=False,
            wlcs_runs=False,
            wlcs_double_weight=False,
            wlcs_dies_on_empty_reference=False,
            best_by=BestBy.FMEASURE,
            stemmer=Stemmer.ROUGE155,
        ),
    }
)

#: Difference rule id -> the :class:`Profile` field that is its quirk.
RULE_FIELDS: Mapping[str, str] = MappingProxyType(
    {f.metadata["rule"]: f.name for f in fields(Profile) if "rule" in f.metadata}
)

#: Quirks that act on corpus averages, not on pairs: id -> (field, title).
CORPUS_QUIRKS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {f.metadata["corpus_rule"]: (f.name, f.metadata["title"]) for f in fields(Profile) if "corpus_rule" in f.metadata}
)

#: The fields a config's ``quirks`` may override, and the type of their values.
_SWITCHABLE: Mapping[str, type] = MappingProxyType(
    {
        f.name: (bool if f.type == "bool" else BestBy if f.type == "BestBy" else Stemmer)
        for f in fields(Profile)
        if "rule" in f.metadata or "corpus_rule" in f.metadata
    }
)


def check_quirks(quirks: Any) -> tuple[tuple[str, Any], ...]:
    """Validated, sorted ``(field, value)`` overrides (``ValueError`` naming what is wrong).

    >>> check_quirks([("stemmer", "nltk"), ("rounding", False)])
    (('rounding', False), ('stemmer', <Stemmer.NLTK: 'nltk'>))
    """
    if not isinstance(quirks, (tuple, list)):
        raise ValueError(f"invalid quirks={quirks!r:.40}: a tuple of (field, value) pairs")
    out: dict[str, Any] = {}
    for item in quirks:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise ValueError(f"invalid quirks item {item!r:.40}: a (field, value) pair")
        name, value = item
        kind = _SWITCHABLE.get(name) if isinstance(name, str) else None
        if kind is None:
            raise ValueError(f"invalid quirks field {name!r:.40}: allowed fields are {', '.join(_SWITCHABLE)}")
        if name in out:
            raise ValueError(f"invalid quirks: the field {name!r} appears twice")
        if kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"invalid quirks value {name}={value!r:.40}: True or False")
        else:
            try:
                value = kind(value)
            except ValueError:
                allowed = ", ".join(m.value for m in kind)  # type: ignore[attr-defined]
                raise ValueError(f"invalid quirks value {name}={value!r:.40}: allowed values are {allowed}") from None
        out[name] = value
    return tuple(sorted(out.items()))


def resolve(profile: str, quirks: tuple[tuple[str, Any], ...] = ()) -> Profile:
    """The record of ``profile`` with ``quirks`` applied (memoised: configs are hashed often)."""
    key = (profile, quirks)
    found = _RESOLVED.get(key)
    if found is None:
        found = replace(PROFILE_RECORDS[profile], **dict(quirks)) if quirks else PROFILE_RECORDS[profile]
        _RESOLVED[key] = found
    return found


_RESOLVED: dict[tuple[str, tuple[tuple[str, Any], ...]], Profile] = {}


def format_quirks(quirks: tuple[tuple[str, Any], ...]) -> str:
    """The signature value of ``quirks``: ``field=value`` joined by ``;`` (booleans as yes/no).

    >>> format_quirks((("rounding", False), ("stemmer", Stemmer.NLTK)))
    'rounding=no;stemmer=nltk'
    """
    return ";".join(f"{k}={('yes' if v else 'no') if isinstance(v, bool) else v.value}" for k, v in quirks)


def parse_quirks(text: str) -> tuple[tuple[str, Any], ...]:
    """Inverse of :func:`format_quirks` (validated).

    >>> parse_quirks("su_last_unigram=yes")
    (('su_last_unigram', True),)
    """
    pairs: list[tuple[str, Any]] = []
    for part in text.split(";"):
        name, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"invalid quirks field {part!r:.40}: expected field=value")
        kind = _SWITCHABLE.get(name)
        if kind is bool:
            if value not in ("yes", "no"):
                raise ValueError(f"invalid quirks value {name}={value!r:.40}: yes or no")
            pairs.append((name, value == "yes"))
        else:
            pairs.append((name, value))
    return check_quirks(pairs)


def switch_rule(profile_a: str, profile_b: str, rule_id: str) -> tuple[tuple[str, Any], ...] | None:
    """The quirks that give profile A only rule ``rule_id``'s behaviour from profile B; None when the
    rule is not a profile quirk or the two profiles agree on it.

    >>> switch_rule("rouge155", "paper", "su-last-unigram")
    (('su_last_unigram', True),)
    >>> switch_rule("rouge155", "rouge155", "su-last-unigram") is None
    True
    """
    name = RULE_FIELDS.get(rule_id)
    if name is None:
        return None
    a, b = getattr(PROFILE_RECORDS[profile_a], name), getattr(PROFILE_RECORDS[profile_b], name)
    return None if a == b else ((name, b),)
