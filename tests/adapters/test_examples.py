"""The RL examples run (with their extras installed): a reader copies them."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).parent.parent.parent / "examples"


def _process(*argv: str) -> subprocess.CompletedProcess[str]:
    """The example ``argv[0]`` run with the arguments ``argv[1:]``, finished."""
    return subprocess.run(
        [sys.executable, str(EXAMPLES / argv[0]), *argv[1:]],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _run(*argv: str) -> str:
    done = _process(*argv)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _usage_error(*argv: str) -> str:
    """What the example prints when it refuses its arguments (argparse's exit status 2)."""
    done = _process(*argv)
    assert done.returncode == 2, done.stdout
    return done.stderr


def test_pettingzoo_random_agents() -> None:
    pytest.importorskip("pettingzoo")
    out = _run("pettingzoo_random_agents.py", "crab-stack", "--players", "3", "--games", "2")
    assert out.count("seed") == 2
    out = _run("pettingzoo_random_agents.py", "oh-crab", "--players", "2", "--games", "1")
    assert out.count("seed") == 1
    out = _run(
        "pettingzoo_random_agents.py",
        "oh-crab",
        "--players",
        "2",
        "--modules",
        "surprises",
        "events",
    )
    assert out.count("seed") == 3
    out = _run("pettingzoo_random_agents.py", "youve-got-crabs", "--teams", "3", "--games", "1")
    assert out.count("player_") == 6
    assert "(truncated)" in out  # random play of real-time crabbing rarely ends


def test_pettingzoo_random_agents_names_a_keyword_the_game_has_not() -> None:
    pytest.importorskip("pettingzoo")
    error = _usage_error("pettingzoo_random_agents.py", "youve-got-crabs", "--players", "4")
    assert "error: players: not a Config field of You've Got Crabs" in error


def test_openspiel_mcts() -> None:
    pytest.importorskip("pyspiel")
    game = "python_crabrules_crab_stack(players=3,max_turns=100)"
    out = _run("openspiel_mcts.py", game, "--games", "2", "--simulations", "5")
    assert out.count("seed") == 2
    assert "MCTS's mean return" in out
    error = _usage_error("openspiel_mcts.py", "python_crabrules_crab_stack(x=1)")
    assert "error: Unknown parameter 'x'" in error


def test_train_crab_stack(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("numpy")
    curve = tmp_path / "curve.csv"
    out = _run(
        "train_crab_stack.py", "--games", "4", "--every", "2", "--eval", "2", "--curve", str(curve)
    )
    assert "score against RandomAgent" in out
    assert curve.read_text().splitlines()[0] == "games,score"
    assert len(curve.read_text().splitlines()) == 4


def _page_code(page: str) -> list[str]:
    text = (EXAMPLES.parent / "docs" / page).read_text()
    return re.findall(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)


RL_PAGE_CODE = _page_code("rl.md")


def test_the_rl_page_has_its_six_short_examples() -> None:
    # encoding, Gymnasium, Gymnasium's seats and episode length, self-play, PettingZoo,
    # OpenSpiel
    assert len(RL_PAGE_CODE) == 6


@pytest.mark.parametrize("code", RL_PAGE_CODE, ids=[f"block{i}" for i in range(len(RL_PAGE_CODE))])
def test_the_rl_pages_ten_line_examples_run(code: str) -> None:
    for framework in ("pettingzoo", "pyspiel", "gymnasium"):
        if framework in code:  # each block needs only the framework it shows
            pytest.importorskip(framework)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_train_maskable_ppo_stops_at_its_step_budget(tmp_path: pathlib.Path) -> None:
    # Two whole updates of 8 x 64 steps, then 8 steps more: the budget, not sb3's
    # rollouts, says when training stops (alone, sb3 would go on to 1536 steps).
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("gymnasium")
    curve = tmp_path / "curve.csv"
    out = _run(
        "train_maskable_ppo.py",
        *("--steps", "1032", "--rollout", "64", "--eval-every", "512", "--eval-games", "2"),
        *("--games", "2", "--self-play", "--csv", str(curve)),
    )
    assert "trained for 1032 steps (budget 1032)" in out
    assert re.search(r"won \d+\.\d% of 2 games against random", out)
    assert re.search(r"won \d+\.\d% of 2 games against plausible", out)
    rows = curve.read_text().splitlines()
    assert rows[0] == "steps,win_rate_vs_random"
    assert [row.split(",")[0] for row in rows[1:]] == ["512", "1024", "1032"]


def test_train_maskable_ppo_refuses_a_budget_the_environments_cannot_meet() -> None:
    pytest.importorskip("sb3_contrib")
    assert "--steps: a multiple of 8" in _usage_error("train_maskable_ppo.py", "--steps", "100")
