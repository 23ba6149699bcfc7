"""The Learn page's sections, registered once and in page order: what each one is called, the example
it opens on, its definition, the config it scores with, how it is drawn and which of the paper's claims
it checks. The page's picker, its deep links, the one-click settings and the claims all read this
registry, so adding a section is one :class:`Section` here and the module that draws it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, Mapping

from rouge_core import Report, RougeConfig
from ui.learn import lcs, ngrams, skip, union, wlcs
from ui.render.claims import Claim, claims
from ui.render.learn import num

#: Every section's formula for F from R and P, drawn after the section's own formulas.
F_TEX = r"F = \frac{(1+\beta^2)\,R\,P}{R + \beta^2 P}, \qquad \alpha = \frac{1}{1+\beta^2}"


@dataclass(frozen=True)
class Section:
    """One Learn section (a measure family).

    ``configure`` turns the sidebar's config into the one the section scores with (its own n, w or
    skip settings applied) and names the measure shown; ``draw`` draws the section's own settings,
    walk-through and worked arithmetic below the texts; ``claims`` are the paper's statements it
    checks, from reports of the paper's examples keyed by sample id. ``paper_local`` / ``perl_local``
    are the section's own settings that the paper's / ROUGE-1.5.5's one-click settings set.

    >>> [s.id for s in SECTIONS], BY_ID["W"].title
    (['N', 'L', 'U', 'W', 'S'], 'ROUGE-W')
    """

    id: str
    title: str
    example: str  #: the sample id the section opens on
    prose: str  #: the definition (Markdown)
    formulas: tuple[str, ...]  #: LaTeX, one per line so that each fits a narrow column
    configure: Callable[[RougeConfig], tuple[RougeConfig, str]]
    draw: Callable[[Section, RougeConfig, str, str], None]
    claims: Callable[[Mapping[str, Report]], list[Claim]]
    own_settings: Callable[[], str]  #: the section's own settings, for the settings line
    input_height: int = 68  #: of the reference and candidate boxes
    paper_local: tuple[tuple[str, object], ...] = ()
    perl_local: tuple[tuple[str, object], ...] = ()


SECTIONS: tuple[Section, ...] = (
    Section(
        id="N",
        title="ROUGE-N",
        example="paper_s2_vs_s1",
        prose=(
            "**ROUGE-N** (Lin 2004, section 2) counts the candidate's n-grams that the reference also has. "
            "An n-gram is credited at most as often as the reference has it (*clipping*). Recall divides by "
            "the reference's n-grams, precision by the candidate's."
        ),
        formulas=(
            r"R = \frac{\sum_{g \in \mathrm{Ref}} \min(\mathrm{Count}_{cand}(g),\, \mathrm{Count}_{ref}(g))}"
            r"{\sum_{g \in \mathrm{Ref}} \mathrm{Count}_{ref}(g)} \qquad "
            r"P = \frac{\text{the same hits}}{\sum_{g \in \mathrm{Cand}} \mathrm{Count}_{cand}(g)}",
        ),
        configure=ngrams.configure,
        draw=ngrams.draw,
        claims=partial(claims, "N"),
        own_settings=lambda: "n (set below)",
    ),
    Section(
        id="L",
        title="ROUGE-L (sentence)",
        example="paper_s2_vs_s1",
        prose=(
            "**ROUGE-L, sentence level** (section 3.1): the longest common subsequence (LCS) of reference "
            "sentence X (m words) and candidate sentence Y (n words): words in the same order, gaps allowed. "
            "A table c[i][j] holds the LCS of the first i words of X and the first j words of Y."
        ),
        formulas=(
            r"c[i][j] = \begin{cases} c[i-1][j-1] + 1 & x_i = y_j \\ c[i-1][j] & c[i-1][j] \ge c[i][j-1] \\"
            r" c[i][j-1] & \text{otherwise} \end{cases}",
            r"R = \frac{LCS(X,Y)}{m} \qquad P = \frac{LCS(X,Y)}{n}",
        ),
        configure=lcs.configure,
        draw=lcs.draw,
        claims=partial(claims, "L"),
        own_settings=lambda: "one sentence pair",
    ),
    Section(
        id="U",
        title="ROUGE-L (summary)",
        example="paper_union_lcs",
        prose=(
            "**ROUGE-L, summary level** (section 3.2): for each reference sentence r_i, take the LCS with "
            "every candidate sentence and the *union* of the words they mark. ROUGE-1.5.5 and rouge-score "
            "then credit a word only while both texts still have a copy of it (the *hit budget*); the "
            "paper's formula has no budget."
        ),
        formulas=(
            r"R = \frac{\sum_{i=1}^{u} LCS_\cup(r_i, C)}{m} \qquad P = \frac{\sum_{i=1}^{u} LCS_\cup(r_i, C)}{n}",
        ),
        configure=lcs.configure,  # the same measure as sentence level: the union walk is what differs
        draw=union.draw,
        claims=partial(claims, "U"),
        own_settings=lambda: "the union LCS",
        input_height=100,  # room for a few sentences a side
    ),
    Section(
        id="W",
        title="ROUGE-W",
        example="paper_wlcs_y1",
        prose=(
            "**ROUGE-W** (section 4): a weighted LCS that rewards consecutive matches. A second table "
            "w[i][j] remembers the length k of the run of matches ending at each cell; a match adds "
            "f(k+1) − f(k), with f(k) = k^w, so a run of k words is worth f(k)."
        ),
        formulas=(
            r"c[i][j] = c[i-1][j-1] + f(k+1) - f(k), \quad k = w[i-1][j-1], \quad w[i][j] = k + 1"
            r" \qquad (x_i = y_j)",
            r"R = f^{-1}\!\left(\frac{WLCS(X,Y)}{f(m)}\right) \qquad P = f^{-1}\!\left(\frac{WLCS(X,Y)}{f(n)}\right)",
        ),
        configure=wlcs.configure,
        draw=wlcs.draw,
        claims=partial(claims, "W"),
        own_settings=lambda: f"w = {num(wlcs.weight())} (set below)",
        paper_local=(("learn_w_weight", wlcs.PAPER_WEIGHT),),
        perl_local=(("learn_w_weight", 1.2),),
    ),
    Section(
        id="S",
        title="ROUGE-S / SU",
        example="paper_s2_vs_s1",
        prose=(
            "**ROUGE-S** (section 5): a skip-bigram is any pair of words in sentence order, with gaps "
            "(at most d words between them when a skip distance is set). A sentence of m words has "
            "C(m, 2) of them. **ROUGE-SU** (5.1) also counts single words, so a candidate with no pair "
            "in order still gets credit for its words."
        ),
        formulas=(
            r"R = \frac{SKIP2(X,Y)}{C(m,2)} \qquad P = \frac{SKIP2(X,Y)}{C(n,2)} \qquad C(m,2) = \frac{m(m-1)}{2}",
        ),
        configure=skip.configure,
        draw=skip.draw,
        claims=partial(claims, "S"),
        own_settings=lambda: "skip distance and SU (set below)",
        paper_local=(("learn_s_unlimited", True),),
        perl_local=(("learn_s_unlimited", False), ("learn_s_dist", 4)),
    ),
)

#: The sections by id (the ids the picker offers and a deep link's ``?sec=`` names).
BY_ID: dict[str, Section] = {s.id: s for s in SECTIONS}
