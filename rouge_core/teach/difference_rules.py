"""The rules behind profile differences, one registered detector each (see :mod:`rouge_core.teach.differences`).

Each detector gets a :class:`~rouge_core.teach.differences.Context`, recomputes the
measures with its one rule switched the other way, and returns a ``Finding``
naming the scores that move, or None when the rule does not apply to the input.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable, Optional, Sequence

from ..config import RougeConfig
from ..evaluate import PERL_DIES, MeasureResult, Report, combine
from ..measures.explain import LcsExplanation
from ..measures.registry import measure_specs
from ..measures.scoring import Counts, Score, pick_best, round5
from ..measures.scoring import score as counts_to_score
from ..measures.skipbigram import count_skip_bigrams
from ..measures.summary_lcs import lcs_measure
from ..profiles import LcsMode
from ..text.stem import stem_rouge155
from ..text.tokenize import Token, analyze
from .difference_model import Context, Example, Finding, rule


def _prf(s: Score) -> str:
    return f"P {s.precision:.5f}, R {s.recall:.5f}, F {s.fmeasure:.5f}"


def old_paths(a: dict[str, Score], b: dict[str, Score]) -> tuple[str, ...]:
    return tuple(k for k in a if k in b and a[k] != b[k])


def _moves(moved: Sequence[str]) -> str:
    return f"this moves {', '.join(moved)}" if moved else "on its own this moves no score here"


def _inverse(config: RougeConfig, label: str) -> Optional[Callable[[float], float]]:
    return next(s.inverse for s in measure_specs(config) if s.label == label)


def _combine(per: Sequence[Counts], cfg: RougeConfig, label: str) -> Score:
    sel = [
        round5(c.hit / c.model) if c.model and cfg.behaviour.rounding else (c.hit / c.model if c.model else 0.0)
        for c in per
    ]
    return combine(list(zip(per, sel)), cfg, _inverse(cfg, label))[0]


def _wlcs_base(report: Report, w: float) -> float:
    return sum(sum(float(len(s)) ** w for s in r.sentences) for r in report.references)


@rule(
    "su-last-unigram",
    "SU's last unigram",
    "Perl drops the last unigram in ROUGE-SU",
    ("rouge155",),
    "ROUGE-1.5.5's loop that adds the SU unigrams stops one word early (and adds no begin-of-sentence "
    "marker), so the last word of a summary never counts as a unigram, while the paper and "
    "rouge-score profiles count every word.",
    Example("killed police", ("police killed",)),
)
def _su_last(ctx: Context) -> Optional[Finding]:
    if (p := ctx.perl("SU")) is None:
        return None
    rep, cfg, label, m = p
    alt = _combine(
        [count_skip_bigrams(rep.candidate.keys, r.keys, cfg.skip_distance or 0, su=True)[0] for r in rep.references],
        cfg,
        label,
    )
    return (
        None
        if alt == m.score
        else Finding(
            (label,), (f"{label} is {_prf(m.score)} in ROUGE-1.5.5 and {_prf(alt)} when the last word counts too.")
        )
    )


@rule(
    "unicode-lower",
    "Unicode lower()",
    "rouge-score lower-cases with Python's Unicode lower()",
    ("rouge-score",),
    "rouge-score calls Python's str.lower() before keeping [a-z0-9], so a few non-ASCII letters "
    "become ASCII (the Kelvin sign K becomes k, İ becomes i), while ROUGE-1.5.5 lower-cases A-Z only "
    "and drops every other byte; accented letters such as é split words in both.",
    Example("The sample was cooled to 4 \u212a.", ("The sample was cooled to 4 K.",)),
)
def _unicode_lower(ctx: Context) -> Optional[Finding]:
    chars = sorted({c for t in ctx.texts for c in t if not c.isascii() and re.search("[a-z0-9]", c.lower())})
    cfg = ctx.configs["rouge-score"]
    moved = old_paths(ctx.reports["rouge-score"].scores(), ctx.scores(cfg.with_(tokenizer="rouge155"))) if chars else ()
    names = ", ".join(f"'{c}' ({unicodedata.name(c, '?').title()}) becomes '{c.lower()}'" for c in chars)
    return Finding(moved, f"{names} under rouge-score, while ROUGE-1.5.5 drops it; {_moves(moved)}.") if chars else None


@rule(
    "non-ascii-dropped",
    "non-ASCII dropped",
    "Non-ASCII text is dropped by the rouge155 tokenizer",
    (),
    "The rouge155 tokenizer (the default of the rouge155 and paper profiles, and like rouge-score's) "
    "keeps only ASCII letters and digits, so Chinese text vanishes and accented words are cut (tué "
    "becomes tu, Zürich becomes z + rich) under every profile; only the unicode tokenizer scores them.",
    Example(
        "警察击毙了枪手。\nLa police a tué le tireur à Zürich.",
        ("警察开枪打死了枪手。\nLa police a abattu le tireur près de Zürich.",),
    ),
)
def _non_ascii(ctx: Context) -> Optional[Finding]:
    words = [
        w
        for t in ctx.texts
        for w in t.split()
        if any(not c.isascii() and unicodedata.category(c)[0] in "LNM" for c in w)
    ]
    cfg = ctx.configs["rouge155"]
    moved = old_paths(ctx.reports["rouge155"].scores(), ctx.scores(cfg.with_(tokenizer="unicode"))) if words else ()
    shown = ", ".join(repr(w if len(w) <= 14 else w[:13] + "…") for w in words[:4])
    return (
        Finding(
            moved,
            f"{len(words)} word(s) with non-ASCII letters such as {shown} are cut or dropped "
            f"by every profile's tokenizer; the unicode tokenizer would change "
            f"{', '.join(moved)}.",
            in_table=False,
        )
        if moved
        else None
    )


@rule(
    "rougeL-flat",
    "rougeL is flat",
    "rouge-score's rougeL ignores sentences; rougeLsum uses them",
    ("rouge-score",),
    "rouge-score's rougeL is one LCS over the whole text, while its rougeLsum and ROUGE-1.5.5's ROUGE-L "
    "take the union LCS of each reference sentence with every candidate sentence, so sentence order "
    "and sentence boundaries change rougeL only.",
    Example("the gunman was armed\npolice killed the gunman", ("police killed the gunman\nthe gunman was armed",)),
)
def _flat(ctx: Context) -> Optional[Finding]:
    ms = ctx.reports["rouge-score"].measures
    if "ROUGE-Lflat" not in ms or "ROUGE-L" not in ms or ms["ROUGE-Lflat"].score == ms["ROUGE-L"].score:
        return None
    return Finding(
        ("ROUGE-Lflat",),
        f"rougeL (one sequence) is {_prf(ms['ROUGE-Lflat'].score)}, "
        f"rougeLsum (sentence by sentence) is {_prf(ms['ROUGE-L'].score)}.",
    )


@rule(
    "perl-rounding",
    "Perl rounding",
    "Perl rounds to 5 decimals and computes F from the rounded P and R",
    ("rouge155",),
    "ROUGE-1.5.5 rounds R and P to 5 decimals and computes F from those rounded values (rounding again), "
    "so its numbers differ from the exact ones after the 5th decimal and its F can differ from the "
    "rounded exact F in the 5th.",
    Example("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", ("w1 w2 w3 w4 w5",)),
)
def _rounding(ctx: Context) -> Optional[Finding]:
    cfg, moved, f_case, other = ctx.configs["rouge155"], [], "", ""
    for label, m in ctx.reports["rouge155"].measures.items():
        exact = m.counts and counts_to_score(m.counts, False, cfg.alpha, _inverse(cfg, label))
        if not exact or exact == m.score:
            continue
        moved.append(label)
        if not f_case and round5(exact.fmeasure) != m.score.fmeasure:
            f_case = (
                f"{label}: F = {m.score.fmeasure:.5f} from the rounded P and R, while the exact F "
                f"{exact.fmeasure:.7f} rounds to {round5(exact.fmeasure):.5f}"
            )
        name, got, want = next(
            x
            for x in zip(
                "RPF",
                (m.score.recall, m.score.precision, m.score.fmeasure),
                (exact.recall, exact.precision, exact.fmeasure),
            )
            if x[1] != x[2]
        )
        other = other or f"{label}: {name} = {got:.5f} where the exact value is {want:.7f}"
    return Finding(tuple(moved), (f_case or other) + ".") if moved else None


@rule(
    "w-double-weight",
    "W recall weighted twice",
    "Perl weights the ROUGE-W recall denominator twice",
    ("rouge155",),
    "ROUGE-1.5.5 divides the weighted hits by (Σ|M_i|^w)^w instead of Σ|M_i|^w (the paper's f(m) for "
    "one sentence), so its ROUGE-W recall stays below 1 even for identical texts.",
    Example("police killed the gunman", ("police killed the gunman",)),
)
def _double_weight(ctx: Context) -> Optional[Finding]:
    if (p := ctx.perl("W")) is None:
        return None
    rep, cfg, label, m = p
    if m.counts is None:
        return None
    base = _wlcs_base(rep, cfg.wlcs_weight or 1.0)
    alt = counts_to_score(Counts(m.counts.hit, base, m.counts.peer), True, cfg.alpha, _inverse(cfg, label))
    return (
        None
        if alt == m.score
        else Finding(
            (label,),
            (
                f"{label}: R = {m.score.recall:.5f} with the denominator ({base:.4g})^{cfg.wlcs_weight:g} = "
                f"{m.counts.model:.4g}; dividing by {base:.4g} once gives R = {alt.recall:.5f}."
            ),
        )
    )


@rule(
    "w-union-runs",
    "W runs/sentences",
    "Perl's ROUGE-W weighs its own runs, sentence by sentence",
    ("rouge155",),
    "ROUGE-1.5.5 takes only the marks of the LCS and weighs runs of consecutive reference words among "
    "them, even where the matching candidate words are apart, sentence by sentence over a base of "
    "Σ|M_i|^w; the paper and rouge-score profiles run one weighted LCS over the whole text, whose runs "
    "need both texts to advance together (base m^w).",
    Example("police killed the gunman the crowd cheered", ("police killed the gunman\nthe crowd cheered",)),
)
def _union_runs(ctx: Context) -> Optional[Finding]:
    if (p := ctx.perl("W")) is None:
        return None
    rep, cfg, label, m = p
    if m.counts is None:
        return None
    w, inv, flat = cfg.wlcs_weight or 1.0, _inverse(cfg, label), Counts(0.0, 0.0, 0.0)
    for r in rep.references:
        flat = flat + lcs_measure(r.sentence_keys, rep.candidate.sentence_keys, LcsMode.WLCS_FLAT, w)[0]
    base = _wlcs_base(rep, w)
    perl = counts_to_score(Counts(m.counts.hit, base, m.counts.peer), True, cfg.alpha, inv)
    if perl == counts_to_score(flat, True, cfg.alpha, inv):
        return None
    causes = []
    split = _split_runs(m)
    if split:
        causes.append(
            f"the reference words {split} are consecutive but their candidate words are not: "
            "ROUGE-1.5.5 counts them as one run, the weighted LCS as several"
        )
    sentences = max(
        [sum(1 for s in r.sentences if s) for r in rep.references] + [sum(1 for s in rep.candidate.sentences if s)]
    )
    if sentences > 1:
        causes.append(
            f"the texts have several sentences ({sentences} in the longest): ROUGE-1.5.5 weighs runs "
            "inside each reference sentence over Σ|M_i|^w, one WLCS runs across sentences over m^w"
        )
    if not causes:
        causes.append("the union of several candidate sentences' LCS marks forms runs no single WLCS has")
    return Finding(
        (label,),
        (
            f"{label}: {'; and '.join(causes)}. ROUGE-1.5.5's weighted hits are {m.counts.hit:.4g} over a base of "
            f"{base:.4g}, one WLCS over the whole text gives {flat.hit:.4g} over {flat.model:.4g}."
        ),
    )


def _split_runs(m: MeasureResult) -> str:
    """The first run of ROUGE-1.5.5's ROUGE-W whose reference words are consecutive while the candidate
    words that matched them are not (quoted), or ''."""
    for res in m.per_reference:
        e = res.explanation
        if not isinstance(e, LcsExplanation):
            continue
        credited = [u for u in e.marks if u.credited]
        for prev, cur in zip(credited, credited[1:]):
            along_ref = cur.reference_sentence == prev.reference_sentence and cur.position == prev.position + 1
            along_cand = cur.source[0] == prev.source[0] and cur.source[1] == prev.source[1] + 1
            if along_ref and not along_cand:
                return f"'{prev.key} {cur.key}'"
    return ""


@rule(
    "best-recall-vs-f",
    "-f B by recall",
    "-f B picks the best recall; score_multi picks the best F",
    ("rouge155",),
    "With several references ROUGE-1.5.5's -f B keeps the reference with the highest recall (the first "
    "on a tie) while rouge-score's score_multi keeps the one with the highest F, so the two 'best "
    "reference' scores can come from different references.",
    Example("police killed the gunman", ("police killed gunman", "police killed the gunman yesterday")),
)
def _best_by(ctx: Context) -> Optional[Finding]:
    moved, detail = [], ""
    for label, m in ctx.results(ctx.configs["rouge155"].with_(multi_ref="best")).items():
        if m.chosen is None or len(m.per_reference) < 2:
            continue
        kf = pick_best([r.score.fmeasure for r in m.per_reference])
        if kf != m.chosen and m.per_reference[kf].score != m.score:
            moved.append(label)
            detail = detail or (
                f"{label}: -f B takes reference {m.chosen + 1} ({_prf(m.score)}), "
                f"score_multi would take reference {kf + 1} "
                f"({_prf(m.per_reference[kf].score)})."
            )
    return Finding(tuple(moved), detail, in_table=False) if moved else None


@rule(
    "stemmers",
    "stemmers",
    "The stemmers differ: ROUGE's Porter + WordNet vs NLTK's Porter",
    ("rouge-score",),
    "ROUGE-1.5.5 and the paper profile stem with a modified Porter (step 4 can strip several suffixes) "
    "plus WordNet exceptions, while rouge-score uses NLTK's Porter, so words such as agreement, "
    "environmental or dying get different stems and match different words.",
    Example(
        "The environmental agreement was signed as the old leader lay dying.",
        ("The old leader dies after signing the environment agreement.",),
        (("stem", True),),
    ),
)
def _stemmers(ctx: Context) -> Optional[Finding]:
    cfg = ctx.configs["rouge-score"]
    on = cfg.with_(stem=True)
    analyses = [analyze(t, on) for t in ctx.texts]
    pairs = {t.norm: (stem_rouge155(t.norm, on.stem_lookup), t.key) for a in analyses for t in a.tokens}
    pairs = {w: p for w, p in pairs.items() if p[0] != p[1]}

    def scores(rouge_stems: bool) -> dict[str, Score]:
        def keys(toks: Sequence[Token]) -> list[str]:
            return [pairs[t.norm][0] if rouge_stems and t.norm in pairs else t.key for t in toks]

        views = [(keys(a.tokens), [keys(s) for s in a.sentences]) for a in analyses]
        out = {}
        for spec in measure_specs(on):
            per = [spec.compute(*views[0], *ref, False) for ref in views[1:]]
            out[spec.label] = combine([(c, s) for c, s, _ in per], on, spec.inverse)[0]
        return out

    moved = old_paths(scores(False), scores(True)) if pairs else ()
    words = "; ".join(f"{w}: {a} (ROUGE) / {b} (NLTK)" for w, (a, b) in list(pairs.items())[:4])
    return (
        Finding(moved, f"{'' if cfg.stem else 'With stemming on, '}{words}; {_moves(moved)}.", in_table=cfg.stem)
        if pairs
        else None
    )


@rule(
    "union-no-budget",
    "no hit budget",
    "The paper's union LCS has no hit budget (precision can exceed 1)",
    ("paper",),
    "Lin (2004) adds up the union LCS of every reference sentence without limiting how often a candidate "
    "word is credited, so ROUGE-L hits can exceed the candidate's length, while ROUGE-1.5.5 and "
    "rouge-score stop crediting a word once its count on either side is spent.",
    Example("police killed the gunman", ("police killed the gunman\nthe gunman was killed by police",)),
)
def _no_budget(ctx: Context) -> Optional[Finding]:
    rep, cfg = ctx.reports["paper"], ctx.configs["paper"]
    if "ROUGE-L" not in rep.measures:
        return None
    m, ck = rep.measures["ROUGE-L"], rep.candidate.keys
    per = [
        lcs_measure(r.sentence_keys, rep.candidate.sentence_keys, "union", budget_keys=(r.keys, ck))[0]
        for r in rep.references
    ]
    alt = _combine([Counts(c.hit, c.model, len(ck)) for c in per], cfg, "ROUGE-L")
    free, kept = sum(r.counts.hit for r in m.per_reference), sum(c.hit for c in per)
    return (
        None
        if alt == m.score
        else Finding(
            ("ROUGE-L",),
            (
                f"ROUGE-L: {free:g} union-LCS hits without a budget ({_prf(m.score)}), {kept:g} with "
                f"ROUGE-1.5.5's budget ({_prf(alt)})."
            ),
        )
    )


@rule(
    "multi-ref-pooling",
    "pooled refs (-f A)",
    "The paper takes the best reference; Perl pools them (-f A)",
    ("rouge155",),
    "The paper (and rouge-score) score each reference on its own and keep the maximum, while ROUGE-1.5.5 "
    "by default (-f A) adds up the hits and totals of all references, so its recall is a "
    "count-weighted average over the references.",
    Example(
        "police killed the gunman",
        ("police killed the gunman", "the gunman was shot dead by officers after a long standoff"),
    ),
)
def _pooling(ctx: Context) -> Optional[Finding]:
    if len(ctx.texts) < 3:
        return None
    best = ctx.reports["paper"].scores()
    pooled = ctx.scores(ctx.configs["paper"].with_(multi_ref="pooled"))
    moved = old_paths(best, pooled)
    k = moved[0] if moved else ""
    return (
        Finding(
            moved,
            f"{k}: the best of the {len(ctx.texts) - 1} references gives R "
            f"{best[k].recall:.5f}, pooling their counts gives R {pooled[k].recall:.5f}.",
        )
        if moved
        else None
    )


@rule(
    "w-dies",
    "W dies on empty ref",
    "Perl's ROUGE-W dies on a reference without tokens",
    ("rouge155",),
    "When a reference has no tokens ROUGE-1.5.5 stops with 'Illegal division by zero' in ROUGE-W and "
    "prints no ROUGE-W at all (ROUGE Lens shows 0), while the other profiles score the remaining "
    "references.",
    Example("police killed the gunman", ("police killed the gunman", "警察击毙了枪手")),
)
def _w_dies(ctx: Context) -> Optional[Finding]:
    if (p := ctx.perl("W")) is None or PERL_DIES not in p[3].notes:
        return None
    rep, cfg, label, m = p
    alt = combine([(r.counts, r.select) for r in m.per_reference], cfg, _inverse(cfg, label))[0]
    empty = ", ".join(str(i) for i, r in enumerate(rep.references, 1) if not any(r.sentences))
    return (
        None
        if alt == m.score
        else Finding(
            (label,),
            (
                f"reference {empty} has no tokens, so ROUGE-1.5.5 prints no {label}; without the error it would "
                f"be {_prf(alt)}."
            ),
        )
    )
