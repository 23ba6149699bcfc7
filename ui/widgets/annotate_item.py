"""The item being annotated: its texts, the rubric (or content units), note, flag and the moves, drawn
in an ``st.fragment`` so that a judgment or a keypress reruns the item, not the whole Annotate page.

Every write goes through a widget's own callback with the item id bound into its arguments, and
every move is keyed to the item it was pressed on (a "Next" pressed on item 3 that arrives when item 4
is shown is ignored): a late or queued key never lands on another item. On every draw the widgets are
set from the store (what this annotator holds for this item), so a reconnected page shows the store's
values, never what the browser remembers; a change the store refused keeps the person's entry with
"Not saved: <reason>" beside it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Optional, Sequence

import streamlit as st

from annotation import Item, Rubric, StoreError, Undone
from annotation.status import MAX_NOTE
from ui.compute.annotate import judged_items, order, resume_position, shared_markdown, store_or_message
from ui.compute.pair import report_for
from ui.render.html import esc
from ui.render.literal import md_literal
from ui.render.ngrams import ngram_page_html
from ui.widgets import state
from ui.widgets.annotate_assigned import ask_next, assigned_item, instructions, judgment_write, show_again, still_member
from ui.widgets.content_units import content_units
from ui.widgets.keyboard import LEGEND, NEXT, PREVIOUS, SKIP, UNDO
from ui.widgets.store_messages import failed, failures_shown, forget, receipt, save, show

POS = "_annot_pos"  # (corpus, annotator, blind, rubric) -> position in that annotator's order
SKIP_KEY = "annot_skip"  # where a skip that was not saved says why
UNDO_KEY = "annot_undo"  # where an undo says what it undid (or why not)
UNDONE = "_annot_undone"
PLACED = "_annot_placed"  # the place last written to the store (set_position)
SHARED = "_annot_shared"  # the overlap line of the last count
ORDER = "_annot_order"  # the item ids in the order this annotator sees them


@dataclass(frozen=True)
class Where:
    """What the fragment draws: fixed by the page's full run (the fragment reruns with these)."""

    corpus_id: int
    digest: str
    annotator: str
    blind: bool
    show_rouge: bool
    task: str
    rubric: Rubric
    #: a campaign's member: the store's next assignment, no free navigation (ui.widgets.annotate_assigned)
    campaign_id: Optional[int] = None
    instructions: str = ""


def short(name: str) -> str:
    """A short stable tag of ``name`` for widget keys (names may hold any character)."""
    return hashlib.sha256(name.encode()).hexdigest()[:10]


def _record(item_id: int, criterion_id: int, annotator: str, key: str, campaign_id: Optional[int] = None) -> None:
    value = st.session_state.get(key)
    if value is not None:
        save(key, judgment_write(item_id, criterion_id, annotator, value, campaign_id))


def _note(item_id: int, annotator: str, key: str) -> None:
    note = str(st.session_state.get(key) or "")
    save(key, lambda s: s.set_note(item_id, annotator, note))


def _flag(item_id: int, annotator: str, key: str) -> None:
    flagged = bool(st.session_state.get(key))
    save(key, lambda s: s.set_flag(item_id, annotator, flagged))


def _move(where: tuple[Any, ...], item_id: int, ids: Sequence[int], step: int, skip: str | None = None) -> None:
    """Move one item from ``item_id``; nothing when another item is shown by now (a late press)."""
    pos = st.session_state.setdefault(POS, {})
    k = pos.get(where, 0)
    if not 0 <= k < len(ids) or ids[k] != item_id:
        return  # pressed on an item no longer shown: applying it would move from another item
    forget(SKIP_KEY)  # a skip that was not saved concerned the item being left
    if skip is not None and not save(SKIP_KEY, lambda s: s.set_skip(item_id, skip, True)):
        return  # not skipped: stay on the item, where "Not saved" says why
    pos[where] = min(max(k + step, 0), max(len(ids) - 1, 0))


def _undo(where: tuple[Any, ...], corpus_id: int, annotator: str, ids: Sequence[int]) -> None:
    """Undo the annotator's last judgment in this corpus and show its item (the store says which
    judgment, or that there is none left)."""
    got: list[Undone | None] = []
    if not save(UNDO_KEY, lambda s: got.append(s.undo_last(corpus_id, annotator))):
        return  # "Not saved" beside the button says why
    undone = got[0]
    if undone is None:
        st.session_state[UNDONE] = "Nothing to undo."
        return
    now = "no value" if undone.value is None else f"{undone.value:g}"
    if undone.item_id in ids:  # back to the item of the undone judgment, as the person expects to see it
        k = ids.index(undone.item_id)
        st.session_state.setdefault(POS, {})[where] = k
        st.session_state[UNDONE] = f"Undone: {undone.criterion} on item {k + 1} (now {now})."
    elif where[0] == "campaign":  # a member goes back to the undone item; Next then asks the store again
        show_again(where[1:], undone.item_id)
        st.session_state[UNDONE] = f"Undone: {undone.criterion} on the item shown (now {now})."
    else:
        st.session_state[UNDONE] = f"Undone: {undone.criterion} (now {now})."


def _text_block(title: str, text: str) -> None:
    st.html(
        f"<div style='font-weight:600;margin-top:.4rem'>{esc(title)}</div>"
        f"<div style='white-space:pre-wrap;border-left:3px solid #ddd;padding:.2rem .6rem'>{esc(text)}</div>"
    )


def _texts(item: Item, show_rouge: bool) -> None:
    if item.source:
        with st.expander("Source document"):
            _text_block("Source", item.source)
    if show_rouge:
        rep = report_for(item.candidate_text, ["\n".join(r) for r in item.references], state.config())
        if "ROUGE-1" in rep.measures:
            st.html(ngram_page_html(rep, "ROUGE-1", 0)[0])
            st.caption("ROUGE-1 matches of the candidate against reference 1 (the sidebar's settings).")
        else:
            _text_block("Candidate", item.candidate_text)
    else:
        _text_block("Candidate", item.candidate_text)
    if item.references:
        _text_block("Reference 1", "\n".join(item.references[0]))
    if len(item.references) > 1:
        with st.expander(f"References 2 to {len(item.references)}"):
            for r, ref in enumerate(item.references[1:], start=2):
                _text_block(f"Reference {r}", "\n".join(ref))


def _shared(store: Any, where: Where, overlap: int, n_done: int) -> str:
    """The overlap line; recounted only when this annotator completes an item (shared items are
    completed ones), not on every key."""
    cache = st.session_state.setdefault(SHARED, {})
    at = (where.corpus_id, where.annotator, where.rubric.id, overlap, n_done)
    if at not in cache:
        cache.clear()
        cache[at] = shared_markdown(store.shared_counts(where.corpus_id, where.annotator, where.rubric), overlap)
    return str(cache[at])


def _held(key: str, value: Any) -> None:
    """Show the store's value in widget ``key`` (drawn next), unless the person's last change there was
    refused: then their entry stays, with "Not saved" beside it."""
    if not failed(key):
        st.session_state[key] = value


def _criterion(item: Item, c: Any, annotator: str, stored: dict[int, float], i: int, campaign: Optional[int]) -> None:
    key = f"annot_v_{item.id}_{c.id}_{short(annotator)}"
    label = f"{c.name}: {c.description}" if c.description else c.name
    have = stored.get(c.id)
    with st.container(key=f"annot_crit_{i}"):
        args = (item.id, c.id, annotator, key, campaign)
        if c.integer and c.scale_max - c.scale_min <= 10:
            options = list(range(int(c.scale_min), int(c.scale_max) + 1))
            keys = [str(o) for o in options if 0 <= o <= 9]  # the options are their own digits: one key each
            hint = f"Keys {keys[0]} to {keys[-1]} when this criterion is outlined" if keys else None
            _held(key, int(have) if have is not None else None)
            st.radio(md_literal(label, 400), options, index=None, horizontal=True, key=key, help=hint,
                     on_change=_record, args=args)  # fmt: skip
        else:
            _held(key, have)
            st.number_input(
                md_literal(label, 400),
                min_value=float(c.scale_min),
                max_value=float(c.scale_max),
                value=None,
                step=1.0 if c.integer else 0.01,
                key=key,
                on_change=_record,
                args=args,
            )
        receipt(key, have)
        if failed(key):  # the entry is kept in the session: one press tries to save it again
            st.button("Retry saving", key=f"{key}_retry", on_click=_record, args=args)


@st.fragment
def annotate_item(where: Where) -> None:
    """Draw the annotator's current item with its progress; reruns alone on every judgment and move."""
    opened = store_or_message()
    if isinstance(opened, str):
        st.error(md_literal(opened, 600))
        return
    with opened as store, failures_shown():
        _draw(store, where)


def _order(store: Any, where: Where, overlap: int) -> list[int]:
    """The item ids in this annotator's order, read and shuffled once per (corpus, annotator, blind,
    overlap): a stored corpus never changes, so a keypress reads no item but the one shown."""
    at = (where.corpus_id, where.digest, where.annotator, where.blind, overlap)
    cached = st.session_state.get(ORDER)
    if not cached or cached[0] != at:
        cached = (at, order(store.item_ids(where.corpus_id), where.annotator, where.blind, where.digest, overlap))
        st.session_state[ORDER] = cached
    return list(cached[1])


def _draw(store: Any, where: Where) -> None:
    if where.campaign_id is None:
        _draw_free(store, where)
        return
    at = (where.campaign_id, where.annotator)  # each of the two says why when it stops the item
    if not still_member(store, *at) or (item := assigned_item(store, *at)) is None:
        return
    instructions(where.instructions, at, item.id)
    _draw_item(store, where, item, ("campaign", *at), [item.id], 0)


def _draw_free(store: Any, where: Where) -> None:
    """The local mode: the annotator's order, resumed where they left off, moved through freely."""
    rubric, annotator = where.rubric, where.annotator
    overlap = store.overlap(where.corpus_id)
    ids = _order(store, where, overlap)
    if not ids:
        st.warning("The corpus has no documents to annotate.")
        return
    positions = st.session_state.setdefault(POS, {})
    key = (where.corpus_id, annotator, where.blind, rubric.id, overlap if where.blind else 0)  # one order each
    if key not in positions or not 0 <= positions[key] < len(ids):  # where to resume: read once, not per key
        done = judged_items(store.judgments(where.corpus_id, annotator=annotator), rubric)
        skipped = {i for i in ids if store.status(i, annotator).skipped}
        positions[key] = resume_position(ids, done, skipped)
    k = positions[key]
    _draw_item(store, where, store.item(ids[k]), key, ids, k, overlap)


def _draw_item(
    store: Any, where: Where, item: Item, key: tuple[Any, ...], ids: Sequence[int], k: int, overlap: int = 0
) -> None:
    """Item ``ids[k]`` (``item``) with its progress, texts, criteria, note, flag and moves."""
    rubric, annotator, assigned = where.rubric, where.annotator, where.campaign_id is not None
    try:
        if st.session_state.get(PLACED) != (key, item.id):  # a write only when the place changes, not per key
            store.set_position(item.id, annotator)
            st.session_state[PLACED] = (key, item.id)
    except StoreError as e:  # where to resume is not a judgment: say so and let the person go on
        st.warning(md_literal(f"Your place in the corpus was not saved: {e}", 600))
    total, progress = len(ids), store.progress(where.corpus_id, annotator, rubric)  # counted in SQL
    if assigned:  # a member sees their own count only: the campaign decides what is left
        st.caption(f"Judged on every criterion: {progress.done:,} · skipped: {progress.skipped:,}.")
        st.subheader(f"Item {progress.done + 1}")
    else:
        counts = f"{progress.done:,} of {total:,} judged on every criterion · {progress.skipped:,} skipped"
        st.progress(float(progress.fraction), text=counts)
        head = f"Item {k + 1} of {total}"
        if not where.blind:  # blind mode names neither the document (its id can be a hash) nor the system
            head = f"{head}: document {item.doc_id}, system {item.system or '(none)'}"
        st.subheader(md_literal(head, 300))
        st.caption(_shared(store, where, overlap if where.blind else total, progress.done))
    _texts(item, where.show_rouge)
    st.caption(LEGEND)
    if where.task == "rubric":
        mine = store.judgments(where.corpus_id, annotator=annotator, item_id=item.id)
        stored = {j.criterion_id: j.value for j in mine}
        for i, crit in enumerate(rubric.criteria):
            _criterion(item, crit, annotator, stored, i, where.campaign_id)
    else:
        content_units(store, where.corpus_id, item, annotator)
    status = store.status(item.id, annotator)
    note_key = f"annot_note_{item.id}_{short(annotator)}"
    _held(note_key, status.note)
    st.text_area("Note (saved when you leave the box)", key=note_key, on_change=_note,
                 args=(item.id, annotator, note_key), max_chars=MAX_NOTE)  # fmt: skip
    show(note_key)
    flag_key = f"annot_flag_{item.id}_{short(annotator)}"
    _held(flag_key, status.flagged)
    b1, b2, b3, b4, b5 = st.columns(5)
    # each move button is keyed to its item: a press that arrives after the item changed finds no button
    b1.button(PREVIOUS, key=f"annot_prev_{item.id}", on_click=_move, args=(key, item.id, ids, -1), disabled=k == 0)
    if assigned:  # Next and Skip ask the store for the member's next assignment
        b2.button(NEXT, key=f"annot_next_{item.id}", on_click=ask_next, args=(key[1:], item.id))
        b3.button(SKIP, key=f"annot_skipb_{item.id}", on_click=ask_next, args=(key[1:], item.id, SKIP_KEY))
    else:
        b2.button(NEXT, key=f"annot_next_{item.id}", on_click=_move, args=(key, item.id, ids, 1),
                  disabled=k == total - 1)  # fmt: skip
        b3.button(SKIP, key=f"annot_skipb_{item.id}", on_click=_move, args=(key, item.id, ids, 1, annotator))
    b4.button(UNDO, key=f"annot_undob_{item.id}", on_click=_undo, args=(key, where.corpus_id, annotator, ids),
              help="Undo your last judgment in this corpus (Backspace or u)")  # fmt: skip
    b5.checkbox("Flag this item", key=flag_key, on_change=_flag, args=(item.id, annotator, flag_key))
    with b3:
        show(SKIP_KEY)
    with b4:
        show(UNDO_KEY)
        if undone := st.session_state.pop(UNDONE, None):
            st.caption(md_literal(str(undone), 300))
    with b5:
        show(flag_key)
