"""The stemmers, word by word, on a large word list: rouge_core.text.porter_nltk and the compiled
rouge-score stemmer against NLTK's own ``PorterStemmer()`` (the mode rouge-score 0.1.2 builds: the
default, NLTK_EXTENSIONS); the compiled ROUGE-1.5.5 Porter against the Python one; the chunk engine's
one-call stemming against ``stem_nltk``; and stemming without importing NLTK."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from rouge_core.kernels import backend
from rouge_core.kernels.stemmers import nltk_stem_ids, nltk_steps, rouge_porter
from rouge_core.text.porter_nltk import IRREGULAR, STEP2, STEP3, STEP4, porter_nltk
from rouge_core.text.porter_rouge import STEP2 as R_STEP2
from rouge_core.text.porter_rouge import STEP3 as R_STEP3
from rouge_core.text.porter_rouge import STEP4A, porter_rouge
from rouge_core.text.stem import stem_nltk, stem_rouge155, wordnet_exceptions

ROOT = Path(__file__).resolve().parents[2]
nltk_porter = pytest.importorskip("nltk.stem.porter")
NLTK = nltk_porter.PorterStemmer()  # rouge-score's: PorterStemmer() in its default mode
compiled = pytest.mark.skipif(not backend.current().compiled, reason="numba is not the backend")

#: Every suffix any rule of either stemmer looks at, and the endings step 1 handles.
SUFFIXES = sorted(
    {s for s, _ in STEP2}
    | {s for s, _ in STEP3}
    | set(STEP4)
    | set(R_STEP2)
    | set(R_STEP3)
    | set(STEP4A)
    | {"", "s", "es", "ies", "ied", "sses", "ss", "ed", "eed", "ing", "y", "ly", "e", "ll", "at", "bl", "iz", "sion"}
    | {"tion", "ment", "ent", "li", "logi", "alli"}
)


def _repo_words() -> set[str]:
    """Every [a-z0-9] run of the repository's texts: the sample corpora, the WordNet tables, the
    SMART list and the ROUGE-1.5.5 conformance cases (some 42,000 words)."""
    files = [*ROOT.glob("sample_data/*.json*"), *ROOT.glob("rouge_core/data/*.t*"), *ROOT.glob("tests/**/*.json*")]
    words: set[str] = set()
    for path in files:
        words.update(re.findall(r"[a-z0-9]+", path.read_text(encoding="utf-8", errors="replace").lower()))
    return words


def _made_words(n: int, seed: int) -> set[str]:
    """Stems of up to 7 letters (y-heavy: Porter's y rule is the subtle one) with one or two of the
    rules' suffixes: every step's every rule, and its measure tests at their edges."""
    rng = random.Random(seed)
    letters = "aeiouybcdlmnprstvwxzyyy"
    out: set[str] = set()
    while len(out) < n:
        stem = "".join(rng.choice(letters) for _ in range(rng.randint(0, 7)))
        word = stem + rng.choice(SUFFIXES) + (rng.choice(SUFFIXES) if rng.random() < 0.3 else "")
        out.add(word if rng.random() > 0.1 else "y" + word)  # an initial y is a consonant
    return out


@pytest.fixture(scope="module")
def words() -> list[str]:
    found = sorted((_repo_words() | _made_words(60_000, seed=1)) - {""})
    assert len(found) > 100_000
    return found


def test_the_word_list_reaches_every_rule(words: list[str]) -> None:
    for suffix in SUFFIXES:
        assert sum(w.endswith(suffix) for w in words) >= 20, suffix


def test_porter_nltk_is_nltk_on_every_word(words: list[str]) -> None:
    assert [w for w in words if porter_nltk(w) != NLTK.stem(w)] == []


def test_porter_nltk_lowers_like_nltk() -> None:
    odd = ["Dying", "SKIES", "Running", "ÉTÉS", "naïvely", "İstanbul", "\u212aings", "a-b-cing", "yy", "Y", "ab"]
    assert [porter_nltk(w) for w in odd] == [NLTK.stem(w) for w in odd]


@compiled
def test_compiled_nltk_steps_are_nltk_on_every_word(words: list[str]) -> None:
    steps = nltk_steps()
    assert steps is not None
    assert [w for w in words if w not in IRREGULAR and len(w) > 2 and steps(w) != NLTK.stem(w)] == []


def test_stem_nltk_is_rouge_score_on_every_word(words: list[str]) -> None:
    """rouge-score stems a token only when it is longer than 3 characters."""
    mixed = words + [w.upper() for w in words[::50]] + ["naïvely", "\u212aings", "it's", "a.b.cing"]
    assert [w for w in mixed if stem_nltk(w) != (w if len(w) <= 3 else NLTK.stem(w))] == []


@compiled
def test_compiled_rouge_porter_is_the_python_rule_on_every_word(words: list[str]) -> None:
    porter = rouge_porter()
    assert porter is not None
    assert [w for w in words if porter(w) != porter_rouge(w)] == []


def test_stem_rouge155_on_every_word(words: list[str]) -> None:
    """The exception table first, then the compiled Porter, or the Python one for what it does not read."""
    table = wordnet_exceptions()
    mixed = words[::3] + ["Yelling", "naïvely", "it's", "agreement\n", "fundamental."]
    for exceptions in (True, False):
        for w in mixed:
            if len(w) <= 3:
                expected = w
            else:
                expected = (table.get(w) if exceptions else None) or porter_rouge(w)
            assert stem_rouge155(w, exceptions) == expected, (w, exceptions)


@compiled
def test_chunk_stem_ids_number_the_stems_like_the_key_function(words: list[str]) -> None:
    """The chunk engine's one call: word i of the buffer gets the id of its stem, ids in order of first
    appearance, exactly as numbering ``stem_nltk``'s answers would (upper case lowered, as NLTK does)."""
    sample = words[::4] + ["Dying", "DIE", "was", "Was"]
    text = " ".join(sample).encode("ascii")
    starts = np.array([m.start() for m in re.finditer(rb"\S+", text)])
    ends = np.array([m.end() for m in re.finditer(rb"\S+", text)])
    out = nltk_stem_ids(np.frombuffer(text, dtype=np.uint8), starts, ends)
    assert out is not None
    numbered: dict[str, int] = {}
    expected = [numbered.setdefault(stem_nltk(w.lower()), len(numbered)) for w in sample]
    assert out[0].tolist() == expected and out[1] == len(numbered)


def test_stemming_does_not_import_nltk() -> None:
    """NLTK costs half a second of CPU to import: rouge-score's stems come from rouge_core's own rules."""
    code = (
        "import sys, rouge_core; from rouge_core.text.stem import stem_nltk; "
        "rouge_core.score_batch([('dying skies', 'die sky')], "
        "rouge_core.RougeConfig(profile='rouge-score', stem=True)); "
        "print(json.dumps([stem_nltk('generalizations'), 'nltk' in sys.modules]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", "import json; " + code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout) == ["gener", False]
