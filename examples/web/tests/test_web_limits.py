"""The server's limits, over real HTTP: agents think off the event loop, bodies are capped,
a stopped server stops, and odd headers and query values are refused, never a 500.

A uvicorn server runs on 127.0.0.1 (a free port) in a thread; the SIGTERM test starts
``python -m crabweb`` as a subprocess. An agent that thinks until the test lets it
(:class:`GatedAgent`) holds a table busy for as long as a test needs.
"""

from __future__ import annotations

import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import crabweb.seats
import pytest
from crabweb.__main__ import SHUTDOWN_SECONDS
from crabweb.app import MAX_BODY, create_app
from crabweb.store import MemoryStore
from crabweb.tables import MAX_AGENT_ITERATIONS, Tables
from serving import free_port, serving
from starlette.testclient import TestClient

import crabrules
from crabrules.agents import Agent, Decision, RandomAgent, Turn

WEB = pathlib.Path(__file__).resolve().parent.parent

#: How long a request that should be answered at once may take, in seconds.
PROMPT = 5.0
#: How long a request kept waiting on purpose may wait.
LONG = 30.0


def call(
    url: str,
    method: str = "GET",
    body: object = None,
    token: str | None = None,
    timeout: float = PROMPT,
) -> tuple[int, Any]:
    """The status and JSON answer of one request (the server silent ``timeout`` s at most)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["X-Seat-Token"] = token
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Tables]]:
    tables = Tables(MemoryStore())
    with serving(create_app(tables), timeout_graceful_shutdown=1) as url:
        yield url, tables


class GatedAgent:
    """The random agent, each of whose decisions waits until the test opens ``gate``."""

    def __init__(self, gate: threading.Event, thinking: threading.Event) -> None:
        self.gate, self.thinking = gate, thinking

    def act(self, turn: Turn, rng: crabrules.Rng) -> Decision | None:
        self.thinking.set()
        if not self.gate.wait(timeout=60):
            raise TimeoutError("the test never opened the gate")
        return RandomAgent().act(turn, rng)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, threading.Event]]:
    """``(gate, thinking)``: every agent seat made now thinks until ``gate`` is set."""
    opened, thinking = threading.Event(), threading.Event()

    def gated(spec: str) -> Agent:
        return GatedAgent(opened, thinking)

    monkeypatch.setattr(crabweb.seats, "make_agent", gated)
    try:
        yield opened, thinking
    finally:
        opened.set()  # never leave a server thread waiting


# --- Agents think off the event loop, one request at a time per table ------------------


def test_a_thinking_agent_holds_only_its_own_table(
    server: tuple[str, Tables], gate: tuple[threading.Event, threading.Event]
) -> None:
    url, tables = server
    opened, thinking = gate
    # With seed 2, player 0 (a person) moves first: the agent thinks after their move.
    game = {"game": "crab-stack", "seats": ["human", "agent:random"], "seed": 2}
    _, busy = call(f"{url}/api/tables", "POST", game)
    _, other = call(f"{url}/api/tables", "POST", {**game, "seats": ["human", "human"]})
    table = tables.get(busy["id"])
    seat = f"{url}/api/tables/{busy['id']}/players/0"
    token = busy["tokens"]["0"]
    first = crabrules.to_dict(table.game.legal_actions(table.state, 0)[0])
    with ThreadPoolExecutor(2) as pool:
        moved = pool.submit(call, f"{seat}/actions", "POST", first, token, LONG)
        assert thinking.wait(PROMPT), "the agent was not asked"
        looked = pool.submit(call, seat, "GET", None, token, LONG)
        # Meanwhile the server answers everyone else, and at once.
        start = time.monotonic()
        games = call(f"{url}/api/games")
        other_view = call(f"{url}/api/tables/{other['id']}/players/0", token=other["tokens"]["0"])
        assert games[0] == 200
        assert len(games[1]["games"]) == len(crabrules.GAMES)
        assert other_view[0] == 200
        assert other_view[1]["active"] == [0]
        assert time.monotonic() - start < PROMPT
        # The busy table's view waits for the agent: it never shows half a turn.
        time.sleep(0.3)
        assert not looked.done()
        opened.set()
        assert moved.result(timeout=PROMPT)[0] == 200
        status, view = looked.result(timeout=PROMPT)
    assert status == 200
    assert view["moves"] == 2 == len(table.actions) == len(table.log)
    record = crabrules.GameRecord.of("crab-stack", table.config, table.seed, table.actions)
    assert crabrules.replay(record) == table.state


def test_a_search_agent_over_the_iteration_cap_is_refused() -> None:
    client = TestClient(create_app(Tables(MemoryStore())), raise_server_exceptions=False)

    def seat(agent: str) -> Any:
        body = {"game": "crab-stack", "seats": ["human", f"agent:{agent}"]}
        return client.post("/api/tables", json=body)

    assert seat(f"mcts:{MAX_AGENT_ITERATIONS}").status_code == 201
    assert seat("ismcts:" + "0" * 5000 + "5").status_code == 201  # five iterations
    for agent in (f"mcts:{MAX_AGENT_ITERATIONS + 1}", "ismcts:100000000", "mcts:" + "9" * 5000):
        refused = seat(agent)
        assert refused.status_code == 400, agent
        assert refused.json()["reason"] == "agent_budget"
        assert str(MAX_AGENT_ITERATIONS) in refused.json()["message"]
        assert len(refused.json()["message"]) < 200
    # A budget int() reads but that is no ASCII number is no agent.
    refused = seat("mcts:²")
    assert refused.status_code == 400
    assert refused.json()["reason"] == "unknown_agent"


# --- SIGTERM stops the server while an agent thinks ------------------------------------


def test_sigterm_stops_the_server_while_agents_think(tmp_path: pathlib.Path) -> None:
    port = free_port()
    paths = [
        str(WEB),
        *(os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p),
    ]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    process = subprocess.Popen(
        # --pace 0: the game of agents is played inside the request that creates it
        [
            sys.executable,
            "-m",
            "crabweb",
            "--port",
            str(port),
            "--database",
            str(tmp_path / "db"),
            "--pace",
            "0",
        ],
        cwd=WEB,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                call(f"{url}/api/games")
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    pytest.fail("the server did not start")
                time.sleep(0.1)
        # Four search agents at the cap play a whole game inside this request: minutes.
        seats = [f"agent:mcts:{MAX_AGENT_ITERATIONS}"] * 4
        game = {"game": "crab-stack", "seats": seats, "seed": 1}
        with ThreadPoolExecutor(1) as pool:
            playing = pool.submit(call, f"{url}/api/tables", "POST", game, None, LONG)
            time.sleep(1.0)
            assert not playing.done(), "the agents' game ended at once"
            start = time.monotonic()
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=SHUTDOWN_SECONDS + 10)
            except subprocess.TimeoutExpired:
                pytest.fail("SIGTERM did not stop the server")
            stopped = time.monotonic() - start
            status, answer = playing.result()
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        assert process.stderr is not None
        process.stderr.close()
    print(f"stopped in {stopped:.2f} s")
    assert stopped < SHUTDOWN_SECONDS + 3
    # The agents' request was dropped, and said so.
    assert status == 503
    assert answer["reason"] == "stopping"


# --- Bodies: refused from their length, never read past the limit ----------------------


def raw_exchange(url: str, head: str, chunks: list[bytes]) -> tuple[int, Any, float]:
    """Send ``head`` and ``chunks`` on one connection; the status, JSON and seconds taken.

    The body sent is never the whole one announced: an answer means the server did not
    wait for the rest.
    """
    host, port = url.removeprefix("http://").split(":")
    start = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=PROMPT) as connection:
        connection.sendall(head.encode("latin-1"))
        for chunk in chunks:
            connection.sendall(chunk)
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            got = connection.recv(65536)
            if not got:
                break
            answer += got
    headers, _, body = answer.partition(b"\r\n\r\n")
    status = int(headers.split()[1])
    return status, json.loads(body), time.monotonic() - start


@pytest.mark.parametrize("route", ["/api/tables", "/api/tables/{id}/players/0/actions"])
def test_a_body_announced_as_a_gigabyte_is_refused_before_it_is_sent(
    server: tuple[str, Tables], route: str
) -> None:
    url, _ = server
    _, created = call(f"{url}/api/tables", "POST", {"game": "crab-stack", "seats": ["human"] * 2})
    head = (
        f"POST {route.format(id=created['id'])} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Type: application/json\r\nX-Seat-Token: {created['tokens']['0']}\r\n"
        "Content-Length: 1000000000\r\n\r\n"
    )
    status, answer, seconds = raw_exchange(url, head, [b'{"game": '])
    assert status == 413
    assert answer["reason"] == "too_large"
    assert str(MAX_BODY) in answer["message"]
    assert seconds < PROMPT


def test_a_chunked_body_is_read_only_up_to_the_limit(server: tuple[str, Tables]) -> None:
    url, _ = server
    head = (
        "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    )
    piece = b" " * 16_000
    chunks = [b"%x\r\n%s\r\n" % (len(piece), piece)] * (MAX_BODY // len(piece) + 1)
    status, answer, _ = raw_exchange(url, head, chunks)  # no last chunk: the body goes on
    assert status == 413
    assert answer["reason"] == "too_large"


def test_a_body_over_the_limit_is_a_413() -> None:
    client = TestClient(create_app(Tables(MemoryStore())), raise_server_exceptions=False)
    refused = client.post("/api/tables", content=b" " * (MAX_BODY + 1))
    assert refused.status_code == 413
    assert refused.json()["reason"] == "too_large"
    almost = client.post("/api/tables", content=b" " * (MAX_BODY - 2) + b"{}")
    assert almost.status_code == 400
    assert almost.json()["reason"] == "bad_request"  # read whole: it names no game


# --- Odd headers, paths and query values: a 4xx with a JSON error, never a 500 ----------


@pytest.fixture
def seated() -> tuple[TestClient, str, dict[str, str]]:
    client = TestClient(create_app(Tables(MemoryStore())), raise_server_exceptions=False)
    created = client.post(
        "/api/tables", json={"game": "crab-stack", "seats": ["human"] * 2}
    ).json()
    url = f"/api/tables/{created['id']}/players/0"
    return client, url, {"X-Seat-Token": created["tokens"]["0"]}


@pytest.mark.parametrize("shown", ["é".encode("latin-1"), "tök€n".encode(), b"\xff" * 30])
def test_a_seat_token_with_non_ascii_characters_is_refused(
    seated: tuple[TestClient, str, dict[str, str]], shown: bytes
) -> None:
    client, url, _ = seated
    for answer in (
        client.get(url, headers={b"X-Seat-Token": shown}),
        client.post(f"{url}/actions", json={}, headers={b"X-Seat-Token": shown}),
    ):
        assert answer.status_code == 403, answer.text
        assert answer.json()["reason"] == "bad_token"


@pytest.mark.parametrize("since", ["²", "٣", "-1", "", "1e3", "0x10", " 1", "9" * 5000])
def test_a_since_that_is_no_ascii_number_is_a_400(
    seated: tuple[TestClient, str, dict[str, str]], since: str
) -> None:
    client, url, token = seated
    answer = client.get(url, params={"since": since}, headers=token)
    assert answer.status_code == 400, answer.text
    assert answer.json()["reason"] == "bad_request"
    assert "since" in answer.json()["message"]
    assert client.get(url, params={"since": "3"}, headers=token).status_code == 200


@pytest.mark.parametrize("player", ["²", "9" * 5000, "-1", "x"])
def test_a_player_that_is_no_ascii_number_is_no_seat(
    seated: tuple[TestClient, str, dict[str, str]], player: str
) -> None:
    client, url, token = seated
    answer = client.get(url.removesuffix("/0") + f"/{player}", headers=token)
    assert answer.status_code == 404, answer.text
    assert answer.json()["reason"] == "no_seat"


@pytest.mark.parametrize("shown", ["xml", "TEXT", "", "text "])
def test_a_record_format_other_than_json_or_text_is_a_400(
    seated: tuple[TestClient, str, dict[str, str]], shown: str
) -> None:
    client, url, _ = seated
    record = url.split("/players/")[0] + "/record"
    answer = client.get(record, params={"format": shown})
    assert answer.status_code == 400, answer.text
    assert answer.json()["reason"] == "bad_request"
    assert "format" in answer.json()["message"]
    assert client.get(record, params={"format": "json"}).json()["game"] == "crab-stack"
    assert client.get(record, params={"format": "text"}).text.startswith('[Game "crab-stack"]')


@pytest.mark.parametrize(
    ("route", "name", "values"),
    [
        ("replay", "move", ["0", "1"]),
        ("replay", "move", ["0", "0"]),
        ("record", "format", ["text", "json"]),
        ("view", "since", ["0", "1"]),
        ("stream", "token", ["wrong", "right"]),
    ],
)
def test_a_query_value_given_twice_is_a_400_naming_it(
    seated: tuple[TestClient, str, dict[str, str]], route: str, name: str, values: list[str]
) -> None:
    client, url, token = seated
    table = url.split("/players/")[0]
    path = {
        "replay": f"{table}/replay",
        "record": f"{table}/record",
        "view": url,
        "stream": f"{url}/stream",
    }[route]
    given = {name: [token["X-Seat-Token"] if v == "right" else v for v in values]}
    headers = {} if route == "stream" else token
    answer = client.get(path, params=given, headers=headers)
    assert answer.status_code == 400, answer.text
    assert answer.json()["reason"] == "bad_request"
    assert name in answer.json()["message"]
