"""The bot protocol: programs in any language play through ``BotAgent`` and ``bot:`` specs.

The reference bots pass ``bot-check`` in every game; a hostile bot (tests/bots) breaks the
protocol one way per mode, and each way is an ``AgentError`` that names the player and
the fault; no program outlives its agent.
"""

from __future__ import annotations

import gc
import json
import os
import pathlib
import pickle
import shutil
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crabrules
from crabrules.__main__ import main
from crabrules.agents import AgentError, RandomAgent, make_agent, play_match
from crabrules.agents.base import AnyGame, Turn
from crabrules.agents.bot import BotAgent
from crabrules.agents.bot_check import bot_mixes, check_bot
from crabrules.agents.bot_protocol import BotError, message_schemas, read_answer, turn_message
from crabrules.core import Information, InvalidConfigError, to_json
from crabrules.simulate import simulate

ROOT = pathlib.Path(__file__).parents[2]
PYTHON_BOT = [sys.executable, str(ROOT / "examples" / "bots" / "random_bot.py")]
JS_BOT = ["node", str(ROOT / "examples" / "bots" / "random_bot.js")]
HOSTILE = [sys.executable, str(ROOT / "tests" / "bots" / "hostile_bot.py")]
GAME_IDS = list(crabrules.GAMES)


def node_or_skip() -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed (Debian package nodejs; nox -s tests installs it)")


@pytest.mark.parametrize("game", GAME_IDS)
def test_python_reference_bot_passes_bot_check(game: str) -> None:
    report = check_bot(PYTHON_BOT, games=[game])
    assert report.passed, report.violations
    assert report.decisions > report.mixes > 0


@pytest.mark.parametrize("game", GAME_IDS)
def test_javascript_reference_bot_passes_bot_check(game: str) -> None:
    node_or_skip()
    report = check_bot(JS_BOT, games=[game])
    assert report.passed, report.violations
    assert report.decisions > report.mixes > 0


def test_bot_check_covers_every_game_player_count_and_oh_crab_module() -> None:
    mixes = list(bot_mixes())
    assert {mix.game.info.id for mix in mixes} == set(crabrules.GAMES)
    for game in crabrules.GAMES.values():
        counts = {
            mix.game.num_players(mix.game.initial_state(mix.config, seed=0))
            for mix in mixes
            if mix.game is game
        }
        assert min(counts) == game.info.min_players
        assert max(counts) == game.info.max_players
    modules = {m for mix in mixes if mix.game.info.id == "oh-crab" for m in mix.config.modules}
    assert {m.value for m in modules} == {"challenges", "surprises", "events", "asymmetry"}


def test_bot_check_command_exit_status_says_pass_or_fail(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bot-check", "--game", "crab-stack", "--", *PYTHON_BOT]) == 0
    assert "3 mixes" in capsys.readouterr().out
    assert main(["bot-check", "--game", "crab-stack", "--", *HOSTILE, "illegal-index"]) == 1
    out = capsys.readouterr().out
    assert out.count("violation: crab-stack") == 3
    assert "chose index" in out
    assert main(["bot-check", "--"]) == 2


def fault(mode: str, game_id: str = "crab-stack", seconds: float = 5.0) -> str:
    """The error of a game where player 1 is the hostile bot in ``mode``."""
    game = crabrules.get_game(game_id)
    players = game.num_players(game.initial_state(seed=0))
    bot = BotAgent([*HOSTILE, mode], seconds=seconds)
    agents: list[object] = [RandomAgent() for _ in range(players)]
    agents[1] = bot
    try:
        with pytest.raises(AgentError) as caught:
            play_match(game, agents, seed=1, max_actions=200)  # type: ignore[arg-type]
    finally:
        bot.close()
    message = str(caught.value)
    assert "player 1" in message
    return message


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("crash", "exited with status 3"),
        ("garbage-before-hello", "malformed JSON"),
        ("wrong-protocol", "speaks protocol 2; this crabrules speaks 1"),
        ("flood", "flooded its output: a line over 1048576 bytes"),
        ("invalid-utf8", "malformed JSON"),
        ("duplicate-keys", "key 'index' twice"),
        ("illegal-index", "chose index"),
        ("illegal-action", "chose an illegal action"),
        ("two-lines", "more than one line"),
        ("wait", "waited in Crab Stack, which is not played in real time"),
        ("stderr-then-crash", "its standard error ended with: Traceback: my bug on line 42"),
    ],
)
def test_a_protocol_fault_is_an_agent_error_naming_player_and_fault(mode: str, said: str) -> None:
    assert said in fault(mode)


def test_a_bot_that_never_answers_times_out_within_its_deadline() -> None:
    start = time.monotonic()
    assert "did not answer a turn within 0.3 seconds" in fault("silent", seconds=0.3)
    assert time.monotonic() - start < 5


def test_a_real_time_answer_before_now_is_refused() -> None:
    assert "before now" in fault("before-now", "youve-got-crabs")


@pytest.mark.parametrize(
    "mode", ["non-ascii", "stderr", "huge-line", "by-action", "sometimes-wait"]
)
@pytest.mark.parametrize("game_id", ["crab-stack", "youve-got-crabs", "oh-crab"])
def test_lawful_but_unusual_bots_play(mode: str, game_id: str) -> None:
    game = crabrules.get_game(game_id)
    players = game.num_players(game.initial_state(seed=0))
    with BotAgent([*HOSTILE, mode]) as bot:
        agents: list[object] = [bot] + [RandomAgent() for _ in range(players - 1)]
        result = play_match(game, agents, seed=2, max_actions=40)  # type: ignore[arg-type]
        assert result.length == 40 or result.finished
        assert bot.decisions > 0
    if mode == "non-ascii":
        assert bot.name == "crabe \u00e9 \U0001f980"


@pytest.mark.parametrize("game", crabrules.GAMES.values(), ids=GAME_IDS)
def test_a_turn_shows_only_the_seats_own_observation_and_legal_actions(game: AnyGame) -> None:
    state = game.initial_state(seed=5)
    for player in range(game.num_players(state)):
        legal = game.legal_actions(state, player)
        if not legal:
            continue
        sent = json.loads(turn_message(Turn.of(game, state, player), 7))
        assert sent["observation"] == json.loads(to_json(game.observe(state, player)))
        assert sent["legal"] == json.loads(to_json(legal))
        others = [game.observe(state, p) for p in range(game.num_players(state)) if p != player]
        if game.info.information is Information.IMPERFECT:
            assert all(sent["observation"] != json.loads(to_json(view)) for view in others)


def gone(pid: int) -> bool:
    """Whether no process ``pid`` runs (a zombie of another parent counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def started(bot: BotAgent) -> int:
    game = crabrules.get_game("crab-stack")
    play_match(game, [bot, RandomAgent()], seed=1, max_actions=2)
    assert bot._process is not None
    return bot._process.pid


linux_only = pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")


@linux_only
def test_closing_kills_the_bot_and_its_children() -> None:
    bot = BotAgent([*HOSTILE, "grandchild"])
    pid = started(bot)
    grandchild = int(bot.name)
    assert not gone(grandchild)
    bot.close()
    assert gone(pid)
    deadline = time.monotonic() + 5  # init reaps the orphaned grandchild
    while not gone(grandchild) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert gone(grandchild)


@linux_only
def test_a_forgotten_bot_is_killed_when_collected() -> None:
    bot = BotAgent(PYTHON_BOT)
    pid = started(bot)
    del bot
    gc.collect()
    assert gone(pid)


@linux_only
@pytest.mark.parametrize("ending", ["exit", "kill"])
def test_a_bot_dies_with_the_python_that_started_it(ending: str) -> None:
    # "exit": Python exits without closing the agent; "kill": Python is killed (SIGKILL).
    script = (
        "import sys, time, crabrules\n"
        "from crabrules.agents import RandomAgent, play_match\n"
        "from crabrules.agents.bot import BotAgent\n"
        f"bot = BotAgent({PYTHON_BOT!r})\n"
        "game = crabrules.get_game('crab-stack')\n"
        "play_match(game, [bot, RandomAgent()], seed=1, max_actions=2)\n"
        "print(bot._process.pid, flush=True)\n"
        f"time.sleep(60 if {ending == 'kill'} else 0)\n"
    )
    host = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert host.stdout is not None
    pid = int(host.stdout.readline())
    if ending == "kill":
        host.send_signal(signal.SIGKILL)
    host.wait(30)
    deadline = time.monotonic() + 5
    while not gone(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert gone(pid)


def test_a_bot_agent_pickles_unstarted_and_plays_in_simulate_workers() -> None:
    bot = BotAgent(PYTHON_BOT)
    started(bot)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy._process is None
    assert copy.command == bot.command
    bot.close()
    spec = "bot:" + " ".join(PYTHON_BOT)
    run = simulate("crab-stack", games=2, agents=[spec, "random"], workers=2, seed=1)
    assert [result.failed for result in run.results] == [False, False]


def test_bot_specs_in_agents_lists_and_seats(capsys: pytest.CaptureFixture[str]) -> None:
    spec = "bot:seconds=5:" + " ".join(PYTHON_BOT)
    assert make_agent(spec).seconds == 5.0  # type: ignore[attr-defined]
    argv = ["simulate", "crab-stack", "--games", "2", "--agents", f"{spec},random"]
    assert main(argv) == 0
    assert main(["play", "crab-stack", "--seat", f"0={spec}", "--seat", "1=random"]) == 0
    assert "Game over" in capsys.readouterr().out


@pytest.mark.parametrize("spec", ["bot:", "bot:seconds=0:python3 x.py", "bot:'unclosed"])
def test_a_bad_bot_spec_is_refused(spec: str) -> None:
    with pytest.raises(InvalidConfigError):
        make_agent(spec)


def test_a_program_that_is_not_there_is_refused_before_any_game() -> None:
    with pytest.raises(InvalidConfigError, match="no program '/nonexistent/bot'"):
        BotAgent(["/nonexistent/bot"])
    assert main(["simulate", "crab-stack", "--agents", "bot:/nonexistent/bot,random"]) == 2


def test_a_program_that_cannot_start_is_named(tmp_path: pathlib.Path) -> None:
    program = tmp_path / "bot"
    program.write_text("#!/nonexistent/interpreter\n")
    program.chmod(0o755)
    with pytest.raises(AgentError, match="did not start"):
        started(BotAgent([str(program)]))


def test_every_message_validates_against_the_protocol_schema(tmp_path: pathlib.Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = message_schemas()  # the file the package ships
    jsonschema.Draft202012Validator.check_schema(schema)
    log = tmp_path / "log"
    for game in crabrules.GAMES.values():
        for mix in list(bot_mixes([game.info.id]))[:1]:
            players = game.num_players(game.initial_state(mix.config, seed=0))
            bots = [BotAgent([*HOSTILE, "sometimes-wait", str(log)]) for _ in range(players)]
            play_match(game, bots, seed=3, config=mix.config, max_actions=30)
            for bot in bots:
                bot.close()
    validators = {
        kind: jsonschema.Draft202012Validator({**schema, "$ref": f"#/$defs/{kind}"})
        for kind in schema["$defs"]
    }
    seen: dict[str, int] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        way, text = line.split(" ", 1)
        message = json.loads(text)
        kind = "bot_hello" if way == "out" and message["type"] == "hello" else message["type"]
        validators[kind].validate(message)  # the message it is, and only that one
        seen[kind] = seen.get(kind, 0) + 1
    assert set(seen) == {"hello", "bot_hello", "game", "turn", "act", "wait", "bye"}
    # And what the host refuses, the schema refuses too.
    for wrong in (
        {"type": "act", "index": 0, "action": {"type": "move"}},
        {"type": "act", "index": -1},
        {"type": "hello", "protocol": 2},
        {"type": "wait", "at": 1.0},
    ):
        assert not jsonschema.Draft202012Validator(schema).is_valid(wrong), wrong


@settings(max_examples=300, deadline=None)
@given(
    st.binary(max_size=300)
    | st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    ).map(lambda value: json.dumps({"type": "act", "index": value}).encode())
)
def test_any_line_is_a_decision_or_a_bot_error(line: bytes) -> None:
    game = crabrules.get_game("youve-got-crabs")
    turn = Turn.of(game, game.initial_state(seed=1), 0)
    try:
        decision = read_answer(line, turn)
    except BotError:
        return
    assert decision is None or decision.action in turn.legal


@pytest.mark.parametrize(
    "line",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"type":"act","index":1e999}',
        b'{"type":"act","index":NaN}',
    ],
)
def test_hostile_json_is_a_bot_error(line: bytes) -> None:
    game = crabrules.get_game("crab-stack")
    with pytest.raises(BotError):
        read_answer(line, Turn.of(game, game.initial_state(seed=1), 1))
