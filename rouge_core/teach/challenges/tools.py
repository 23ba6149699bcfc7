"""The challenge of two tools: find a pair where ROUGE-1.5.5 and rouge-score disagree by more than 0.1.

The student writes both the candidate and the reference. The measures compared are those rouge-score
offers, each against the ROUGE-1.5.5 measure people put beside it: rouge1..rouge4 against ROUGE-1..4,
rougeLsum and rougeL against ROUGE-L (ROUGE-W, S and SU are not in rouge-score). Both profiles run
with their defaults (no stemming).

>>> TOOLS_DISAGREE.check("police kill the gunman", "police killed the gunman").solved
False
"""

from __future__ import annotations

from .model import Box, Challenge, Compared, Verdict, scores

#: How far apart the two tools' F must be.
GAP = 0.1

#: (ROUGE-1.5.5 label under rouge155, label under rouge-score, rouge-score's own name).
PAIRS = (
    ("ROUGE-1", "ROUGE-1", "rouge1"),
    ("ROUGE-2", "ROUGE-2", "rouge2"),
    ("ROUGE-3", "ROUGE-3", "rouge3"),
    ("ROUGE-4", "ROUGE-4", "rouge4"),
    ("ROUGE-L", "ROUGE-L", "rougeLsum"),
    ("ROUGE-L", "ROUGE-Lflat", "rougeL"),
)


def _tools_disagree(texts: tuple[str, ...]) -> Verdict:
    """Some pair of PAIRS whose F differs by more than GAP between profiles rouge155 and rouge-score."""
    perl = scores(texts[0], texts[1], "rouge155")
    google = scores(texts[0], texts[1], "rouge-score")
    gaps = {f"{ours} vs {name}": (perl[ours].fmeasure, google[theirs].fmeasure) for ours, theirs, name in PAIRS}
    compared = tuple(
        Compared(
            f"{label} F: {a:.5f} vs {b:.5f}, difference", abs(a - b), f"> {GAP} (one row is enough)", abs(a - b) > GAP
        )
        for label, (a, b) in gaps.items()
    )
    if any(c.met for c in compared):
        return Verdict(True, compared, ())
    widest = max(gaps, key=lambda label: round(abs(gaps[label][0] - gaps[label][1]), 5))  # rounding noise: the first
    gap = abs(gaps[widest][0] - gaps[widest][1])
    return Verdict(
        False, compared, (f"No measure differs by more than {GAP} yet: the widest gap is {gap:.5f} ({widest}).",)
    )


TOOLS_DISAGREE = Challenge(
    id="tools-disagree",
    title="The official script and rouge-score disagree",
    task=(
        "Write a candidate and a reference on which the official script (profile rouge155) and "
        "rouge-score (profile rouge-score) give F scores more than 0.1 apart on some measure both offer "
        "(ROUGE-1 to 4, and ROUGE-L against rougeLsum or rougeL)."
    ),
    teaches=(
        "Two packages both called ROUGE-L are not the same measure: rouge-score's rougeL is one LCS over "
        "the whole text, while ROUGE-1.5.5's ROUGE-L (and rougeLsum) is Lin (2004, section 3.2)'s "
        "summary-level union LCS, taken sentence by sentence (one sentence per line)."
    ),
    hint=(
        "Sentences matter to one of them only. Write a reference of two sentences, one per line, and a "
        "candidate holding the same two sentences in the other order."
    ),
    solution=(
        "Reference 'police killed the gunman' / 'the gunman was armed' (two lines), candidate 'the gunman "
        "was armed' / 'police killed the gunman'. ROUGE-1.5.5 matches each reference sentence against "
        "every candidate sentence: the union LCS finds all 8 words, ROUGE-L F = 1. rouge-score's rougeL "
        "reads each text as one sequence, whose LCS keeps only one of the two sentences: 4/8 = 0.5. The "
        "difference is 0.5."
    ),
    profile="rouge155",
    given=(),
    boxes=(
        Box("Your candidate", "police kill the gunman", "the gunman was armed\npolice killed the gunman"),
        Box("Your reference", "police killed the gunman", "police killed the gunman\nthe gunman was armed"),
    ),
    checker=_tools_disagree,
)
