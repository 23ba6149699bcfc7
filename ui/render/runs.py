"""ROUGE-W's runs two ways: the paper's (the WLCS table: both sentences advance together) and
ROUGE-1.5.5's (consecutive reference words among the LCS marks, whatever the candidate does).

The official script scores Lin (2004)'s Y1 and Y2 the same because of this: in Y2 the matched
reference words A B C D are consecutive, so the script counts one run of 4, while the
candidate has a word between each of them, so the paper's WLCS counts four runs of 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rouge_core import Token
from ui.render.plural import counted

from .colours import run_colour
from .html import esc, page
from .numbers import number


@dataclass(frozen=True)
class RunGroup:
    """A run: the reference positions it covers (and, for the paper's runs, the candidate's)."""

    reference: tuple[int, ...]
    candidate: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.reference)


def alignment_runs(marks: Sequence[tuple[int, int]]) -> list[RunGroup]:
    """Runs where both positions advance by one (the paper's WLCS runs).

    >>> [r.length for r in alignment_runs([(0, 0), (1, 2), (2, 4), (3, 6)])]  # Y2 against X
    [1, 1, 1, 1]
    >>> [r.length for r in alignment_runs([(0, 0), (1, 1), (2, 2), (3, 3)])]  # Y1
    [4]
    """
    out: list[RunGroup] = []
    for a, b in sorted(marks):
        if out and a == out[-1].reference[-1] + 1 and b == out[-1].candidate[-1] + 1:
            out[-1] = RunGroup(out[-1].reference + (a,), out[-1].candidate + (b,))
        else:
            out.append(RunGroup((a,), (b,)))
    return out


def reference_runs(marks: Sequence[tuple[int, int]]) -> list[RunGroup]:
    """Runs of consecutive reference positions among the marks (what ROUGE-1.5.5 weights).

    >>> [r.length for r in reference_runs([(0, 0), (1, 2), (2, 4), (3, 6)])]  # Y2: one run of 4
    [4]
    """
    out: list[RunGroup] = []
    for a, b in sorted(marks):
        if out and a == out[-1].reference[-1] + 1:
            out[-1] = RunGroup(out[-1].reference + (a,), out[-1].candidate + (b,))
        else:
            out.append(RunGroup((a,), (b,)))
    return out


def _weight(x: float) -> str:
    """A weight or run sum as the runs view prints it (5 significant digits; integers with Python's g)."""
    return number(x, 5, "general")


def runs_sum(runs: Sequence[RunGroup], w: float) -> tuple[str, float]:
    """'k1^w + k2^w ... = total' and the total.

    >>> runs_sum(alignment_runs([(0, 0), (1, 2)]), 2.0)
    ('1^2 + 1^2 = 2', 2.0)
    """
    total = sum(float(r.length) ** w for r in runs)
    terms = " + ".join(f"{r.length}^{_weight(w)}" for r in runs) or "0"
    return f"{terms} = {_weight(total)}", total


def _row(title: str, tokens: Sequence[Token], runs: Sequence[RunGroup], w: float, side: str) -> str:
    where = {p: i for i, r in enumerate(runs) for p in (r.reference if side == "reference" else r.candidate)}
    cells = []
    for p, t in enumerate(tokens):
        if p in where:
            i = where[p]
            cells.append(
                f'<span class="rr-tok" style="background:{run_colour(i)};border-bottom:3px solid '
                f'{run_colour(i, ink=True)}">{esc(t.text)}<sub>run {i + 1}</sub></span>'
            )
        else:
            cells.append(f'<span class="rr-tok rr-off">{esc(t.text)}</span>')
    return f'<div class="rr-row"><div class="rr-title">{esc(title)}</div>{" ".join(cells)}</div>'


RUNS_CSS = """<style>
.rr-box{border:1px solid #ccc;border-radius:6px;padding:8px 12px;margin:6px 0;line-height:2.1}
.rr-row{margin:2px 0}.rr-title{font-weight:600;margin-top:6px}
.rr-tok{padding:1px 4px;border-radius:3px}.rr-tok sub{font-size:0.7em;margin-left:2px}
.rr-off{color:#555}.rr-sum{font-family:monospace;margin:4px 0 8px 0}
</style>"""


def runs_compare_html(
    ref_tokens: Sequence[Token],
    cand_tokens: Sequence[Token],
    marks: Sequence[tuple[int, int]],
    w: float,
    script_runs_used: bool,
) -> str:
    """The paper's runs and the script's runs of one sentence pair's LCS marks, drawn on both sentences,
    each with its sum of k^w; ``script_runs_used`` says which one the numbers below use."""
    paper = alignment_runs(marks)
    script = reference_runs(marks)
    p_text, p_total = runs_sum(paper, w)
    s_text, s_total = runs_sum(script, w)
    used = "ROUGE-1.5.5's runs (this profile)" if script_runs_used else "the paper's runs (this profile)"
    parts = [
        '<div class="rr-box">',
        f"<b>The runs ROUGE-W weighs, f(k) = k^{esc(_weight(w))}</b> — the numbers below use {esc(used)}.",
        _row(
            "The paper's WLCS: a run continues only while both sentences advance together",
            cand_tokens,
            paper,
            w,
            "candidate",
        ),
        _row("", ref_tokens, paper, w, "reference"),
        f'<div class="rr-sum">paper: {esc(p_text)}</div>',
        _row(
            "ROUGE-1.5.5: a run is consecutive reference words among the marks, whatever the candidate does",
            ref_tokens,
            script,
            w,
            "reference",
        ),
        f'<div class="rr-sum">ROUGE-1.5.5: {esc(s_text)}</div>',
    ]
    if len(paper) != len(script):
        parts.append(
            "<div>Here the two differ: the matched reference words are consecutive, but the candidate has "
            "other words between them. "
            f"The script counts {counted(len(script), 'run')} ({esc(_weight(s_total))}) where "
            f"the paper counts {len(paper)} ({esc(_weight(p_total))}). So ROUGE-1.5.5 cannot tell a candidate "
            "with the words together (the paper's Y1) from one with them spread out (Y2): it gives both the "
            "same ROUGE-W, while the paper's WLCS prefers Y1.</div>"
        )
    else:
        parts.append("<div>Here both count the same runs.</div>")
    parts.append("</div>")
    return page(RUNS_CSS, "".join(parts))
