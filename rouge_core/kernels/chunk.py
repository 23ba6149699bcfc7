"""A chunk of pairs in a few calls: tokens from UTF-8 bytes, exact word ids, every count at once.

What :mod:`rouge_core.batch.compiled` runs for :func:`rouge_core.score_batch`. The steps are those of
the per-pair path, compiled:

* :func:`tokenize`: ASCII letters are lower-cased, a token is a run of ``[a-z0-9]`` bytes, and a
  sentence is a non-empty line (``\\n``), as :func:`rouge_core.text.tokenize.analyze_keys` splits. On
  UTF-8 bytes this is exactly the ``rouge155`` tokenizer (``[A-Za-z0-9]+``, lower-cased: every
  non-ASCII byte is >= 0x80, so it separates) and, on text already passed through Python's
  ``lower()``, the ``rouge-score`` one (``[a-z0-9]+`` runs of the lower-cased text).
* :func:`intern_pairs`: the same word gets the same id within its pair (an open-addressing table
  over the bytes, with the bytes compared on every hash match: exact, whatever the hash does), or
  within the whole chunk when words are mapped to keys.
* :func:`compact`: words mapped to keys (stemming) or dropped (stopwords), by a table made in
  Python from each distinct word once.
* :func:`chunk_counts`: per (pair, reference), ROUGE-N hits for every n (n-grams renumbered level by
  level, clipped by counting), the union LCS of ROUGE-L and ROUGE-W (:func:`.union.union_hit`), the
  flat LCS (:func:`.bitlcs.lcs_length`) and skip-bigram hits (:func:`.skip.skip_hits`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..measures import ngrams
from ..measures.registry import Family, kernel_code
from ._jit import jit
from .bitlcs import lcs_length
from .skip import pair_total, skip_hits, unigram_total
from .union import union_hit

U8 = npt.NDArray[np.uint8]
U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

#: The row codes of the measure families (the measure registry's ``kernel_code``): a chunk's rows
#: are told by these, never by their position.
ROW_N = kernel_code(Family.N)
ROW_L = kernel_code(Family.L)
ROW_LFLAT = kernel_code(Family.LFLAT)
ROW_W = kernel_code(Family.W)
ROW_S = kernel_code(Family.S)
ROW_SU = kernel_code(Family.SU)

FNV_OFFSET = np.uint64(0xCBF29CE484222325)
FNV_PRIME = np.uint64(0x100000001B3)


#: ROUGE-N's totals, compiled from the Python rule itself (:func:`rouge_core.measures.ngrams.ngram_total`).
ngram_total = jit(ngrams.ngram_total)


@jit
def tokenize(buf: U8, text_start: I64, text_end: I64, word: U8) -> tuple[I64, I64, I64, I64, I64, I64, U64]:
    """Lower-case ``buf``'s ASCII letters (in place) and cut every text ``buf[text_start[t]:text_end[t]]``
    into tokens (runs of bytes ``b`` with ``word[b]``: the tokenizer's
    :class:`~rouge_core.text.tokenize.ByteRule`) and sentences.

    Returns (token starts, token ends (byte offsets), each text's first token and the end,
    sentence first tokens, sentence ends (token indices), each text's first sentence and the end,
    each token's FNV-1a hash of its bytes for :func:`intern`).
    """
    n_texts = text_start.shape[0]
    for i in range(buf.shape[0]):
        if 65 <= buf[i] <= 90:
            buf[i] += 32
    cap = buf.shape[0] // 2 + n_texts + 1  # a token or a sentence takes a byte and a separator
    tok_start = np.empty(cap, dtype=np.int64)
    tok_end = np.empty(cap, dtype=np.int64)
    tok_hash = np.empty(cap, dtype=np.uint64)
    sent_begin = np.empty(cap, dtype=np.int64)
    sent_end = np.empty(cap, dtype=np.int64)
    text_tok = np.empty(n_texts + 1, dtype=np.int64)
    text_sent = np.empty(n_texts + 1, dtype=np.int64)
    nt = 0
    ns = 0
    for t in range(n_texts):
        text_tok[t] = nt
        text_sent[t] = ns
        start, stop = text_start[t], text_end[t]
        line_start = start
        line_tok = nt
        in_word = False
        h = FNV_OFFSET
        for i in range(start, stop + 1):
            b = buf[i] if i < stop else 10  # the text's end ends its last line
            if i < stop and word[b]:
                if not in_word:
                    tok_start[nt] = i
                    in_word = True
                    h = FNV_OFFSET
                h = (h ^ np.uint64(b)) * FNV_PRIME
                continue
            if in_word:
                tok_end[nt] = i
                tok_hash[nt] = h
                nt += 1
                in_word = False
            if b == 10:
                if i > line_start:  # a non-empty line (spaces only included) is a sentence
                    sent_begin[ns] = line_tok
                    sent_end[ns] = nt
                    ns += 1
                line_start = i + 1
                line_tok = nt
    text_tok[n_texts] = nt
    text_sent[n_texts] = ns
    return tok_start[:nt], tok_end[:nt], text_tok, sent_begin[:ns], sent_end[:ns], text_sent, tok_hash[:nt]


@jit
def _same(buf: U8, a0: int, a1: int, b0: int, b1: int) -> bool:
    if a1 - a0 != b1 - b0:
        return False
    for k in range(a1 - a0):
        if buf[a0 + k] != buf[b0 + k]:
            return False
    return True


@jit
def compact(ids: I64, key_of: I64, text_tok: I64, sent_begin: I64, sent_end: I64) -> tuple[I64, I64, I64, I64]:
    """Every token's word id replaced by ``key_of[word]``; tokens whose key is -1 (stopwords) dropped,
    the text and sentence bounds moved with them (a sentence may become empty, as in Python)."""
    new_index = np.empty(ids.shape[0] + 1, dtype=np.int64)  # old token index -> new index
    out = np.empty(ids.shape[0], dtype=np.int64)
    n = 0
    for t in range(ids.shape[0]):
        new_index[t] = n
        k = key_of[ids[t]]
        if k >= 0:
            out[n] = k
            n += 1
    new_index[ids.shape[0]] = n
    tt = np.empty(text_tok.shape[0], dtype=np.int64)
    for i in range(text_tok.shape[0]):
        tt[i] = new_index[text_tok[i]]
    sb = np.empty(sent_begin.shape[0], dtype=np.int64)
    se = np.empty(sent_end.shape[0], dtype=np.int64)
    for i in range(sent_begin.shape[0]):
        sb[i] = new_index[sent_begin[i]]
        se[i] = new_index[sent_end[i]]
    return out[:n], tt, sb, se


GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing


@jit
def relabel(codes: I64) -> tuple[I64, int]:
    """Each code's dense label in order of first appearance (equal codes, equal label), and how many
    labels: an open-addressing table keyed by the codes themselves (exact)."""
    n = codes.shape[0]
    bits = 4
    while (1 << bits) < 2 * n:
        bits += 1
    shift = np.uint64(64 - bits)
    mask = np.int64((1 << bits) - 1)
    slot_code = np.empty(1 << bits, dtype=np.int64)
    slot_label = np.full(1 << bits, -1, dtype=np.int64)
    out = np.empty(n, dtype=np.int64)
    labels = 0
    for i in range(n):
        code = codes[i]
        s = np.int64((np.uint64(code) * GOLDEN) >> shift)
        while True:
            if slot_label[s] < 0:
                slot_code[s] = code
                slot_label[s] = labels
                out[i] = labels
                labels += 1
                break
            if slot_code[s] == code:
                out[i] = slot_label[s]
                break
            s = (s + np.int64(1)) & mask
    return out, labels


@jit
def ngram_hits(c: I64, r: I64, vocab: int, max_n: int, out: I64) -> None:
    """``out[n-1]`` = clipped n-gram hits of ``c`` and ``r`` (ids below ``vocab``) for n = 1..max_n.

    Level n's n-grams get dense ids from the pairs (id of the (n-1)-gram, last token), numbered by
    :func:`relabel`; each reference n-gram then takes one of the candidate's
    remaining copies: sum of min(counts)."""
    lc, lr = c.shape[0], r.shape[0]
    prev_c, prev_r = c, r
    nv = vocab
    for n in range(1, max_n + 1):
        mc, mr = lc - n + 1, lr - n + 1
        if mc <= 0 or mr <= 0:
            for k in range(n, max_n + 1):
                out[k - 1] = 0
            return
        if n == 1:
            cur_c, cur_r = c, r
        else:
            codes = np.empty(mc + mr, dtype=np.int64)
            for i in range(mc):
                codes[i] = prev_c[i] * vocab + c[i + n - 1]
            for i in range(mr):
                codes[mc + i] = prev_r[i] * vocab + r[i + n - 1]
            cur, nv = relabel(codes)
            cur_c, cur_r = cur[:mc], cur[mc:]
        left = np.zeros(nv, dtype=np.int64)
        for x in cur_c:
            left[x] += 1
        hit = 0
        for x in cur_r:
            if left[x] > 0:
                left[x] -= 1
                hit += 1
        out[n - 1] = hit
        prev_c, prev_r = cur_c, cur_r


@jit
def _offsets(sent_begin: I64, sent_end: I64, s0: int, s1: int, t0: int, t1: int) -> I64:
    """A text's sentence starts and its end, relative to its first token ``t0``."""
    off = np.empty(s1 - s0 + 1, dtype=np.int64)
    for s in range(s0, s1):
        off[s - s0] = sent_begin[s] - t0
    off[s1 - s0] = t1 - t0
    return off


@jit
def intern_pairs(
    buf: U8, tok_start: I64, tok_end: I64, tok_hash: U64, text_tok: I64, pair_text: I64
) -> tuple[I64, I64, I64]:
    """Each token's word id within its pair (equal bytes, equal id, in order of first appearance in
    the pair: an open-addressing table per pair, the bytes compared on every hash match), each
    pair's number of ids, and the first token of each of the last pair's words. One "pair" of every
    text (``pair_text = [0, texts]``) numbers the words of the whole chunk."""
    ids = np.empty(tok_start.shape[0], dtype=np.int64)
    first_tok = np.empty(tok_start.shape[0], dtype=np.int64)  # a word's first token (its bytes)
    vocab = np.zeros(pair_text.shape[0] - 1, dtype=np.int64)
    for p in range(pair_text.shape[0] - 1):
        a0, a1 = text_tok[pair_text[p]], text_tok[pair_text[p + 1]]
        size = 16
        while size < 2 * (a1 - a0):
            size *= 2
        mask = np.uint64(size - 1)
        slot = np.full(size, -1, dtype=np.int64)  # a word id
        words = 0
        for t in range(a0, a1):
            h = tok_hash[t]
            s = h & mask
            while True:
                w = slot[s]
                if w < 0:
                    slot[s] = words
                    first_tok[words] = t
                    ids[t] = words
                    words += 1
                    break
                u = first_tok[w]
                if tok_hash[u] == h and _same(buf, tok_start[u], tok_end[u], tok_start[t], tok_end[t]):
                    ids[t] = w
                    break
                s = (s + np.uint64(1)) & mask
        vocab[p] = words
    return ids, vocab, first_tok


@jit
def localize(ids: I64, n_keys: int, text_tok: I64, pair_text: I64) -> tuple[I64, I64]:
    """Chunk-wide ids (below ``n_keys``) renumbered within each pair, in order of first appearance,
    and each pair's number of ids."""
    local = np.full(n_keys, -1, dtype=np.int64)
    lid = np.empty(ids.shape[0], dtype=np.int64)
    vocab = np.zeros(pair_text.shape[0] - 1, dtype=np.int64)
    for p in range(pair_text.shape[0] - 1):
        a0, a1 = text_tok[pair_text[p]], text_tok[pair_text[p + 1]]
        v = 0
        for t in range(a0, a1):
            w = ids[t]
            if local[w] < 0:
                local[w] = v
                v += 1
            lid[t] = local[w]
        for t in range(a0, a1):
            local[ids[t]] = -1
        vocab[p] = v
    return lid, vocab


@jit
def chunk_counts(
    lid: I64,
    pair_vocab: I64,
    text_tok: I64,
    sent_begin: I64,
    sent_end: I64,
    text_sent: I64,
    pair_text: I64,
    measures: I64,
    lcs_budget: bool,
    wlcs_weighted: bool,
    f: F64,
    distance: int,
    su_last: bool,
    hit: F64,
    model: F64,
    peer: F64,
    w_base: F64,
) -> None:
    """Every count of every (pair, reference) row of a chunk.

    ``lid`` are the tokens' ids within their pair, below ``pair_vocab[p]`` (:func:`intern_pairs`,
    :func:`localize`): small bit masks and count arrays. Pair ``p``'s texts are ``pair_text[p]``
    (the candidate) up to ``pair_text[p+1]`` (its references); row ``pair_text[p] - p + k`` is
    its reference ``k``. ``measures[m]`` = (family code, n) says what measure ``m`` is: a family's
    ``kernel_code`` in the measure registry (:data:`ROW_N`, ...) and, for ROUGE-N, its n.
    ``hit``/``model``/``peer`` are (measures, rows). ROUGE-W's model and peer are left to the
    caller (they need ``pow``); ``w_base[row]`` = sum of f(sentence length) over the reference's
    sentences.
    """
    # Plain (not literal) constants: numba compiles a callee once per literal argument (and types a
    # call with a variable's first literal value on the way), so a literal False in one call and True
    # in another compiled union_hit, union_credit, union_marks and skip_hits once each per literal
    # (about 2x the chunk kernels' first compilation); bool(np.bool_(x)) and np.int64(x) are typed plain.
    yes, no = bool(np.bool_(True)), bool(np.bool_(False))
    max_n = np.int64(0)
    offsets = False
    for m in range(measures.shape[0]):
        if measures[m, 0] == ROW_N:
            max_n = max(max_n, measures[m, 1])
        elif measures[m, 0] == ROW_L or measures[m, 0] == ROW_W:
            offsets = True
    grams = np.empty(max(max_n, 1), dtype=np.int64)
    f0 = np.zeros(1, dtype=np.float64)
    r_off = np.zeros(1, dtype=np.int64)
    for p in range(pair_text.shape[0] - 1):
        first, stop = pair_text[p], pair_text[p + 1]
        v = pair_vocab[p]
        c0, c1 = text_tok[first], text_tok[first + 1]
        c = lid[c0:c1]
        lc = c1 - c0
        c_off = _offsets(sent_begin, sent_end, text_sent[first], text_sent[first + 1], c0, c1)
        for ref_text in range(first + 1, stop):
            row = ref_text - p - 1
            r0, r1 = text_tok[ref_text], text_tok[ref_text + 1]
            r = lid[r0:r1]
            lr = r1 - r0
            if max_n > 0:
                ngram_hits(c, r, v, max_n, grams)
            if offsets:
                r_off = _offsets(sent_begin, sent_end, text_sent[ref_text], text_sent[ref_text + 1], r0, r1)
            for m in range(measures.shape[0]):
                code = measures[m, 0]
                if code == ROW_N:
                    n = measures[m, 1]
                    hit[m, row] = grams[n - 1]
                    model[m, row] = ngram_total(lr, n)
                    peer[m, row] = ngram_total(lc, n)
                elif code == ROW_L:
                    hit[m, row] = union_hit(r, r_off, c, c_off, v, f0, no, f0, no, r, c, lcs_budget)
                    model[m, row] = lr
                    peer[m, row] = lc
                elif code == ROW_LFLAT:
                    hit[m, row] = lcs_length(r, c, v)
                    model[m, row] = lr
                    peer[m, row] = lc
                elif code == ROW_W:
                    hit[m, row] = union_hit(r, r_off, c, c_off, v, f, wlcs_weighted, f, yes, r, c, yes)
                    base = 0.0
                    for s in range(r_off.shape[0] - 1):
                        base += f[r_off[s + 1] - r_off[s]]
                    w_base[row] = base
                elif code == ROW_S:
                    hit[m, row] = skip_hits(c, r, v, distance, no, su_last)
                    model[m, row] = pair_total(lr, distance)
                    peer[m, row] = pair_total(lc, distance)
                elif code == ROW_SU:
                    hit[m, row] = skip_hits(c, r, v, distance, yes, su_last)
                    model[m, row] = pair_total(lr, distance) + unigram_total(lr, su_last)
                    peer[m, row] = pair_total(lc, distance) + unigram_total(lc, su_last)
