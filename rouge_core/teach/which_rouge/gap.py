"""The entry point: score the corpus under A, B and every single switch, then attribute the gap."""

from __future__ import annotations

from typing import Callable, Mapping, Optional, Sequence, TypeVar

from ...batch.corpus import CorpusReport, Pair, evaluate_corpus
from ...config import RougeConfig
from ...stats.significance import check_run, signature
from ...stats.systems import STATISTICS, Statistic
from .attribution import Explained, Switch, measure_gap, per_doc
from .model import SettingGap
from .rules import named_rules, quirk_switches, rules_to_run
from .settings import differing, measure_pairs, narrowed, pair_kinds, switched

T = TypeVar("T")

#: Default number of documents the rule detectors examine (the largest differences).
MAX_EXPLAINED_DOCS = 50


class _Runs:
    """Corpus reports by config, each computed once, narrowed to the measures read from it (a measure's
    score and average do not depend on which other measures are computed)."""

    def __init__(self, pairs: Sequence[Pair], ids: list[str]) -> None:
        self.pairs, self.ids = pairs, ids
        self._done: dict[str, CorpusReport] = {}

    def get(self, config: RougeConfig, wanted: Sequence[str]) -> CorpusReport:
        c = narrowed(config, wanted)
        sig = c.signature()
        if sig not in self._done:
            self._done[sig] = evaluate_corpus(self.pairs, c, ids=self.ids)
        return self._done[sig]


class _Steps:
    """Calls ``progress(done, total)`` once per step; passes each step's value through."""

    def __init__(self, progress: Optional[Callable[[int, int], None]], total: int) -> None:
        self.progress, self.total, self.done = progress, total, 0

    def __call__(self, value: T) -> T:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)
        return value

    def finish(self) -> None:
        """The last call (fewer documents than the cap may have differed)."""
        if self.progress is not None and self.done < self.total:
            self.progress(self.total, self.total)


def _check(pairs: Sequence[Pair], ids: Optional[Sequence[str]], a: object, b: object) -> list[str]:
    for name, c in (("config_a", a), ("config_b", b)):
        if not isinstance(c, RougeConfig):
            raise TypeError(f"{name} must be a RougeConfig, not {type(c).__name__}")
    if len(pairs) == 0:
        raise ValueError("empty corpus: give at least one (candidate, references) pair")
    out = [str(i) for i in ids] if ids is not None else [str(i) for i in range(1, len(pairs) + 1)]
    if len(out) != len(pairs):
        raise ValueError(f"mismatched ids: {len(out)} ids for {len(pairs)} pairs")
    seen: set[str] = set()
    for i in out:
        if i in seen:
            raise ValueError(f"mismatched ids: the id {i!r} appears twice (ids must be unique)")
        seen.add(i)
    return out


def which_rouge(
    pairs: Sequence[Pair],
    config_a: RougeConfig,
    config_b: RougeConfig,
    ids: Optional[Sequence[str]] = None,
    *,
    statistic: Statistic = "fmeasure",
    match: Optional[Mapping[str, str]] = None,
    max_explained_docs: int = MAX_EXPLAINED_DOCS,
    samples: int = 1000,
    seed: int = 0,
    confidence: float = 95.0,
    progress: Optional[Callable[[int, int], None]] = None,
) -> SettingGap:
    """Why config B gives this corpus another score than config A, measure by measure.

    ``pairs`` and ``ids`` are what :func:`rouge_core.evaluate_corpus` takes. Every measure both
    configs compute is compared (ROUGE-W and ROUGE-S/SU also across weights and distances), plus the
    pairs of ``match`` (A's label -> B's label, e.g. ``{"ROUGE-L": "ROUGE-Lflat"}`` for ROUGE-1.5.5's
    ROUGE-L against rouge-score's rougeL). ``statistic`` is the one the gap, the interval, the
    documents and the attribution are about. The rule detectors examine the ``max_explained_docs``
    documents with the largest differences (over all measure pairs). ``samples``, ``seed`` and
    ``confidence`` drive the paired bootstrap (numpy's generator: the same seed, the same interval).
    ``progress``, if given, is called as ``progress(done, total)`` after each corpus scoring and each
    examined document (it changes no number).

    Raises ``ValueError`` for an empty corpus, ids that do not fit the pairs, configs without a common
    measure, a bad ``match``, statistic, cap or bootstrap setting; ``TypeError`` for a config that is
    not a ``RougeConfig``.
    """
    ids = _check(pairs, ids, config_a, config_b)
    if statistic not in STATISTICS:
        raise ValueError(f"invalid statistic={statistic!r}: allowed values are {', '.join(STATISTICS)}")
    if isinstance(max_explained_docs, bool) or not isinstance(max_explained_docs, int) or max_explained_docs < 0:
        raise ValueError(f"invalid max_explained_docs={max_explained_docs!r}: allowed values are integers >= 0")
    check_run(samples, seed, confidence)
    mpairs = measure_pairs(config_a, config_b, dict(match or {}))
    # A's run also gives the other ROUGE-L of a ROUGE-L/rougeL pair; a switch is read at A's measures.
    own_a, own_b = list(dict.fromkeys(p.kind_a for p in mpairs)), list(dict.fromkeys(p.kind_b for p in mpairs))
    to_run = rules_to_run(config_a.profile, config_b.profile, any(p.kind_a != p.kind_b for p in mpairs))
    changes = differing(config_a, config_b)
    quirk_rules = quirk_switches(config_a, config_b, to_run, own_a)
    step = _Steps(progress, 2 + len(changes) + len(quirk_rules) + (min(max_explained_docs, len(ids)) if to_run else 0))
    runs = _Runs(pairs, ids)
    rep_a = step(runs.get(config_a, pair_kinds(mpairs)))
    rep_b = step(runs.get(config_b, own_b))
    switches = []
    for group, change in changes:
        try:
            c = switched(config_a, config_b, group)
            switches.append(Switch(group, change, rep_b if c == config_b else runs.get(c, own_a)))
        except ValueError as exc:  # e.g. jackknifing with pooled averaging
            switches.append(Switch(group, change, str(exc)))
        step(None)
    # Each profile quirk (a rule's, or a corpus one), switched alone: A's profile with only it from B's.
    rule_runs = {rid: step(runs.get(c, own_a)) for rid, c in quirk_rules.items()}

    # The documents the detectors examine: the largest differences over every measure pair.
    size = dict.fromkeys(ids, 0.0)
    for p in mpairs:
        va, vb = per_doc(rep_a, p.kind_a, statistic), per_doc(rep_b, p.kind_b, statistic)
        for i in ids:
            size[i] = max(size[i], abs(vb[i] - va[i]))
    differ = sorted((i for i in ids if size[i] > 0), key=lambda i: -size[i])
    examined = differ[:max_explained_docs] if to_run else []
    base = narrowed(config_a, pair_kinds(mpairs))
    by_id = dict(zip(ids, pairs))
    explained = Explained(
        base, to_run, {i: step(named_rules(by_id[i][0], by_id[i][1], base, to_run)) for i in examined}, rule_runs
    )
    step.finish()

    boot = (samples, seed, confidence)
    measures = tuple(measure_gap(p, (rep_a, rep_b), switches, statistic, ids, explained, boot) for p in mpairs)
    notes = []
    if to_run:
        notes.append(
            f"the rule detectors examined {len(examined)} of the {len(differ)} documents that differ "
            f"(the largest differences first, max_explained_docs={max_explained_docs})"
        )
    elif config_a.profile == config_b.profile:
        notes.append("no per-pair rule was run: the profiles are the same and no ROUGE-L is set against rougeL")
    else:
        notes.append(f"no registered rule sets the profiles {config_a.profile} and {config_b.profile} apart")
    return SettingGap(
        config_a.signature(),
        config_b.signature(),
        statistic,
        len(ids),
        tuple(s.change for s in switches),
        measures,
        len(examined),
        max_explained_docs,
        signature("bootstrap", samples, seed, "mean", statistic, "-", confidence),
        tuple(notes),
    )
