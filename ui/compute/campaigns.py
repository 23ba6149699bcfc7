"""What the Campaigns page needs besides widgets: an invite's link, the dashboard's tables (progress per
annotator, Krippendorff's alpha per criterion over the campaign's members), the disagreements list,
the campaign's judgments as a file, with or without the organiser's adjudications, and the campaign's
revision (what the agreement and the files were made of, so a stale one is never offered). No widgets here."""

from __future__ import annotations

import hashlib
import json
import math
from typing import Optional, Sequence
from urllib.parse import urlsplit

import pandas as pd

from annotation import JUDGMENT_COLUMNS, AnnotationStore, AnnotatorProgress, Campaign, Disagreement, Judgment, Rubric
from rouge_core.io.csv_writer import write_csv
from rouge_core.stats.alpha_interval import alpha_interval
from ui.compute.annotate import LEVELS, agreement_table, reliability_matrix

#: Resamples of the items behind each interval of the dashboard's alpha.
INTERVAL_SAMPLES = 1000

#: The Annotate page's url path (app.py): an invite link opens it.
ANNOTATE_PATH = "annotate"
#: The Campaigns page's url path: an organiser's invite link opens it.
CAMPAIGNS_PATH = "campaigns"
#: The column an export adds for the organiser's adjudicated value of each judgment's cell.
ADJUDICATED = "adjudicated"


def invite_link(page_url: str, token: str, base_path: str = "", page: str = ANNOTATE_PATH) -> str:
    """The link an invited person opens: this server's origin (from the page's own URL), the app's
    base path, the page (Annotate for an annotator) and the token.

    >>> invite_link("https://lens.example.org/campaigns?key=x", "T0k")
    'https://lens.example.org/annotate?invite=T0k'
    >>> invite_link("http://localhost:8501/", "T0k", "/lens/")
    'http://localhost:8501/lens/annotate?invite=T0k'
    """
    parts = urlsplit(page_url)
    origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else "http://localhost:8501"
    base = base_path.strip("/")
    return f"{origin}/{base + '/' if base else ''}{page}?invite={token}"


def campaign_rubric(store: AnnotationStore, campaign: Campaign) -> Rubric:
    """The rubric version the campaign is judged on."""
    return next(r for r in store.rubrics() if r.id == campaign.rubric_id)


def campaign_judgments(store: AnnotationStore, campaign: Campaign, rubric: Rubric) -> list[Judgment]:
    """The judgments of the campaign: its corpus, its rubric version, by its members."""
    members = {m.annotator for m in store.members(campaign.id)}
    wanted = {c.id for c in rubric.criteria}
    return [j for j in store.judgments(campaign.corpus_id) if j.criterion_id in wanted and j.annotator in members]


def progress_table(rows: Sequence[AnnotatorProgress]) -> pd.DataFrame:
    """The dashboard's table: one row per annotator (gold accuracy NaN before a gold cell is judged).

    >>> row = AnnotatorProgress("ann", 3, 1, 12.5, 4, 3, 1, 2)
    >>> progress_table([row]).iloc[0].to_dict()["gold accuracy"]
    0.75
    """
    columns = ["annotator", "items done", "assigned", "median seconds per item", "gold accuracy", "flags", "notes"]
    return pd.DataFrame(
        [
            [
                p.annotator,
                p.done,
                p.assigned,
                math.nan if p.seconds_per_item is None else p.seconds_per_item,
                p.gold_correct / p.gold_checked if p.gold_checked else math.nan,
                p.flags,
                p.notes,
            ]
            for p in rows
        ],
        columns=columns,
    )


def campaign_agreement(store: AnnotationStore, campaign: Campaign) -> pd.DataFrame:
    """Krippendorff's alpha per criterion so far, over the campaign's members' judgments (the Annotate
    page's agreement table, :func:`ui.compute.annotate.agreement_table`), each level with its 95 %
    bootstrap interval over the items (:func:`rouge_core.stats.alpha_interval.alpha_interval`, seeded:
    the same judgments give the same interval)."""
    rubric = campaign_rubric(store, campaign)
    members = sorted({m.annotator for m in store.members(campaign.id)})
    judgments = campaign_judgments(store, campaign, rubric)
    table = agreement_table(judgments, [c.name for c in rubric.criteria], members)
    for level in LEVELS:
        cells = []
        for criterion in rubric.criteria:
            matrix, _, people = reliability_matrix(judgments, criterion.name, members)
            res = alpha_interval(matrix, level, samples=INTERVAL_SAMPLES) if len(people) >= 2 else None
            cells.append("" if res is None or math.isnan(res.low) else f"{res.low:.3f} to {res.high:.3f}")
        table.insert(list(table.columns).index(f"alpha ({level})") + 1, f"95% interval ({level})", cells)
    return table


def disagreement_rows(store: AnnotationStore, campaign: Campaign, cells: Sequence[Disagreement]) -> pd.DataFrame:
    """The disagreements as a table: document, system, criterion, spread, values, and whether the
    organiser adjudicated the cell."""
    done = {(a.item_id, a.criterion): a.value for a in store.adjudications(campaign.id)}
    items = {it.id: it for it in store.items(campaign.corpus_id)}
    rows = []
    for d in cells:
        item = items[d.item_id]
        values = d.values.values()
        rows.append(
            {
                "document": item.doc_id,
                "system": item.system,
                "criterion": d.criterion,
                "spread": max(values) - min(values),
                "values": ", ".join(f"{who}: {v:g}" for who, v in d.values.items()),
                "adjudicated": "" if (d.item_id, d.criterion) not in done else f"{done[(d.item_id, d.criterion)]:g}",
            }
        )
    columns = ["document", "system", "criterion", "spread", "values", "adjudicated"]
    return pd.DataFrame(rows, columns=columns)


def campaign_export(store: AnnotationStore, campaign: Campaign, fmt: str, adjudicated: bool) -> str:
    """The campaign's judgments (its members', on its rubric) as CSV or JSON Lines, in the columns of
    :func:`annotation.export_judgments`, plus an ``adjudicated`` column (the organiser's value of the
    cell, empty when not adjudicated) when asked. CSV goes through the project's CSV writer, which
    neutralises cells that start like a formula.
    """
    rubric = campaign_rubric(store, campaign)
    done = {(a.item_id, a.criterion): a.value for a in store.adjudications(campaign.id)} if adjudicated else {}
    columns: tuple[str, ...] = JUDGMENT_COLUMNS + ((ADJUDICATED,) if adjudicated else ())
    rows: list[list[object]] = []
    for j in campaign_judgments(store, campaign, rubric):
        row: list[object] = [j.corpus, j.doc_id, j.system, j.criterion, j.annotator, j.value]
        row += [j.rubric, j.rubric_version, j.source, j.created_at, j.updated_at]
        if adjudicated:
            value: Optional[float] = done.get((j.item_id, j.criterion))
            row.append("" if value is None else value)
        rows.append(row)
    if fmt == "jsonl":
        return "".join(json.dumps(dict(zip(columns, r)), ensure_ascii=False) + "\n" for r in rows)
    return write_csv(columns, rows)


def campaign_revision(store: AnnotationStore, campaign: Campaign) -> str:
    """A fingerprint of what the campaign's agreement table and export files are made of: its members,
    every judgment of its corpus (cell, annotator, value, source, when last changed) and its adjudications.
    Any judgment recorded or changed, adjudication made or member invited gives another fingerprint.
    It reads the rows but computes nothing from them; a count alone would miss a value changed in place.

    >>> from annotation import AnnotationStore
    >>> from rouge_core.io.readers import read_corpus
    >>> s = AnnotationStore(":memory:")
    >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
    >>> camp = s.create_campaign(cid, "pilot", s.summeval_rubric())
    >>> before = campaign_revision(s, camp)
    >>> before == campaign_revision(s, camp), len(before)
    (True, 64)
    >>> _ = s.record(s.item_ids(cid)[0], s.summeval_rubric().criteria[0], "al", 3)
    >>> campaign_revision(s, camp) == before
    False
    """
    digest = hashlib.sha256()
    for member in store.members(campaign.id):
        digest.update(repr((member.annotator, member.role)).encode())
    digest.update(b"\0")
    for j in store.judgments(campaign.corpus_id):
        digest.update(repr((j.item_id, j.criterion_id, j.annotator, j.value, j.source, j.updated_at)).encode())
    digest.update(b"\0")
    for a in store.adjudications(campaign.id):
        digest.update(repr((a.item_id, a.criterion, a.value, a.organiser, a.at)).encode())
    return digest.hexdigest()
