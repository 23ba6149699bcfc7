"""rouge_core.teach.questions (issue 20, point 1): every question of every walk has the answer its step
record and rouge_core's own score give; ``check`` accepts the answer in each spelling and rejects a
wrong one with its explanation; ``answer_key`` round-trips through JSON and checks as ``check`` does."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import pytest

from rouge_core import RougeConfig, evaluate
from rouge_core.measures.lcs import lcs
from rouge_core.measures.ngrams import count_ngrams
from rouge_core.measures.scoring import score
from rouge_core.measures.skipbigram import count_skip_bigrams
from rouge_core.measures.summary_lcs import lcs_measure
from rouge_core.teach.questions import Question, answer_key, check, walk_questions
from rouge_core.teach.questions.model import parse_number
from rouge_core.teach.steps import lcs_steps, ngram_steps, skip_steps, traceback_steps, union_steps

S1 = "police killed the gunman".split()
S2 = "police kill the gunman".split()
S3 = "the gunman kill police".split()
X = "A B C D E F G".split()
Y1 = "A B C D H I K".split()
Y2 = "A H B K C I D".split()
R = [["w1", "w2", "w3", "w4", "w5"]]
C = [["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]]


def exact(q: Question) -> Fraction:
    x = parse_number(q.answer)
    assert x is not None, q
    return x


def find(qs: list[Question], prompt: str) -> Question:
    hits = [q for q in qs if q.prompt.startswith(prompt)]
    assert len(hits) == 1, (prompt, [q.prompt for q in qs])
    return hits[0]


def close(q: Question, value: float) -> bool:
    return abs(float(exact(q)) - value) <= q.tolerance + 1e-9


def rng_tokens(rng: random.Random, size: int, vocab: str = "abcd") -> list[str]:
    return [rng.choice(vocab) for _ in range(size)]


# -- the walks, on Lin (2004)'s examples ------------------------------------------------------


def test_lcs_table_s1_s2_match_cells_ties_and_scores():
    cells = lcs_steps(S1, S2)
    qs = walk_questions("lcs_table", cells, reference=S1, candidate=S2)
    by_cell = {(c.a, c.b): (k, c) for k, c in enumerate(cells, start=1)}
    matches = [q for q in qs if re.fullmatch(r"c\[\d+\]\[\d+\] = \?", q.prompt)]
    assert [q.prompt for q in matches] == ["c[1][1] = ?", "c[3][3] = ?", "c[4][4] = ?"]  # every match cell
    for q in matches:
        a, b = map(int, re.findall(r"\d+", q.prompt))
        k, cell = by_cell[(a, b)]
        assert cell.rule == "match" and q.step == k and exact(q) == Fraction(cell.value).limit_denominator()
    assert [exact(q) for q in matches] == [1, 2, 3]
    ties = [q for q in qs if q.prompt.startswith("Which neighbour")]
    assert all(q.answer == by_cell[tuple(map(int, re.findall(r"\d+", q.prompt)))][1].rule for q in ties)
    tie = find(qs, "Which neighbour does c[2][2]")  # killed vs kill: c[1][2] = 1 = c[2][1]
    assert tie.answer == "up" and "tie" in tie.reason and "left" in tie.wrong
    # S2 against S1: LCS 3 of 4 words (Lin 2004: ROUGE-L R = P = F = 3/4)
    last = len(cells)
    assert exact(find(qs, "LCS = c[4][4]")) == 3
    r, p, f = find(qs, "R = "), find(qs, "P = "), find(qs, "F = ")
    assert (exact(r), exact(p), exact(f)) == (Fraction(3, 4), Fraction(3, 4), Fraction(3, 4))
    assert r.step == p.step == f.step == last
    core = evaluate(" ".join(S2), " ".join(S1), RougeConfig(profile="paper", max_n=None)).measures["ROUGE-L"].score
    assert (float(exact(r)), float(exact(p)), float(exact(f))) == (core.recall, core.precision, core.fmeasure)


def test_lcs_table_s3_scores_half():
    cells = lcs_steps(S1, S3)
    qs = walk_questions("lcs_table", cells, reference=S1, candidate=S3)
    assert exact(find(qs, "LCS = ")) == 2  # Lin 2004: S3's LCS with S1 is "the gunman"
    assert exact(find(qs, "R = ")) == Fraction(1, 2)


def test_traceback_next_cells_follow_the_path_after_the_table():
    cells, trace = lcs_steps(S1, S2), traceback_steps(S1, S2)
    qs = walk_questions("lcs_traceback", trace, reference=S1, candidate=S2, cells=cells, offset=len(cells))
    nexts = [q for q in qs if q.kind == "cell"]
    path = lcs(S1, S2, keep_table=True).path
    assert [q.answer for q in nexts] == [f"{a},{b}" for a, b in path[1:]]
    assert [q.step for q in nexts] == list(range(len(cells) + 1, len(cells) + len(trace) + 1))
    up = nexts[2]  # at c[2][2], killed vs kill: c[1][2] = 1 >= c[2][1] = 1, go up
    assert up.answer == "1,2" and "1,1" in up.wrong and "2,1" in up.wrong and "c[1][2] = 1" in up.reason
    assert exact(qs[-1]) == 3 == len(lcs(S1, S2).marks)


def test_wlcs_table_lin_w_example_runs_increments_and_values():
    cells = lcs_steps(X, Y1, 2.0)
    qs = walk_questions("wlcs_table", cells, weight=2.0, reference=X, candidate=Y1)
    runs = [exact(q) for q in qs if "f(k) = k^2 for the run" in q.prompt]
    incs = [exact(q) for q in qs if "the increment" in q.prompt]
    assert runs == [1, 4, 9, 16]  # Lin 2004: f-values of the run A B C D
    assert incs == [1, 3, 5, 7]
    assert incs == [Fraction(c.increment).limit_denominator() for c in cells if c.rule == "match"]
    assert exact(find(qs, "WLCS = c[7][7]")) == 16 == lcs(X, Y1, 2.0).value
    r = find(qs, "R = f⁻¹")
    assert close(r, 4 / 7) and check(r, "4/7")[0]  # (16 / 7^2)^(1/2)


def test_wlcs_table_y2_runs_of_one():
    cells = lcs_steps(X, Y2, 2.0)
    qs = walk_questions("wlcs_table", cells, weight=2.0, reference=X, candidate=Y2)
    assert [exact(q) for q in qs if "f(k) = k^2 for the run" in q.prompt] == [1, 1, 1, 1]
    assert exact(find(qs, "WLCS = ")) == 4 == lcs(X, Y2, 2.0).value
    assert close(find(qs, "R = f⁻¹"), 2 / 7)  # (4 / 49)^(1/2): Y2 below Y1, unlike ROUGE-L


@pytest.mark.parametrize("cand, hits, r", [(S2, 1, Fraction(1, 3)), (S3, 1, Fraction(1, 3))])
def test_ngram_rouge2_on_lin_examples(cand, hits, r):
    steps = ngram_steps(cand, S1, 2)
    qs = walk_questions("ngram", steps, n=2, reference=S1)
    assert exact(find(qs, "How many hits")) == hits == count_ngrams(cand, S1, 2)[0].hit
    assert exact(find(qs, "R = ")) == r
    credited = find(qs, "Is copy 1 of the 2-gram 'the gunman'")
    assert credited.answer == "yes"


def test_ngram_clipping_every_clipped_copy_asked():
    cand, ref = "the cat the cat".split(), "the cat sat".split()
    steps = ngram_steps(cand, ref, 2)
    qs = walk_questions("ngram", steps, n=2, reference=ref)
    clipped = find(qs, "Is copy 2 of the 2-gram 'the cat'")
    assert clipped.answer == "no" and clipped.step == 3 and "clip" in clipped.wrong["yes"]
    assert [exact(find(qs, p)) for p in ("R = ", "P = ", "F = ")] == [Fraction(1, 2), Fraction(1, 3), Fraction(2, 5)]
    assert find(qs, "R = ").wrong == {"1/3": "that is P, over candidate 2-grams; R divides by reference 2-grams"}


def test_skip_s3_s_star_and_su():
    steps = skip_steps(S3, S1, -1)
    qs = walk_questions("skip", steps, reference=S1, distance=-1)
    assert exact(find(qs, "How many hits")) == 1  # Lin 2004: S3 has one skip-bigram of S1, "the gunman"
    assert exact(find(qs, "R = ")) == Fraction(1, 6)
    su = skip_steps(S3, S1, -1, su=True, su_last=False)
    qs = walk_questions("skip", su, reference=S1, distance=-1, su=True, su_last=False)
    left_out = find(qs, "The candidate's unigram 4 'police'")
    assert left_out.answer == "not counted" and left_out.step == len(su)
    counts = count_skip_bigrams(S3, S1, -1, su=True, su_last=False)[0]
    assert exact(find(qs, "How many candidate")) == counts.peer == 9
    assert exact(find(qs, "R = ")) == Fraction(counts.hit, counts.model) == Fraction(2, 9)


def test_skip_distance_and_repeated_pairs():
    cand, ref = "a b a b c".split(), "a b c a".split()
    steps = skip_steps(cand, ref, 1)
    qs = walk_questions("skip", steps, reference=ref, distance=1)
    far = [q for q in qs if q.answer == "not counted"]
    assert len(far) == 1 and "beyond the skip distance" in far[0].reason
    times = find(qs, "How many times is 'a b' credited")  # 'a b' twice in the candidate, once in the reference
    assert exact(times) == 1 == sum(s.status == "matched" and s.gram == ("a", "b") for s in steps)
    counts = count_skip_bigrams(cand, ref, 1)[0]
    assert (exact(find(qs, "How many hits")), exact(find(qs, "How many candidate"))) == (counts.hit, counts.peer)


def test_union_lin_example():
    steps = union_steps(R, C)
    qs = walk_questions("union", steps, reference=R, candidate=C)
    adds = [q for q in qs if q.prompt.startswith("How many words of R1")]
    assert [exact(q) for q in adds] == [2, 2]  # C1 adds w1 w2; C2 adds w3 w5 (w1 already there)
    assert "w3 w5" in adds[1].reason
    assert [exact(find(qs, p)) for p in ("Σ LCS∪", "R = ", "P = ", "F = ")] == [
        4,
        Fraction(4, 5),
        Fraction(2, 5),
        Fraction(8, 15),
    ]
    counts = lcs_measure(R, C, "union")[0]
    assert exact(find(qs, "R = ")) == Fraction(counts.hit, counts.model)


def test_union_budget_refuses_a_spent_word():
    ref, cand = [["a", "b"], ["a", "c"]], [["a", "b", "c"]]
    steps = union_steps(ref, cand)
    qs = walk_questions("union", steps, reference=ref, candidate=cand)
    refused = [q for q in qs if q.kind == "choice" and q.answer == "no"]
    assert len(refused) == 1 and "candidate has none left" in refused[0].reason
    counts = lcs_measure(ref, cand, "union")[0]
    assert exact(find(qs, "Σ LCS∪")) == counts.hit == 3


# -- one generated pair per walk, against rouge_core -------------------------------------------


def generated_walks(seed: int = 20) -> dict[str, list[Question]]:
    rng = random.Random(seed)
    ref, cand = rng_tokens(rng, 9), rng_tokens(rng, 8)
    cells = lcs_steps(ref, cand)
    return {
        "ngram": walk_questions("ngram", ngram_steps(cand, ref, 1), n=1, reference=ref),
        "lcs_table": walk_questions("lcs_table", cells, reference=ref, candidate=cand),
        "lcs_traceback": walk_questions("lcs_traceback", traceback_steps(ref, cand), cells=cells, offset=len(cells)),
        "wlcs_table": walk_questions("wlcs_table", lcs_steps(ref, cand, 1.2), weight=1.2),
        "skip": walk_questions("skip", skip_steps(cand, ref, 2, su=True), reference=ref, distance=2, su=True),
        "union": walk_questions(
            "union",
            union_steps([ref[:4], ref[4:]], [cand[:5], cand[5:]]),
            reference=[ref[:4], ref[4:]],
            candidate=[cand[:5], cand[5:]],
        ),
        "_pair": [Question(0, " ".join(ref), "choice", " ".join(cand))],
    }


def test_generated_pair_answers_are_rouge_cores():
    walks = generated_walks()
    pair = walks["_pair"][0]
    ref, cand = pair.prompt.split(), pair.answer.split()
    cases = {
        "ngram": score(count_ngrams(cand, ref, 1)[0], False, 0.5),
        "skip": score(count_skip_bigrams(cand, ref, 2, su=True)[0], False, 0.5),
        "union": score(lcs_measure([ref[:4], ref[4:]], [cand[:5], cand[5:]], "union")[0], False, 0.5),
        "lcs_table": score(lcs_measure([ref], [cand], "union")[0], False, 0.5),
    }
    for walk, core in cases.items():
        qs = walks[walk]
        assert (close(find(qs, "R = "), core.recall), close(find(qs, "P = "), core.precision)) == (True, True), walk
        assert close(find(qs, "F = "), core.fmeasure), walk
    cells = lcs_steps(ref, cand, 1.2)
    values = {(c.a, c.b): c.value for c in cells}
    for q in walks["wlcs_table"]:
        m = re.fullmatch(r"c\[(\d+)\]\[(\d+)\] = \?", q.prompt)
        if m:
            assert close(q, values[(int(m.group(1)), int(m.group(2)))])
    assert close(find(walks["wlcs_table"], "WLCS = "), lcs(ref, cand, 1.2).value)


# -- check and answer_key on every question ---------------------------------------------------------


def all_questions() -> list[Question]:
    lin = [
        walk_questions("lcs_table", lcs_steps(S1, S2), reference=S1, candidate=S2),
        walk_questions("lcs_traceback", traceback_steps(S1, S3), reference=S1, candidate=S3),
        walk_questions("wlcs_table", lcs_steps(X, Y1, 2.0), weight=2.0),
        walk_questions(
            "ngram",
            ngram_steps("the cat the cat".split(), "the cat sat".split(), 2),
            n=2,
            reference="the cat sat".split(),
        ),
        walk_questions(
            "skip", skip_steps(S3, S1, -1, su=True, su_last=False), reference=S1, distance=-1, su=True, su_last=False
        ),
        walk_questions("union", union_steps(R, C), reference=R, candidate=C),
    ]
    gen = [qs for name, qs in generated_walks().items() if not name.startswith("_")]
    return [q for qs in lin + gen for q in qs]


def spellings(q: Question) -> list[str]:
    """The answer written the ways a student may write it."""
    if q.kind == "number":
        x = exact(q)
        out = [q.answer, f" {q.answer} ", f"{x.numerator}/{x.denominator}", f"{float(x):.4f}"]
        return out + ([f"{x.numerator}.0"] if x.denominator == 1 else [])
    if q.kind == "cell":
        r, c = q.answer.split(",")
        return [q.answer, f"({r}, {c})", f"{r} {c}", f"[{r},{c}]"]
    return [q.answer, q.answer.upper(), f"  {q.answer.title()} "]


def a_wrong(q: Question) -> tuple[str, str]:
    """A wrong answer and the start of what check says to it."""
    if q.wrong:
        given, why = next(iter(q.wrong.items()))
        return given, f"No: {why}"
    if q.kind == "number":
        return str(exact(q) + 1), f"No: the answer is {q.answer}."
    if q.kind == "cell":
        return "99,99", f"No: the answer is {q.answer}."
    return next(c for c in q.choices if c != q.answer), f"No: the answer is {q.answer}."


def test_every_question_right_in_each_spelling_and_wrong_once():
    qs = all_questions()
    assert len(qs) > 100 and {q.kind for q in qs} == {"number", "choice", "cell"}
    for q in qs:
        assert q.reason, q
        if q.kind == "choice":
            assert q.answer in q.choices and all(w in q.choices for w in q.wrong)
        for given in spellings(q):
            ok, say = check(q, given)
            assert ok and say == f"Right: {q.reason}", (q, given)
        given, said = a_wrong(q)
        ok, say = check(q, given)
        assert not ok and say.startswith(said), (q, given, say)


def test_check_unreadable_answers_are_messages():
    q = Question(1, "R = ?", "number", "3/4")
    for given in ("", "three", "1/0", "nan", "inf", "3/4/5", "1_0"):
        ok, say = check(q, given)
        assert not ok and say == f"not a number: {given.strip()!r}"
    cell = Question(1, "next?", "cell", "3,3")
    assert check(cell, "3") == (False, "not a cell (write row,col, e.g. 3,3): '3'")
    choice = Question(1, "?", "choice", "up", ("up", "left"))
    assert check(choice, "down") == (False, "not one of the choices: up, left")
    assert check(Question(1, "?", "number", "2/3", tolerance=0.005), "0.67")[0]
    assert not check(Question(1, "?", "number", "2/3", tolerance=0.005), "0.66")[0]
    assert check(Question(1, "?", "number", "0.1"), "1/10")[0]  # float error is not a difference


def key_check(record: dict, given: str) -> bool:
    """A browser's check from the answer key alone (the rules the key documents)."""
    kind, want = record["kind"], record["answer"]
    if kind == "number":
        m = re.fullmatch(r"([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:\s*/\s*(\d+))?", given.strip())
        if not m or (m.group(2) is not None and int(m.group(2)) == 0):
            return False
        x = float(m.group(1)) / (int(m.group(2)) if m.group(2) else 1)
        return abs(x - want) <= record["tolerance"]
    if kind == "cell":
        m = re.fullmatch(r"\s*[(\[]?\s*(\d+)\s*(?:,|;|\s)\s*(\d+)\s*[)\]]?\s*", given)
        return bool(m) and [int(m.group(1)), int(m.group(2))] == want
    return given.strip().lower() == want


def test_answer_key_round_trips_json_and_agrees_with_check():
    qs = all_questions()
    key = answer_key(qs)
    assert json.loads(json.dumps(key)) == key
    for q, record in zip(qs, key):
        assert (record["step"], record["prompt"], record["kind"], record["reason"]) == (
            q.step,
            q.prompt,
            q.kind,
            q.reason,
        )
        assert record["choices"] == list(q.choices)
        assert len(record["wrong"]) == len(q.wrong)
        given = spellings(q) + [
            a_wrong(q)[0],
            "",
            "x",
            "1/0",
            "(1,",
            "-1",
            "0.5",
            "2,2",
            "yes",
            "up",
            "1e-3",
            "0.5/2",
            "½",
            "nan",
        ]
        for g in given:
            assert key_check(record, g) == check(q, g)[0], (q, g)
    first = key[0]
    assert first["kind"] == "number" and isinstance(first["answer"], float)
    cell = next(r for r in key if r["kind"] == "cell")
    assert isinstance(cell["answer"], list) and len(cell["answer"]) == 2


# -- bad input --------------------------------------------------------------------------------------


def test_walk_questions_refuses_bad_input_with_a_message():
    with pytest.raises(ValueError, match="invalid walk 'tree'"):
        walk_questions("tree", [])
    with pytest.raises(ValueError, match="missing n, reference"):
        walk_questions("ngram", [])
    with pytest.raises(ValueError, match="unknown colour"):
        walk_questions("lcs_table", [], colour=1)
    with pytest.raises(ValueError, match="invalid steps for walk 'skip': CellStep, expected SkipStep"):
        walk_questions("skip", lcs_steps(S1, S2), reference=S1, distance=-1)
    with pytest.raises(ValueError, match="invalid alpha"):
        walk_questions("lcs_table", [], alpha=2)
    with pytest.raises(ValueError, match="invalid cells"):
        walk_questions("lcs_traceback", traceback_steps(S1, S2), cells=[1, 2])
    with pytest.raises(ValueError, match="invalid cells"):
        walk_questions("lcs_traceback", traceback_steps(S1, S2), cells=3)
    with pytest.raises(ValueError, match="invalid reference: a list of tokens, not a string"):
        walk_questions("ngram", ngram_steps(S2, S1, 2), n=2, reference="police killed the gunman")
    assert walk_questions("lcs_table", []) == []


def test_offset_moves_every_step():
    cells = lcs_steps(S1, S2)
    plain = walk_questions("lcs_table", cells)
    moved = walk_questions("lcs_table", cells, offset=5)
    assert [q.step + 5 for q in plain] == [q.step for q in moved]
