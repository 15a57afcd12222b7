"""Playing together over HTTP: the lobby, seats taken by browsers, spectators, rematches.

Every endpoint of :mod:`crabweb.lobby` is attacked here too: huge, malformed, repeated and
non-ASCII input, a token of another game, a stream whose client stops reading.
"""

from __future__ import annotations

import concurrent.futures
import json
import random
import socket
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from crabweb import streams
from crabweb.app import create_app
from crabweb.tables import Tables
from serving import serving
from starlette.testclient import TestClient

import crabrules


def open_game(client: TestClient, game: str, seats: list[str], **more: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats, "seed": 1, **more}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_a_new_game_gives_a_join_link_per_free_seat_and_the_lobby_lists_it(
    client: TestClient,
) -> None:
    created = open_game(client, "crab-stack", ["human", "human", "agent:random"], hold=[0])
    assert set(created["tokens"]) == {"0"}  # the creator's seat only
    assert created["join"] == {"1": f"/?table={created['id']}&join=1"}
    assert created["watch"] == f"/?table={created['id']}&watch=1"
    (listed,) = client.get("/api/lobby").json()["games"]
    assert listed["id"] == created["id"]
    assert [(s["name"], s["kind"], s["free"]) for s in listed["seats"]] == [
        ("red", "human", False),
        ("blue", "human", True),
        ("green", "agent:random", False),
    ]


@pytest.mark.parametrize("listed", [False, True])
def test_a_game_left_out_of_the_lobby_is_joined_by_its_links_only(
    client: TestClient, listed: bool
) -> None:
    created = open_game(client, "crab-stack", ["human", "human"], hold=[0], listed=listed)
    ids = [game["id"] for game in client.get("/api/lobby").json()["games"]]
    assert ids == ([created["id"]] if listed else [])
    assert client.post(f"/api/tables/{created['id']}/seats/1").status_code == 200


@pytest.mark.parametrize("listed", ["no", 0, None, [], "false"])
def test_listed_is_true_or_false(client: TestClient, listed: object) -> None:
    body = {"game": "crab-stack", "seats": ["human", "human"], "listed": listed}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert "listed" in answer.json()["message"]


def test_a_free_seat_is_given_to_one_browser_once(client: TestClient) -> None:
    created = open_game(client, "oh-crab", ["human", "human"], hold=[0])
    url = f"/api/tables/{created['id']}/seats/1"
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: client.post(url), range(16)))
    assert sorted(a.status_code for a in answers) == [200] + [409] * 15
    token = next(a for a in answers if a.status_code == 200).json()["token"]
    view = client.get(f"/api/tables/{created['id']}/players/1", headers={"X-Seat-Token": token})
    assert view.status_code == 200
    refused = next(a for a in answers if a.status_code == 409).json()
    assert refused["reason"] == "seat_taken"
    assert "seat is taken" in refused["message"]
    # The creator's seat was never free.
    assert client.post(f"/api/tables/{created['id']}/seats/0").status_code == 409


def test_a_seat_token_of_another_game_opens_nothing(client: TestClient) -> None:
    one = open_game(client, "crab-stack", ["human", "human"])
    other = open_game(client, "crab-stack", ["human", "human"])
    stolen = {"X-Seat-Token": one["tokens"]["0"]}
    for path in ("", "/stream", "/again", "/wait", "/actions"):
        method = client.post if path in ("/again", "/wait", "/actions") else client.get
        answer = method(f"/api/tables/{other['id']}/players/0{path}", headers=stolen)
        assert answer.status_code == 403, (path, answer.text)
        assert answer.json()["reason"] == "bad_token"


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/tables/{id}/seats/\u0661", 404),  # an Arabic-Indic digit is no seat number
        ("/api/tables/{id}/seats/-1", 404),
        ("/api/tables/{id}/seats/" + "9" * 5000, 404),
        ("/api/tables/{id}/seats/99", 404),
        ("/api/tables/{id}/seats/2", 404),  # an agent's seat is never handed out
        ("/api/tables/" + "é" * 3000 + "/seats/1", 404),
        ("/api/tables/nope/seats/1", 404),
        ("/api/tables/nope", 404),
        ("/api/tables/nope/stream", 404),
        ("/api/tables/{id}?since=1&since=2", 400),
        ("/api/tables/{id}?since=²", 400),
    ],
)
def test_the_lobbys_endpoints_refuse_bad_paths_with_a_reason(
    client: TestClient, path: str, status: int
) -> None:
    created = open_game(client, "crab-stack", ["human", "human", "agent:random"], hold=[0])
    url = path.replace("{id}", created["id"])
    answer = client.post(url) if "/seats/" in url else client.get(url)
    assert answer.status_code == status, answer.text
    assert set(answer.json()) == {"error", "reason", "message"}
    assert len(answer.text) < 1000  # a huge path is not echoed back


@pytest.mark.parametrize(
    "hold",
    ["0", [0, 0], [True], [1.0], [-1], [64], [5], list(range(10_000)), {"0": 1}, [None]],
)
def test_a_new_game_refuses_a_hold_that_is_no_list_of_its_human_seats(
    client: TestClient, tables: Tables, hold: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[object] = []
    monkeypatch.setattr(tables, "create", lambda *args, **kwargs: made.append(args))
    body = {"game": "crab-stack", "seats": ["human", "agent:random"], "hold": hold}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["reason"] in {"bad_request", "no_seat"}
    assert client.get("/api/lobby").json()["games"] == []
    assert made == []  # refused before any game was made


def test_a_person_names_their_seat_and_everyone_sees_it(client: TestClient) -> None:
    created = open_game(client, "crab-stack", ["human", "human"], hold=[0])
    guest = client.post(f"/api/tables/{created['id']}/seats/1").json()["token"]
    url = f"/api/tables/{created['id']}/players/1/name"
    named = client.post(url, headers={"X-Seat-Token": guest}, json={"name": "  Zoé 🦀 "})
    assert named.json() == {"name": "Zoé 🦀"}
    assert client.get(f"/api/tables/{created['id']}").json()["people"] == {"1": "Zoé 🦀"}
    (listed,) = client.get("/api/lobby").json()["games"]
    assert [seat["person"] for seat in listed["seats"]] == [None, "Zoé 🦀"]
    # Only the seat's own token names it.
    host = {"X-Seat-Token": created["tokens"]["0"]}
    assert client.post(url, headers=host, json={"name": "Mallory"}).status_code == 403
    # "" clears it.
    assert client.post(url, headers={"X-Seat-Token": guest}, json={"name": ""}).status_code == 200
    assert client.get(f"/api/tables/{created['id']}").json()["people"] == {}


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"name": "a" * 25}, "bad_name"),
        ({"name": "a" * 100_000}, "too_large"),
        ({"name": "é" * 10_000}, "bad_name"),
        ({"name": "a\x00b"}, "bad_name"),
        ({"name": "\u202eevil"}, "bad_name"),  # a right-to-left override
        ({"name": "line\nbreak"}, "bad_name"),
        ({"name": 5}, "bad_name"),
        ({"name": None}, "bad_name"),
        ({"name": "x", "more": 1}, "bad_name"),
        (["x"], "bad_name"),
    ],
)
def test_a_seats_name_is_short_plain_text(client: TestClient, body: object, reason: str) -> None:
    created = open_game(client, "crab-stack", ["human", "human"])
    answer = client.post(
        f"/api/tables/{created['id']}/players/0/name",
        headers={"X-Seat-Token": created["tokens"]["0"]},
        json=body,
    )
    assert answer.status_code in {400, 413}
    assert answer.json()["reason"] == reason
    assert len(answer.text) < 1000


def test_spectators_see_the_public_view_and_no_hand(client: TestClient) -> None:
    created = open_game(client, "youve-got-crabs", ["human", "agent:plausible"] * 2)
    public = client.get(f"/api/tables/{created['id']}").json()
    assert public["player"] is None
    assert public["legal"] == []
    assert public["observation"]["hand"] == []
    mine = client.get(
        f"/api/tables/{created['id']}/players/0",
        headers={"X-Seat-Token": created["tokens"]["0"]},
    ).json()
    assert len(mine["observation"]["hand"]) == 4
    # The record and replay of a hidden-information game still wait for its end.
    assert client.get(f"/api/tables/{created['id']}/replay?move=0").status_code == 409


def test_real_time_views_tell_the_clock_and_who_the_table_waits_for(client: TestClient) -> None:
    seats = ["human", "human", "agent:plausible", "agent:plausible"]
    created = open_game(client, "youve-got-crabs", seats)
    view = client.get(
        f"/api/tables/{created['id']}/players/0",
        headers={"X-Seat-Token": created["tokens"]["0"]},
    ).json()
    assert view["clock"] >= 0.0
    assert view["calls"] == []
    assert view["waiting_for"]
    assert set(view["waiting_for"]) <= {0, 1}
    call = next(
        i for i in view["legal"] if i["action"]["type"] == "call" and i["action"]["target"] == 1
    )
    client.post(
        f"/api/tables/{created['id']}/players/0/actions",
        headers={"X-Seat-Token": created["tokens"]["0"]},
        json=call["action"],
    )
    after = client.get(f"/api/tables/{created['id']}").json()
    (open_call,) = after["calls"]
    assert (open_call["caller"], open_call["target"]) == (0, 1)
    assert 0.0 <= open_call["left"] <= 1.0


def test_play_again_keeps_the_seats_for_the_same_people(client: TestClient) -> None:
    created = open_game(client, "crab-stack", ["human", "agent:plausible", "human"], hold=[0])
    guest = client.post(f"/api/tables/{created['id']}/seats/2").json()["token"]
    host = {"X-Seat-Token": created["tokens"]["0"]}
    early = client.post(f"/api/tables/{created['id']}/players/0/again", headers=host)
    assert early.status_code == 409
    assert early.json()["reason"] == "not_over"
    finish_together(client, created["id"], {0: created["tokens"]["0"], 2: guest})
    guests = {"X-Seat-Token": guest}
    url = f"/api/tables/{created['id']}/players"
    with concurrent.futures.ThreadPoolExecutor(8) as pool:  # both ask at once, repeatedly
        asked = list(
            pool.map(
                lambda n: client.post(f"{url}/{2 * (n % 2)}/again", headers=[host, guests][n % 2]),
                range(12),
            )
        )
    assert {a.status_code for a in asked} == {200}
    assert len({a.json()["id"] for a in asked}) == 1
    first, second = asked[0].json(), asked[1].json()
    assert first["id"] == second["id"] != created["id"]  # one rematch, both in it
    assert first["token"] != second["token"]
    rematch = client.get(f"/api/tables/{first['id']}").json()
    assert rematch["seats"] == ["human", "agent:plausible", "human"]
    # Nobody else may take their seats from the lobby.
    assert client.post(f"/api/tables/{first['id']}/seats/2").status_code == 409
    old = client.get(f"/api/tables/{created['id']}/players/0", headers=host).json()
    assert old["next"] == first["id"]


def finish_together(client: TestClient, table_id: str, tokens: dict[int, str]) -> None:
    chooser = random.Random(1)
    for _ in range(600):
        view = client.get(f"/api/tables/{table_id}").json()
        if view["terminal"]:
            return
        player = view["active"][0]
        headers = {"X-Seat-Token": tokens[player]}
        mine = client.get(f"/api/tables/{table_id}/players/{player}", headers=headers).json()
        action = chooser.choice(mine["legal"])["action"]
        client.post(
            f"/api/tables/{table_id}/players/{player}/actions", headers=headers, json=action
        )
    pytest.fail("the game did not end")


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[str, Tables]]:
    tables = Tables(speed=50.0)
    with serving(create_app(tables)) as url:
        yield url, tables


def test_a_client_that_stops_reading_its_stream_holds_up_no_one(
    live: tuple[str, Tables],
) -> None:
    base, tables = live
    table = tables.create("youve-got-crabs", seats=["agent:plausible"] * 4, seed=2)
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    stalled = []
    for _ in range(4):  # they ask for the public stream, then never read a byte
        sock = socket.create_connection((host, int(port)))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.sendall(f"GET /api/tables/{table.id}/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        stalled.append(sock)
    try:
        time.sleep(1.0)  # 50 game seconds of agents' moves pushed at the stalled clients
        started = time.monotonic()
        for _ in range(5):
            with urllib.request.urlopen(f"{base}/api/lobby", timeout=5) as answer:
                assert answer.status == 200
        assert time.monotonic() - started < 2.0
        with urllib.request.urlopen(f"{base}/api/tables/{table.id}", timeout=5) as answer:
            assert json.load(answer)["moves"] > 0
    finally:
        for sock in stalled:
            sock.close()


def test_too_many_streams_are_refused_with_503(
    live: tuple[str, Tables], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, tables = live
    table = tables.create("crab-stack", seats=["human", "agent:random"], seed=2)
    monkeypatch.setattr(streams, "MAX_STREAMS", 1)
    with urllib.request.urlopen(f"{base}/api/tables/{table.id}/stream", timeout=5) as first:
        assert first.readline().startswith(b"event: view")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/api/tables/{table.id}/stream", timeout=5)
        assert refused.value.code == 503
    assert json.loads(refused.value.read())["reason"] == "busy"


def test_every_game_is_watched_by_a_spectator_without_a_seat(client: TestClient) -> None:
    for game_id in sorted(crabrules.GAMES):
        players = crabrules.get_game(game_id).info.min_players
        seats = ["human"] + ["agent:random"] * (max(players, 2) - 1)
        if game_id == "youve-got-crabs":
            seats = ["human", "agent:random", "agent:random", "agent:random"]
        created = open_game(client, game_id, seats)
        public = client.get(f"/api/tables/{created['id']}").json()
        assert public["svg"].startswith("<svg"), game_id
        assert public["names"]
        assert not any(n.lower().startswith("player") for n in public["names"])
