"""The sidebar: the only place that reads option widgets. Builds one RougeConfig.

Settings live in ``st.session_state`` under ``opt_*`` keys (so they survive page
switches) and are mirrored in the URL as ``?cfg=<signature>`` so a view can be shared.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.config import (
    MULTI_REF_MODES,
    MULTI_REF_TEXT,
    PROFILES,
    TOKENIZERS,
)
from rouge_core.presets import SIDEBAR_PRESETS
from rouge_core.text.tokenizers_extra import is_installed, missing_message
from ui.render.literal import md_literal
from ui.widgets.measure_rows import MAX_SKIP, MEASURE_KEYS, draw_measure_rows, measure_fields, measure_state

#: The sidebar's number widgets' ranges; a shared link outside them is refused, never clamped.
MAX_LIMIT = 1_000_000

#: The sidebar's name of each multi-reference mode (from the one description in rouge_core.config).
MULTI_REF_LABELS = {mode: text.label for mode, text in MULTI_REF_TEXT.items()}

# Each preset sets every option at once.
#: The sidebar's presets (defined in rouge_core.presets, which the corpus comparison shares).
PRESETS: dict[str, RougeConfig] = dict(SIDEBAR_PRESETS)
DEFAULT = RougeConfig(max_n=4, skip_distance=4, wlcs_weight=1.2)


def tokenizer_label(name: str) -> str:
    """The sidebar's name of a tokenizer: its name, and "(not installed)" when its package is missing.

    >>> tokenizer_label("unicode")
    'unicode'
    """
    return name if is_installed(name) else f"{name} (not installed)"


def config_to_state(c: RougeConfig) -> dict[str, Any]:
    """Widget values that show ``c``."""
    return {
        "opt_profile": c.profile,
        "opt_tokenizer": c.tokenizer,
        "opt_stem": c.stem,
        "opt_stem_exc": c.stem_exceptions,
        "opt_stop": c.remove_stopwords,
        **measure_state(c),
        "opt_alpha_mode": "alpha",
        "opt_alpha": c.alpha,
        "opt_beta": 1.0 if c.alpha == 0.5 else (c.beta if c.alpha else 1.0),
        "opt_multi": c.multi_ref,
        "opt_limit_kind": "words" if c.word_limit else "bytes" if c.byte_limit else "none",
        "opt_limit": c.word_limit or c.byte_limit or 100,
    }


def state_to_config(s: Any) -> RougeConfig:
    """The config the widgets describe (raises ValueError on an invalid combination)."""
    alpha = s["opt_alpha"] if s["opt_alpha_mode"] == "alpha" else RougeConfig.alpha_from_beta(s["opt_beta"])
    kind = s["opt_limit_kind"]
    return RougeConfig(
        profile=s["opt_profile"],
        tokenizer=s["opt_tokenizer"],
        stem=s["opt_stem"],
        stem_exceptions=s["opt_stem_exc"],
        remove_stopwords=s["opt_stop"],
        **measure_fields(s),
        alpha=float(alpha),
        multi_ref=s["opt_multi"],
        word_limit=int(s["opt_limit"]) if kind == "words" else None,
        byte_limit=int(s["opt_limit"]) if kind == "bytes" else None,
    )


def sidebar_cannot_show(c: RougeConfig) -> list[str]:
    """Why the sidebar cannot show ``c`` exactly (empty when it can): values outside its widgets'
    ranges, or settings it has no widget for (they would be dropped silently).

    >>> sidebar_cannot_show(RougeConfig(skip_distance=5000))
    ["skip distance 5000 is above the sidebar's maximum 1000"]
    >>> sidebar_cannot_show(DEFAULT)
    []
    """
    out = []
    if c.skip_distance is not None and c.skip_distance > MAX_SKIP:
        out.append(f"skip distance {c.skip_distance} is above the sidebar's maximum {MAX_SKIP}")
    limit = c.word_limit or c.byte_limit
    if limit is not None and limit > MAX_LIMIT:
        out.append(f"length limit {limit} is above the sidebar's maximum {MAX_LIMIT:,}")
    if out:
        return out
    shown = state_to_config({**config_to_state(c)})
    for f in ("confidence", "bootstrap_samples", "averaging", "seed"):
        if getattr(shown, f) != getattr(c, f):
            out.append(f"{f} = {getattr(c, f)} has no sidebar option (corpus settings)")
    if not out and _canonical(shown) != _canonical(c):
        out.append("the sidebar cannot show this combination of settings")
    return out


def _canonical(c: RougeConfig) -> RougeConfig:
    # Settings that change no number: S/SU switches without a skip distance, and the reverse.
    if c.skip_distance is None or not (c.rouge_s or c.rouge_su):
        return c.with_(skip_distance=None, rouge_s=False, rouge_su=False)
    return c


def apply_settings(changes: dict[str, Any]) -> None:
    """Switch sidebar options from a page (e.g. stemming for a rule's example); safe in callbacks.

    ``changes`` are ``RougeConfig`` fields; the rest keeps the sidebar's current values."""
    try:
        current = state_to_config(st.session_state)
    except (KeyError, ValueError):
        current = DEFAULT
    _apply(current.with_(**changes))


def _apply(c: RougeConfig) -> None:
    for k, v in config_to_state(c).items():
        st.session_state[k] = v


def _on_preset() -> None:
    name = st.session_state.get("opt_preset")
    if name in PRESETS:
        _apply(PRESETS[name])


def _on_profile() -> None:
    # A new profile brings its own tokenizer and multi-reference rule.
    c = RougeConfig(profile=st.session_state["opt_profile"])
    st.session_state["opt_tokenizer"] = c.tokenizer
    st.session_state["opt_multi"] = c.multi_ref
    st.session_state["opt_flat"] = bool(c.flat_lcs)


def _init_state() -> None:
    if st.session_state.get("opt_ready"):
        # Streamlit forgets a widget's value when a run ends before the widget is drawn
        # (a page switch during a long run) and falls back to the value first set in code.
        # Re-setting every value each run keeps that fallback current; missing ones come
        # back from the last good run.
        for k, v in st.session_state.get("_opt_saved", {}).items():
            st.session_state[k] = st.session_state[k] if k in st.session_state else v
        return
    start = DEFAULT
    sig = st.query_params.get("cfg")
    if sig:
        try:
            start = RougeConfig.from_signature(sig)
            problems = sidebar_cannot_show(start)
            if problems:
                raise ValueError("; ".join(problems))
        except ValueError as exc:
            start = DEFAULT
            st.session_state["opt_url_error"] = f"The settings in the URL were ignored: {exc}"
    _apply(start)
    st.session_state["opt_ready"] = True


#: Sidebar options a page sets itself (or does not use): drawn greyed out there, with a note.
IGNORED_BY_PAGE: dict[str, tuple[str, ...]] = {
    "learn": (*MEASURE_KEYS, "opt_multi"),
    # the Agreement page's variants set stemming and stopwords themselves (CASE / STEM / STOP)
    "agreement": ("opt_stem", "opt_stop"),
}


def sidebar_config(page: str = "", folded: bool = False) -> RougeConfig:
    """Draw the option widgets in the sidebar and return the config they describe.

    ``page`` (the running page's url path) greys out the options that page ignores; ``folded`` draws
    them in a closed expander (a page that barely uses them; still drawn, so they keep their values)."""
    off = set(IGNORED_BY_PAGE.get(page, ()))
    _init_state()
    sb = st.sidebar.expander("ROUGE options", expanded=False) if folded else st.sidebar
    sb.header("Options")
    if err := st.session_state.pop("opt_url_error", None):
        sb.warning(md_literal(err, 400))
    sb.selectbox(
        "Preset",
        ["(custom)"] + list(PRESETS),
        key="opt_preset",
        on_change=_on_preset,
        help="Sets every option below at once.",
    )
    sb.selectbox(
        "Profile",
        PROFILES,
        key="opt_profile",
        on_change=_on_profile,
        help="rouge155 = the official Perl script; rouge-score = Google's package; paper = Lin (2004) as written.",
    )
    sb.selectbox(
        "Tokenizer",
        TOKENIZERS,
        key="opt_tokenizer",
        format_func=tokenizer_label,
        help="rouge155 keeps ASCII letters and digits only; unicode keeps every script (each CJK character a "
        "token); jieba, fugashi and thai split Chinese, Japanese and Thai into words (optional packages).",
    )
    sb.checkbox("Stemming (-m)", key="opt_stem")
    sb.checkbox(
        "Remove stopwords (-s)", key="opt_stop", help="Remove the SMART stopword list (598 lines) before counting."
    )
    sb.checkbox(
        "WordNet exceptions",
        key="opt_stem_exc",
        disabled=not st.session_state["opt_stem"] or st.session_state["opt_profile"] == "rouge-score",
        help="With stemming in rouge155/paper: off = Porter alone, what most pyrouge installs run "
        "(empty exception DB).",
    )
    sb.subheader("Measures")
    if off:
        sb.caption("Greyed out: this page sets these itself (see the top of each section).")
    draw_measure_rows(sb, off)
    sb.subheader("Scoring")
    sb.radio("F-measure weight", ["alpha", "beta"], key="opt_alpha_mode", horizontal=True)
    use_alpha = st.session_state["opt_alpha_mode"] == "alpha"
    sb.slider(
        "alpha (-p)",
        0.0,
        1.0,
        step=0.05,
        key="opt_alpha",
        disabled=not use_alpha,
        help="F = 1 / (alpha/P + (1-alpha)/R); 0.5 = F1, 1 = precision, 0 = recall.",
    )
    sb.number_input(
        "beta",
        0.0,
        100.0,
        step=0.5,
        key="opt_beta",
        disabled=use_alpha,
        help="alpha = 1 / (1 + beta^2); beta = 1 is F1.",
    )
    sb.selectbox(
        "Several references",
        MULTI_REF_MODES,
        key="opt_multi",
        disabled="opt_multi" in off,
        format_func=lambda m: MULTI_REF_LABELS[m],
    )
    c1, c2 = sb.columns(2)
    c1.selectbox("Length limit", ["none", "words", "bytes"], key="opt_limit_kind")
    c2.number_input("limit", 1, MAX_LIMIT, key="opt_limit", disabled=st.session_state["opt_limit_kind"] == "none")
    try:
        config = state_to_config(st.session_state)
        st.session_state["_opt_saved"] = {k: st.session_state[k] for k in config_to_state(config)}
    except ValueError as exc:
        missing = missing_message(str(st.session_state["opt_tokenizer"]))  # a tokenizer's package, not a clash
        sb.error(
            md_literal(
                f"{missing}. Using the defaults."
                if missing
                else f"These options do not go together: {exc}. Using the defaults.",
                400,
            )
        )
        config = DEFAULT
    sig = config.signature()
    if st.query_params.get("cfg") != sig:
        st.query_params["cfg"] = sig
    sb.caption("Signature")
    sb.code(sig, language=None, wrap_lines=True)
    sb.caption("Equivalent ROUGE-1.5.5 command")
    sb.code(f"ROUGE-1.5.5.pl -e data {config.perl_flags()} config.xml", language="bash", wrap_lines=True)
    for d in config.perl_differences():
        sb.caption("⚠ no Perl equivalent: " + md_literal(d))
    return config
