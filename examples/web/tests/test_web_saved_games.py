"""Games saved in SQLite: a server started again on the same database resumes them."""

from __future__ import annotations

import os
import pathlib
import sqlite3
import subprocess
import sys
from typing import Any

import pytest
from crabweb.app import create_app
from crabweb.store import SavedTable, Store
from crabweb.tables import ServerError, Tables
from starlette.testclient import TestClient

import crabrules


def _play_some(client: TestClient, created: dict[str, Any], player: int, count: int) -> None:
    headers = {"X-Seat-Token": created["tokens"][str(player)]}
    url = f"/api/tables/{created['id']}/players/{player}"
    for _ in range(count):
        view = client.get(url, headers=headers).json()
        if view["terminal"]:
            return
        assert view["legal"], "the seat is to move"
        answer = client.post(f"{url}/actions", json=view["legal"][0]["action"], headers=headers)
        assert answer.status_code == 200, answer.text


def test_a_restarted_server_resumes_a_game_mid_way_and_plays_it_to_the_end(
    tmp_path: pathlib.Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    first = TestClient(create_app(Tables(database)))
    body = {"game": "crab-stack", "seats": ["human", "agent:plausible"], "seed": 5}
    created = first.post("/api/tables", json=body).json()
    _play_some(first, created, 0, 3)
    url = f"/api/tables/{created['id']}/players/0"
    headers = {"X-Seat-Token": created["tokens"]["0"]}
    before = first.get(url, headers=headers).json()
    assert before["moves"] >= 6
    del first  # the first server is gone: only the file remains

    # A new server process would build a new app on the same file.
    second = TestClient(create_app(Tables(database)))
    after = second.get(url, headers=headers).json()
    assert after["observation"] == before["observation"]
    assert after["moves"] == before["moves"]
    assert after["events"] == before["events"]
    _play_some(second, created, 0, 500)
    final = second.get(url, headers=headers).json()
    assert final["terminal"]
    record = second.get(f"/api/tables/{created['id']}/record").json()
    assert crabrules.core.replay(crabrules.from_dict(record, crabrules.GameRecord)) is not None


def test_the_seat_tokens_survive_a_restart_and_still_guard_the_seats(
    tmp_path: pathlib.Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    table = Tables(database).create("oh-crab", seats=["human", "human"], seed=2)
    resumed = Tables(database).get(table.id)
    assert resumed.tokens == table.tokens
    with pytest.raises(ServerError, match="not player 1's seat token"):
        resumed.check_token(1, table.tokens[0])
    assert resumed.state == table.state


def test_a_damaged_saved_game_is_a_clear_error_for_that_game_only(
    tmp_path: pathlib.Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    tables = Tables(database)
    good = tables.create("crab-stack", seats=["human", "human"], seed=1)
    bad = tables.create("crab-stack", seats=["human", "human"], seed=1)
    with sqlite3.connect(database) as db:
        db.execute(
            "INSERT INTO moves VALUES (?, 0, ?)",
            (bad.id, '{"type": "move", "player": 0, "src": 0, "dst": 99}'),
        )
    again = Tables(database)
    with pytest.raises(ServerError, match="move 1 cannot be played again") as refused:
        again.get(bad.id)
    assert refused.value.reason == "damaged_game"
    assert again.get(good.id).state == good.state
    client = TestClient(create_app(again), raise_server_exceptions=False)
    answer = client.get(f"/api/tables/{bad.id}/record")
    assert answer.status_code == 500
    assert answer.json()["reason"] == "damaged_game"


def test_rows_that_are_not_json_are_refused_on_load() -> None:
    store = Store()
    store.save_table(SavedTable("t", "crab-stack", None, ["human", "human"], 1, {}))
    store._db.execute("UPDATE tables SET seats = 'not json' WHERE id = 't'")
    with pytest.raises(ValueError, match="saved game 't' is damaged"):
        store.load("t")


def _damaged_pages(path: pathlib.Path) -> None:
    """A database of saved games, then every page after the first one's bytes flipped."""
    tables = Tables(path)
    for seed in range(20):
        tables.create("crab-stack", seats=["human", "agent:random"], seed=seed)
    tables.store.close()
    data = bytearray(path.read_bytes())
    for at in range(4096, len(data), 7):
        data[at] ^= 0xFF
    path.write_bytes(bytes(data))


def _foreign_tables(path: pathlib.Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (name TEXT)")


def _another_programs_table(path: pathlib.Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t(x)")


def _many_odd_names(path: pathlib.Path) -> None:
    # Long, non-ASCII and quoted names: the refusal names a few, shortened.
    with sqlite3.connect(path) as db:
        for n in range(30):
            db.execute(f'CREATE TABLE "crabe_é_{n}_{"x" * 500}\n" (x)')
        db.execute("CREATE VIEW notes AS SELECT 1")


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda path: path.write_text("hello, this is no database\n" * 50), "not a database"),
        (lambda path: path.write_bytes(bytes(range(256)) * 32), "not a database"),
        (lambda path: path.write_text("x"), "not SQLite"),  # SQLite itself would replace it
        (_damaged_pages, "damaged"),
        (_foreign_tables, "tables"),
        (_another_programs_table, "not this store's: 't'"),
        (_many_odd_names, "not this store's: 'crabe_é_0_x+', .* and 26 more"),
    ],
    ids=[
        "text",
        "bytes",
        "one_byte",
        "damaged_pages",
        "foreign_tables",
        "another_programs_table",
        "many_odd_names",
    ],
)
def test_a_file_that_is_no_sound_database_of_games_is_refused_when_opened(
    tmp_path: pathlib.Path, make: Any, why: str
) -> None:
    database = tmp_path / "games.sqlite3"
    make(database)
    before = database.read_bytes()
    with pytest.raises(ValueError, match=why) as refused:
        Tables(database)
    assert str(database) in str(refused.value)
    assert database.read_bytes() == before  # the file is left as it was


def test_python_m_crabweb_on_a_file_that_is_no_database_says_so_without_a_traceback(
    tmp_path: pathlib.Path,
) -> None:
    database = tmp_path / "notes.txt"
    database.write_text("shopping: crabs\n")
    web = pathlib.Path(__file__).resolve().parent.parent
    paths = [
        str(web),
        *(os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p),
    ]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    ran = subprocess.run(
        [sys.executable, "-m", "crabweb", "--database", str(database), "--port", "0"],
        cwd=web,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert ran.returncode == 2
    assert "Traceback" not in ran.stderr
    assert f"{database}: not a database of saved games" in ran.stderr
