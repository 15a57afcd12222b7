"""Real-time play on the server's clock, and views pushed to each player as they come."""

from __future__ import annotations

import contextlib
import itertools
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from casual import CasualPerson
from crabweb.app import create_app
from crabweb.tables import Table, Tables
from serving import serving

import crabrules
from crabrules.core import CrabRulesError

PLAUSIBLE = "agent:plausible"


def play_seat(table: Table, player: int, stop: threading.Event) -> None:
    """Play ``player``'s seat as a casual person would, until ``stop``, through ``act``."""
    person = CasualPerson(table, player)
    while not stop.is_set() and not table.game.is_terminal(table.state):
        action = person.due()
        if action is not None:
            with contextlib.suppress(CrabRulesError):  # an agent moved first: decide again
                table.act(player, crabrules.to_dict(action))
        time.sleep(0.01)


def test_agents_act_on_the_servers_clock_not_at_once() -> None:
    speed = 400.0
    table = Tables(speed=speed).create("youve-got-crabs", seats=[PLAUSIBLE] * 4, seed=1)
    assert table.live
    assert table.moves == 0  # nothing is played before its time
    started = time.monotonic()
    while not table.game.is_terminal(table.state):
        assert time.monotonic() - started < 60, "the game did not end"
        table.tick()
        time.sleep(0.002)
    elapsed = time.monotonic() - started
    # Every action came when the game clock reached it: the game took its game seconds.
    assert elapsed >= 0.9 * table.now / speed
    times = [a.time for a in table.actions if hasattr(a, "time")]
    assert times == sorted(times)
    record = crabrules.GameRecord.of("youve-got-crabs", table.config, table.seed, table.actions)
    crabrules.core.replay(record)  # every action was legal when it came


def test_a_turn_based_game_of_agents_plays_a_move_a_pace_on_the_servers_clock() -> None:
    pace = 0.02
    table = Tables(pace=pace).create("crab-stack", seats=[PLAUSIBLE] * 2, seed=1)
    assert table.paced
    assert table.moves == 0  # not played as it is created: it is watched as it plays
    assert not table.tick()  # nor before its pace has passed
    started, times = time.monotonic(), []
    while not table.game.is_terminal(table.state):
        assert time.monotonic() - started < 60, "the game did not end"
        if table.tick():
            times.append(time.monotonic())
        time.sleep(0.002)
    assert len(times) == table.moves > 2
    assert all(b - a >= pace * 0.9 for a, b in itertools.pairwise(times))
    record = crabrules.GameRecord.of("crab-stack", table.config, table.seed, table.actions)
    crabrules.core.replay(record)  # every move was legal when it came


def test_a_game_with_a_person_is_never_paced() -> None:
    table = Tables(pace=0.02).create("crab-stack", seats=["human", PLAUSIBLE], seed=1)
    assert not table.paced
    with table.lock:
        (player,) = table.game.active_players(table.state)
        move = table.game.legal_actions(table.state, player)[0]
    before = table.moves
    table.act(player, crabrules.to_dict(move))
    assert table.moves == before + 2  # the person's move, and the agent's answer at once


def test_a_persons_call_carries_the_servers_clock() -> None:
    table = Tables(speed=1000.0).create(
        "youve-got-crabs", seats=["human", PLAUSIBLE, PLAUSIBLE, PLAUSIBLE], seed=3
    )
    time.sleep(0.05)  # 50 game seconds
    with table.lock:
        call = next(
            a for a in table.game.legal_actions(table.state, 0) if type(a).__name__ == "Call"
        )
    table.act(0, crabrules.to_dict(call))
    assert table.actions[-1].time >= 40.0


@pytest.fixture(scope="module")
def live_server() -> Iterator[tuple[str, Tables]]:
    tables = Tables(speed=50.0)
    with serving(create_app(tables)) as url:
        yield url, tables


def _views(url: str) -> Iterator[dict[str, Any]]:
    with urllib.request.urlopen(url, timeout=30) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        for line in stream:
            if line.startswith(b"data: "):
                yield json.loads(line[6:])


def test_each_player_is_pushed_their_own_view_as_the_agents_play(
    live_server: tuple[str, Tables],
) -> None:
    base, tables = live_server
    seats = [PLAUSIBLE, PLAUSIBLE, "human", PLAUSIBLE]
    table = tables.create("youve-got-crabs", seats=seats, seed=4)
    stop = threading.Event()
    person = threading.Thread(target=play_seat, args=(table, 2, stop), daemon=True)
    person.start()
    url = f"{base}/api/tables/{table.id}/players/2/stream?token={table.tokens[2]}"
    seen: list[dict[str, Any]] = []
    try:
        for view in _views(url):
            seen.append(view)
            if len(seen) == 6:
                break
    finally:
        stop.set()
        person.join(timeout=5)
    # The stream was never asked again: each move, the agents' on the clock, was pushed.
    assert [v["moves"] for v in seen] == sorted({v["moves"] for v in seen})
    assert seen[-1]["moves"] > seen[0]["moves"]
    assert all(v["player"] == 2 for v in seen)
    with table.lock:
        mine = crabrules.to_dict(table.game.observe(table.state, 2))
        theirs = crabrules.to_dict(table.game.observe(table.state, 0))
    assert mine != theirs
    assert json.loads(json.dumps(mine)).keys() == seen[-1]["observation"].keys()


def test_a_stream_needs_the_seats_token(live_server: tuple[str, Tables]) -> None:
    base, tables = live_server
    table = tables.create("youve-got-crabs", seats=["human", PLAUSIBLE] * 2, seed=5)
    url = f"{base}/api/tables/{table.id}/players/0/stream?token={table.tokens[2]}"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(url, timeout=10)
    assert refused.value.code == 403
