"""``rouge-lens`` / ``python -m rouge_lens`` (rouge_lens.launch): the command it runs from the clone, the
app's settings passed as options (Streamlit reads .streamlit/ from the user's directory, not ours), and a
clear line instead of a traceback when it cannot start. tests/unit/test_wheel_install.py runs it installed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rouge_lens import launch

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parents[2]


def test_from_the_clone_it_runs_the_clone_s_app_with_its_settings_then_the_user_s_options() -> None:
    assert launch.app_dir() == ROOT  # no rouge_lens/app/ in a clone: the files at the root
    line = launch.command(["--server.port", "8502"], ROOT)
    assert line[:5] == [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py")]
    settings = line[5:-2]
    assert line[-2:] == ["--server.port", "8502"]  # after the settings: the user's word is the last
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert len(settings) == sum(len(table) for table in config.values())
    for flag in (
        "--server.maxUploadSize=50",
        "--server.showEmailPrompt=false",
        "--browser.gatherUsageStats=false",
        "--client.toolbarMode=minimal",
        "--runner.postScriptGC=false",
        "--theme.textColor=#0e1117",
    ):
        assert flag in settings


def test_every_setting_is_an_option_streamlit_run_takes() -> None:
    import streamlit.config

    streamlit.config.get_config_options()
    known = streamlit.config._config_options
    assert known is not None
    for flag in launch.config_flags((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8")):
        assert flag.startswith("--") and flag[2:].partition("=")[0] in known, flag


def test_tables_lists_and_bad_values() -> None:
    assert launch.config_flags('[theme.sidebar]\nbackgroundColor = "#fff"\n[server]\nfolderWatchList = ["a", "b"]') == [
        "--theme.sidebar.backgroundColor=#fff",
        "--server.folderWatchList=a",
        "--server.folderWatchList=b",
    ]
    with pytest.raises(launch.LaunchError, match=r"server.when = .* cannot be passed on the command line"):
        launch.config_flags("[server]\nwhen = 1979-05-27\n")
    with pytest.raises(launch.LaunchError, match="is not valid TOML"):
        launch.config_flags("[server\n")


class Started(Exception):
    """What the stand-in for os.execv raises: the real one never returns."""


def test_it_becomes_streamlit_s_server(monkeypatch: pytest.MonkeyPatch) -> None:
    def execv(path: str, line: list[str]) -> None:
        raise Started(path, line)

    monkeypatch.setattr(launch.os, "name", "posix")
    monkeypatch.setattr(launch.os, "execv", execv)
    with pytest.raises(Started) as started:
        launch.main(["--server.headless", "true"])
    line = launch.command(["--server.headless", "true"], ROOT)
    assert started.value.args == (sys.executable, line)


def test_help_and_the_messages_when_it_cannot_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert launch.main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: rouge-lens [streamlit run options]\n")

    def execv(path: str, line: list[str]) -> None:
        raise Started(path, line)

    monkeypatch.setattr(launch.os, "execv", execv)
    monkeypatch.setattr(launch.subprocess, "call", execv)
    app_dir = launch.app_dir
    monkeypatch.setattr(launch, "app_dir", lambda: app_dir(tmp_path / "rouge_lens"))
    assert launch.main([]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("rouge-lens: error: the app's files are not beside ") and "python -m rouge_lens" in err

    monkeypatch.setattr(launch.importlib.util, "find_spec", lambda name: None)
    assert launch.main([]) == 2
    assert capsys.readouterr().err == (
        "rouge-lens: error: the app needs Streamlit, pandas and plotly: pip install 'rouge-core[app]' "
        "(in the clone: pip install -r requirements.txt)\n"
    )
