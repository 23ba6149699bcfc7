"""Challenges about what ROUGE counts as a match: recall alone, and stemming.

Both score against Lin (2004)'s reference S1 under profile rouge155 (ROUGE-1.5.5's numbers).

>>> RECALL_CHEAT.check("gunman the killed police").solved
True
>>> STEMMING.check("police kill the gunman").missing
('ROUGE-1 R without stemming is 0.75000; the task wants ≤ 0.50000.',)
"""

from __future__ import annotations

from .model import Box, Challenge, Compared, Verdict, scores
from .order import S1

#: An answer "no one would accept": at least half its words are padding, or at most half of S1 in order.
CHEAT_LIMIT = 0.5


def _recall_cheat(texts: tuple[str, ...]) -> Verdict:
    """ROUGE-1 recall 1 with ROUGE-1 precision ≤ 1/2 (padding) or ROUGE-L recall ≤ 1/2 (scrambled)."""
    s = scores(texts[0], S1, "rouge155")
    recall, precision, in_order = s["ROUGE-1"].recall, s["ROUGE-1"].precision, s["ROUGE-L"].recall
    compared = (
        Compared("ROUGE-1 R", recall, "= 1 (every word of S1)", recall == 1.0),
        Compared("ROUGE-1 P", precision, f"≤ {CHEAT_LIMIT:.5f} (padded), or the row below", precision <= CHEAT_LIMIT),
        Compared("ROUGE-L R", in_order, f"≤ {CHEAT_LIMIT:.5f} (scrambled), or the row above", in_order <= CHEAT_LIMIT),
    )
    missing = []
    if recall < 1.0:
        missing.append(f"ROUGE-1 R is {recall:.5f}: some word of S1 is not in your candidate yet.")
    if precision > CHEAT_LIMIT and in_order > CHEAT_LIMIT:
        missing.append(
            f"A reader could still accept it: ROUGE-1 P is {precision:.5f} (pad it to ≤ {CHEAT_LIMIT}) and "
            f"ROUGE-L R is {in_order:.5f} (or scramble the order to ≤ {CHEAT_LIMIT})."
        )
    return Verdict(not missing, compared, tuple(missing))


RECALL_CHEAT = Challenge(
    id="recall-cheat",
    title="Perfect recall, useless summary",
    task=(
        "Get ROUGE-1 recall 1.0 against S1 with a summary no one would accept (profile rouge155). The "
        "rule for 'no one would accept': at least half of its words are padding (ROUGE-1 precision ≤ "
        "0.5), or S1's words are so scrambled that at most half of them stay in order (ROUGE-L recall "
        "≤ 0.5)."
    ),
    teaches=(
        "Recall counts only how much of the reference the candidate covers: it never penalises extra "
        "words or word order, which is why ROUGE-1.5.5 reports precision and F beside it and why "
        "recall-only scores need a length limit (Lin 2004 reports ROUGE-N as a recall measure)."
    ),
    hint=(
        "Recall asks only 'is every reference word somewhere in the candidate?'. Either add words until "
        "they outnumber S1's, or say S1's words backwards."
    ),
    solution=(
        "'gunman the killed police' (S1 backwards): every word of S1 is there, so ROUGE-1 R = 4/4 = 1 "
        "(and P = 1 too), but only one word can be kept in order: ROUGE-L R = 1/4. Padding works as "
        "well: 'police police killed killed the the gunman gunman' has R = 1 and P = 4/8 = 0.5."
    ),
    profile="rouge155",
    given=(("Reference S1", S1),),
    boxes=(Box("Your candidate", "police kill the gunman", "gunman the killed police"),),
    checker=_recall_cheat,
)


def _stemming(texts: tuple[str, ...]) -> Verdict:
    """ROUGE-1 recall 1 with stemming (-m) and at most 1/2 without, against S1 (profile rouge155)."""
    stemmed = scores(texts[0], S1, "rouge155", stem=True)["ROUGE-1"].recall
    plain = scores(texts[0], S1, "rouge155")["ROUGE-1"].recall
    return Verdict.of(
        (
            Compared("ROUGE-1 R with stemming", stemmed, "= 1", stemmed == 1.0),
            Compared("ROUGE-1 R without stemming", plain, "≤ 0.50000", plain <= 0.5),
        )
    )


STEMMING = Challenge(
    id="stemming",
    title="Match words you never wrote",
    task=(
        "Write a candidate whose ROUGE-1 recall against S1 is 1.0 with stemming (ROUGE-1.5.5's -m) but "
        "at most 0.5 without it (profile rouge155)."
    ),
    teaches=(
        "With -m both texts are reduced to Porter stems before counting, so different forms of a word "
        "(kills, killed, killing) match; Lin (2004) reports every measure with and without stemming "
        "because the choice changes the scores."
    ),
    hint=(
        "S1 is 'police killed the gunman'. Keep at most two of its words exactly; write the other two in "
        "another form of the same word (another tense, a plural, an -ing form)."
    ),
    solution=(
        "'policing kills the gunman'. Without stemming only 'the' and 'gunman' match: ROUGE-1 R = 2/4 = "
        "0.5. The Porter stemmer reduces police and policing to 'polic', killed and kills to 'kill', so "
        "with -m all four words match: R = 4/4 = 1."
    ),
    profile="rouge155",
    given=(("Reference S1", S1),),
    boxes=(Box("Your candidate", "police kill the gunman", "policing kills the gunman"),),
    checker=_stemming,
)
