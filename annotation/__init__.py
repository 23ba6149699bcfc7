"""The annotation store: people's judgments of summaries, kept in one SQLite file.

:class:`AnnotationStore` holds corpora (documents read by :mod:`rouge_core.io.readers`), versioned
rubrics (default: SummEval's coherence, consistency, fluency, relevance), annotators, their judgments
(with a log of each change, for :meth:`~AnnotationStore.undo_last`), notes / flags / skips, content
units with present / absent ticks, and a per-corpus overlap (:meth:`~AnnotationStore.overlap`: the
items every annotator judges, for agreement), and campaigns (:mod:`.campaigns`: invited members,
r judgments per item, gold cells, adjudications; :mod:`.assignment`: who judges which item next).
Every write commits before it returns. :mod:`.io`
exports and imports judgments as CSV or JSON Lines; :mod:`.published` imports
SummEval's and REALSumm's published judgments and gives the human scores per (system, document).

>>> from rouge_core.io.readers import read_corpus
>>> with AnnotationStore(":memory:") as store:
...     corpus_id = store.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a b", "reference": "a c"}', "x.jsonl"))
...     item = store.items(corpus_id)[0]
...     judgment = store.record(item.id, store.summeval_rubric().criterion("relevance"), "ann", 3)
...     judgment.doc_id, judgment.criterion, judgment.value, judgment.source
('d1', 'relevance', 3, 'annotated')
"""

from .assignment import campaign_order
from .history import Undone
from .io import (
    FORMATS,
    JUDGMENT_COLUMNS,
    UNIT_COLUMNS,
    export_judgments,
    export_unit_judgments,
    import_judgments,
    import_unit_judgments,
)
from .model import (
    ANNOTATED,
    ROLES,
    Adjudication,
    Annotator,
    AnnotatorProgress,
    Campaign,
    ContentUnit,
    CorpusInfo,
    Criterion,
    Disagreement,
    Gold,
    ImportFileError,
    InviteError,
    Item,
    ItemStatus,
    Judgment,
    Member,
    Progress,
    Rubric,
    SchemaError,
    StoreError,
    UnitJudgment,
)
from .published import HumanScore, human_scores, import_published, import_realsumm, import_summeval
from .rubrics import SUMMEVAL_CRITERIA, SUMMEVAL_RUBRIC, CriterionSpec
from .schema import CURRENT_VERSION
from .store import AnnotationStore, data_dir, default_path

__all__ = [
    "ANNOTATED",
    "CURRENT_VERSION",
    "FORMATS",
    "JUDGMENT_COLUMNS",
    "ROLES",
    "SUMMEVAL_CRITERIA",
    "SUMMEVAL_RUBRIC",
    "UNIT_COLUMNS",
    "Adjudication",
    "AnnotationStore",
    "Annotator",
    "AnnotatorProgress",
    "Campaign",
    "ContentUnit",
    "CorpusInfo",
    "Criterion",
    "CriterionSpec",
    "Disagreement",
    "Gold",
    "HumanScore",
    "ImportFileError",
    "InviteError",
    "Item",
    "ItemStatus",
    "Judgment",
    "Member",
    "Progress",
    "Rubric",
    "SchemaError",
    "StoreError",
    "Undone",
    "UnitJudgment",
    "campaign_order",
    "data_dir",
    "default_path",
    "export_judgments",
    "export_unit_judgments",
    "human_scores",
    "import_judgments",
    "import_published",
    "import_realsumm",
    "import_summeval",
    "import_unit_judgments",
]
