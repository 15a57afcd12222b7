"""Any agent, everywhere: objects and ``module:Name`` specs in simulate, play_match and the
command line, and a clear refusal of what is not an agent."""

from __future__ import annotations

import json
import pathlib
import textwrap
import time
from typing import Any

import pytest

import crabrules
from crabrules.__main__ import main
from crabrules.agents import (
    AgentError,
    Decision,
    MCTSAgent,
    NotAnAgentError,
    RandomAgent,
    Turn,
    UnknownAgentError,
    agent_labels,
    make_agent,
    play_match,
)
from crabrules.agents.tree import Budget
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
from crabrules.agents import Decision, agent_factory

class Greedy:
    def __init__(self, depth=1, label="greedy"):
        self.depth, self.label = depth, label

    def act(self, turn, rng):
        return Decision(turn.legal[-1], turn.now)

def not_an_agent():
    return 42

@agent_factory
def declared_but_wrong():
    return 42

@agent_factory
def greedy_with(weights):
    return Greedy(depth=len(weights))

def write(path):
    open(path, "w").close()
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
        ("userbots:not_an_agent", UnknownAgentError, "neither an agent class"),
        ("userbots:declared_but_wrong", NotAnAgentError, "an int has no act(turn, rng)"),
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


def test_agents_take_json_values_with_commas_on_the_command_line(
    bots: str, tmp_path: pathlib.Path
) -> None:
    agent: Any = make_agent(f'{bots}:Greedy:depth=[1,2]:label={{"a":"b:c"}}')
    assert (agent.depth, agent.label) == ([1, 2], {"a": "b:c"})
    out = tmp_path / "games.jsonl"
    agents = f"{bots}:greedy_with:weights=[1,2,3],random"
    argv = ["simulate", "crab-stack", "--games", "2", "--agents", agents, "--out", str(out)]
    assert main(argv) == 0
    first = json.loads(out.read_text().splitlines()[0])
    assert {first["seat_0_agent"], first["seat_1_agent"]} == {
        f"{bots}:greedy_with:weights=[1,2,3]",
        "random",
    }


@pytest.mark.parametrize(
    "spec", ["os:system:command=touch {marker}", "userbots:write:path={marker}"]
)
def test_a_spec_never_calls_what_is_not_an_agent_class_or_declared_factory(
    bots: str, tmp_path: pathlib.Path, spec: str
) -> None:
    marker = tmp_path / "ran"
    with pytest.raises(UnknownAgentError, match=r"neither an agent class .* it was not called"):
        make_agent(spec.format(marker=marker))
    assert not marker.exists()


class Labelled(FirstLegal):
    def __init__(self, label: str) -> None:
        super().__init__()
        self.label = label


def test_distinct_agents_get_distinct_summary_rows() -> None:
    fast, slow = MCTSAgent(Budget(iterations=2)), MCTSAgent(Budget(iterations=3))
    run = simulate("crab-stack", games=2, agents=[fast, slow], seed=1)
    assert set(run.summary.by_agent) == {"MCTSAgent#1", "MCTSAgent#2"}
    named_random = Labelled("random")
    run = simulate("crab-stack", games=2, agents=[named_random, "random"], seed=1)
    assert set(run.summary.by_agent) == {"random#1", "random#2"}
    run = simulate("crab-stack", games=2, agents=[Labelled("mine"), "random"], seed=1)
    assert set(run.summary.by_agent) == {"mine", "random"}
    # One agent given twice (self-play, a team) stays one row.
    run = simulate("crab-stack", games=2, agents=[fast, fast], seed=1)
    assert set(run.summary.by_agent) == {"MCTSAgent"}


def test_agent_labels_number_only_clashing_agents() -> None:
    fast, slow = MCTSAgent(), MCTSAgent()
    assert agent_labels([fast, "random", slow, fast, "random"]) == (
        "MCTSAgent#1",
        "random",
        "MCTSAgent#2",
        "MCTSAgent#1",
        "random",
    )


class Slow(FirstLegal):
    def act(self, turn: Turn, rng: Rng) -> Decision:
        time.sleep(0.05)
        return super().act(turn, rng)


def test_an_agent_over_the_decision_cap_fails_its_game() -> None:
    game = crabrules.get_game("crab-stack")
    with pytest.raises(AgentError, match=r"player 0's agent \(Slow\) took 0\.\d+ seconds"):
        play_match(game, [Slow(), RandomAgent()], seed=1, decision_seconds=0.01)
    run = simulate("crab-stack", games=2, agents=[Slow(), "random"], decision_seconds=0.01)
    assert all(result.failed for result in run.results)
    assert "over the decision_seconds cap of 0.01" in str(run.results[0].error)
    assert simulate("crab-stack", games=1, agents=[FirstLegal(), "random"]).summary.finished


@pytest.mark.parametrize("cap", [0, -1.0, float("nan"), float("inf"), 10**9, "1"])
def test_a_decision_cap_is_a_positive_bounded_number(cap: Any) -> None:
    game = crabrules.get_game("crab-stack")
    with pytest.raises(crabrules.InvalidConfigError, match="decision_seconds"):
        play_match(game, [RandomAgent(), RandomAgent()], seed=1, decision_seconds=cap)
    with pytest.raises(crabrules.InvalidConfigError, match="decision_seconds"):
        simulate("crab-stack", games=1, agents=["random"], decision_seconds=cap)
