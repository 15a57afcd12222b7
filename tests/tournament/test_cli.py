"""``crabrules tournament``: the report, a resumed run, and every bad option in one line."""

from __future__ import annotations

import pathlib
import re

import pytest

from crabrules.__main__ import main


def _main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["tournament", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_report_has_the_crosstable_elo_and_pairings(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["crab-stack", "--agents", "random,plausible", "--games", "4", "--out", str(out)]
    status, text, errors = _main(capsys, *argv)
    assert status == 0
    assert "Crosstable" in text
    assert "Elo (95% interval: bootstrap over deals)" in text
    assert "random vs plausible:" in text
    assert "4/4 games (100%)" in errors  # simulate's progress line
    status, again, _ = _main(capsys, *argv)
    assert status == 0
    assert "4 games read from" in again
    assert again.split("\n", 1)[1] == text


def test_the_sprt_verdict_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["crab-stack", "--agents", "plausible,random", "--games", "400", "--seed", "5"]
    status, text, _ = _main(capsys, *argv, "--sprt", "elo0=0,elo1=100")
    assert status == 0
    assert "SPRT plausible vs random (elo0=0, elo1=100, alpha=0.05, beta=0.05)" in text
    assert "H1 accepted after" in text


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--agents", "random,minimax"], "unknown agent 'minimax'"),
        (["--agents", "random"], "agents: from 2 to 32 agents, not 1"),
        (["--agents", "random,random"], "agents: 'random' is given twice"),
        (["--agents", "random,nosuchmodule:Bot"], "cannot import 'Bot'"),
        (["--games", "0"], "games: a positive integer"),
        (["--games", "3"], "games: a multiple of 2"),
        (["--games", "1" + "0" * 30], "games: a positive integer up to"),
        (["--mode", "swiss"], "mode: one of round-robin, gauntlet"),
        (["--workers", "0"], "workers: from 1 to 1024"),
        (["--backend", "mpi"], "backend: one of process, ray"),
        (["--seed", "-1"], "seed"),
        (["--players", "9"], "players"),
        (["--max-actions", "0"], "max actions"),
        (["--sprt", "elo0=5,elo1=0"], "sprt: elo0 (5) below elo1 (0)"),
        (["--sprt", "0,5"], "sprt: elo0=E0,elo1=E1"),
        (["--agents", "random,plausible,mcts:5", "--sprt", "elo0=0,elo1=5"], "sprt: a test"),
        (["--decision-seconds", "-1"], "decision"),
        (["--config", "{"], "not JSON"),
        (["--config", '{"players": "x"}'], "players"),
        (["--config", '{"players": 3}', "--players", "3"], "players: left out when a config"),
        (["--config", "[" * 100_000], "JSON"),
        (["--config", '{"players": 2, "pl\u00e4yers": 2}'], "pl"),
    ],
)
def test_a_bad_option_gives_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    argv = {"--agents": "random,plausible", "--games": "2"}
    for i in range(0, len(options), 2):
        argv[options[i]] = options[i + 1]
    status, _, errors = _main(capsys, "crab-stack", *(x for pair in argv.items() for x in pair))
    assert status == 2
    assert errors.startswith("crabrules: error: ")
    assert message in errors
    assert errors.count("\n") == 1  # one line, no traceback


def test_a_results_file_of_another_tournament_gives_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    out = str(tmp_path / "games.jsonl")
    _main(capsys, "crab-stack", "--agents", "random,plausible", "--games", "2", "--out", out)
    status, _, errors = _main(
        capsys, "crab-stack", "--agents", "random,mcts:5", "--games", "2", "--out", out
    )
    assert status == 2
    assert "out: line 1: a game of another tournament" in errors


def test_a_config_beyond_the_player_count_is_played(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    """``--config`` gives Oh Crab!'s modules; each game's record holds that config."""
    out = tmp_path / "games.jsonl"
    config = '{"players": 2, "modules": ["surprises"]}'
    argv = ["oh-crab", "--agents", "random,plausible", "--games", "2", "--config", config]
    status, text, _ = _main(capsys, *argv, "--out", str(out), "--max-actions", "40")
    assert status == 0, text
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    assert all('"modules":["surprises"]' in line for line in lines)


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_the_help_names_every_built_in_agent(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from crabrules.agents.registry import AGENTS

    with pytest.raises(SystemExit):
        main([command, "--help"])
    words = set(re.findall(r"[\w-]+", capsys.readouterr().out))
    for name in AGENTS:
        assert name in words, name
