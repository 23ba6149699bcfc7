"""The benchmark corpora: deterministic synthetic (candidate, reference) pairs in the shapes the
speed targets are stated in (issue 11).

* ``news``: 10,000 pairs; a ~56-word reference in 3-4 sentences, a ~60-word candidate made from it
  (words replaced, dropped and inserted, phrases moved, now and then a sentence dropped or swapped);
* ``short``: 10,000 pairs of one ~22-word sentence each;
* ``long``: 500 pairs; a ~250-word reference (a summary) vs a ~800-word candidate (a document that
  holds the reference's sentences, perturbed, among sentences of its own).

Words come from one Zipf-like vocabulary (Zipf-Mandelbrot weights over 30,000 types: the head is
English function words, the tail made-up words, some capitalised like names, some numbers), with
commas, full stops and the odd hyphen or apostrophe, so the tokenizers have some work to do.
Everything is drawn from ``random.Random(seed)``: the same seed gives the same text on every
machine and Python version. Standard library only; nothing is written unless asked.

    python -m benchmarks.shapes --out DIR [--shapes news,short,long] [--seed 11]

writes ``DIR/<shape>.jsonl`` (one ``{"id", "candidate", "reference"}`` object a line, sentences
separated by newlines: the format ``python -m rouge_core --input`` reads).

>>> a = list(generate("news", 3)); b = list(generate("news", 3))
>>> a == b, len(a), sorted(a[0])
(True, 3, ['candidate', 'id', 'reference'])
>>> 2 <= a[0]["reference"].count("\\n") <= 3
True
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Optional

#: pairs of each shape in the issue's statement of the targets
SIZES = {"news": 10_000, "short": 10_000, "long": 500}
SEED = 11

_HEAD = (
    "the of and to a in that is was he for it with as his on be at by i this had not are but from "
    "or have an they which one you were her all she there would their we him been has when who will "
    "more no if out so said what up its about into than them can only other new some could time these "
    "two may then do first any my now such like our over man me even most made after also did many "
    "before must through back years where much your way well down should because each just those people "
    "how too little state good very make world still own see men work long get here between both life "
    "being under never day same another know while last might us great old year off come since against "
    "go came right used take three police government minister report city court market company week"
).split()
_ONSETS = "b c d f g h j k l m n p r s t v w z br cl dr fl gr pl pr sh st th tr ch".split()
_VOWELS = "a e i o u a e i o u y ai ea ee ou".split()
_CODAS = ["", "", "", "n", "r", "s", "t", "l", "nd", "st", "ng", "rk", "ck"]
VOCABULARY_SIZE = 30_000
_ZIPF_S = 1.1  # exponent of the rank-frequency law: the top 100 types are ~55% of the tokens
_ZIPF_Q = 1.0  # Mandelbrot's shift (flattens the top ranks); a 300-word text has ~63% distinct types


class Vocabulary:
    """Word types by rank and a sampler with Zipf-Mandelbrot weights 1 / (rank + q)^s."""

    def __init__(self, seed: int = SEED, size: int = VOCABULARY_SIZE) -> None:
        rng = random.Random(f"vocabulary-{seed}")
        words = list(dict.fromkeys(_HEAD))
        seen = set(words)
        while len(words) < size:
            rank = len(words)
            if rng.random() < 0.02:
                word = (
                    str(rng.randrange(2, 10_000))
                    if rng.random() < 0.7
                    else f"{rng.randrange(1, 100)}.{rng.randrange(10)}"
                )
            else:
                word = "".join(
                    rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS)
                    for _ in range(rng.choices((1, 2, 3), (4, 5, 1))[0])
                )
                if rank > 300 and rng.random() < 0.12:  # a name
                    word = word.capitalize()
                elif rank > 300 and rng.random() < 0.01:
                    word = word + "-" + rng.choice(words[:200])
                elif rank > 300 and rng.random() < 0.01:
                    word = word + "'s"
            if word not in seen:
                seen.add(word)
                words.append(word)
        self.words = words
        self.cum_weights = list(itertools.accumulate(1.0 / (r + 1 + _ZIPF_Q) ** _ZIPF_S for r in range(size)))

    def draw(self, rng: random.Random, k: int) -> list[str]:
        return rng.choices(self.words, cum_weights=self.cum_weights, k=k)


def _sentence(words: list[str], rng: random.Random) -> str:
    """Words as a sentence: a capital first letter, the odd comma, a full stop."""
    out = []
    for i, w in enumerate(words):
        if i == 0:
            w = w[:1].upper() + w[1:]
        if 0 < i < len(words) - 2 and rng.random() < 0.06:
            w += ","
        out.append(w)
    return " ".join(out) + "."


def _lengths(rng: random.Random, total: int, parts: int) -> list[int]:
    """``parts`` sentence lengths around ``total / parts`` that add up to ``total``."""
    cuts = sorted(rng.sample(range(1, total), parts - 1)) if parts > 1 else []
    raw = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
    # pull the lengths halfway towards the mean, so no sentence has one or two words
    mean = total / parts
    lengths = [max(3, round((x + mean) / 2)) for x in raw]
    lengths[-1] += total - sum(lengths)
    return lengths if lengths[-1] >= 3 else [total // parts] * (parts - 1) + [total - (total // parts) * (parts - 1)]


def _perturb(
    rng: random.Random, vocab: Vocabulary, words: list[str], replace: float, drop: float, insert: float
) -> list[str]:
    """A paraphrase-like edit of one sentence's words: replaced, dropped, inserted, a phrase moved."""
    out: list[str] = []
    for w in words:
        r = rng.random()
        if r < drop:
            pass
        elif r < drop + replace:
            out.append(vocab.draw(rng, 1)[0])
        else:
            out.append(w)
        if rng.random() < insert:
            out.extend(vocab.draw(rng, rng.randint(1, 2)))
    if len(out) > 6 and rng.random() < 0.3:  # move a phrase of 2-4 words
        n = rng.randint(2, 4)
        i = rng.randrange(len(out) - n)
        phrase, rest = out[i : i + n], out[:i] + out[i + n :]
        j = rng.randrange(len(rest) + 1)
        out = rest[:j] + phrase + rest[j:]
    return out or vocab.draw(rng, 3)


def _news(rng: random.Random, vocab: Vocabulary) -> tuple[str, str]:
    total = max(30, round(rng.gauss(56, 8)))
    ref = [vocab.draw(rng, n) for n in _lengths(rng, total, rng.choice((3, 4)))]
    cand = [_perturb(rng, vocab, s, replace=0.15, drop=0.08, insert=0.10) for s in ref]
    if len(cand) > 3 and rng.random() < 0.15:
        del cand[rng.randrange(len(cand))]
        cand.append(vocab.draw(rng, rng.randint(12, 20)))
    if rng.random() < 0.2:
        i = rng.randrange(len(cand) - 1)
        cand[i], cand[i + 1] = cand[i + 1], cand[i]
    return _text(rng, cand), _text(rng, ref)


def _short(rng: random.Random, vocab: Vocabulary) -> tuple[str, str]:
    ref = vocab.draw(rng, max(8, round(rng.gauss(22, 4))))
    cand = _perturb(rng, vocab, ref, replace=0.18, drop=0.08, insert=0.08)
    return _text(rng, [cand]), _text(rng, [ref])


def _long(rng: random.Random, vocab: Vocabulary) -> tuple[str, str]:
    total = max(150, round(rng.gauss(250, 30)))
    ref = [vocab.draw(rng, n) for n in _lengths(rng, total, max(2, round(total / 21)))]
    # the document: the summary's sentences (perturbed, in order) among ~550 words of its own
    doc = [_perturb(rng, vocab, s, replace=0.2, drop=0.1, insert=0.1) for s in ref]
    own = max(200, round(rng.gauss(800, 60))) - sum(map(len, doc))
    for n in _lengths(rng, own, max(2, round(own / 24))):
        doc.insert(rng.randrange(len(doc) + 1), vocab.draw(rng, n))
    return _text(rng, doc), _text(rng, ref)


def _text(rng: random.Random, sentences: list[list[str]]) -> str:
    return "\n".join(_sentence(s, rng) for s in sentences)


_MAKERS = {"news": _news, "short": _short, "long": _long}


def generate(shape: str, n: Optional[int] = None, seed: int = SEED) -> Iterator[dict[str, str]]:
    """The first ``n`` pairs (default: the shape's size) of ``shape``, as ``{"id", "candidate", "reference"}``.

    The first ``n`` pairs of a shape do not depend on ``n``: a smaller run scores a prefix.
    """
    if shape not in _MAKERS:
        raise ValueError(f"invalid shape {shape!r}: allowed values are {', '.join(_MAKERS)}")
    vocab = _vocabulary(seed)
    rng = random.Random(f"{shape}-{seed}")
    for i in range(SIZES[shape] if n is None else n):
        cand, ref = _MAKERS[shape](rng, vocab)
        yield {"id": f"{shape}-{i + 1}", "candidate": cand, "reference": ref}


_VOCABS: dict[int, Vocabulary] = {}


def _vocabulary(seed: int) -> Vocabulary:
    if seed not in _VOCABS:
        _VOCABS[seed] = Vocabulary(seed)
    return _VOCABS[seed]


def write(out_dir: Path, shape: str, n: Optional[int] = None, seed: int = SEED) -> Path:
    """Write ``out_dir/<shape>.jsonl`` and return its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{shape}.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        for rec in generate(shape, n, seed):
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return path


def one_pair(words: int, seed: int = SEED, sentence_words: int = 25) -> tuple[str, str]:
    """One (candidate, reference) pair of about ``words`` words a side in ``sentence_words``-word
    sentences, the candidate a perturbed copy of the reference (for single-pair latency)."""
    vocab = _vocabulary(seed)
    rng = random.Random(f"pair-{words}-{sentence_words}-{seed}")
    ref = [vocab.draw(rng, n) for n in _lengths(rng, words, max(1, round(words / sentence_words)))]
    cand = [_perturb(rng, vocab, s, replace=0.15, drop=0.1, insert=0.067) for s in ref]
    return _text(rng, cand), _text(rng, ref)


def describe(records: list[dict[str, str]]) -> str:
    """Mean words and sentences of the references and the candidates (a check of the shape)."""

    def stats(key: str) -> str:
        words = [len(r[key].split()) for r in records]
        sents = [r[key].count("\n") + 1 for r in records]
        return f"{key}s {statistics.mean(words):.1f} words in {statistics.mean(sents):.1f} sentences"

    return f"{len(records):,} pairs: {stats('reference')}, {stats('candidate')}"


def main() -> None:
    ap = argparse.ArgumentParser(description="Write the benchmark corpora as JSONL.")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--shapes", default="news,short,long")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("-n", type=int, default=None, help="pairs per shape (default: the shape's size)")
    args = ap.parse_args()
    for shape in args.shapes.split(","):
        path = write(args.out, shape, args.n, args.seed)
        with open(path, encoding="utf-8") as fh:
            print(path, describe([json.loads(line) for line in fh]))


if __name__ == "__main__":
    main()
