"""The paper's worked claims (Lin 2004), checked live against rouge_core's ``paper`` profile (no widgets)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from rouge_core import Report
from rouge_core.measures.explain import LcsExplanation
from rouge_core.measures.scoring import Counts

from .html import esc, page
from .learn import STEP_CSS, check, num
from .numbers import number


@dataclass(frozen=True)
class Claim:
    text: str
    shown: str
    paper: str
    ok: bool


def _f(reports: Mapping[str, Report], sid: str, label: str) -> float:
    return reports[sid].measures[label].score.fmeasure


def claims(section: str, reports: Mapping[str, Report]) -> list[Claim]:
    """The paper's statements for a section, with the values of ``reports`` (keyed by sample id,
    computed with the ``paper`` profile, beta = 1, f(k) = k^2, unlimited skip distance)."""

    def f3(x: float) -> str:
        return number(x, 3)

    s2, s3, s4, s5 = (f"paper_s{i}_vs_s1" for i in (2, 3, 4, 5))
    two = [_f(reports, s, "ROUGE-2") for s in (s2, s3, s4)]
    if section == "N":
        return [
            Claim(
                "S2 and S3 get the same ROUGE-2 (one shared bigram, 'the gunman')",
                f"{f3(two[0])} = {f3(two[1])}",
                "same",
                two[0] == two[1],
            ),
            Claim(
                "ROUGE-2 prefers S4 ('the gunman' and 'police killed')",
                f"{f3(two[2])} > {f3(two[1])}",
                "S4 > S3",
                two[2] > two[1],
            ),
        ]
    if section == "L":
        lv = [_f(reports, s, "ROUGE-L") for s in (s2, s3, s4)]
        return [
            Claim("ROUGE-L of S2 = 3/4", f3(lv[0]), "0.75", f3(lv[0]) == "0.750"),
            Claim("ROUGE-L of S3 = 2/4", f3(lv[1]), "0.5", f3(lv[1]) == "0.500"),
            Claim(
                "S4 gets the same ROUGE-L as S3 (one LCS: 'the gunman' or 'police killed')",
                f"{f3(lv[2])} = {f3(lv[1])}",
                "same",
                lv[2] == lv[1],
            ),
            Claim("... but ROUGE-2 prefers S4 to S3", f"{f3(two[2])} > {f3(two[1])}", "S4 > S3", two[2] > two[1]),
        ]
    if section == "U":
        m = reports["paper_union_lcs"].measures["ROUGE-L"]
        e = m.per_reference[0].explanation
        pairs = e.pairs if isinstance(e, LcsExplanation) else ()
        lens = [int(p.value) for p in pairs]
        c = m.counts or Counts(0, 0, 0)
        return [
            Claim(
                "LCS(r, c1) = 'w1 w2', LCS(r, c2) = 'w1 w3 w5'", " and ".join(map(str, lens)), "2 and 3", lens == [2, 3]
            ),
            Claim(
                "union LCS = 'w1 w2 w3 w5': LCS∪(r, C) = 4/5",
                f"{num(c.hit)}/{num(c.model)} = {f3(m.score.recall)}",
                "4/5",
                (c.hit, c.model) == (4, 5),
            ),
        ]
    if section == "W":
        w1, w2 = (_f(reports, s, "ROUGE-W-2") for s in ("paper_wlcs_y1", "paper_wlcs_y2"))
        l1, l2 = (_f(reports, s, "ROUGE-L") for s in ("paper_wlcs_y1", "paper_wlcs_y2"))
        return [
            Claim("Y1 and Y2 get the same ROUGE-L (LCS 4 of 7)", f"{f3(l1)} = {f3(l2)}", "same", l1 == l2),
            Claim("ROUGE-W of Y1 with f(k) = k²", f3(w1), "0.571", f3(w1) == "0.571"),
            Claim("ROUGE-W of Y2 with f(k) = k²", f3(w2), "0.286", f3(w2) == "0.286"),
            Claim("so ROUGE-W ranks Y1 above Y2", f"{f3(w1)} > {f3(w2)}", "Y1 > Y2", w1 > w2),
        ]
    sv = [_f(reports, s, "ROUGE-S*") for s in (s2, s3, s4, s5)]
    su5 = _f(reports, s5, "ROUGE-SU*")
    c = reports[s2].measures["ROUGE-S*"].counts or Counts(0, 0, 0)
    return [
        Claim(
            "a 4-word sentence has C(4,2) = 6 skip-bigrams",
            f"{num(c.model)} and {num(c.peer)}",
            "6",
            c.model == c.peer == 6,
        ),
        Claim("ROUGE-S of S2 = 3/6", f3(sv[0]), "0.5", f3(sv[0]) == "0.500"),
        Claim("ROUGE-S of S3 = 1/6", f3(sv[1]), "0.167", f3(sv[1]) == "0.167"),
        Claim("ROUGE-S of S4 = 2/6", f3(sv[2]), "0.333", f3(sv[2]) == "0.333"),
        Claim("S5 (S1 reversed) has no skip-bigram match: ROUGE-S = 0", f3(sv[3]), "0", sv[3] == 0),
        Claim("... but ROUGE-SU gives it credit for its words", f3(su5), "> 0", su5 > 0),
    ]


def claims_html(rows: Sequence[Claim]) -> str:
    """The claims as a table with ✓/✗ (escaped)."""
    body = "".join(
        f"<tr><td>{esc(c.text)}</td><td>{esc(c.shown)}</td><td>{esc(c.paper)}</td><td>{check(c.ok)}</td></tr>"
        for c in rows
    )
    return page(
        STEP_CSS,
        '<table class="rl-claims"><tr><th>Lin (2004) says</th><th>rouge_core (paper profile)'
        f"</th><th>paper</th><th></th></tr>{body}</table>",
    )
