"""The web example's server over HTTP (Starlette's TestClient): every game, errors, views.

Run by ``nox -s web``, which installs the example's requirements.
"""

from __future__ import annotations

import enum
import json
import re
import typing
from typing import Any

import attrs
import pytest
from crabweb.app import create_app
from crabweb.store import MemoryStore
from crabweb.tables import Table, Tables
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import crabrules

GAME_IDS = sorted(crabrules.GAMES)


@pytest.fixture
def tables() -> Tables:
    return Tables(MemoryStore())


@pytest.fixture
def client(tables: Tables) -> TestClient:
    # Server exceptions become 500 answers, as a browser would see them.
    return TestClient(create_app(tables), raise_server_exceptions=False)


def create(client: TestClient, game: str, seats: list[str], seed: int = 1) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": game, "seats": seats, "seed": seed})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def token(created: dict[str, Any], player: int) -> dict[str, str]:
    return {"X-Seat-Token": created["tokens"][str(player)]}


def as_json(value: object) -> Any:
    """``value`` as the client receives it (JSON has lists, not tuples)."""
    return json.loads(json.dumps(crabrules.to_dict(value)))


def humans(game: str) -> list[str]:
    players = crabrules.get_game(game).info.min_players
    return ["human"] * max(players, 2)


def test_the_page_and_the_games_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "/static/app.js" in page.text
    assert client.get("/static/app.js").status_code == 200
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed["games"]] == GAME_IDS
    assert listed["seats"][:3] == ["human", "agent:random", "agent:plausible"]
    assert "plausible" in listed["agents"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_is_the_players_observation_picture_and_actions(
    client: TestClient, tables: Tables, game_id: str
) -> None:
    created = create(client, game_id, humans(game_id))
    table = tables.get(created["id"])
    game = table.game
    for player in created["humans"]:
        view = client.get(
            f"/api/tables/{created['id']}/players/{player}", headers=token(created, player)
        )
        assert view.status_code == 200
        body = view.json()
        seen = game.observe(table.state, player)
        assert body["observation"] == as_json(seen)
        last = table.actions[-1] if table.actions else None
        assert body["svg"] == game.render_svg(seen, last_action=last)
        legal = game.legal_actions(table.state, player)
        assert [a["action"] for a in body["legal"]] == [as_json(a) for a in legal]
        assert [a["text"] for a in body["legal"]] == [game.describe(table.state, a) for a in legal]


def test_a_player_never_gets_another_players_hand(client: TestClient, tables: Tables) -> None:
    created = create(client, "youve-got-crabs", ["human"] * 4, seed=5)
    table = tables.get(created["id"])
    game = table.game
    views = [
        client.get(f"/api/tables/{created['id']}/players/{p}", headers=token(created, p)).json()
        for p in range(4)
    ]
    # Each view is exactly that player's observation, and the four differ (their hands).
    assert len({json.dumps(v["observation"], sort_keys=True) for v in views}) == 4
    for p, view in enumerate(views):
        assert view["observation"] == as_json(game.observe(table.state, p))
    # Another seat's token does not open a view, and the record (whose seed rebuilds every
    # hand) waits for the end.
    stolen = client.get(f"/api/tables/{created['id']}/players/0", headers=token(created, 1))
    assert stolen.status_code == 403
    assert stolen.json()["reason"] == "bad_token"
    assert client.get(f"/api/tables/{created['id']}/players/0").status_code == 403
    early = client.get(f"/api/tables/{created['id']}/record")
    assert early.status_code == 409
    assert early.json()["reason"] == "not_over"


def test_posted_actions_answer_with_the_events_that_player_may_see(
    client: TestClient, tables: Tables
) -> None:
    created = create(client, "youve-got-crabs", ["human"] * 4, seed=2)
    table = tables.get(created["id"])
    game, before = table.game, table.state
    action = game.legal_actions(before, 0)[0]
    url = f"/api/tables/{created['id']}/players/0/actions"
    answer = client.post(url, json=crabrules.to_dict(action), headers=token(created, 0))
    assert answer.status_code == 200, answer.text
    _, events = game.apply_with_events(before, action)
    seen = game.observe_events(events, 0)
    assert [e["event"] for e in answer.json()["events"]] == [as_json(e) for e in seen]
    said = [e["text"] for e in answer.json()["events"]]
    assert said == [game.describe_event(e, table.config) for e in seen]
    # players by their names (Red 1), never by their seat numbers (P0)
    assert said[0].startswith("Red 1 ")
    assert not [text for text in said if re.search(r"\bP\d", text)]


def test_an_illegal_action_is_refused_with_the_rules_reason(
    client: TestClient, tables: Tables
) -> None:
    created = create(client, "crab-stack", ["human", "human"])
    table = tables.get(created["id"])
    before = table.state
    # Player 1 is to move; A1 (cell 0) holds their small crab, C1 (cell 5) a bigger one.
    move = {"type": "move", "player": 1, "src": 0, "dst": 5}
    url = f"/api/tables/{created['id']}/players/1/actions"
    refused = client.post(url, json=move, headers=token(created, 1))
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "IllegalActionError",
        "reason": "too_big",
        "message": "a small crab ends only on a crab of its size or smaller: not from A1 to B3",
    }
    assert table.state == before
    assert table.actions == []


def test_a_seat_plays_only_its_own_player(client: TestClient, tables: Tables) -> None:
    created = create(client, "crab-stack", ["human", "human"])
    move = {"type": "move", "player": 1, "src": 0, "dst": 3}
    url = f"/api/tables/{created['id']}/players/0/actions"
    refused = client.post(url, json=move, headers=token(created, 0))
    assert refused.status_code == 400
    assert refused.json()["reason"] == "wrong_player"
    assert tables.get(created["id"]).actions == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_agent_seats_play_by_themselves(client: TestClient, tables: Tables, game_id: str) -> None:
    game = crabrules.get_game(game_id)
    seats = ["human"] + ["agent:plausible"] * (game.info.min_players - 1 or 1)
    created = create(client, game_id, seats, seed=3)
    table = tables.get(created["id"])
    url = f"/api/tables/{created['id']}/players/0"
    for _ in range(3):
        view = client.get(url, headers=token(created, 0)).json()
        if view["terminal"]:
            break
        if not view["legal"]:
            client.post(f"{url}/wait", headers=token(created, 0))
            continue
        done = client.post(
            f"{url}/actions", json=view["legal"][0]["action"], headers=token(created, 0)
        )
        assert done.status_code == 200, done.text
    # The agents answered: more actions were applied than the person's, and they replay.
    assert len(table.actions) > 3
    record = crabrules.GameRecord.of(game_id, table.config, table.seed, table.actions)
    assert crabrules.replay(record) == table.state


def test_a_table_of_agents_plays_to_the_end_and_gives_its_record(client: TestClient) -> None:
    created = create(client, "crab-stack", ["agent:plausible", "agent:random"], seed=4)
    record = client.get(f"/api/tables/{created['id']}/record")
    assert record.status_code == 200
    state = crabrules.replay(crabrules.from_dict(record.json(), crabrules.GameRecord))
    assert crabrules.get_game("crab-stack").is_terminal(state)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"game": "chess", "seats": ["human", "human"]}, "unknown_game"),
        ({"game": "crab-stack", "seats": ["human"] * 7}, "invalid_config"),
        ({"game": "crab-stack", "seats": ["human", "robot"]}, "seats"),
        ({"game": "crab-stack", "seats": ["human", "agent:minimax"]}, "unknown_agent"),
        ({"game": "crab-stack", "seats": ["human"] * 2, "seed": -1}, "bad_request"),
        (
            {"game": "crab-stack", "seats": ["human"] * 2, "config": {"players": "x"}},
            "deserialization",
        ),
        ({"game": "crab-stack", "seats": ["human"] * 2, "colour": "red"}, "bad_request"),
    ],
)
def test_a_bad_new_game_is_refused(client: TestClient, body: dict[str, Any], reason: str) -> None:
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400, refused.text
    assert refused.json()["reason"] == reason


def test_an_unknown_game_id_is_a_404_naming_it(client: TestClient) -> None:
    missing = client.get("/api/tables/nope/players/0")
    assert missing.status_code == 404
    assert missing.json()["message"] == "no game 'nope' on this server"


# --- Fuzzing: a few hundred bodies, only 400s (or a legal move), never a 500 ------------


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def value_for(hint: Any) -> st.SearchStrategy[Any]:
    """Values of a field's JSON type, small enough to name real cells, cards and players."""
    if hint is bool:
        return st.booleans()
    if hint is float:
        return st.floats(-5, 500, allow_nan=False) | st.integers(-1, 500)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from([m.value for m in hint])
    if typing.get_origin(hint) is tuple:
        return st.lists(st.integers(-2, 40), max_size=3)
    return st.integers(-2, 40)


@st.composite
def action_like(draw: st.DrawFn, game_id: str, player: int) -> object:
    """Documents shaped like the game's actions (often well formed, often illegal), some
    with wrong fields or values, and some any JSON at all."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(JSON)
    cls = draw(st.sampled_from(typing.get_args(crabrules.get_game(game_id).action_type)))
    hints = typing.get_type_hints(cls)
    body: dict[str, Any] = {"type": cls.TAG}
    for field in attrs.fields(cls):
        body[field.name] = draw(value_for(hints[field.name]))
    if kind < 6:
        body["player"] = player  # the seat's own player: the rules, not the server, refuse
    elif kind == 6:
        body[draw(st.sampled_from([*body, "extra", "format_version"]))] = draw(JSON)
    elif kind == 7:
        del body[draw(st.sampled_from(sorted(body)))]
    return body


#: How many fuzzed bodies the tests post, in all.
FUZZED_ACTIONS = 400
FUZZED_RAW = 100


@pytest.fixture(scope="module")
def fuzz_tables() -> tuple[TestClient, Tables, dict[str, dict[str, Any]]]:
    tables = Tables(MemoryStore())
    client = TestClient(create_app(tables), raise_server_exceptions=False)
    created = {g: create(client, g, humans(g), seed=7) for g in GAME_IDS}
    return client, tables, created


def check_unharmed(table: Table) -> None:
    table.game.check_state(table.state)
    record = crabrules.GameRecord.of(table.game.info.id, table.config, table.seed, table.actions)
    assert crabrules.replay(record) == table.state


@settings(
    max_examples=FUZZED_ACTIONS,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_fuzzed_actions_get_400s_never_500s(
    fuzz_tables: tuple[TestClient, Tables, dict[str, dict[str, Any]]], data: st.DataObject
) -> None:
    client, tables, created = fuzz_tables
    game_id = data.draw(st.sampled_from(GAME_IDS))
    seat = created[game_id]
    table = tables.get(seat["id"])
    player = data.draw(st.sampled_from(seat["humans"]))
    body = data.draw(action_like(game_id, player))
    before, moves = table.state, len(table.actions)
    answer = client.post(
        f"/api/tables/{seat['id']}/players/{player}/actions",
        content=json.dumps(body),
        headers=token(seat, player),
    )
    assert answer.status_code in (200, 400), (body, answer.text)
    if answer.status_code == 400:
        assert set(answer.json()) == {"error", "reason", "message"}
        assert table.state is before
        assert len(table.actions) == moves
    check_unharmed(table)


@settings(
    max_examples=FUZZED_RAW,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(raw=st.binary(max_size=40) | st.text(max_size=40).map(str.encode))
def test_fuzzed_bytes_get_400s(
    fuzz_tables: tuple[TestClient, Tables, dict[str, dict[str, Any]]], raw: bytes
) -> None:
    client, tables, created = fuzz_tables
    seat = created["crab-stack"]
    for path in (f"/api/tables/{seat['id']}/players/1/actions", "/api/tables"):
        answer = client.post(path, content=raw, headers=token(seat, 1))
        assert answer.status_code == 400, (raw, answer.text)
    check_unharmed(tables.get(seat["id"]))


def test_a_client_cannot_seat_code_by_name(client: TestClient) -> None:
    for seat in ("agent:os:system:command=true", "agent:crabweb.tables:Tables"):
        response = client.post(
            "/api/tables", json={"game": "crab-stack", "seats": [seat, "human"]}
        )
        assert response.status_code == 400, response.text
        assert "is not one of" in response.text


class _FirstLegal:
    """A user's own agent, seated from Python."""

    def act(self, turn: Any, rng: Any) -> Any:
        from crabrules.agents import Decision

        return Decision(turn.legal[0], turn.now)


def test_python_code_may_seat_an_agent_object(tables: Tables) -> None:
    table = tables.create("crab-stack", seats=[_FirstLegal(), "human"], seed=2)
    assert table.seats == ("agent:_FirstLegal", "human")
    assert table.actions  # the agent moved first, up to the person's turn


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_players_and_endings_are_named_as_the_board_names_them(
    client: TestClient, tables: Tables, game_id: str
) -> None:
    game = crabrules.get_game(game_id)
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}[game_id]
    for n, names in listed["names"].items():
        assert names == list(game.names.players(game.config_for_players(int(n))))
    # A game of agents only is over when created: any seat's view says how, in words.
    seats = ["agent:plausible"] * len(humans(game_id))
    created = create(client, game_id, seats, seed=2)
    view = tables.get(created["id"]).view(0)  # no seat is a person's: no token to show
    assert view["names"] == listed["names"][str(len(seats))]
    assert view["terminal"]
    assert view["outcome"]["reason"] not in view["ending"]
    assert view["ending"] == game.names.outcome(
        game.config_for_players(len(seats)),
        crabrules.from_dict(view["outcome"], crabrules.Outcome),
    )


def test_a_duplicated_option_is_read_once_and_refused_by_its_title(client: TestClient) -> None:
    # JSON's last value counts (Python's json); the refusal names that one, in words.
    body = (
        '{"game": "crab-stack", "seats": ["human", "human"], "config": '
        '{"format_version": 1, "max_turns": 5, "max_turns": -2}}'
    )
    refused = client.post(
        "/api/tables", content=body, headers={"Content-Type": "application/json"}
    )
    assert refused.status_code == 400
    assert refused.json()["message"] == "Max turns: a positive int or empty, not -2"


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ({"max_turns": -1}, "Max turns: a positive int or empty, not -1"),
        ({"first_player": "rouge é"}, "First player: expected an int, got 'rouge é'"),
        ({"first_player": "x" * 20_000}, "First player: expected an int, got 'xxx"),
        ({"first_player": "a", "max_turns": "b"}, "First player: expected an int"),
    ],
    ids=["value", "non_ascii", "huge", "two_problems"],
)
def test_a_refused_option_is_named_by_its_title_without_a_document_path(
    client: TestClient, config: dict[str, Any], said: str
) -> None:
    body = {
        "game": "crab-stack",
        "seats": ["human"] * 2,
        "config": {"format_version": 1, **config},
    }
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400
    message = refused.json()["message"]
    assert message.startswith(said)
    assert "@" not in message
    assert "$" not in message
    assert "first_player" not in message  # titles, not field names
    assert len(message) < 2_000
    assert refused.json()["reason"] == "deserialization"
