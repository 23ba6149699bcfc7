"""Build rouge_core/data/wordnet30_synonyms.tsv, the synonym table of "What does ROUGE miss?".

The app must not need WordNet at run time, so this script reads WordNet 3.0's database once (Debian's
``wordnet-base`` puts it in /usr/share/wordnet; nltk's ``WordNetCorpusReader`` reads that folder) and
writes a small table: for every single-word lemma with a tagged sense (a SemCor count above 0 in
``cntlist.rev``: the words that occur in running text), the other single-word lemmas of its most
frequent sense (the synset in which the word's count is highest; ties: WordNet's order, nouns first),
at most three, in WordNet's order; then the regular inflections of those nouns and verbs with their
synonyms inflected the same way ("films": "movies pictures pics"; see ``_inflected``).

Run: ``python3 scripts/build_synonyms.py [WORDNET_DIR]`` (default /usr/share/wordnet). The output is
deterministic: the same database gives the same file, byte for byte.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "rouge_core" / "data" / "wordnet30_synonyms.tsv"
MAX_SYNONYMS = 3
_WORD = re.compile(r"^[a-z]+$")  # single words, letters only: what the perturbation can put in a sentence

HEADER = (
    "# Synonyms from WordNet 3.0 (Princeton University; see WORDNET-3.0-LICENSE.txt), built by "
    "scripts/build_synonyms.py:\n"
    "# word<TAB>the other single-word lemmas of its most frequent sense, space separated (at most 3);\n"
    "# a regular inflection of a noun or verb (films, started) has its synonyms inflected the same way\n"
)


# WordNet 3.0's lexicographer file names (its lexnames file): Debian's wordnet-base leaves the file out
# and nltk's reader needs it to open the database; the names only label synsets, the table does not use them.
LEXNAMES = (
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body "
    "noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location "
    "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process "
    "noun.quantity noun.relation noun.shape noun.state noun.substance noun.time verb.body verb.change "
    "verb.cognition verb.communication verb.competition verb.consumption verb.contact verb.creation "
    "verb.emotion verb.motion verb.perception verb.possession verb.social verb.stative verb.weather adj.ppl"
).split()
_LEX_CATEGORY = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}


def _database(wordnet_dir: str, into: Path) -> Path:
    """A folder nltk can read: a copy of the database's files (nltk refuses links that leave its folder),
    and a lexnames file if the database has none."""
    for f in Path(wordnet_dir).iterdir():
        if f.is_file():
            shutil.copyfile(f, into / f.name)
    if not (into / "lexnames").exists():
        rows = (f"{i:02d}\t{name}\t{_LEX_CATEGORY[name.split('.')[0]]}\n" for i, name in enumerate(LEXNAMES))
        (into / "lexnames").write_text("".join(rows), encoding="utf-8")
    return into


def build(wordnet_dir: str) -> dict[str, list[str]]:
    """The table: word -> synonyms (only words with at least one)."""
    import nltk  # a development dependency only
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    with tempfile.TemporaryDirectory() as tmp:
        folder = _database(wordnet_dir, Path(tmp))
        # nltk reads only folders on its data path (its path sandbox): authorise this one.
        nltk.data.path.append(str(folder))

        class Reader(WordNetCorpusReader):  # type: ignore[misc]
            def map_wn(self, version: str = "wordnet") -> None:
                """No mapping to nltk's own WordNet copy (it serves the multilingual data, unused here,
                and is not installed)."""
                return None

        return _table(Reader(str(folder), None), wordnet_dir)


def _table(wn: Any, wordnet_dir: str) -> dict[str, list[str]]:
    names = {name.lower() for name in wn.all_lemma_names()}
    lemmas: dict[str, tuple[str, list[str]]] = {}
    for word in sorted(names):
        if not _WORD.match(word):
            continue
        best, best_count = None, 0
        for synset in wn.synsets(word):
            count = sum(lemma.count() for lemma in synset.lemmas() if lemma.name().lower() == word)
            if count > best_count:  # strictly greater: the first of equal senses wins
                best, best_count = synset, count
        if best is None:  # no tagged sense: a rare word
            continue
        others = []
        for lemma in best.lemmas():
            name = lemma.name().lower()
            if _WORD.match(name) and name != word and name not in others:
                others.append(name)
        if others:
            lemmas[word] = (best.pos(), others[:MAX_SYNONYMS])
    table = {w: syns for w, (_, syns) in lemmas.items()}
    for form, syns in _inflected(lemmas, names, _irregular(wordnet_dir)).items():
        table.setdefault(form, syns)
    return dict(sorted(table.items()))


# Regular inflections, so that "films" finds "movies": a noun's plural, a verb's -s, -ed and -ing forms.
# A word that may double its last consonant (stop -> stopped: consonant, vowel, consonant) or has an
# irregular form in WordNet's exception lists (run -> ran, child -> children) is left out, and so is a
# form that is a WordNet lemma itself (its own senses come first).
_VOWELS = frozenset("aeiou")


def _may_double(w: str) -> bool:
    return len(w) >= 3 and w[-1] not in _VOWELS | set("wxy") and w[-2] in _VOWELS and w[-3] not in _VOWELS


def _s_form(w: str) -> str | None:
    if w.endswith(("s", "x", "z", "ch", "sh")):
        return w + "es" if not w.endswith("s") else None  # "news", "glass": no safe rule
    return w[:-1] + "ies" if w.endswith("y") and w[-2:-1] not in _VOWELS else w + "s"


def _ed_form(w: str) -> str | None:
    if _may_double(w):
        return None
    if w.endswith("e"):
        return w + "d"
    return w[:-1] + "ied" if w.endswith("y") and w[-2:-1] not in _VOWELS else w + "ed"


def _ing_form(w: str) -> str | None:
    if _may_double(w) or w.endswith("ie"):
        return None
    return w[:-1] + "ing" if w.endswith("e") and not w.endswith(("ee", "ye", "oe")) else w + "ing"


_FORMS = {"n": (_s_form,), "v": (_s_form, _ed_form, _ing_form)}


def _irregular(wordnet_dir: str) -> dict[str, set[str]]:
    """Per part of speech, the lemmas with an irregular form (WordNet's noun.exc and verb.exc)."""
    out: dict[str, set[str]] = {}
    for pos, name in (("n", "noun.exc"), ("v", "verb.exc")):
        lines = Path(wordnet_dir, name).read_text(encoding="utf-8").splitlines()
        out[pos] = {lemma for line in lines for lemma in line.split()[1:]}
    return out


def _inflected(
    lemmas: dict[str, tuple[str, list[str]]], names: set[str], irregular: dict[str, set[str]]
) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for word, (pos, syns) in lemmas.items():
        odd = irregular.get(pos, set())
        if word in odd:
            continue
        for form_of in _FORMS.get(pos, ()):
            form = form_of(word)
            if form is None or form in names or form in out:
                continue
            forms = [f for s in syns if s not in odd and (f := form_of(s)) is not None]
            if forms:
                out[form] = forms
    return out


def main(argv: list[str]) -> int:
    wordnet_dir = argv[1] if len(argv) > 1 else "/usr/share/wordnet"
    if not Path(wordnet_dir, "data.noun").is_file():
        print(f"{wordnet_dir}: no WordNet database here (apt-get install wordnet-base)", file=sys.stderr)
        return 2
    table = build(wordnet_dir)
    lines = "".join(f"{w}\t{' '.join(s)}\n" for w, s in table.items())
    OUT.write_text(HEADER + lines, encoding="utf-8")
    print(f"{OUT}: {len(table):,} words, {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
