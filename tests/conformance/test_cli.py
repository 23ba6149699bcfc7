"""``python -m rouge_core`` as a drop-in for ROUGE-1.5.5.pl, checked against the script's recorded output.

The 92 cases are written as SPL files with a ``-z SPL`` list (eval IDs 1..92 in
line order, peer ID X); every recorded option set is run once per metric group
with ``-a -d`` and every printed ``Eval`` line is compared with expected.jsonl
(12 option sets x 3 groups = 36 runs, 10,940 R/P/F triples, plus the 100 ROUGE-W
instances where Perl dies, printed as 0). The corpus runs go through an XML
config (eval IDs c001.., peer A) and are compared with expected_corpus.json.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from rouge_core.cli.run import main

from .conftest import load_cases, load_corpus, load_expected

CASES = load_cases()
RECORDS = load_expected()
RUNS = load_corpus()["runs"]
GROUPS = {"NLS": "-n 4 -2 4 -U", "W": "-x -w 1.2", "Sstar": "-x -2 -1 -U"}
EVAL_LINE = re.compile(r"^X (ROUGE-\S+) Eval (\d+)\.X R:(\S+) P:(\S+) F:(\S+)$")
ZERO = {"R": "0.00000", "P": "0.00000", "F": "0.00000"}


def _option_sets() -> dict[str, tuple[str, str]]:
    out = {}
    for r in RECORDS:
        out[r["option_set"]] = (r["extra_options"], r["exception_db"])
    return out


OPTION_SETS = _option_sets()
RUN_IDS = [(o, g) for o in OPTION_SETS for g in GROUPS]


def _write(path: Path, sentences: list[str]) -> str:
    path.write_bytes("".join(s + "\n" for s in sentences).encode("utf-8"))
    return str(path)


@pytest.fixture(scope="module")
def texts(tmp_path_factory) -> dict[str, list[str]]:
    """Every case as SPL files: {case id: [candidate path, reference paths...]}."""
    root = tmp_path_factory.mktemp("cli_cases")
    files = {}
    for k, (cid, case) in enumerate(CASES.items(), start=1):
        paths = [_write(root / f"c{k:03d}_cand.txt", case["candidate"])]
        paths += [_write(root / f"c{k:03d}_ref{j}.txt", ref) for j, ref in enumerate(case["references"], start=1)]
        files[cid] = paths
    return files


@pytest.fixture(scope="module")
def file_list(texts, tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("cli_list") / "list.txt"
    path.write_text("# peer model1 model2 ...\n" + "".join(" ".join(p) + "\n" for p in texts.values()))
    return str(path)


def xml_config(texts: dict[str, list[str]], path: Path, case_ids) -> str:
    evals = []
    for cid in case_ids:
        eid = "c%03d" % (list(CASES).index(cid) + 1)
        cand, *refs = texts[cid]
        models = "".join(f'<M ID="{j}">{Path(r).name}</M>' for j, r in enumerate(refs, start=1))
        evals.append(
            f'<EVAL ID="{eid}">\n<PEER-ROOT>\n  {Path(cand).parent}\n</PEER-ROOT>\n'
            f'<MODEL-ROOT>{Path(cand).parent}</MODEL-ROOT>\n<INPUT-FORMAT TYPE="SPL"/>\n'
            f'<PEERS><P ID="A">{Path(cand).name}</P></PEERS>\n<MODELS>{models}</MODELS>\n</EVAL>'
        )
    path.write_text('<ROUGE-EVAL version="1.0">\n' + "\n".join(evals) + "\n</ROUGE-EVAL>\n")
    return str(path)


def run_cli(capsys, args: list[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("option_set,group", RUN_IDS, ids=[f"{o}-{g}" for o, g in RUN_IDS])
def test_eval_lines(option_set, group, file_list, capsys):
    extra, db = OPTION_SETS[option_set]
    args = GROUPS[group].split() + ["-a", "-d"] + extra.split() + ["-z", "SPL", file_list]
    if db == "empty":
        args.insert(0, "--no-stem-exceptions")
    code, out, err = run_cli(capsys, args)
    assert code == 0, err
    printed: dict[tuple[str, str], dict[str, str]] = {}
    for line in out.splitlines():
        m = EVAL_LINE.match(line)
        if m:
            label, eid, r, p, f = m.groups()
            printed[label, list(CASES)[int(eid) - 1]] = {"R": r, "P": p, "F": f}
    compared, mismatches, died = 0, [], 0
    for rec in (r for r in RECORDS if r["option_set"] == option_set):
        for label, opts in rec["perl_options"].items():
            if not opts.startswith(GROUPS[group] + " "):
                continue
            want = rec["scores"].get(label)
            if want is None:  # Perl died (ROUGE-W, reference without tokens): we print 0
                assert label in rec["errors"] and printed[label, rec["case_id"]] == ZERO
                died += 1
                continue
            compared += 1
            if printed.get((label, rec["case_id"])) != want:
                mismatches.append((rec["case_id"], label, printed.get((label, rec["case_id"])), want))
    assert not mismatches, mismatches[:5]
    expected_lines = {"NLS": 7, "W": 1, "Sstar": 2}[group] * len(CASES)
    assert compared + died == expected_lines == len(printed)
    assert ("would abort" in err) == (died > 0)


def test_data_is_complete():
    per_group = defaultdict(int)
    for rec in RECORDS:
        for label in rec["scores"]:
            per_group[rec["perl_options"][label].split(" -a")[0]] += 1
    assert sum(per_group.values()) == 10940


@pytest.mark.parametrize("opts", list(RUNS), ids=list(RUNS))
def test_corpus_runs_through_xml_config(opts, texts, tmp_path, capsys):
    run = RUNS[opts]
    wanted = set(run["config_cases_in_perl_instance_order"])
    config = xml_config(texts, tmp_path / "rouge.xml", [c for c in CASES if c in wanted])
    code, out, err = run_cli(capsys, opts.split() + [config])
    assert code == 0, err
    want = []
    for label, measure in run["averages"].items():
        for k in "RPF":
            e = measure[k]
            want.append(f"A {label} Average_{k}: {e['avg']} ({e['cf']}%-conf.int. {e['ci_low']} - {e['ci_high']})")
    want += run.get("raw_count_lines", [])
    assert [ln for ln in out.splitlines() if "Average_" in ln or "_count:" in ln] == want
    assert out.count("-" * 45 + "\n") == len(run["averages"]) + len(run.get("raw_count_lines", []))


def test_json_output(texts, tmp_path, capsys):
    config = xml_config(texts, tmp_path / "rouge.xml", list(CASES))
    code, out, err = run_cli(capsys, ["-n", "4", "-2", "4", "-U", "-a", "-d", "--json", config])
    assert code == 0, err
    doc = json.loads(out)
    [peer] = doc["peers"]
    assert peer["peer"] == "A"
    run = RUNS["-n 4 -2 4 -U -c 95 -r 1000 -a"]["averages"]
    measures = {m["measure"]: m for m in peer["measures"]}
    assert list(measures) == ["ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "ROUGE-L", "ROUGE-S4", "ROUGE-SU4"]
    for label, m in measures.items():
        for k in "RPF":
            got = ["%.5f" % m[k][x] for x in ("average", "ci_low", "ci_high")]
            assert got == [run[label][k][x] for x in ("avg", "ci_low", "ci_high")]
    default = {r["case_id"]: r for r in RECORDS if r["option_set"] == "default"}
    ids = {"c%03d.A" % (i + 1): cid for i, cid in enumerate(CASES)}
    for label, m in measures.items():
        assert len(m["evals"]) == 92
        for e in m["evals"]:
            got = {k: "%.5f" % e[k] for k in "RPF"}
            assert got == default[ids[e["id"]]]["scores"][label], (e["id"], label)
    assert measures["ROUGE-1"]["totals"] == {"hit": 1339, "model": 1802, "peer": 2218}


# A small XML config in all three input formats, two systems, a system missing from one
# evaluation, non-numeric eval IDs. Expected output recorded from ROUGE-1.5.5.pl with
# `ROUGE-1.5.5.pl -e <data> -n 1 -2 4 -u -a -d -c 90 -r 50 conf.xml` (perl 5.36).
XML_FILES = {
    "a.html": '<html><body>\n<a name="1">[1]</a> <a href="#1" id=1>Police killed the gunman &amp; his dog.</a>\n'
    '<a size="10" name="2">[2]</a>\t<a href="#2" id=2>The gunman was KILLED by police\n</a>\n'
    "</body></html>\n",
    "b.html": '<a name="1">[1]</a> <a href="#1" id=1>the police kill the gunman</a>\n'
    '<a name="2">[2]</a> <a href="#2" id=2>a dog barked at 3 < 4 pm</a>\n',
    "m.html": '<a name="1">[1]</a> <a href="#1" id=1>police killed the gunman</a>\n'
    '<a name="2">[2]</a> <a href="#2" id=2>the dog survived</a>\n',
    "a.isi": '<S SNTNO="1">Police kill the gunman</S>\n<S SNTNO="2a">dog ok</S>\nignored line\n',
    "m.isi": '<S SNTNO="1">police killed the gunman</S>\n',
    "a.spl": "police shot the gunman\nthe dog ran\n",
    "m.spl": "Police killed the gunman.\r\nThe dog   survived\n\n  \n",
    "b.spl": "gunman police dog\n",
}
XML_CONFIG = """<ROUGE-EVAL version="1.0">
<EVAL ID="10"><PEER-ROOT>
  {d}
</PEER-ROOT><MODEL-ROOT>{d}</MODEL-ROOT><INPUT-FORMAT TYPE="SEE"></INPUT-FORMAT>
<PEERS><P ID="sysA">a.html</P><P ID="sysB">b.html</P></PEERS>
<MODELS><M ID="1">m.html</M><M ID="2">b.html</M></MODELS></EVAL>
<EVAL ID="2"><PEER-ROOT>{d}</PEER-ROOT><MODEL-ROOT>{d}</MODEL-ROOT><INPUT-FORMAT TYPE="ISI"></INPUT-FORMAT>
<PEERS><P ID="sysA">a.isi</P></PEERS><MODELS><M ID="1">m.isi</M></MODELS></EVAL>
<EVAL ID="d1"><PEER-ROOT>{d}</PEER-ROOT><MODEL-ROOT>{d}</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>
<PEERS><P ID="sysA">a.spl</P><P ID="sysB">b.spl</P></PEERS>
<MODELS><M ID="x">m.spl</M><M ID="y">a.spl</M></MODELS></EVAL>
</ROUGE-EVAL>
"""
XML_EXPECTED = """\
sysA ROUGE-1 Average_R: 0.74791 (90%-conf.int. 0.68137 - 0.82143)
sysA ROUGE-1 Average_P: 0.58711 (90%-conf.int. 0.44872 - 0.73809)
sysA ROUGE-1 Average_F: 0.65106 (90%-conf.int. 0.54109 - 0.77143)
sysA ROUGE-1 Eval 2.sysA R:0.75000 P:0.50000 F:0.60000
sysA ROUGE-1 Eval 10.sysA R:0.64706 P:0.42308 F:0.51163
sysA ROUGE-1 Eval d1.sysA R:0.85714 P:0.85714 F:0.85714
sysA ROUGE-L Average_R: 0.74791 (90%-conf.int. 0.68137 - 0.82143)
sysA ROUGE-L Average_P: 0.58711 (90%-conf.int. 0.44872 - 0.73809)
sysA ROUGE-L Average_F: 0.65106 (90%-conf.int. 0.54109 - 0.77143)
sysA ROUGE-L Eval 2.sysA R:0.75000 P:0.50000 F:0.60000
sysA ROUGE-L Eval 10.sysA R:0.64706 P:0.42308 F:0.51163
sysA ROUGE-L Eval d1.sysA R:0.85714 P:0.85714 F:0.85714
sysA ROUGE-SU4 Average_R: 0.58522 (90%-conf.int. 0.47090 - 0.71083)
sysA ROUGE-SU4 Average_P: 0.41946 (90%-conf.int. 0.24463 - 0.60897)
sysA ROUGE-SU4 Average_F: 0.47423 (90%-conf.int. 0.32113 - 0.64058)
sysA ROUGE-SU4 Eval 2.sysA R:0.55556 P:0.25000 F:0.34483
sysA ROUGE-SU4 Eval 10.sysA R:0.42857 P:0.24194 F:0.30928
sysA ROUGE-SU4 Eval d1.sysA R:0.78846 P:0.78846 F:0.78846
sysB ROUGE-1 Average_R: 0.66000 (90%-conf.int. 0.42857 - 0.88235)
sysB ROUGE-1 Average_P: 0.87250 (90%-conf.int. 0.75000 - 1.00000)
sysB ROUGE-1 Average_F: 0.70751 (90%-conf.int. 0.60000 - 0.81081)
sysB ROUGE-1 Eval 10.sysB R:0.88235 P:0.75000 F:0.81081
sysB ROUGE-1 Eval d1.sysB R:0.42857 P:1.00000 F:0.60000
sysB ROUGE-L Average_R: 0.59000 (90%-conf.int. 0.28571 - 0.88235)
sysB ROUGE-L Average_P: 0.70917 (90%-conf.int. 0.66667 - 0.75000)
sysB ROUGE-L Average_F: 0.60951 (90%-conf.int. 0.40000 - 0.81081)
sysB ROUGE-L Eval 10.sysB R:0.88235 P:0.75000 F:0.81081
sysB ROUGE-L Eval d1.sysB R:0.28571 P:0.66667 F:0.40000
sysB ROUGE-SU4 Average_R: 0.48339 (90%-conf.int. 0.15385 - 0.80000)
sysB ROUGE-SU4 Average_P: 0.71654 (90%-conf.int. 0.63636 - 0.80000)
sysB ROUGE-SU4 Average_F: 0.48797 (90%-conf.int. 0.25807 - 0.70886)
sysB ROUGE-SU4 Eval 10.sysB R:0.80000 P:0.63636 F:0.70886
sysB ROUGE-SU4 Eval d1.sysB R:0.15385 P:0.80000 F:0.25807
"""


def test_xml_config_see_isi_spl(tmp_path, capsys):
    for name, text in XML_FILES.items():
        (tmp_path / name).write_bytes(text.encode("utf-8"))
    config = tmp_path / "conf.xml"
    config.write_text(XML_CONFIG.format(d=tmp_path))
    code, out, err = run_cli(capsys, ["-n", "1", "-2", "4", "-u", "-a", "-d", "-c", "90", "-r", "50", str(config)])
    assert code == 0
    blocks = XML_EXPECTED.splitlines()
    lines = out.splitlines()
    assert [ln for ln in lines if not ln.startswith(("---", "..."))] == blocks
    assert lines[0] == "-" * 45 and lines[4] == "." * 45 and len(lines) == len(blocks) + 12
    assert err == "*ROUGE Warning: test instance for peer sysB does not exist for evaluation 2\n"
    # One system by its positional ID gives that system's blocks only.
    code, out, _ = run_cli(capsys, ["-n", "1", "-2", "4", "-u", "-d", "-c", "90", "-r", "50", str(config), "sysB"])
    assert [ln for ln in out.splitlines() if not ln.startswith(("---", "..."))] == blocks[18:]


def test_raw_counts_per_eval_with_t2(file_list, capsys):
    code, out, _ = run_cli(capsys, ["-n", "1", "-x", "-d", "-t", "2", "-z", "SPL", file_list])
    first = {r["case_id"]: r for r in RECORDS if r["option_set"] == "default"}[list(CASES)[0]]
    c = first["counts"]["ROUGE-1"]
    assert code == 0
    assert f"X ROUGE-1 Eval 1.X R:{c['model']} P:{c['peer']} F:{c['hit']}" in out.splitlines()
    assert re.search(r"^X ROUGE-1 M_count: \d+ P_count: \d+ H_count: \d+$", out, re.M)


@pytest.mark.parametrize(
    "args,message",
    [
        (["-n", "2", "-a", "does-not-exist.xml"], "Cannot open does-not-exist.xml"),
        (["-q", "-a", "x.xml"], "unknown option -q"),
        (["--frobnicate", "x.xml"], "unknown option --frobnicate"),
        (["-n"], "needs a value"),
        (["-n", "two", "-a", "x.xml"], "invalid value for -n"),
        (["-l", "10", "-b", "20", "-a", "x.xml"], "not both"),
        (["-p", "1.5", "-a", "x.xml"], "between 0 and 1"),
        (["-w", "0", "-a", "x.xml"], "weight factor"),
        ([], "configuration file"),
    ],
)
def test_bad_command_lines(args, message, capsys):
    code, out, err = run_cli(capsys, args)
    assert code == 2 and out == ""
    assert err.startswith("rouge_core: error: ") and message in err and err.count("\n") == 1


def test_bad_inputs(tmp_path, capsys):
    (tmp_path / "bad.xml").write_text('<ROUGE-EVAL><EVAL ID="1"><PEERS>')
    code, _, err = run_cli(capsys, ["-a", str(tmp_path / "bad.xml")])
    assert code == 2 and "bad XML" in err and "Traceback" not in err
    (tmp_path / "p.txt").write_text("a b\n")
    (tmp_path / "list.txt").write_text(f"{tmp_path}/p.txt {tmp_path}/missing.txt\n")
    code, _, err = run_cli(capsys, ["-n", "1", "-z", "SPL", str(tmp_path / "list.txt")])
    assert code == 2 and f"Cannot find model summary: {tmp_path}/missing.txt" in err
    (tmp_path / "list1.txt").write_text(f"{tmp_path}/p.txt\n")
    code, _, err = run_cli(capsys, ["-n", "1", "-z", "SPL", str(tmp_path / "list1.txt")])
    assert code == 2 and "at least 2 filenames" in err
    (tmp_path / "list2.txt").write_text(f"{tmp_path}/p.txt {tmp_path}/p.txt\n")
    code, _, err = run_cli(capsys, ["-n", "1", "-z", "SIMPLE", str(tmp_path / "list2.txt")])
    assert code == 2 and "Unknown input format: SIMPLE" in err


def test_help(capsys):
    code, out, _ = run_cli(capsys, ["-h"])
    assert code == 0 and out.startswith("usage:")
