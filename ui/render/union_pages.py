"""Inspect's union LCS view a page at a time: how many words :func:`ui.render.union.union_html` draws
under a bound, and the page size. All of a 2 x 300-word pair's union is about 1,500 words and 2,400 DOM
elements, which the browser redrew on every run whether anyone looked or not (issue 22, target 7)."""

from __future__ import annotations

from rouge_core import Report

from .lcs import is_flat, lcs_explanation

#: Words (reference sentences and their LCSs) Inspect's union view draws at first, and each "show more" adds.
UNION_PAGE = 400
#: The most it draws (the bound it always had; the view's note says what is left out past it).
UNION_MAX = 1500


def union_drawn(report: Report, label: str, ref_index: int, max_tokens: int) -> tuple[int, int]:
    r"""(words drawn, words in all) of :func:`ui.render.union.union_html` with ``max_tokens``, by the rule
    of :func:`ui.render.union.reference_rows`: a sentence or an LCS starts while fewer than ``max_tokens``
    words are drawn. (0, 0) for a flat LCS, which is drawn whole.

    >>> from rouge_core import RougeConfig, evaluate
    >>> r = evaluate("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", ["w1 w2 w3 w4 w5"], RougeConfig(max_n=1))
    >>> union_drawn(r, "ROUGE-L", 0, 1500), union_drawn(r, "ROUGE-L", 0, 6)  # 5 words, LCSs of 2 and 3
    ((10, 10), (7, 10))
    """
    e = lcs_explanation(report, label, ref_index)
    if is_flat(e):
        return 0, 0
    ref = report.references[ref_index]
    lcss: dict[int, list[int]] = {}
    for p in e.pairs:
        if p.marks:
            lcss.setdefault(p.reference_sentence, []).append(len(p.marks))
    drawn = total = 0
    for i, sent in enumerate(ref.sentences[: len(ref.sentence_spans)]):
        sizes = lcss.get(i, [])
        total += len(sent) + sum(sizes)
        if drawn >= max_tokens:
            continue  # reference_rows stopped before this sentence
        drawn += len(sent)
        for size in sizes:
            if drawn >= max_tokens:
                break
            drawn += size
    return drawn, total
