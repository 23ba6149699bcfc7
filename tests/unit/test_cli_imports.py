"""The command line imports only what its flags need (issue 22, target 1): ``import rouge_core`` loads
no scoring module, a plain scoring run loads no scipy, no JSON writer and no teaching or statistics
module beyond the bootstrap. Each check runs in a fresh process.

Under numba, numba itself imports scipy when it loads compiled code; the runs here use pure Python
(``ROUGE_LENS_PURE_PYTHON=1``) so they see rouge_core's own imports.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_MODULES_AFTER = """
import contextlib, io, json, sys
args = json.loads(sys.argv[1])
if args is None:
    import rouge_core
else:
    from rouge_core.cli.run import main
    with contextlib.redirect_stdout(io.StringIO()) as out:
        code = main(args)
    assert code == 0 and "Average_F" in out.getvalue(), out.getvalue()
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(args: list[str] | None) -> set[str]:
    """The modules a fresh pure-Python process holds after ``main(args)`` (None: after ``import rouge_core``)."""
    env = dict(os.environ, ROUGE_LENS_PURE_PYTHON="1", PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", _MODULES_AFTER, json.dumps(args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(proc.stdout))


def _under(modules: set[str], *packages: str) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_import_rouge_core_loads_no_scoring_module() -> None:
    loaded = modules_after(None)
    assert _under(loaded, "numpy", "numba", "scipy", "rouge_core.evaluate", "rouge_core.batch.score") == []
    assert "rouge_core.old_paths" in loaded  # the 1.0 paths are still served


def test_a_plain_cli_run_imports_no_scipy_and_no_json_writer(tmp_path: Path) -> None:
    cand, ref, listing = tmp_path / "c.txt", tmp_path / "r.txt", tmp_path / "list.txt"
    cand.write_text("police kill the gunman\n", encoding="utf-8")
    ref.write_text("police killed the gunman\n", encoding="utf-8")
    listing.write_text(f"{cand} {ref}\n", encoding="utf-8")
    loaded = modules_after(["-n", "4", "-w", "1.2", "-2", "4", "-U", "-z", "SPL", str(listing)])
    assert "rouge_core.batch.score" in loaded and "rouge_core.stats.bootstrap" in loaded  # it did score
    unwanted = ("scipy", "rouge_core.io.export", "rouge_core.io.exception_db", "rouge_core.teach")
    assert _under(loaded, *unwanted, "rouge_core.stats.significance", "rouge_core.stats.comparison") == []


def test_a_file_list_run_loads_no_xml_parser_and_a_config_run_does(tmp_path: Path) -> None:
    cand, ref, listing = tmp_path / "c.txt", tmp_path / "r.txt", tmp_path / "list.txt"
    cand.write_text("police kill the gunman\n", encoding="utf-8")
    ref.write_text("police killed the gunman\n", encoding="utf-8")
    listing.write_text(f"{cand} {ref}\n", encoding="utf-8")
    assert _under(modules_after(["-n", "1", "-z", "SPL", str(listing)]), "xml") == []  # -z: no XML to parse
    config = tmp_path / "run.xml"
    config.write_text(
        f'<ROUGE-EVAL><EVAL ID="1"><PEER-ROOT>{tmp_path}</PEER-ROOT><MODEL-ROOT>{tmp_path}</MODEL-ROOT>'
        '<INPUT-FORMAT TYPE="SPL"/><PEERS><P ID="A">c.txt</P></PEERS><MODELS><M ID="1">r.txt</M></MODELS>'
        "</EVAL></ROUGE-EVAL>",
        encoding="utf-8",
    )
    assert "xml.etree.ElementTree" in modules_after(["-n", "1", "-a", str(config)])
