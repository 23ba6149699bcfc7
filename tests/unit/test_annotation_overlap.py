"""Overlap for agreement: the store keeps an overlap per corpus (default: a pilot of at most 20 items
whole, else 10), blind mode shows the first `overlap` items in one order to everyone, and after two
annotators judge their first 5 items with overlap 5, agreement has 5 pairable units and
shared_counts says so."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from annotation import AnnotationStore, Item, StoreError
from rouge_core.io.readers import read_corpus
from ui.compute.annotate import agreement_table, order, shared_markdown

from .test_annotation_migrations import build


def corpus_bytes(n: int) -> bytes:
    return b"".join(b'{"id": "d%d", "candidate": "c %d", "reference": "r %d"}\n' % (k, k, k) for k in range(n))


def add(s: AnnotationStore, n: int, name: str) -> int:
    return s.add_corpus(read_corpus(corpus_bytes(n), name))


def test_overlap_defaults_and_settings(tmp_path: Path, database: str) -> None:
    path = database
    with AnnotationStore(path) as s:
        pilot, big, edge = add(s, 12, "pilot.jsonl"), add(s, 120, "big.jsonl"), add(s, 21, "edge.jsonl")
        assert (s.overlap(pilot), s.overlap(big), s.overlap(edge)) == (12, 10, 10)
        s.set_overlap(big, 5)
        s.set_overlap(pilot, 0)
        assert (s.overlap(pilot), s.overlap(big)) == (0, 5)
        s.set_overlap(pilot, 500)
        assert s.overlap(pilot) == 12  # never more than the corpus holds
        for bad in (-1, 2.5, True, "3"):
            with pytest.raises(StoreError, match=r"^overlap: .* is not a whole number of items, 0 or more$"):
                s.set_overlap(big, bad)  # type: ignore[arg-type]
        with pytest.raises(StoreError, match="no corpus 999"):
            s.set_overlap(999, 3)
        with pytest.raises(StoreError, match="no corpus 999"):
            s.overlap(999)
        assert s.overlap(big) == 5  # the refused settings changed nothing
    with AnnotationStore(path) as s:  # kept in the file
        assert (s.overlap(s.corpus("pilot.jsonl").id), s.overlap(s.corpus("big.jsonl").id)) == (12, 5)
        s.set_overlap(s.corpus("big.jsonl").id, None)
        assert s.overlap(s.corpus("big.jsonl").id) == 10


def test_a_v3_file_gets_the_default_overlap(tmp_path: Path) -> None:
    path = tmp_path / "v3.sqlite3"
    build(path, 3)
    with AnnotationStore(path) as s:
        assert s.overlap(1) == 3  # its corpus has 3 items: a pilot
        s.set_overlap(1, 1)
        assert s.overlap(1) == 1


def items(n: int) -> list[Item]:
    return [Item(k + 1, 1, k, f"d{k}", "A", (), (), None, {}, "") for k in range(n)]


def old_order(its: list[Item], annotator: str, corpus_hash: str) -> list[Item]:
    """order() before overlaps existed: a resumed annotator must keep this order with overlap 0."""
    seed = int.from_bytes(hashlib.sha256(f"{annotator}\0{corpus_hash}".encode()).digest()[:8], "big")
    return [its[int(i)] for i in np.random.default_rng(seed).permutation(len(its))]


def test_blind_order_shares_the_first_overlap_items() -> None:
    its = items(120)
    ann, bob = order(its, "ann", True, "hash", overlap=5), order(its, "bob", True, "hash", overlap=5)
    assert [i.id for i in ann[:5]] == [i.id for i in bob[:5]]
    assert sorted(i.id for i in ann) == sorted(i.id for i in bob) == list(range(1, 121))
    assert ann[5:] != bob[5:]  # the rest stays shuffled per annotator
    assert ann == order(its, "ann", True, "hash", overlap=5)  # stable
    assert [i.id for i in order(its, "ann", True, "other hash", overlap=5)[:5]] != [i.id for i in ann[:5]]
    assert (
        order(its, "ann", True, "hash") == order(its, "ann", True, "hash", overlap=0) == old_order(its, "ann", "hash")
    )
    assert order(its, "ann", False, "hash", overlap=5) == its  # not blind: everyone has the corpus order
    whole = order(its[:7], "ann", True, "hash", overlap=50)
    assert whole == order(its[:7], "bob", True, "hash", overlap=50) and sorted(i.id for i in whole) == list(range(1, 8))


def judge_first(s: AnnotationStore, cid: int, who: str, k: int, overlap: int, value: int) -> None:
    info = s.corpus("big.jsonl")
    rubric = s.summeval_rubric()
    for item in order(s.items(cid), who, True, info.content_hash, overlap=overlap)[:k]:
        for c in rubric.criteria:
            s.record(item.id, c, who, value + (item.position % 2))


def test_two_blind_annotators_with_overlap_5_have_5_pairable_units(tmp_path: Path, database: str) -> None:
    with AnnotationStore(database) as s:
        cid = add(s, 120, "big.jsonl")
        rubric = s.summeval_rubric()
        s.set_overlap(cid, 5)
        judge_first(s, cid, "ann", 5, s.overlap(cid), 2)
        judge_first(s, cid, "bob", 5, s.overlap(cid), 3)
        assert s.shared_counts(cid, "ann", rubric) == {"bob": 5}
        assert s.shared_counts(cid, "bob", rubric) == {"ann": 5}
        table = agreement_table(s.judgments(cid), [c.name for c in rubric.criteria])
        assert table["items judged by 2+"].tolist() == [5, 5, 5, 5]
        assert table["annotators"].tolist() == [2, 2, 2, 2]
        assert shared_markdown(s.shared_counts(cid, "ann", rubric), s.overlap(cid)) == (
            "Every annotator judges the same first 5 items. Items you share with others so far: bob 5."
        )


def test_without_overlap_the_same_work_pairs_fewer_units(tmp_path: Path, database: str) -> None:
    with AnnotationStore(database) as s:
        cid = add(s, 120, "big.jsonl")
        rubric = s.summeval_rubric()
        judge_first(s, cid, "ann", 5, 0, 2)
        judge_first(s, cid, "bob", 5, 0, 3)
        shared = s.shared_counts(cid, "ann", rubric)["bob"]
        assert shared < 5
        table = agreement_table(s.judgments(cid), [c.name for c in rubric.criteria])
        assert table["items judged by 2+"].tolist() == [shared] * 4


def test_shared_counts_count_complete_items_of_this_rubric_only(tmp_path: Path, database: str) -> None:
    with AnnotationStore(database) as s:
        cid = add(s, 4, "small.jsonl")
        other = add(s, 2, "other.jsonl")
        rubric = s.summeval_rubric()
        first, second, third = s.items(cid)[:3]
        for who, its in (("ann", [first, second, third]), ("bob", [first, second]), ("cy", [third])):
            for item in its:
                for c in rubric.criteria:
                    s.record(item.id, c, who, 3)
        s.record(first.id, rubric.criteria[0], "dee", 3)  # one criterion only: not a judged item
        for c in rubric.criteria:
            s.record(s.items(other)[0].id, c, "eve", 3)  # another corpus
        assert s.shared_counts(cid, "ann", rubric) == {"bob": 2, "cy": 1}
        assert s.shared_counts(cid, "cy", rubric) == {"ann": 1, "bob": 0}
        assert s.shared_counts(cid, "newcomer", rubric) == {"ann": 0, "bob": 0, "cy": 0}
        with pytest.raises(StoreError, match="annotator name: empty"):
            s.shared_counts(cid, " ", rubric)
