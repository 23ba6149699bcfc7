"""Loading a corpus on a page, and opening one of its pairs in Inspect.

:func:`corpus_loader` draws the loader (one-click samples, an upload, line-aligned files, the table's
columns, the sentence mode) and returns the corpus kept in session state, so it survives page
switches (Inspect and back). Reading goes through :mod:`rouge_core.io.readers`; their messages are shown
as they are, never a traceback. :func:`open_in_inspect`, :func:`arrived` and
:func:`back_to_corpus` take a corpus pair to Inspect and back.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, TypeVar, cast

import streamlit as st

from rouge_core.io.readers import (
    FORMAT_NAMES,
    MODE_SPLITTERS,
    Corpus,
    Document,
    ReadError,
    read_aligned,
    read_corpus,
    table_columns,
)
from rouge_core.text.punkt import PUNKT
from rouge_core.text.sentences import SPLITTER, SPLITTERS
from ui.render.corpus import describe, limits_text, one_line_note
from ui.render.literal import md_literal
from ui.widgets import kept, state, way_back
from ui.widgets.frame import script_frame
from ui.widgets.inputs import MAX_UPLOAD_BYTES

# -- session keys ("{key}" is the loader's key: pages calling the loader with one key share its corpus) --
LOADED = "corpus:{key}:loaded"  # the Loaded record (corpus, what it was read from, digest)
HOW = "corpus:{key}:how"  # radio: sample / file / aligned
SENTENCES = "corpus:{key}:sentences"  # radio: lines / split / punkt
UPLOAD = "corpus:{key}:upload"  # uploader: one corpus file
ALIGNED_CAND = "corpus:{key}:aligned_cand"  # uploader: the candidate file (one summary a line)
ALIGNED_REFS = "corpus:{key}:aligned_refs"  # uploader: the reference files
COL_CAND = "corpus:{key}:col_cand"  # a table's columns, by role
COL_REFS = "corpus:{key}:col_refs"
COL_ID = "corpus:{key}:col_id"  # None: no such column
COL_SYSTEM = "corpus:{key}:col_system"
COLS_FOR = "corpus:{key}:cols_for"  # the upload the column choices were made for
MESSAGE = "corpus:{key}:message"  # the last load's outcome, shown once
SELECTED = "corpus:{key}:selected"  # (digest, system, document ID) of the row last opened in Inspect
OPENED = "corpus_opened"  # an Opened record while Inspect shows a corpus pair
ARRIVING = "corpus_arriving"  # Inspect's first run after a row was opened: scroll it to the top

INSPECT_PAGE = "app_pages/inspect.py"
#: "Load" pressed with no file in the uploader: none was chosen, or one was chosen and pressed for before its
#: upload reached the server (the uploader then still holds nothing), which a bare "choose a file" misreads.
NOT_ARRIVED = (
    "The upload has not arrived yet: choose a file above if you have not, wait for the file name to appear "
    "under the box, then press Load again."
)
NOT_ARRIVED_ALIGNED = (
    "The uploads have not arrived yet: choose a candidate file and at least one reference file if you have "
    "not, wait for their names to appear under the boxes, then press Load again."
)
SAMPLE_DIR = Path(__file__).resolve().parents[2] / "sample_data"
NONE = "(none)"
T = TypeVar("T")


@dataclass(frozen=True)
class Sample:
    title: str
    file: str
    about: str


SAMPLES = {
    "summeval": Sample(
        "SummEval subset", "summeval_subset.jsonl", "6 systems × 20 CNN/DailyMail articles, 11 references"
    ),
    "realsumm": Sample(
        "REALSumm subset", "realsumm_subset.jsonl", "5 systems × 20 CNN/DailyMail articles, 1 reference"
    ),
}
SENTENCE_LABELS = {
    "lines": "Keep the file's line breaks (one sentence a line)",
    "split": f"Split into sentences ({SPLITTER})",
    "punkt": f"Split as Hugging Face's summarization examples do ({PUNKT})",
}


def sentence_label(mode: str) -> str:
    """A sentence mode as the radio shows it; a splitter that cannot run here says so (choosing it
    then shows what to install).

    >>> sentence_label("lines")
    "Keep the file's line breaks (one sentence a line)"
    """
    splitter = MODE_SPLITTERS.get(mode)
    missing = splitter is not None and SPLITTERS[splitter].unavailable() is not None
    return SENTENCE_LABELS[mode] + (" — not installed here" if missing else "")


@dataclass(frozen=True)
class Source:
    """What a corpus was read from, kept so that another sentence mode can read it again.

    ``kind`` is ``"sample"``, ``"file"`` or ``"aligned"``; ``files`` are (name, bytes): the one
    file, or the candidate file then the reference files; ``options`` go to the reader."""

    kind: str
    name: str
    files: tuple[tuple[str, bytes], ...]
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Loaded:
    """The corpus a page works on, what it was read from, and a digest of both (the cache key)."""

    corpus: Corpus
    source: Source
    sentences: str
    digest: str


@dataclass(frozen=True)
class Opened:
    """Inspect shows a corpus pair: where it came from, for the way back."""

    page: str
    corpus: str
    system: str
    doc_id: str
    anchor: str = ""  # the key (or its start) of the table or chart the pair was picked on: the way back scrolls there


def read_source(source: Source, sentences: str) -> Loaded:
    """Read ``source`` with a sentence mode (raises :class:`ReadError` or ``ValueError`` with a message).

    >>> src = Source("file", "t.csv", (("t.csv", b"id,c,r\\n1,a b,a c\\n"),), (("candidate_column", "c"),
    ...              ("reference_columns", ("r",)), ("id_column", "1d")))
    >>> read_source(src, "lines")
    Traceback (most recent call last):
    ...
    rouge_core.io.readers.model.ReadError: t.csv row 1: no column '1d' (the columns are 'id', 'c', 'r')
    """
    opts: dict[str, Any] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in source.options}
    if source.kind == "aligned":
        corpus = read_aligned(source.files[0], list(source.files[1:]), sentences, **opts)
    else:
        name, data = source.files[0]
        corpus = read_corpus(data, name, sentences, **opts)
    h = hashlib.sha256(repr((source.kind, source.options, sentences)).encode())
    for name, data in source.files:
        h.update(name.encode("utf-8", "replace") + b"\0" + hashlib.sha256(data).digest())
    return Loaded(corpus, source, sentences, h.hexdigest()[:16])


def sample_source(sample: str) -> Source:
    s = SAMPLES[sample]
    return Source("sample", s.title, ((s.file, (SAMPLE_DIR / s.file).read_bytes()),))


def loaded(key: str) -> Optional[Loaded]:
    """The corpus the loader ``key`` keeps (None before one was loaded)."""
    value = st.session_state.get(LOADED.format(key=key))
    return value if isinstance(value, Loaded) else None


def _load(key: str, make: Callable[[], Source]) -> None:
    """Read a source and keep it (or keep the message why not); used in callbacks."""
    mode = st.session_state.get(SENTENCES.format(key=key), "lines")
    try:
        result = read_source(make(), mode)
    except (ReadError, ValueError) as e:
        st.session_state[MESSAGE.format(key=key)] = ("error", str(e))
        return
    st.session_state[LOADED.format(key=key)] = result
    st.session_state.pop(SELECTED.format(key=key), None)
    st.session_state[MESSAGE.format(key=key)] = ("ok", f"Loaded {result.source.name}.")


def _load_sample(key: str, sample: str) -> None:
    _load(key, lambda: sample_source(sample))


def _load_file(key: str) -> None:
    def make() -> Source:
        up = st.session_state.get(UPLOAD.format(key=key))
        if up is None:  # no file chosen, or chosen but still on its way: the server cannot tell them apart
            raise ReadError(NOT_ARRIVED)
        name, data = up.name, up.getvalue()
        options: tuple[tuple[str, Any], ...] = ()
        if name.rpartition(".")[2].lower() in ("csv", "tsv"):
            s = st.session_state
            refs = tuple(s.get(COL_REFS.format(key=key)) or ())
            if not refs:
                raise ReadError(f"{name}: choose at least one reference column.")
            options = (("candidate_column", s.get(COL_CAND.format(key=key))), ("reference_columns", refs))
            for opt, col in (("id_column", COL_ID), ("system_column", COL_SYSTEM)):
                if s.get(col.format(key=key)) is not None:
                    options += ((opt, s[col.format(key=key)]),)
        return Source("file", name, ((name, data),), options)

    _load(key, make)


def _load_aligned(key: str) -> None:
    def make() -> Source:
        cand = st.session_state.get(ALIGNED_CAND.format(key=key))
        refs = st.session_state.get(ALIGNED_REFS.format(key=key)) or []
        if cand is None or not refs:
            raise ReadError(NOT_ARRIVED_ALIGNED)
        files = ((cand.name, cand.getvalue()), *((f.name, f.getvalue()) for f in refs))
        return Source("aligned", cand.name, files)

    _load(key, make)


def _reread(key: str) -> None:
    """A new sentence mode: read the kept source again. When that fails (punkt without NLTK's model)
    the message is shown and the choice goes back to the mode the kept corpus was read with."""
    current = loaded(key)
    if current is not None:
        _load(key, lambda: current.source)
        if loaded(key) is current:
            kept.set_value(SENTENCES.format(key=key), current.sentences)


def persistent(widget: Callable[..., Any], label: str, key: str, default: T, **kwargs: Any) -> T:
    """:func:`ui.widgets.kept.value_widget` (the value survives page switches), with a kept value that
    is no longer among ``options=`` (another corpus, other measures) reset to ``default``. The value is
    one of ``options`` (or the slider's range), so it has ``default``'s type."""
    options = kwargs.get("options")
    if options is not None:
        value = kept.get_value(key, default)
        if not (all(v in options for v in value) if isinstance(value, list) else value in options):
            kept.set_value(key, default)
    return cast(T, kept.value_widget(widget, label, key, default, **kwargs))


def _guess(columns: list[str], names: tuple[str, ...], fallback: Optional[str] = None) -> Optional[str]:
    lower = {c.lower(): c for c in columns}
    return next((lower[n] for n in names if n in lower), fallback)


def no_column_label(columns: Sequence[str]) -> str:
    """The label of the "no column" choice: one no column has, since a selectbox tells its options apart by
    their labels (a column named "(none)" must stay choosable).

    >>> no_column_label(["id", "summary"]), no_column_label(["(none)", "summary"])
    ('(none)', '((none))')
    """
    label = NONE
    while label in columns:
        label = f"({label})"
    return label


def _table_choices(key: str, name: str, data: bytes) -> None:
    """The column choices of an uploaded table, guessed from their names when a new file arrives."""
    try:
        columns = table_columns(data, name)
    except (ReadError, ValueError) as e:
        st.error(md_literal(str(e), 600))
        return
    s = st.session_state
    this = (name, len(data), hashlib.sha256(data).hexdigest())
    if s.get(COLS_FOR.format(key=key)) != this:
        s[COLS_FOR.format(key=key)] = this
        s[COL_CAND.format(key=key)] = _guess(
            columns, ("candidate", "summary", "prediction", "decoded", "hypothesis"), columns[0]
        )
        s[COL_REFS.format(key=key)] = [c for c in columns if c.lower().startswith(("ref", "target", "gold"))][:1]
        s[COL_ID.format(key=key)] = _guess(columns, ("id", "doc_id", "doc", "document"))
        s[COL_SYSTEM.format(key=key)] = _guess(columns, ("system", "model_id", "model"))
    c1, c2, c3, c4 = st.columns(4)
    c1.selectbox("Candidate column", columns, key=COL_CAND.format(key=key))
    c2.multiselect("Reference column(s)", columns, key=COL_REFS.format(key=key), help="One reference per column.")
    optional: list[Optional[str]] = [None, *columns]
    absent = no_column_label(columns)

    def shown(col: Optional[str]) -> str:
        return absent if col is None else col

    c3.selectbox("Document ID column (optional)", optional, key=COL_ID.format(key=key), format_func=shown)
    c4.selectbox("System column (optional)", optional, key=COL_SYSTEM.format(key=key), format_func=shown)


def _draw_loader(key: str) -> None:
    st.caption("One click on a sample:")
    cols = st.columns(len(SAMPLES))
    for col, (sid, s) in zip(cols, SAMPLES.items()):
        col.button(
            f"{s.title} ({s.about})",
            key=f"corpus:{key}:sample:{sid}",
            on_click=_load_sample,
            args=(key, sid),
            icon=":material/dataset:",
            width="stretch",
        )
    how = persistent(
        st.radio,
        "or your own data",
        HOW.format(key=key),
        "file",
        options=["file", "aligned"],
        horizontal=True,
        format_func=lambda h: {
            "file": "One file (.jsonl, .json, .csv, .tsv, or a .zip with a ROUGE-1.5.5 config)",
            "aligned": "Line-aligned files (a candidate file and reference files, one summary a line)",
        }[h],
    )
    if how == "file":
        up = st.file_uploader(
            "Corpus file",
            type=["jsonl", "json", "csv", "tsv", "zip"],
            key=UPLOAD.format(key=key),
            help="JSON Lines with candidate/references fields, SummEval's or REALSumm's format, a CSV/TSV "
            "table with a header row, or a zip holding a ROUGE-1.5.5 XML config (or -z list) and its summaries.",
        )
        if up is not None and up.name.rpartition(".")[2].lower() in ("csv", "tsv"):
            _table_choices(key, up.name, up.getvalue())
        st.button("Load the file", key=f"corpus:{key}:load_file", on_click=_load_file, args=(key,), type="primary")
    else:
        c1, c2 = st.columns(2)
        c1.file_uploader("Candidate file (line k = document k)", key=ALIGNED_CAND.format(key=key))
        c2.file_uploader(
            "Reference file(s), one reference a file", key=ALIGNED_REFS.format(key=key), accept_multiple_files=True
        )
        st.button(
            "Load the files", key=f"corpus:{key}:load_aligned", on_click=_load_aligned, args=(key,), type="primary"
        )
    st.caption(md_literal(limits_text(MAX_UPLOAD_BYTES), 1000))


def corpus_loader(key: str) -> Optional[Corpus]:
    """Draw the corpus loader and return the corpus it keeps (None until one is loaded).

    The corpus stays in session state under ``key`` (pages sharing ``key`` share it) with its name;
    :func:`loaded` gives it with its source and digest."""
    current = loaded(key)
    with st.container(border=True):
        if current is None:
            st.markdown("**Load a corpus**")
        else:
            c = current.corpus
            st.markdown(
                f"**Corpus: {md_literal(current.source.name, 120)}** · {FORMAT_NAMES.get(c.fmt, c.fmt)} · "
                f"{md_literal(describe(c))}"
            )
        persistent(
            st.radio,
            "Sentences (ROUGE-L compares summaries sentence by sentence)",
            SENTENCES.format(key=key),
            "lines",
            options=list(SENTENCE_LABELS),
            format_func=sentence_label,
            horizontal=True,
            on_change=_reread,
            args=(key,),
        )
        if current is None:
            _draw_loader(key)
        else:
            with st.expander("Load another corpus"):
                _draw_loader(key)
        if msg := st.session_state.pop(MESSAGE.format(key=key), None):
            (st.error if msg[0] == "error" else st.success)(md_literal(msg[1], 800))
        current = loaded(key)
        if current is None:
            return None
        c = current.corpus
        st.caption(md_literal(f"Sentences used: {c.sentences}.", 400))
        note = one_line_note(c, current.sentences)  # the mode it was read with (a failed re-read keeps it)
        if note:
            st.info(md_literal(note, 600))
        check = c.check_systems()
        if len(check.systems) > 1 and not check.ok:
            st.info(md_literal("The systems do not have the same documents: " + "; ".join(check.problems()), 800))
        if c.skipped:
            with st.expander(f"{len(c.skipped):,} skipped (blank lines, empty references)"):
                st.dataframe(
                    {"where": [s.origin for s in c.skipped[:1000]], "why": [s.reason for s in c.skipped[:1000]]},
                    hide_index=True,
                    width="stretch",
                )
                if len(c.skipped) > 1000:
                    st.caption(f"The first 1,000 of {len(c.skipped):,} are listed.")
    return c


# -- a corpus pair in Inspect, and the way back ----------------------------------------------------------


def open_in_inspect(
    key: str,
    current: Loaded,
    system: str,
    doc: Document,
    page: str,
    others: Sequence[Document] = (),
    anchor: str = "",
) -> None:
    """Put a corpus pair into Inspect's inputs (one sentence a line) and switch to Inspect; ``others``:
    the same document from other systems, compared side by side with ``doc``'s candidate.

    Inspect then shows "Back to ..." (:func:`back_to_corpus`), which returns to ``page``, scrolled to the
    element whose key starts with ``anchor`` (:mod:`ui.widgets.way_back`)."""
    st.session_state[SELECTED.format(key=key)] = (current.digest, system, doc.doc_id)
    candidates = [doc.candidate, *(o.candidate for o in others)]
    show_in_inspect(candidates, doc.references, Opened(page, current.source.name, system, doc.doc_id, anchor))


def show_in_inspect(candidates: Sequence[Sequence[str]], references: Sequence[Sequence[str]], opened: Opened) -> None:
    """Put a pair (sentences; more candidates are compared side by side) into Inspect's inputs and switch
    to Inspect, which offers the way back to ``opened.page`` (:func:`back_to_corpus`)."""
    state.set_inputs(
        "\n".join(candidates[0]), ["\n".join(r) for r in references], ["\n".join(c) for c in candidates[1:]]
    )
    st.session_state[OPENED] = opened
    st.session_state[ARRIVING] = st.session_state.get(ARRIVING, 0) + 1
    st.switch_page(INSPECT_PAGE)


def selected_id(key: str, current: Loaded, system: str) -> Optional[str]:
    """The document ID of the row last opened in Inspect (for this corpus and system), if any."""
    sel = st.session_state.get(SELECTED.format(key=key))
    if isinstance(sel, tuple) and sel[:2] == (current.digest, system):
        return str(sel[2])
    return None


def forget_selection(key: str) -> None:
    st.session_state.pop(SELECTED.format(key=key), None)


def arrived() -> None:
    """The corpus page is open again: Inspect no longer offers the way back until another row is opened
    (and, come back by that way, the page scrolls to where the pair was picked: :mod:`ui.widgets.way_back`)."""
    st.session_state.pop(OPENED, None)
    way_back.scroll_back()


#: Streamlit keeps the main area's scroll offset across a page switch: a row clicked far down the corpus
#: page would open Inspect far down too, the way back out of sight. Fixed text, no user data.
_SCROLL_TOP = (
    "<script>const m = window.parent.document.querySelector(\"[data-testid='stMain']\");"
    "if (m) m.scrollTo(0, 0);</script><!-- arrival %d -->"
)


def back_to_corpus() -> None:
    """On Inspect: a "Back to ..." button (the page's name), shown only when Inspect was opened from a corpus row
    (and, on arrival, Inspect scrolled to its top, where the button and the pair's texts are)."""
    opened = st.session_state.get(OPENED)
    if not isinstance(opened, Opened):
        return
    c1, c2 = st.columns([1, 4], vertical_alignment="center")
    if c1.button(way_back.back_label(opened.page), icon=":material/arrow_back:", key="back_to_corpus"):
        way_back.leave_for(opened.anchor)
        st.switch_page(opened.page)
    of = f", system {opened.system}" if opened.system else ""
    c2.caption(md_literal(f"Opened from the corpus {opened.corpus}{of}, document {opened.doc_id}.", 400))
    arrival = st.session_state.pop(ARRIVING, None)
    if arrival is not None:
        with c2:
            script_frame(_SCROLL_TOP % int(arrival))
