"""Learn ROUGE: each measure family defined, walked through step by step on an editable example,
with the worked arithmetic and the paper's claims checked live."""

from __future__ import annotations

import time
from typing import Any, Callable, Optional

import streamlit as st

from rouge_core import Report, RougeConfig
from rouge_core.steps import (
    MAX_STEP_TOKENS,
    MAX_WALK_SENTENCES,
    MAX_WALK_TOKENS,
)
from ui import budget
from ui.compute import ngram_walk, report_for, skip_walk, table_walk, union_walk, within_budget
from ui.render import learn as rl
from ui.render import step_table
from ui.render.claims import claims, claims_html
from ui.render.literal import md_literal
from ui.render.ngrams import labels_of
from ui.render.runs import runs_compare_html
from ui.render.wlcs import wlcs_arithmetic
from ui.samples import load_samples
from ui.widgets import kept, links, state
from ui.widgets.inputs import clip
from ui.widgets.lecture import lecture_controls
from ui.widgets.options import apply_settings

SAMPLES = load_samples()
SECTIONS = {"N": "ROUGE-N", "L": "ROUGE-L (sentence)", "U": "ROUGE-L (summary)", "W": "ROUGE-W", "S": "ROUGE-S / SU"}
EXAMPLE = {
    "N": "paper_s2_vs_s1",
    "L": "paper_s2_vs_s1",
    "U": "paper_union_lcs",
    "W": "paper_wlcs_y1",
    "S": "paper_s2_vs_s1",
}
# The paper's setting for its worked numbers: beta = 1, f(k) = k^2, no skip limit, no rounding.
PAPER = RougeConfig(profile="paper", max_n=2, wlcs_weight=2.0, skip_distance=-1, alpha=0.5)
CLAIM_SAMPLES = [k for k in SAMPLES if k.startswith("paper_")]
F_TEX = r"F = \frac{(1+\beta^2)\,R\,P}{R + \beta^2 P}, \qquad \alpha = \frac{1}{1+\beta^2}"
DEFINITIONS = {  # (text, formulas): each formula on its own line so that it fits a narrow column
    "N": (
        (
            "**ROUGE-N** (Lin 2004, section 2) counts the candidate's n-grams that the reference also has. "
            "An n-gram is credited at most as often as the reference has it (*clipping*). Recall divides by "
            "the reference's n-grams, precision by the candidate's."
        ),
        [
            (
                r"R = \frac{\sum_{g \in \mathrm{Ref}} \min(\mathrm{Count}_{cand}(g),\, \mathrm{Count}_{ref}(g))}"
                r"{\sum_{g \in \mathrm{Ref}} \mathrm{Count}_{ref}(g)} \qquad "
                r"P = \frac{\text{the same hits}}{\sum_{g \in \mathrm{Cand}} \mathrm{Count}_{cand}(g)}"
            )
        ],
    ),
    "L": (
        (
            "**ROUGE-L, sentence level** (section 3.1): the longest common subsequence (LCS) of reference "
            "sentence X (m words) and candidate sentence Y (n words): words in the same order, gaps allowed. "
            "A table c[i][j] holds the LCS of the first i words of X and the first j words of Y."
        ),
        [
            (
                r"c[i][j] = \begin{cases} c[i-1][j-1] + 1 & x_i = y_j \\ c[i-1][j] & c[i-1][j] \ge c[i][j-1] \\"
                r" c[i][j-1] & \text{otherwise} \end{cases}"
            ),
            r"R = \frac{LCS(X,Y)}{m} \qquad P = \frac{LCS(X,Y)}{n}",
        ],
    ),
    "U": (
        (
            "**ROUGE-L, summary level** (section 3.2): for each reference sentence r_i, take the LCS with "
            "every candidate sentence and the *union* of the words they mark. ROUGE-1.5.5 and rouge-score "
            "then credit a word only while both texts still have a copy of it (the *hit budget*); the "
            "paper's formula has no budget."
        ),
        [r"R = \frac{\sum_{i=1}^{u} LCS_\cup(r_i, C)}{m} \qquad P = \frac{\sum_{i=1}^{u} LCS_\cup(r_i, C)}{n}"],
    ),
    "W": (
        (
            "**ROUGE-W** (section 4): a weighted LCS that rewards consecutive matches. A second table "
            "w[i][j] remembers the length k of the run of matches ending at each cell; a match adds "
            "f(k+1) − f(k), with f(k) = k^w, so a run of k words is worth f(k)."
        ),
        [
            (
                r"c[i][j] = c[i-1][j-1] + f(k+1) - f(k), \quad k = w[i-1][j-1], \quad w[i][j] = k + 1"
                r" \qquad (x_i = y_j)"
            ),
            r"R = f^{-1}\!\left(\frac{WLCS(X,Y)}{f(m)}\right) \qquad P = f^{-1}\!\left(\frac{WLCS(X,Y)}{f(n)}\right)",
        ],
    ),
    "S": (
        (
            "**ROUGE-S** (section 5): a skip-bigram is any pair of words in sentence order, with gaps "
            "(at most d words between them when a skip distance is set). A sentence of m words has "
            "C(m, 2) of them. **ROUGE-SU** (5.1) also counts single words, so a candidate with no pair "
            "in order still gets credit for its words."
        ),
        [r"R = \frac{SKIP2(X,Y)}{C(m,2)} \qquad P = \frac{SKIP2(X,Y)}{C(n,2)} \qquad C(m,2) = \frac{m(m-1)}{2}"],
    ),
}


# -- widget state that survives page and section switches (ui.widgets.kept's mirrors) -------------------------

_w = kept.value_widget
_set = kept.set_value


def _move(key: str, delta: int, total: int) -> None:
    _set(key, max(0, min(total, int(st.session_state.get(key, 0)) + delta)))


def _load(sec: str) -> None:
    s = SAMPLES.get(st.session_state.get(f"learn_{sec}_sample"))
    if s is None:
        return
    kept.set_text(f"learn_{sec}_ref", s.references[0] if s.references else "")
    kept.set_text(f"learn_{sec}_cand", s.candidate)
    _set(f"learn_{sec}_step", 0)
    for k in ("rs", "cs"):  # back to the default pair (the first sentences with words)
        kept.forget_value(f"learn_{sec}_{k}")
    if len(s.references) > 1:
        st.session_state[f"_learn_{sec}_msg"] = (
            f"'{s.title}' has {len(s.references)} references; this page uses one, so the first was loaded."
        )


def _stepper(sec: str, total: int, empty: str = "one of the texts has no words to compare") -> int:
    """First / Back / Next / Last and a slider over steps 0..total (0 = nothing done yet)."""
    key = f"learn_{sec}_step"
    if total == 0:
        st.info(f"Nothing to step through: {empty}.")
        return 0
    _set(key, max(0, min(total, int(kept.get_value(key, 0)))))
    cols = st.columns([1, 1, 1, 1, 3])
    for col, (label, icon, fn, args) in zip(
        cols,
        [
            ("First", "first_page", _set, (key, 0)),
            ("Back", "chevron_left", _move, (key, -1, total)),
            ("Next", "chevron_right", _move, (key, 1, total)),
            ("Last", "last_page", _set, (key, total)),
        ],
    ):
        col.button(
            label,
            key=f"learn_{sec}_step_{label.lower()}",
            icon=f":material/{icon}:",
            on_click=fn,
            args=args,
            width="stretch",
        )
    return _w(st.slider, f"Step (0 = start, {total} = done)", key, 0, min_value=0, max_value=total)


def _stepped(sec: str, total: int, empty: str, draw: Callable[[int], None]) -> None:
    """The stepper and what it steps through, rerun alone on First / Back / Next / Last / the slider
    (``st.fragment``): a step redraws the table and its text, not the whole page. With autoplay on,
    the fragment also reruns every second and takes one step, until the end."""
    if total:
        st.toggle("Autoplay (one step a second)", key=f"learn_{sec}_autoplay")
    if total and st.session_state.get(f"learn_{sec}_autoplay"):
        _autoplay(sec, total, empty, draw)
    else:
        _manual(sec, total, empty, draw)


def _show_step(sec: str, total: int, empty: str, draw: Callable[[int], None]) -> None:
    k = _stepper(sec, total, empty)
    if total and st.query_params.get("step") != str(k):
        st.query_params["step"] = str(k)  # the address is a deep link to this step
    draw(k)


@st.fragment
def _manual(sec: str, total: int, empty: str, draw: Callable[[int], None]) -> None:
    _show_step(sec, total, empty, draw)


@st.fragment(run_every=1.0)
def _autoplay(sec: str, total: int, empty: str, draw: Callable[[int], None]) -> None:
    key = f"learn_{sec}_step"
    now = time.monotonic()
    if now - st.session_state.get("_learn_autoplay_at", 0.0) >= 0.9:
        st.session_state["_learn_autoplay_at"] = now
        _move(key, 1, total)  # stays on the last step once there (switch autoplay off to stop the timer)
    _show_step(sec, total, empty, draw)


def _inputs(sec: str) -> tuple[str, str]:
    ex = SAMPLES[EXAMPLE[sec]]
    st.selectbox(
        "Load a sample into this section",
        list(SAMPLES),
        key=f"learn_{sec}_sample",
        index=None,
        placeholder=f"The paper's example is preloaded ({ex.title}); choose another...",
        format_func=lambda k: f"{SAMPLES[k].title} — {SAMPLES[k].teaches}",
        on_change=_load,
        args=(sec,),
    )
    if msg := st.session_state.pop(f"_learn_{sec}_msg", None):
        st.info(md_literal(msg))
    left, right = st.columns(2)
    h = 100 if sec == "U" else 68
    ref = kept.text_area(
        "Reference (one sentence per line)", f"learn_{sec}_ref", ex.references[0], container=left, height=h
    )
    cand = kept.text_area(
        "Candidate (one sentence per line)", f"learn_{sec}_cand", ex.candidate, container=right, height=h
    )
    ref, cut_r = clip(ref, "reference")
    cand, cut_c = clip(cand, "candidate")
    for cut in (cut_r, cut_c):
        if cut:
            st.warning(md_literal(cut))
    return ref, cand


def _line(side: Any, i: int) -> str:
    """The text of sentence i of an analysed summary."""
    spans = side.sentence_spans
    return side.text[spans[i][0] : spans[i][1]] if i < len(spans) else " ".join(t.text for t in side.sentences[i])


def _pick_pair(sec: str, report: Report) -> Optional[tuple[int, int]]:
    ref, cand = report.references[0], report.candidate
    if not ref.sentences or not cand.sentences:
        st.info("Type a reference and a candidate with at least one word each.")
        return None
    if len(ref.sentences) == 1 and len(cand.sentences) == 1:
        return 0, 0
    pick = []
    for col, key, side, name in zip(st.columns(2), ("rs", "cs"), (ref, cand), ("Reference", "Candidate")):
        key = f"learn_{sec}_{key}"
        first = next((i for i, s in enumerate(side.sentences) if s), 0)  # the first sentence with words
        if kept.get_value(key, first) not in range(len(side.sentences)):
            _set(key, first)
        with col:
            pick.append(
                _w(
                    st.selectbox,
                    f"{name} sentence to walk through",
                    key,
                    first,
                    options=list(range(len(side.sentences))),
                    format_func=lambda i, s=side, p=name[0]: (
                        f"{p}{i + 1}: " + " ".join(t.text for t in s.sentences[i][:10])
                    ),
                )
            )
    return pick[0], pick[1]


def _sentence_walk(sec: str, cfg: RougeConfig, ref_text: str, cand_text: str) -> None:
    """ROUGE-L (sentence level) or ROUGE-W: one sentence pair, its table cell by cell, then the traceback."""
    report = report_for(cand_text, [ref_text], cfg)
    pick = _pick_pair(sec, report)
    if pick is None:
        return
    sub = report_for(_line(report.candidate, pick[1]), [_line(report.references[0], pick[0])], cfg)
    label = "ROUGE-L" if sec == "L" else labels_of(sub, "W")[0]
    w = 1.0 if sec == "L" else float(cfg.wlcs_weight or 1.0)
    rt = sub.references[0].sentences[0] if sub.references[0].sentences else ()
    ct = sub.candidate.sentences[0] if sub.candidate.sentences else ()
    if len(rt) > MAX_STEP_TOKENS or len(ct) > MAX_STEP_TOKENS:
        st.info(
            f"This sentence pair has {len(rt)} x {len(ct)} words; the cell-by-cell walk-through works up to "
            f"{MAX_STEP_TOKENS} words a side. Pick shorter sentences or shorten the text (the Inspect page "
            "draws the full table). The arithmetic below is exact."
        )
    else:
        rk, ck = [t.key for t in rt], [t.key for t in ct]
        cells, trace = table_walk(rk, ck, w)
        total = len(cells) + len(trace)
        e = sub.measures[label].per_reference[0].explanation
        core = e.pairs[0] if e is not None and e.pairs else None
        script = sec == "W" and e is not None and e.kind == "wlcs-union"

        def draw(k: int) -> None:
            tables = [step_table.table_html(cells, trace, k, rt, ct, weight=w)]
            if sec == "W":  # Lin's w table of run lengths below the c table (stacked: long sentences fit)
                tables.append(step_table.table_html(cells, trace, k, rt, ct, runs=True))
            done = rl.table_done(cells, trace, rt, core, w, script) if k == total and total else None
            st.html(step_table.walk_html(*tables) + rl.step_box(rl.cell_lines(cells, trace, k, rt, ct, w), done))
            if sec == "W" and k == total and total and core is not None:
                st.html(runs_compare_html(rt, ct, core.marks, w, script))

        _stepped(
            sec,
            total,
            "this sentence pair has no words to compare after tokenizing (pick another "
            "sentence, or another tokenizer in the sidebar)",
            draw,
        )
    m = sub.measures[label]
    st.markdown("**Worked arithmetic** (this pair, sidebar profile and α)")
    if sec == "W" and cfg.behaviour.wlcs_double_weight:
        st.caption(
            "ROUGE-1.5.5 weights the recall denominator twice, f(Σ|M_i|^w), so its ROUGE-W recall is "
            "not the paper's eq. 13; choose the 'paper' profile in the sidebar for Lin's formula."
        )
    if sec == "L":
        lines = rl.ratio_lines(m.counts.hit, m.counts.model, m.counts.peer, m.score, "LCS", "m", "n")
    else:
        lines = wlcs_arithmetic(sub, label, 0).text.splitlines()
    st.code("\n".join(lines + rl.f_lines(m.score, cfg.alpha, cfg.behaviour.rounding)), language=None)


def _ngram_section(base: RougeConfig, ref_text: str, cand_text: str) -> None:
    n = _w(st.number_input, "n (n-gram length)", "learn_n_order", 2, min_value=1, max_value=4, step=1)
    report = report_for(
        cand_text,
        [ref_text],
        base.with_(max_n=int(n), rouge_l=False, flat_lcs=False, wlcs_weight=None, skip_distance=None),
    )
    ref, cand = report.references[0], report.candidate
    m = report.measures[f"ROUGE-{n}"]
    if len(cand.tokens) > MAX_WALK_TOKENS:
        st.info(f"The candidate has {len(cand.tokens)} words; the walk-through lists up to {MAX_WALK_TOKENS}.")
    else:
        steps = ngram_walk(cand.keys, ref.keys, n)

        def draw(k: int) -> None:
            st.html(rl.ngram_walk_html(steps, k, cand, ref, n))
            done = rl.total_done("hits", steps[-1].hits, m.counts.hit) if steps and k == len(steps) else None
            st.html(rl.step_box(rl.ngram_lines(steps, k, n), done))
            with st.expander(f"The {n}-grams checked so far"):
                st.dataframe(rl.ngram_frame(steps, k, n), hide_index=True, width="stretch")

        _stepped("N", len(steps), "one of the texts has no words to compare", draw)
    st.markdown("**Worked arithmetic** (sidebar profile and α)")
    c = m.counts
    st.code(
        "\n".join(
            rl.ratio_lines(c.hit, c.model, c.peer, m.score, "hits", f"reference {n}-grams", f"candidate {n}-grams")
            + rl.f_lines(m.score, base.alpha, base.behaviour.rounding)
        ),
        language=None,
    )


def _union_section(base: RougeConfig, ref_text: str, cand_text: str) -> None:
    report = report_for(
        cand_text,
        [ref_text],
        base.with_(max_n=None, rouge_l=True, flat_lcs=False, wlcs_weight=None, skip_distance=None),
    )
    ref, cand = report.references[0], report.candidate
    m = report.measures["ROUGE-L"]
    budget = m.per_reference[0].explanation.kind == "union"
    st.caption(
        "Hit budget: "
        + ("on (ROUGE-1.5.5 / rouge-score)" if budget else "off (the paper's formula)")
        + f", from the sidebar's profile '{base.profile}'."
    )
    if (
        max(len(ref.sentences), len(cand.sentences)) > MAX_WALK_SENTENCES
        or max(len(ref.tokens), len(cand.tokens)) > MAX_WALK_TOKENS
    ):
        st.info(
            f"The walk-through lists up to {MAX_WALK_SENTENCES} sentences and {MAX_WALK_TOKENS} words a side; "
            "the arithmetic is exact."
        )
    else:
        steps = union_walk(ref.sentence_keys, cand.sentence_keys, budget, (ref.keys, cand.keys))

        def draw(k: int) -> None:
            st.html(rl.union_walk_html(steps, k, ref, cand, budget))
            done = rl.total_done("Σ LCS∪ hits", steps[-1].hits, m.counts.hit) if steps and k == len(steps) else None
            st.html(rl.step_box(rl.union_lines(steps, k, ref, cand), done))

        _stepped("U", len(steps), "one of the texts has no words to compare", draw)
    st.markdown("**Worked arithmetic** (sidebar profile and α)")
    c = m.counts
    st.code(
        "\n".join(
            rl.ratio_lines(
                c.hit, c.model, c.peer, m.score, "Σ LCS∪(r_i, C)", "m (reference words)", "n (candidate words)"
            )
            + rl.f_lines(m.score, base.alpha, base.behaviour.rounding)
        ),
        language=None,
    )


def _skip_section(base: RougeConfig, ref_text: str, cand_text: str) -> None:
    c1, c2, c3 = st.columns(3)
    with c1:
        unlimited = _w(st.checkbox, "no skip limit (ROUGE-S*)", "learn_s_unlimited", True)
    with c2:
        d = _w(st.number_input, "skip distance d", "learn_s_dist", 4, min_value=0, max_value=50, disabled=unlimited)
    with c3:
        su = _w(st.checkbox, "add unigrams (ROUGE-SU)", "learn_s_su", False)
    dist = -1 if unlimited else int(d)
    report = report_for(
        cand_text,
        [ref_text],
        base.with_(
            max_n=None, rouge_l=False, flat_lcs=False, wlcs_weight=None, skip_distance=dist, rouge_s=True, rouge_su=True
        ),
    )
    label = labels_of(report, "SU" if su else "S")[0]
    ref, cand = report.references[0], report.candidate
    m = report.measures[label]
    long = [
        f"the {side} has {n:,} words"
        for side, n in (("reference", len(ref.tokens)), ("candidate", len(cand.tokens)))
        if n > MAX_STEP_TOKENS
    ]
    if long:
        st.info(
            f"{' and '.join(long).capitalize()}; the pair-by-pair walk-through works up to {MAX_STEP_TOKENS} "
            "words a side. The arithmetic below is exact."
        )
    else:
        steps = skip_walk(cand.keys, ref.keys, dist, su, base)

        def draw(k: int) -> None:
            sub = f"step {k} of {len(steps)}: " + rl.skip_lines(steps, k)[0] if k else rl.SKIP_START
            table = step_table.skip_table_html(label, report.candidate.tokens, steps, k, sub)
            done = None
            if steps and k == len(steps):
                done = rl.total_done("hits", steps[-1].hits, m.counts.hit) + (
                    f"; counted {steps[-1].counted}, rouge_core's candidate total {rl.num(m.counts.peer)} "
                    f"{rl.check(steps[-1].counted == m.counts.peer)}"
                )
            st.html(step_table.walk_html(table) + rl.step_box(rl.skip_lines(steps, k, dist), done))

        _stepped("S", len(steps), "one of the texts has no words to compare", draw)
    st.markdown("**Worked arithmetic** (sidebar profile and α)")
    what = "skip-bigrams" + (" + unigrams" if su else "")
    c = m.counts
    st.code(
        "\n".join(
            [f"m = {len(ref.tokens)} reference words, n = {len(cand.tokens)} candidate words"]
            + rl.ratio_lines(c.hit, c.model, c.peer, m.score, "SKIP2 (hits)", f"reference {what}", f"candidate {what}")
            + rl.f_lines(m.score, base.alpha, base.behaviour.rounding)
        ),
        language=None,
    )


# -- the settings a section uses ------------------------------------------------------------------------

#: One click sets the sidebar (and this page's n / w / skip) to the paper's or the script's settings.
PAPER_SETTINGS = {"profile": "paper", "tokenizer": "rouge155", "stem": False, "remove_stopwords": False, "alpha": 0.5}
PERL_SETTINGS = {"profile": "rouge155", "tokenizer": "rouge155", "stem": False, "remove_stopwords": False, "alpha": 0.5}
PAPER_LOCAL = {"learn_w_weight": 2.0, "learn_s_unlimited": True}
PERL_LOCAL = {"learn_w_weight": 1.2, "learn_s_unlimited": False, "learn_s_dist": 4}


def _use(settings: dict[str, Any], local: dict[str, Any]) -> None:
    apply_settings(settings)
    for key, value in local.items():
        _set(key, value)


def _section_config(sec: str, base: RougeConfig) -> tuple[RougeConfig, str]:
    """The config a section scores with (sidebar options + this page's n, w, skip) and its measure's label."""
    if sec == "N":
        n = int(kept.get_value("learn_n_order", 2))
        return base.with_(max_n=n, rouge_l=False, flat_lcs=False, wlcs_weight=None, skip_distance=None), f"ROUGE-{n}"
    if sec == "S":
        dist = -1 if kept.get_value("learn_s_unlimited", True) else int(kept.get_value("learn_s_dist", 4))
        cfg = base.with_(
            max_n=None, rouge_l=False, flat_lcs=False, wlcs_weight=None, skip_distance=dist, rouge_s=True, rouge_su=True
        )
        return cfg, cfg.measure_labels()[1 if kept.get_value("learn_s_su", False) else 0]
    if sec == "W":
        cfg = base.with_(
            max_n=None,
            rouge_l=True,
            flat_lcs=False,
            skip_distance=None,
            wlcs_weight=float(kept.get_value("learn_w_weight", 2.0)),
        )
        return cfg, cfg.measure_labels()[-1]
    return base.with_(max_n=None, rouge_l=True, flat_lcs=False, wlcs_weight=None, skip_distance=None), "ROUGE-L"


def _settings_header(sec: str, base: RougeConfig) -> None:
    """What this section computes with, the two one-click settings, and greyed-out sidebar options."""
    local = {
        "N": "n (set below)",
        "L": "one sentence pair",
        "U": "the union LCS",
        "W": f"w = {rl.num(float(kept.get_value('learn_w_weight', 2.0)))} (set below)",
        "S": "skip distance and SU (set below)",
    }[sec]
    st.caption(
        f"Settings in this section: profile **{base.profile}**, tokenizer {base.tokenizer}, stemming "
        f"{'on' if base.stem else 'off'}, stopwords {'removed' if base.remove_stopwords else 'kept'}, "
        f"α = {rl.num(base.alpha)} (from the sidebar); {local}. The sidebar's measure switches, n, w, "
        "skip distance and reference mode are not used here (greyed out)."
    )
    b1, b2, _ = st.columns([1, 1, 2])
    b1.button(
        "The paper's settings",
        key=f"learn_{sec}_paper",
        on_click=_use,
        args=(PAPER_SETTINGS, PAPER_LOCAL),
        help="profile paper (unrounded), β = 1, no stemming, no stopwords, f(k) = k^2, no skip limit",
    )
    b2.button(
        "ROUGE-1.5.5's settings",
        key=f"learn_{sec}_perl",
        on_click=_use,
        args=(PERL_SETTINGS, PERL_LOCAL),
        help="profile rouge155 (the script's rounding and quirks), alpha 0.5, no -m, no -s, w 1.2, skip 4",
    )


def _paper_note(sec: str, base: RougeConfig, ref_text: str, cand_text: str) -> None:
    """Say so when a setting changes one of the paper's examples, and what the paper's settings give."""
    if not any(s.candidate == cand_text and s.references[0] == ref_text for s in map(SAMPLES.get, CLAIM_SAMPLES)):
        return
    cfg, label = _section_config(sec, base)
    paper_cfg, _ = _section_config(sec, base.with_(**PAPER_SETTINGS))
    here = report_for(cand_text, [ref_text], cfg).measures.get(label)
    paper = report_for(cand_text, [ref_text], paper_cfg).measures.get(label)

    def shown(m: Any) -> tuple[float, float]:  # what the student compares: R and P to 5 decimals
        return round(m.score.recall, 5), round(m.score.precision, 5)

    if here is None or paper is None or shown(here) == shown(paper):
        return
    changed = [
        what
        for what, on in (
            ("stemming is on, so words with the same stem match (kill / killed)", base.stem),
            ("stopwords are removed", base.remove_stopwords),
            (f"the profile is {base.profile} (the paper: unrounded, no quirks)", base.profile != "paper"),
            (f"α = {rl.num(base.alpha)} (the paper: β = 1, α = 0.5)", base.alpha != 0.5),
            (f"the tokenizer is {base.tokenizer}", base.tokenizer != "rouge155"),
        )
        if on
    ]
    # Only option names and numbers here, no user text: plain Markdown is safe.
    st.info(
        f"Your settings change the paper's example: {'; '.join(changed) or 'see the sidebar'}. "
        f"{label} here: R = {rl.num(here.score.recall)}, P = {rl.num(here.score.precision)}; "
        f"with the paper's settings: R = {rl.num(paper.score.recall)}, P = {rl.num(paper.score.precision)}."
    )


# -- deep links: /learn?sec=W&sample=paper_wlcs_y2&step=59 (texts: lt=packed, or cand=/ref= plain) --------


def _apply_link() -> None:
    """Once per session: the section, sample or texts and step named in the address (a hostile or
    broken link is ignored, part by part)."""
    if st.session_state.get("_learn_link_applied"):
        return
    st.session_state["_learn_link_applied"] = True
    q = st.query_params
    sec = q.get("sec")
    if sec not in SECTIONS:
        return
    _set("learn_section", sec)
    sample = q.get("sample")
    texts = links.unpack(q.get("lt"))
    if sample in SAMPLES:
        st.session_state[f"learn_{sec}_sample"] = sample
        _load(sec)
    elif texts is not None and len(texts) == 2:
        kept.set_text(f"learn_{sec}_ref", texts[0])
        kept.set_text(f"learn_{sec}_cand", texts[1])
    elif isinstance(q.get("cand"), str) or isinstance(q.get("ref"), str):
        kept.set_text(f"learn_{sec}_ref", str(q.get("ref", ""))[: links.MAX_PLAIN])
        kept.set_text(f"learn_{sec}_cand", str(q.get("cand", ""))[: links.MAX_PLAIN])
    step = q.get("step")
    if isinstance(step, str) and step.isascii() and step.isdigit() and len(step) < 7:
        _set(f"learn_{sec}_step", int(step))  # clamped to the walk's length when drawn


def _write_link(sec: str, ref_text: str, cand_text: str) -> None:
    """Keep the address a deep link to what is shown (and the texts across a reload)."""
    q = st.query_params
    wanted: dict[str, Optional[str]] = {"sec": sec, "sample": None, "lt": None, "cand": None, "ref": None}
    sample = next((k for k, s in SAMPLES.items() if s.candidate == cand_text and s.references[0] == ref_text), None)
    if sample is not None:
        wanted["sample"] = sample
    else:
        wanted["lt"] = links.pack([ref_text, cand_text])
    for key, value in wanted.items():
        if value is None:
            q.pop(key, None)
        elif q.get(key) != value:
            q[key] = value


# -- the page ---------------------------------------------------------------------------------------

base = state.config()
_apply_link()
st.title("Learn ROUGE: how each measure works")
lecture_controls()
st.caption(
    f"Each section starts on Lin (2004)'s example; edit it or load a sample. Profile "
    f"({base.profile}), tokenizer, stemming, stopwords and α ({rl.num(base.alpha)}) come from the sidebar; "
    "n, w and the skip distance are set here. Step through with the buttons or the slider."
)
sec = (
    _w(
        st.segmented_control,
        "Measure family",
        "learn_section",
        "N",
        options=list(SECTIONS),
        format_func=SECTIONS.get,
        required=True,
    )
    or "N"
)
text, formulas = DEFINITIONS[sec]
st.markdown(text)
for tex in formulas + [F_TEX]:
    st.latex(tex)
_settings_header(sec, base)
ref_text, cand_text = _inputs(sec)
if not within_budget(
    cand_text, [ref_text], base, budget.LEARN, " The walk-throughs are for examples of a few sentences."
):
    ref_text, cand_text = SAMPLES[EXAMPLE[sec]].references[0], SAMPLES[EXAMPLE[sec]].candidate
    st.caption(md_literal(f"Showing the paper's example ({SAMPLES[EXAMPLE[sec]].title}) below instead."))
_paper_note(sec, base, ref_text, cand_text)
_write_link(sec, ref_text, cand_text)
if sec == "N":
    _ngram_section(base, ref_text, cand_text)
elif sec == "U":
    _union_section(base, ref_text, cand_text)
elif sec == "S":
    _skip_section(base, ref_text, cand_text)
else:
    weight = 1.0
    if sec == "W":
        weight = _w(
            st.number_input,
            "weight w: f(k) = k^w (the paper uses 2)",
            "learn_w_weight",
            2.0,
            min_value=1.0,
            max_value=5.0,
            step=0.1,
        )
    _sentence_walk(
        sec,
        base.with_(
            max_n=None,
            rouge_l=True,
            flat_lcs=False,
            skip_distance=None,
            wlcs_weight=float(weight) if sec == "W" else None,
        ),
        ref_text,
        cand_text,
    )

st.subheader("The paper's claims, checked live")
st.caption(
    "Computed by rouge_core with the 'paper' profile (β = 1, f(k) = k², no skip limit, unrounded), "
    "shown to 3 decimals like the paper."
)
reports = {sid: report_for(SAMPLES[sid].candidate, list(SAMPLES[sid].references), PAPER) for sid in CLAIM_SAMPLES}
st.html(claims_html(claims(sec, reports)))
