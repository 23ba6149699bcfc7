"""Per-document naming of the per-pair rules (:data:`rouge_core.teach.differences.RULES`) behind a setting.

The profile switch (config A with only B's profile) is explained by the rules that set A's and
B's profiles apart; the ROUGE-L variant (union vs flat LCS) by the rule that describes it. Each
document is run through the registered detectors with a :class:`~rouge_core.teach.differences.Context`
whose three configs are A's settings under each profile (A's tokenizer, stemming, multi-reference
mode ... held fixed, as in the switch), so a rule is named only where it moves the measure there.
"""

from __future__ import annotations

from typing import Callable, Collection, Mapping, Optional, Sequence

from ...config import PROFILES, RougeConfig
from ...evaluate import Report, evaluate
from ...profiles import CORPUS_QUIRKS, RULE_FIELDS
from ...text.tokenize import TextInput, as_text
from ..differences import RULES, Context, Finding, Rule
from .settings import LCS_VARIANT

#: Rules that describe a setting other than the profile: rule id -> that setting. Their settings are
#: switched directly over the whole corpus; of these only the ROUGE-L variant's rule is run per document
#: (the tokenizer and multi-reference detectors test one fixed pair of values, not A's and B's).
RULE_SETTING: Mapping[str, str] = {
    "rougeL-flat": LCS_VARIANT.name,
    "unicode-lower": "tokenizer",
    "non-ascii-dropped": "tokenizer",
    "multi-ref-pooling": "multi_ref",
}

#: Rules whose one switch *is* their setting's switch, so the setting's corpus effect is the rule's.
SWITCHED_BY_SETTING = frozenset({"rougeL-flat"})

#: Rules whose Finding is marked "not in the table" (it shows under other settings) but that apply
#: when the config meets this condition: -f B picks a reference only when references are not pooled.
_APPLIES_WHEN: Mapping[str, Callable[[RougeConfig], bool]] = {
    "best-recall-vs-f": lambda c: c.multi_ref == "best",
}


class _LazyReports(dict[str, Report]):
    """The three profiles' reports of one input, each computed when a detector first asks for it."""

    def __init__(self, candidate: TextInput, references: list[TextInput], configs: Mapping[str, RougeConfig]):
        super().__init__()
        self._input = (candidate, references)
        self._configs = configs

    def __missing__(self, profile: str) -> Report:
        report = evaluate(self._input[0], self._input[1], self._configs[profile])
        self[profile] = report
        return report


def rules_to_run(profile_a: str, profile_b: str, with_lcs: bool) -> list[Rule]:
    """The rules that can explain the switch from ``profile_a`` to ``profile_b`` (none when they are the
    same), then the ROUGE-L variant's rule when ``with_lcs``; in registry order."""
    out = []
    for r in RULES.values():
        setting = RULE_SETTING.get(r.id, "profile")
        if setting == "profile":
            if profile_a != profile_b and (profile_a in r.sets_apart) != (profile_b in r.sets_apart):
                out.append(r)
        elif setting == LCS_VARIANT.name and with_lcs:
            out.append(r)
    return out


def quirk_switched(config_a: RougeConfig, config_b: RougeConfig, name: Optional[str]) -> Optional[RougeConfig]:
    """Config A with only the profile quirk ``name`` (a :class:`~rouge_core.profiles.Profile` field)
    taken from B's profile; None when ``name`` is None or both profiles agree on it.

    >>> quirk_switched(RougeConfig(), RougeConfig(profile="paper"), "su_last_unigram").quirks
    (('su_last_unigram', True),)
    >>> quirk_switched(RougeConfig(), RougeConfig(profile="paper"), "stemmer") is None
    True
    """
    if name is None:
        return None
    value_a, value_b = getattr(config_a.behaviour, name), getattr(config_b.behaviour, name)
    if value_a == value_b:
        return None
    return config_a.with_(quirks=tuple({**dict(config_a.quirks), name: value_b}.items()))


#: Quirks that can move only some measure kinds, or only under a setting of config A: a switch that
#: cannot move anything compared is not scored (its effect would be 0).
_QUIRK_MATTERS: Mapping[str, Callable[[RougeConfig, Collection[str]], bool]] = {
    "su_last_unigram": lambda c, k: "SU" in k,
    "union_budget": lambda c, k: "L" in k,
    "wlcs_runs": lambda c, k: "W" in k,
    "wlcs_double_weight": lambda c, k: "W" in k,
    "wlcs_dies_on_empty_reference": lambda c, k: "W" in k,
    "stemmer": lambda c, k: c.stem,
    "best_by": lambda c, k: c.multi_ref != "pooled",
}


def quirk_switches(
    config_a: RougeConfig, config_b: RougeConfig, rules: Sequence[Rule], compared: Collection[str]
) -> dict[str, RougeConfig]:
    """Rule id (or corpus quirk id, :data:`~rouge_core.profiles.CORPUS_QUIRKS`) -> config A with only
    that quirk from B, for every one of ``rules`` that is a profile quirk and every corpus quirk on
    which the two profiles differ and that can move a measure of the ``compared`` kinds."""
    wanted = [(r.id, RULE_FIELDS.get(r.id)) for r in rules] + [(q, f) for q, (f, _) in CORPUS_QUIRKS.items()]
    out: dict[str, RougeConfig] = {}
    for qid, name in wanted:
        matters = _QUIRK_MATTERS.get(name or "")
        if matters is not None and not matters(config_a, compared):
            continue
        if (c := quirk_switched(config_a, config_b, name)) is not None:
            out[qid] = c
    return out


def setting_of(rule_id: str) -> str:
    """The setting a rule explains (``"profile"`` unless :data:`RULE_SETTING` says otherwise)."""
    return RULE_SETTING.get(rule_id, "profile")


def _applies(rule: Rule, finding: Finding, base: RougeConfig) -> bool:
    when = _APPLIES_WHEN.get(rule.id)
    return finding.in_table or (when is not None and when(base))


def named_rules(
    candidate: TextInput,
    references: TextInput | Sequence[TextInput],
    base: RougeConfig,
    rules: Sequence[Rule],
) -> dict[str, list[str]]:
    """Measure label (as ``base`` names it) -> the ids of the ``rules`` whose detector moves it on this input.

    ``base`` is config A (narrowed to the measures compared); the Context holds it under each profile.

    >>> from rouge_core.teach.differences import RULES
    >>> base = RougeConfig(max_n=1, wlcs_weight=None, skip_distance=None, flat_lcs=True)
    >>> named_rules("b a\\nc d", "c d\\nb a", base, [RULES["rougeL-flat"]])
    {'ROUGE-Lflat': ['rougeL-flat']}
    """
    refs: list[TextInput] = [references] if isinstance(references, str) else list(references)
    configs: dict[str, RougeConfig] = {p: base.with_(profile=p) for p in PROFILES}
    ctx = Context(tuple(as_text(t) for t in (candidate, *refs)), configs, _LazyReports(candidate, refs, configs))
    out: dict[str, list[str]] = {}
    for r in rules:
        finding = r.detect(ctx)
        if finding is None or not _applies(r, finding, base):
            continue
        for label in finding.measures:
            out.setdefault(label, []).append(r.id)
    return out
