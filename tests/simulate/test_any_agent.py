"""Any agent, everywhere: objects and ``module:Name`` specs in simulate, play_match and the
command line, and a clear refusal of what is not an agent."""

from __future__ import annotations

import json
import pathlib
import textwrap
from typing import Any

import pytest

import crabrules
from crabrules.__main__ import main
from crabrules.agents import (
    Decision,
    NotAnAgentError,
    RandomAgent,
    Turn,
    UnknownAgentError,
    make_agent,
    play_match,
)
from crabrules.core import Rng
from crabrules.simulate import simulate


class FirstLegal:
    """Always the first legal action: a user's agent, defined at a module's top level."""

    def __init__(self) -> None:
        self.seen = 0

    def act(self, turn: Turn, rng: Rng) -> Decision:
        self.seen += 1  # memory that must not leak from one game into the next
        return Decision(turn.legal[0], turn.now)


BOTS = """
from crabrules.agents import Decision

class Greedy:
    def __init__(self, depth=1, label="greedy"):
        self.depth, self.label = depth, label

    def act(self, turn, rng):
        return Decision(turn.legal[-1], turn.now)

def not_an_agent():
    return 42
"""


@pytest.fixture
def bots(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "userbots.py").write_text(textwrap.dedent(BOTS))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return "userbots"


@pytest.mark.parametrize("workers", [1, 2])
def test_an_agent_object_plays_in_simulate(workers: int) -> None:
    mine = simulate(
        "crab-stack", games=4, agents=[FirstLegal(), "random"], seed=3, workers=workers
    )
    assert mine.summary.finished == 4
    assert set(mine.summary.by_agent) == {"FirstLegal", "random"}
    assert {result.seats for result in mine.results} == {
        ("FirstLegal", "random"),
        ("random", "FirstLegal"),
    }


def test_each_game_gets_a_fresh_copy_of_an_agent_object() -> None:
    prototype = FirstLegal()
    alone = simulate("crab-stack", games=1, agents=[prototype, "random"], seed=5)
    after_others = simulate("crab-stack", games=3, agents=[prototype, "random"], seed=5)
    assert prototype.seen == 0
    assert alone.results[0] == after_others.results[0]


def test_what_is_not_an_agent_is_refused_up_front() -> None:
    with pytest.raises(NotAnAgentError, match=r"agents\[1\]: an int has no act\(turn, rng\)"):
        simulate("crab-stack", games=2, agents=["random", 7])  # type: ignore[list-item]
    game = crabrules.get_game("crab-stack")
    with pytest.raises(NotAnAgentError, match=r"agents\[0\]"):
        play_match(game, [object(), RandomAgent()], seed=1)  # type: ignore[list-item]


@pytest.mark.parametrize("workers", [1, 2])
def test_an_agent_that_does_not_pickle_is_refused_for_worker_processes(workers: int) -> None:
    class Local(FirstLegal):
        pass  # a class inside a function: pickle cannot find it again

    # Games are played in worker processes even with one worker.
    with pytest.raises(NotAnAgentError, match="does not pickle"):
        simulate("crab-stack", games=2, agents=[Local(), "random"], workers=workers)


def test_a_module_name_spec_makes_the_agent_with_its_arguments(bots: str) -> None:
    agent: Any = make_agent(f"{bots}:Greedy:depth=3:label=deep")
    assert (agent.depth, agent.label) == (3, "deep")
    run = simulate("crab-stack", games=2, agents=[f"{bots}:Greedy", "random"], workers=2)
    assert run.summary.finished == 2
    assert f"{bots}:Greedy" in run.summary.by_agent


@pytest.mark.parametrize(
    ("spec", "error", "says"),
    [
        ("nosuchbots:Greedy", UnknownAgentError, "cannot import 'Greedy' from 'nosuchbots'"),
        ("userbots:Missing", UnknownAgentError, "cannot import 'Missing'"),
        ("userbots:Greedy:depth", UnknownAgentError, "arguments are key=value"),
        ("userbots:Greedy:speed=2", UnknownAgentError, "raised TypeError"),
        ("userbots:not_an_agent", NotAnAgentError, "an int has no act(turn, rng)"),
    ],
)
def test_a_bad_module_spec_is_refused_with_the_reason(
    bots: str, spec: str, error: type[Exception], says: str
) -> None:
    with pytest.raises(error) as caught:
        make_agent(spec)
    assert says in str(caught.value)


def test_the_command_line_takes_module_specs(
    bots: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["simulate", "crab-stack", "--games", "2", "--agents", f"{bots}:Greedy,random"]
    assert main([*argv, "--out", str(out)]) == 0
    first = json.loads(out.read_text().splitlines()[0])
    assert {first["seat_0_agent"], first["seat_1_agent"]} == {f"{bots}:Greedy", "random"}
    assert main(["simulate", "crab-stack", "--agents", f"{bots}:Nope"]) == 2
    assert "cannot import 'Nope'" in capsys.readouterr().err
