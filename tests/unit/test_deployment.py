"""The deployment files (Dockerfile, .dockerignore, compose.yaml, .streamlit/config.toml, the README's
"Run it for a class") say what the code does.

No Docker engine runs in CI, so nothing here builds an image: the Dockerfile is read as text, and what
can run outside a container runs here (its kernel preload command, with a temporary NUMBA_CACHE_DIR).
"""

from __future__ import annotations

import ast
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, arguments), continuation lines joined, comments dropped."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue  # Docker drops comment lines, inside a continued instruction too
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        keyword, _, args = (pending + stripped).partition(" ")
        instructions.append((keyword.upper(), args.strip()))
        pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    return instructions


def _args(keyword: str) -> list[str]:
    return [args for kw, args in _instructions() if kw == keyword]


def _env() -> dict[str, str]:
    env: dict[str, str] = {}
    for args in _args("ENV"):
        for pair in shlex.split(args):
            name, _, value = pair.partition("=")
            env[name] = value
    return env


def _copied() -> list[str]:
    """The sources of every COPY (from the build context; no multi-stage --from here)."""
    sources: list[str] = []
    for args in _args("COPY"):
        parts = args.split()
        assert not any(p.startswith("--from") for p in parts), args
        sources += parts[:-1]
    return sources


def test_copy_sources_exist_and_hold_every_module_the_app_imports() -> None:
    sources = _copied()
    assert sources
    for source in sources:
        assert (ROOT / source).exists(), f"COPY {source}: no such file in the repository"
    copied = {s.rstrip("/") for s in sources}
    assert {"app.py", "requirements.txt", ".streamlit/config.toml", "rouge_core", "ui", "annotation"} <= copied
    # Every first-party top-level module imported by a copied file is copied too (else the image fails
    # on its first page with an ImportError).
    files = [ROOT / s for s in copied if s.endswith(".py")]
    files += [f for s in copied if (ROOT / s).is_dir() for f in (ROOT / s).rglob("*.py")]
    imported: set[str] = set()
    for file in files:
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    first_party = {m for m in imported if (ROOT / m).is_dir() or (ROOT / f"{m}.py").is_file()}
    assert not first_party & {"tests", "benchmarks"}, first_party
    assert first_party <= copied, first_party - copied


def test_dockerignore_keeps_tests_git_and_caches_out() -> None:
    patterns = {
        line.strip()
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {".git", "tests", "benchmarks", "**/__pycache__", ".mypy_cache", ".hypothesis"} <= patterns
    assert ".streamlit/secrets.toml" in patterns
    # Nothing the Dockerfile copies is ignored (the build would fail with "not found").
    assert not patterns & {s.rstrip("/") for s in _copied()}


def test_base_image_is_slim_python_pinned_to_a_minor() -> None:
    (image,) = _args("FROM")
    assert re.fullmatch(r"python:3\.(\d+)-slim(-[a-z]+)?", image), image
    assert image.startswith("python:3.11-"), image


def test_installs_the_runtime_requirements_only() -> None:
    runs = " ".join(_args("RUN"))
    assert "pip install -r requirements.txt" in runs
    assert "requirements-dev" not in runs and "pytest" not in runs


def test_runs_as_a_non_root_user() -> None:
    instructions = _instructions()
    users = [(i, args) for i, (kw, args) in enumerate(instructions) if kw == "USER"]
    assert users, "no USER: the app would run as root"
    last_index, user = users[-1]
    assert user.split(":")[0] not in ("root", "0")
    assert re.search(rf"useradd\b.*\b{re.escape(user)}\b", " ".join(_args("RUN")))
    cmd_index = max(i for i, (kw, _) in enumerate(instructions) if kw == "CMD")
    assert last_index < cmd_index


def test_data_volume_is_the_store_directory() -> None:
    from annotation.store import DATA_ENV

    env = _env()
    assert env[DATA_ENV] == "/data"
    (volume,) = _args("VOLUME")
    assert json.loads(volume) == [env[DATA_ENV]]
    # The app user owns it, so the store can create annotations.sqlite3 in a new named volume.
    assert re.search(r"chown rouge:rouge /data\b", " ".join(_args("RUN")))


def test_numba_cache_dir_is_set_and_owned_by_the_app_user() -> None:
    cache = _env()["NUMBA_CACHE_DIR"]
    assert cache.startswith("/") and not cache.startswith(("/app", "/data", "/tmp"))
    assert re.search(r'chown rouge:rouge .*"\$NUMBA_CACHE_DIR"', " ".join(_args("RUN")))


def _preload_command() -> tuple[int, list[str]]:
    instructions = _instructions()
    found = [(i, args) for i, (kw, args) in enumerate(instructions) if kw == "RUN" and "preload" in args]
    assert len(found) == 1, found
    index, args = found[0]
    return index, shlex.split(args)


def test_kernels_are_compiled_as_the_app_user_after_the_code_is_copied() -> None:
    instructions = _instructions()
    index, _ = _preload_command()
    user_index = max(i for i, (kw, _) in enumerate(instructions) if kw == "USER")
    last_copy = max(i for i, (kw, _) in enumerate(instructions) if kw == "COPY")
    assert user_index < index and last_copy < index


def test_preload_command_compiles_every_kernel_into_numba_cache_dir(tmp_path: Path) -> None:
    """The build step's exact command, run here: it exits 0 and leaves numba's cache files (the
    index and the machine code of each kernel) in NUMBA_CACHE_DIR, none elsewhere needed."""
    _, argv = _preload_command()
    assert argv[:2] == ["python", "-c"], argv
    env = {k: v for k, v in os.environ.items() if k != "ROUGE_LENS_PURE_PYTHON"}  # as in the image
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, *argv[1:]], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    index_files = list(tmp_path.rglob("*.nbi"))
    code_files = list(tmp_path.rglob("*.nbc"))
    # One index per kernel function; every kernel group (per-pair, chunk, bootstrap) is there.
    kernel_modules = {f.name.split(".")[0] for f in index_files}
    assert {"chunk", "skip", "bootstrap"} <= kernel_modules, kernel_modules
    assert len(code_files) >= len(index_files) > 10


def test_serves_streamlit_on_8501_headless_with_a_health_check() -> None:
    assert _args("EXPOSE") == ["8501"]
    (health,) = _args("HEALTHCHECK")
    assert "'_stcore/health'" in health and "'http://127.0.0.1:8501/'" in health
    (cmd,) = _args("CMD")
    argv = json.loads(cmd)  # the exec form: streamlit is PID 1 and gets docker stop's SIGTERM
    assert argv[:3] == ["streamlit", "run", "app.py"]
    assert {"--server.address=0.0.0.0", "--server.headless=true", "--server.port=8501"} <= set(argv[3:])


def test_compose_runs_the_app_on_postgresql() -> None:
    # PyYAML comes with dask (requirements.txt), so reading the file adds no dependency.
    import yaml

    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert set(services) == {"app", "db"}
    app, db = services["app"], services["db"]
    assert app["build"] == "."
    assert re.fullmatch(r"postgres:15(\.\d+)?(-[a-z]+)?", db["image"]), db["image"]
    url = app["environment"]["ROUGE_LENS_DATABASE_URL"]
    assert re.fullmatch(r"postgresql://rouge:\$\{POSTGRES_PASSWORD:\?[^}]*\}@db:5432/rouge_lens", url), url
    assert db["environment"]["POSTGRES_USER"] == "rouge" and db["environment"]["POSTGRES_DB"] == "rouge_lens"
    assert app["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    # A named volume each, declared at the top level.
    assert app["volumes"] == ["rouge-lens-data:/data"]
    assert db["volumes"] == ["postgres-data:/var/lib/postgresql/data"]
    assert set(compose["volumes"]) == {"rouge-lens-data", "postgres-data"}


def test_streamlit_config_has_no_email_prompt_and_only_known_keys() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    import streamlit.config

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["showEmailPrompt"] is False
    assert config["server"]["maxUploadSize"] == 50  # the readers' limit (tests/unit/test_upload_limit.py)
    streamlit.config.get_config_options()
    known = streamlit.config._config_options
    assert known is not None
    for table, values in config.items():
        for key in values:
            assert f"{table}.{key}" in known, f"{table}.{key} is not a Streamlit option"


def test_readme_has_the_class_section_below_running_the_app() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    assert "Run it for a class" in headings
    assert headings.index("Run it for a class") > headings.index("Where judgments are kept (and how to back them up)")
    section = text.split("## Run it for a class", 1)[1].split("\n## ", 1)[0]
    for name in ("baseUrlPath", "annotations.sqlite3", ".backup", "pg_dump", "NUMBA_CACHE_DIR", "Upgrade"):
        assert name in section, name
    # The top of the README keeps its two set-up commands (the app, then the tests); Docker is below.
    top = text.split("## What the app does", 1)[0]
    assert re.findall(r"^    (\S.*)$", top, flags=re.M)[:2] == [
        "pip install -r requirements.txt && streamlit run app.py",
        "bash scripts/test.sh",
    ]
    assert "docker" not in top.lower()
