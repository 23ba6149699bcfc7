"""One measure pair's gap: the setting rows, the documents, the rule tally and the interval."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional, Sequence, Union

from ...batch.corpus import CorpusReport
from ...config import RougeConfig
from ...measures.registry import display_name
from ...measures.scoring import Score
from ...profiles import CORPUS_QUIRKS
from ...stats.significance import paired_bootstrap
from ...stats.systems import Statistic, SystemScores
from ..differences import Rule
from .model import Attribution, DocumentGap, MeasureGap, SettingChange
from .rules import SWITCHED_BY_SETTING, setting_of
from .settings import LCS_VARIANT, MeasurePair, SettingGroup, kinds

#: Gaps smaller than this (in score units) count as no gap: shares of float noise would mean nothing.
ZERO_GAP = 1e-12

_NOT_AVAILABLE = (
    "share not available: the detector reports which measures the rule moves, not the score with the rule "
    "switched alone; its part stays inside the {parent} share"
)


@dataclass(frozen=True)
class Switch:
    """One differing setting and the corpus scored by A with only that setting from B (or why it cannot be)."""

    group: SettingGroup
    change: SettingChange
    report: Union[CorpusReport, str]


@dataclass(frozen=True)
class Explained:
    """What the rule detectors found: config A as the Context held it, the rules run, per examined
    document, measure label -> the rule ids named; and, for each rule that is a profile quirk, the
    corpus scored by A with only that quirk from B."""

    base: RougeConfig
    rules: Sequence[Rule]
    named: Mapping[str, Mapping[str, Sequence[str]]]
    switched: Mapping[str, CorpusReport] = field(default_factory=dict)


def per_doc(rep: CorpusReport, kind: str, stat: Statistic) -> dict[str, float]:
    """Each document's score (``stat``) of the measure of ``kind``, by evaluation ID."""
    label = kinds(rep.config)[kind]
    return {i.eval_id: float(getattr(i.measures[label].score, stat)) for i in rep.instances}


def average(rep: CorpusReport, kind: str) -> Score:
    """The corpus averages (R, P, F) of the measure of ``kind``, as the report gives them."""
    m = rep.measures[kinds(rep.config)[kind]]
    return Score(m.precision.average, m.recall.average, m.fmeasure.average)


def measure_gap(
    p: MeasurePair,
    reports: tuple[CorpusReport, CorpusReport],
    switches: Sequence[Switch],
    stat: Statistic,
    ids: Sequence[str],
    explained: Explained,
    boot: tuple[int, int, float],
) -> MeasureGap:
    """The :class:`MeasureGap` of one measure pair (see the package docstring for the formulas)."""
    rep_a, rep_b = reports
    avg_a, avg_b = average(rep_a, p.kind_a), average(rep_b, p.kind_b)
    gap = float(getattr(avg_b, stat)) - float(getattr(avg_a, stat))
    va, vb = per_doc(rep_a, p.kind_a, stat), per_doc(rep_b, p.kind_b, stat)
    share = _Share(gap)
    rows, moved = _setting_rows(p, rep_a, switches, stat, ids, share)
    remainder = gap - sum(r.effect for r in rows if r.effect is not None)
    docs = _documents(p, va, vb, ids, rows, moved, explained)
    rows += _rule_rows(p, docs, rows, explained, share, (rep_a, stat))
    unexplained = tuple(
        d.doc_id
        for d in docs
        if d.rules is not None and "profile" in d.settings and not any(setting_of(r) == "profile" for r in d.rules)
    )
    ci_low = ci_high = p_value = None
    notes = []
    if len(ids) >= 2:
        sys_b = SystemScores.from_scores([vb[i] for i in ids], stat, p.label_a, ids)
        sys_a = SystemScores.from_scores([va[i] for i in ids], stat, p.label_a, ids)
        test = paired_bootstrap(sys_b, sys_a, *boot)  # its delta is its first argument's minus the second's
        ci_low, ci_high, p_value = test.ci_low, test.ci_high, test.p_value
    else:
        notes.append("one document: no interval (the paired bootstrap needs at least 2)")
    if share.none:
        notes.append("no gap: shares are not defined")
    elif abs(remainder) > ZERO_GAP:
        notes.append(
            "remainder: the part of the gap no single switch gives (settings acting together, or a setting "
            "that cannot be switched alone)"
        )
    if len(ids) >= 2 and any(c.behaviour.perl_corpus or c.averaging for c in (rep_a.config, rep_b.config)):
        notes.append(
            "delta compares the averages as evaluate_corpus reports them (ROUGE-1.5.5's mean of resample means, "
            "or pooled counts); the interval is of mean_delta, the mean of the per-document differences"
        )
    return MeasureGap(
        p.label_a,
        p.label_b,
        display_name(p.label_a, rep_a.config.profile),
        display_name(p.label_b, rep_b.config.profile),
        stat,
        avg_a,
        avg_b,
        gap,
        sum(vb[i] - va[i] for i in ids) / len(ids),
        ci_low,
        ci_high,
        p_value,
        tuple(docs),
        tuple(rows),
        remainder,
        share(remainder),
        unexplained,
        tuple(notes),
    )


class _Share:
    """effect -> effect / gap, or None when the gap is (numerically) zero or the effect unknown."""

    def __init__(self, gap: float) -> None:
        self.gap, self.none = gap, abs(gap) <= ZERO_GAP

    def __call__(self, effect: Optional[float]) -> Optional[float]:
        if effect is None or self.none:
            return None
        return effect / self.gap + 0.0  # + 0.0: no -0.0 for a setting that moves nothing


def _setting_rows(
    p: MeasurePair, rep_a: CorpusReport, switches: Sequence[Switch], stat: Statistic, ids: Sequence[str], share: _Share
) -> tuple[list[Attribution], dict[str, set[str]]]:
    """One row per setting: the change of A's average when that setting alone takes B's value; and
    per setting, the documents whose score that switch moves."""
    va, avg_a = per_doc(rep_a, p.kind_a, stat), float(getattr(average(rep_a, p.kind_a), stat))
    targets = [(s.group, s.report, p.kind_a) for s in switches]
    if p.kind_a != p.kind_b:  # the ROUGE-L variant: A's own other LCS measure
        targets.append((LCS_VARIANT, rep_a, p.kind_b))
    rows, moved = [], {}
    for group, rep, kind in targets:
        effect, note, docs = None, "", set()
        if isinstance(rep, str):
            note = f"not switchable alone ({rep}); its part is in the remainder"
        elif kind not in kinds(rep.config):
            note = f"A with only this setting from B computes no {p.label_a}; its part is in the remainder"
        else:
            effect = float(getattr(average(rep, kind), stat)) - avg_a
            switched = per_doc(rep, kind, stat)
            docs = {i for i in ids if switched[i] != va[i]}
            if not docs and effect == 0:
                note = "switched alone, it moves no score of this measure"
        moved[group.name] = docs
        rows.append(Attribution("setting", group.name, group.title, "", len(docs), effect, share(effect), note))
    return rows, moved


def _documents(
    p: MeasurePair,
    va: Mapping[str, float],
    vb: Mapping[str, float],
    ids: Sequence[str],
    rows: Sequence[Attribution],
    moved: Mapping[str, set[str]],
    explained: Explained,
) -> list[DocumentGap]:
    """The documents that differ, largest difference first, with the settings and rules behind each."""
    labels = kinds(explained.base)
    own = [labels[p.kind_a]] + ([labels[p.kind_b]] if p.kind_b != p.kind_a else [])
    wanted = {r.id for r in explained.rules if setting_of(r.id) == "profile" or p.kind_a != p.kind_b}
    out = []
    for i in sorted((i for i in ids if vb[i] != va[i]), key=lambda i: -abs(vb[i] - va[i])):
        names: Optional[tuple[str, ...]] = ()
        if wanted:  # some rule concerns this pair: None marks a document beyond the cap
            found = explained.named.get(i)
            if found is None:
                names = None
            else:
                names = tuple(dict.fromkeys(r for lb in own for r in found.get(lb, ()) if r in wanted))
        settings = tuple(r.name for r in rows if i in moved[r.name])
        out.append(DocumentGap(i, va[i], vb[i], vb[i] - va[i], settings, names))
    return out


def _rule_rows(
    p: MeasurePair,
    docs: Sequence[DocumentGap],
    rows: Sequence[Attribution],
    explained: Explained,
    share: _Share,
    base: tuple[CorpusReport, Statistic],
) -> list[Attribution]:
    """The rule tally: each rule named on at least one document or whose switch moves the average, with
    its effect where it can be switched alone (a profile quirk, or the ROUGE-L variant's setting)."""
    rep_a, stat = base
    effects = {r.name: r.effect for r in rows}
    avg_a = float(getattr(average(rep_a, p.kind_a), stat))
    out = []
    for r in explained.rules:
        hits = [d for d in docs if d.rules and r.id in d.rules]
        parent = setting_of(r.id)
        parent_effect = effects.get(parent)
        effect: Optional[float] = None
        note = _NOT_AVAILABLE.format(parent=parent)
        rep = explained.switched.get(r.id)
        if rep is not None and p.kind_a in kinds(rep.config):
            effect = float(getattr(average(rep, p.kind_a), stat)) - avg_a
            note = f"switched alone over the corpus: A's profile with only this quirk from B's ({_quirk(rep)})"
        elif r.id in SWITCHED_BY_SETTING and parent_effect is not None:
            effect = parent_effect
            note = f"switched alone over the corpus, this rule is the {parent} setting itself"
        if not hits and not effect:
            continue
        of_parent = None if effect is None or not parent_effect else effect / parent_effect + 0.0
        sole = sum(1 for d in hits if d.rules == (r.id,))
        out.append(Attribution("rule", r.id, r.title, parent, len(hits), effect, share(effect), note, sole, of_parent))
    profile_effect = effects.get("profile")
    for qid, (_, title) in CORPUS_QUIRKS.items():
        rep = explained.switched.get(qid)
        if rep is None or p.kind_a not in kinds(rep.config):
            continue
        effect = float(getattr(average(rep, p.kind_a), stat)) - avg_a
        if effect:
            of_parent = effect / profile_effect + 0.0 if profile_effect else None
            note = f"a corpus quirk of the profile, switched alone over the corpus ({_quirk(rep)}); no document row"
            out.append(Attribution("rule", qid, title, "profile", 0, effect, share(effect), note, 0, of_parent))
    return out


def _quirk(rep: CorpusReport) -> str:
    return ", ".join(f"{k} = {v.value if hasattr(v, 'value') else v}" for k, v in rep.config.quirks)
