"""Challenges about word order: what bigrams, the LCS, ROUGE-W's runs and skip-bigrams each see.

The texts are Lin (2004)'s examples, as in the app's sample_data/paper_*.json (a test keeps the two
equal): the reference S1 and the candidates S3 and S4 of section 3.1, and X, Y2 of section 4.

>>> BIGRAMS_VS_LCS.check(S4).solved, BIGRAMS_VS_LCS.check(S3).solved
(True, False)
"""

from __future__ import annotations

from .model import Box, Challenge, Compared, Verdict, same, scores

S1 = "police killed the gunman"
S3 = "the gunman kill police"
S4 = "the gunman police killed"
X = "A B C D E F G"
Y1 = "A B C D H I K"
Y2 = "A H B K C I D"


def _bigrams_vs_lcs(texts: tuple[str, ...]) -> Verdict:
    """ROUGE-L F equal to S3's and ROUGE-2 F above S3's, both against S1 (profile paper)."""
    yours, s3 = scores(texts[0], S1, "paper"), scores(S3, S1, "paper")
    lcs, bigrams = yours["ROUGE-L"].fmeasure, yours["ROUGE-2"].fmeasure
    return Verdict.of(
        (
            Compared(
                "ROUGE-L F", lcs, f"= {s3['ROUGE-L'].fmeasure:.5f} (S3's ROUGE-L F)", same(lcs, s3["ROUGE-L"].fmeasure)
            ),
            Compared(
                "ROUGE-2 F",
                bigrams,
                f"> {s3['ROUGE-2'].fmeasure:.5f} (S3's ROUGE-2 F)",
                bigrams > s3["ROUGE-2"].fmeasure and not same(bigrams, s3["ROUGE-2"].fmeasure),
            ),
        )
    )


BIGRAMS_VS_LCS = Challenge(
    id="bigrams-vs-lcs",
    title="Same ROUGE-L as S3, higher ROUGE-2",
    task=(
        "Write a candidate that ROUGE-L scores the same as S3 but ROUGE-2 scores higher, both against the "
        "reference S1 (F scores, profile paper)."
    ),
    teaches=(
        "ROUGE-L credits only the longest in-order common subsequence, so words outside it may be "
        "arranged any way at all, while ROUGE-2 rewards every adjacent word pair kept: Lin (2004, "
        "section 3.1) notes that S4 ties S3 under ROUGE-L although ROUGE-2 prefers it."
    ),
    hint=(
        "S3 keeps one of S1's three word pairs ('the gunman') and an LCS of 2 words. Keep the LCS at 2 "
        "words, but let a second pair of S1 survive somewhere else in your sentence."
    ),
    solution=(
        "S4, 'the gunman police killed'. Its longest common subsequence with S1 is 'the gunman' (or "
        "'police killed'): 2 of 4 words, so ROUGE-L = 2/4 = 0.5, as for S3. But it keeps two of S1's "
        "three bigrams ('the gunman' and 'police killed'), so ROUGE-2 = 2/3, twice S3's 1/3."
    ),
    profile="paper",
    given=(("Reference S1", S1), ("Candidate S3", S3)),
    boxes=(Box("Your candidate", S3, S4),),
    checker=_bigrams_vs_lcs,
)


def _w_separates(texts: tuple[str, ...]) -> Verdict:
    """ROUGE-L F equal to Y2's and ROUGE-W-1.2 F at least 0.01 away from Y2's, against X (profile paper)."""
    yours, y2 = scores(texts[0], X, "paper"), scores(Y2, X, "paper")
    lcs, weighted = yours["ROUGE-L"].fmeasure, yours["ROUGE-W-1.2"].fmeasure
    w2 = y2["ROUGE-W-1.2"].fmeasure
    return Verdict.of(
        (
            Compared(
                "ROUGE-L F", lcs, f"= {y2['ROUGE-L'].fmeasure:.5f} (Y2's ROUGE-L F)", same(lcs, y2["ROUGE-L"].fmeasure)
            ),
            Compared(
                "ROUGE-W-1.2 F",
                weighted,
                f"at least 0.01 away from {w2:.5f} (Y2's ROUGE-W-1.2 F)",
                abs(weighted - w2) >= 0.01,
            ),
        )
    )


W_SEPARATES = Challenge(
    id="w-separates",
    title="ROUGE-W separates what ROUGE-L ties",
    task=(
        "Write a candidate that ties with Y2 under ROUGE-L but not under ROUGE-W-1.2 (its F at least "
        "0.01 away from Y2's), both against the reference X (F scores, profile paper)."
    ),
    teaches=(
        "ROUGE-W weighs each run of consecutive matches by f(k) = k^1.2, so 4 words matched in one "
        "unbroken run count more than 4 words matched apart, which the plain LCS cannot tell apart "
        "(Lin 2004, section 4)."
    ),
    hint=(
        "Y2 matches A, B, C and D, but never two of them side by side. Match the same four words, in "
        "order, with no word between them."
    ),
    solution=(
        "Y1, 'A B C D H I K'. Its LCS with X is A B C D, 4 of 7 words, as for Y2: ROUGE-L = 4/7 for "
        "both. But Y1 matches them in one run of 4, WLCS = 4^1.2, so ROUGE-W = f^-1(4^1.2 / 7^1.2) = "
        "4/7 = 0.57143, while Y2's four runs of 1 give WLCS = 4 and ROUGE-W = 4^(1/1.2) / 7 = 0.45354. "
        "Under profile rouge155 the two tie again (0.46164): ROUGE-1.5.5 weighs runs of consecutive "
        "reference words among the LCS's marks, whichever candidate words they matched."
    ),
    profile="paper",
    given=(("Reference X", X), ("Candidate Y2", Y2)),
    boxes=(Box("Your candidate", Y2, Y1),),
    checker=_w_separates,
)


def _skip_gaps(texts: tuple[str, ...]) -> Verdict:
    """ROUGE-2 recall 0 and ROUGE-S4 recall at least 1/2, against S1 (profile rouge155)."""
    yours = scores(texts[0], S1, "rouge155")
    bigrams, skips = yours["ROUGE-2"].recall, yours["ROUGE-S4"].recall
    return Verdict.of(
        (
            Compared("ROUGE-2 R", bigrams, "= 0 (no word pair of S1 side by side)", bigrams == 0.0),
            Compared("ROUGE-S4 R", skips, "≥ 0.50000", skips >= 0.5),
        )
    )


SKIP_GAPS = Challenge(
    id="skip-gaps",
    title="No bigram, many skip-bigrams",
    task=(
        "Write a candidate that shares no bigram with S1 (ROUGE-2 recall 0) but has ROUGE-S4 recall of "
        "at least 0.5 against it (profile rouge155: skip-bigrams at most 4 words apart)."
    ),
    teaches=(
        "A skip-bigram is any pair of words in sentence order, with any gap between them, so ROUGE-S "
        "rewards the order of words that are not adjacent (Lin 2004, section 5); ROUGE-1.5.5's -2 4 "
        "counts only pairs with at most 4 words between them."
    ),
    hint=(
        "Keep S1's four words in their order, but never two of them side by side: put another word "
        "between each. How far apart do 'police' and 'gunman' end up?"
    ),
    solution=(
        "'police a killed b the c gunman'. No two words of S1 touch, so ROUGE-2 recall = 0. S1 has "
        "C(4, 2) = 6 skip-bigrams; the candidate keeps all six in order, but 'police' and 'gunman' are "
        "5 words apart, more than S4 allows, so it counts 5: ROUGE-S4 recall = 5/6 = 0.83333."
    ),
    profile="rouge155",
    given=(("Reference S1", S1),),
    boxes=(Box("Your candidate", "gunman the killed police", "police a killed b the c gunman"),),
    checker=_skip_gaps,
)
