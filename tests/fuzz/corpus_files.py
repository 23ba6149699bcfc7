"""Corpus files whose document IDs, system names, texts and file names are the fuzz payloads, in every
format the corpus loader accepts: JSON Lines (generic, SummEval's, REALSumm's), a JSON array, CSV/TSV
tables, zips with a ROUGE-1.5.5 XML config or ``-z`` list, and line-aligned files.

Every corpus is :func:`payload_pairs`' documents: each system has every document, with the same
references, and no reference is empty, so the page can say exactly how many pairs it read.
"""

from __future__ import annotations

import csv
import io
import json
import random
import zipfile
from dataclasses import dataclass
from typing import Optional
from xml.sax.saxutils import escape, quoteattr

from tests.fuzz.payloads import BAD_TEXTS, MD_PAYLOADS

#: The texts a summary can be, the Markdown payloads first (the first item a page shows holds one); the
#: 100,000-character prose is over the pages' budgets: tested apart.
TEXTS = sorted((k for k in BAD_TEXTS if k != "100k-prose"), key=lambda k: not k.startswith("markdown"))
DOC_IDS = [*MD_PAYLOADS, BAD_TEXTS["cjk-emoji"], "e\u0301 a\u0308 \u202eright-to-left", "+cmd|' /C calc'!A0"]
SYSTEMS = [MD_PAYLOADS[0], MD_PAYLOADS[2], BAD_TEXTS["cjk-emoji"]]
#: A table's column names (payloads as well; chosen in the page's column pickers).
ID_COL, SYSTEM_COL, CAND_COL, REF_COL = "id", "system", f"cand {MD_PAYLOADS[1]}", f"ref {MD_PAYLOADS[4]}"
Files = tuple[tuple[str, bytes], ...]


@dataclass(frozen=True)
class Pair:
    """One document of one system."""

    system: str
    doc_id: str
    candidate: str
    reference: str


def payload_pairs(systems: list[str] = SYSTEMS, doc_ids: list[str] = DOC_IDS, seed: Optional[int] = None) -> list[Pair]:
    """Every system on every document; the texts cycle through :data:`TEXTS` (shuffled with ``seed``).

    >>> pairs = payload_pairs()
    >>> len(pairs), pairs[0].candidate == MD_PAYLOADS[0], pairs[0].reference.startswith("police killed the gunman")
    (24, True, True)
    """
    names = list(TEXTS)
    if seed is not None:
        random.Random(seed).shuffle(names)
    out = []
    for s, system in enumerate(systems):
        for d, doc_id in enumerate(doc_ids):
            cand = BAD_TEXTS[names[(d + s) % len(names)]]
            if (d + s) % 3:  # some words in common, so that scores and differences are not all 0
                cand = f"police kill the gunman {cand}"
            ref = f"police killed the gunman {BAD_TEXTS[names[(d + 1) % len(names)]]}"
            out.append(Pair(system, doc_id, cand, ref))
    return out


def one_line(text: str) -> str:
    """A text on one line (line-aligned files, ``-z`` summaries are one sentence a line)."""
    return " ".join(text.split("\n"))


def jsonl(pairs: list[Pair]) -> bytes:
    rows = ({"id": p.doc_id, "system": p.system, "candidate": p.candidate, "references": [p.reference]} for p in pairs)
    return "\n".join(json.dumps(r) for r in rows).encode()


def json_array(pairs: list[Pair]) -> bytes:
    return json.dumps(
        [{"doc_id": p.doc_id, "model_id": p.system, "summary": p.candidate, "reference": p.reference} for p in pairs],
        indent=1,
    ).encode()


def summeval(pairs: list[Pair]) -> bytes:
    rows = (
        {"id": p.doc_id, "model_id": p.system, "decoded": p.candidate, "references": [p.reference], "text": p.doc_id}
        for p in pairs
    )
    return "\n".join(json.dumps(r) for r in rows).encode()


def realsumm(pairs: list[Pair]) -> bytes:
    def tagged(text: str) -> str:
        return " ".join(f"<t> {line} </t>" for line in text.split("\n"))

    rows = (
        {"doc_id": p.doc_id, "system": p.system, "candidate": tagged(p.candidate), "reference": tagged(p.reference)}
        for p in pairs
    )
    return "\n".join(json.dumps(r) for r in rows).encode()


def table(pairs: list[Pair], delimiter: str) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delimiter, lineterminator="\n")
    w.writerow([ID_COL, SYSTEM_COL, CAND_COL, REF_COL])
    w.writerows([p.doc_id, p.system, p.candidate, p.reference] for p in pairs)
    return buf.getvalue().encode()


def zipped(members: dict[str, str | bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in members.items():
            z.writestr(name, text)
    return buf.getvalue()


def zip_xml(pairs: list[Pair]) -> bytes:
    """A ROUGE-1.5.5 XML config: EVAL IDs and peer IDs are the documents' IDs and systems (XML-escaped),
    the summary files' names payload characters."""
    docs = list(dict.fromkeys(p.doc_id for p in pairs))
    systems = list(dict.fromkeys(p.system for p in pairs))
    members: dict[str, str | bytes] = {}
    evals = []
    for d, doc in enumerate(docs):
        ref = next(p.reference for p in pairs if p.doc_id == doc)
        members[f"run/models/![m]({d})·{d}.txt"] = ref
        peers = []
        for p in (p for p in pairs if p.doc_id == doc):
            file = f"![p]({d})·{systems.index(p.system)}.txt"
            members[f"run/peers/{file}"] = p.candidate
            peers.append(f"<P ID={quoteattr(p.system)}>{escape(file)}</P>")
        evals.append(
            f"<EVAL ID={quoteattr(doc)}><PEER-ROOT>peers</PEER-ROOT><MODEL-ROOT>models</MODEL-ROOT>"
            f'<INPUT-FORMAT TYPE="SPL"/><PEERS>{"".join(peers)}</PEERS>'
            f'<MODELS><M ID="1">{escape(f"![m]({d})·{d}.txt")}</M></MODELS></EVAL>'
        )
    members["run/config.xml"] = "<ROUGE-EVAL>" + "".join(evals) + "</ROUGE-EVAL>"
    return zipped(members)


def zip_list(pairs: list[Pair]) -> bytes:
    """A ``-z`` list of one system's documents: evaluation IDs 1, 2, ...; file names without spaces."""
    system = pairs[0].system
    members: dict[str, str | bytes] = {}
    lines = []
    for d, p in enumerate(q for q in pairs if q.system == system):
        peer, model = f"peers/[p]({d}).spl", f"models/![m]({d}).spl"
        members[peer], members[model] = p.candidate, p.reference
        lines.append(f"{peer} {model}")
    members["list.lst"] = "\n".join(lines) + "\n"
    return zipped(members)


def aligned(pairs: list[Pair]) -> Files:
    """A candidate file and a reference file (one system), one summary a line, their names payloads."""
    system = pairs[0].system
    mine = [p for p in pairs if p.system == system]
    cand = "\n".join(one_line(p.candidate) for p in mine) + "\n"
    ref = "\n".join(one_line(p.reference) for p in mine) + "\n"
    return ((f"{MD_PAYLOADS[1]}.txt", cand.encode()), (f"{MD_PAYLOADS[3]}.txt", ref.encode()))
