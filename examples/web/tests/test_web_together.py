"""People playing together in real browsers: two and three Chromium contexts on one server.

Each context is a browser of its own (its own localStorage): a host creates a game and
sends links, a guest joins from one and reloads mid-game, a spectator watches. Also: You've
Got Crabs in real time with two people against agents, the keyboard alone, a phone's
width, and games of agents only, watched and replayed.
"""

from __future__ import annotations

import contextlib
import pathlib
import re
import time
from collections.abc import Callable, Iterator

import pytest
from casual import CasualPerson
from crabweb.app import create_app
from crabweb.tables import Tables
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from serving import serving
from test_web_browser import TEST_SPEED, current_view

import crabrules

#: A turn-based game of agents only plays a move this often here, in seconds.
TEST_PACE = 0.1
#: The server's games, for the tests that look behind the page.
TABLES = Tables(speed=TEST_SPEED, pace=TEST_PACE)

#: You've Got Crabs with six crab types: four of a kind comes often, a game ends in about
#: fifty moves.
SHORT_DECK = ", ".join(crabrules.get_game("youve-got-crabs").config_for_players(4).types[:6])

Opener = Callable[..., Page]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving(create_app(TABLES)) as url:
        yield url


@pytest.fixture
def person(browser: Browser, server: str) -> Iterator[Opener]:
    """Opens a browser of its own (a new context) at ``path``; its script errors fail the test."""
    contexts, errors = [], []

    def open_page(path: str = "/", width: int = 1100, height: int = 820) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server + path)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors == [], f"the page's JavaScript failed: {errors}"


def set_up(page: Page, game: str, seats: list[str], seed: int, **options: str) -> None:
    """Fill the setup form (seats, seed, options by field) and create the game."""
    expect(page.locator("#game option")).not_to_have_count(0)
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for player, seat in enumerate(seats):
        page.select_option(f"#seat-{player}", seat)
    page.fill("#seed", str(seed))
    if options:
        page.click("#options-box summary")
    for field, value in options.items():
        page.fill(f"#options input[data-option='{field}']", value)
    page.click("#create")
    page.wait_for_function("table !== null && view !== null && pending === 0")


def link(page: Page, label: str) -> str:
    """The path of the invite link whose label starts with ``label``."""
    item = page.locator("#links li").filter(has_text=label)
    url = item.locator("input").input_value()
    return re.sub(r"^https?://[^/]+", "", url)


def moves_of(page: Page) -> int:
    return int(page.evaluate("view ? view.moves : -1"))


def play_first_action(page: Page) -> None:
    moves = current_view(page)["moves"]
    page.locator("#legal button").first.click()
    page.wait_for_function(f"pending === 0 && view.moves > {moves}")


def test_people_join_from_links_reload_mid_game_watch_and_play_again(
    person: Opener, shots: pathlib.Path
) -> None:
    host = person()
    set_up(host, "crab-stack", ["human", "human"], seed=5, max_turns="6")
    expect(host).to_have_url(re.compile(r"\?table=[\w-]+&seat=0$"))
    table_id = host.evaluate("table.id")
    host.reload()  # the host keeps their seat, and the links of the free seats
    expect(host.locator("#status")).to_contain_text("Red")
    guest = person(link(host, "Join as blue"))
    expect(guest).to_have_url(re.compile(rf"\?table={table_id}&seat=1$"))
    expect(guest.locator("#status")).to_contain_text("Blue")
    expect(host.locator("#links li")).to_have_count(1)  # taken: only the Watch link is left
    # The guest gives their name: everyone sees it beside their colour.
    guest.fill("#my-name", " Zoé ")
    guest.press("#my-name", "Enter")
    expect(guest.locator("#my-name")).to_have_value("Zoé")
    host.wait_for_function("view.people['1'] === 'Zoé'")
    # The lobby: no free seat left, the game still there to watch.
    lobby = person()
    entry = lobby.locator(f"#lobby-list li[data-table='{table_id}']")
    expect(entry).to_contain_text("Red (taken)")
    expect(entry).to_contain_text("Blue (Zoé)")
    expect(entry.locator(".free-seat")).to_have_count(0)
    lobby.screenshot(path=str(shots / "web-lobby.png"))
    # A third browser following the guest's link is told the seat is taken.
    late = person(f"/?table={table_id}&join=1")
    expect(late.locator("#notice")).to_contain_text("seat is taken")
    late.click("#notice a")
    expect(late.locator("#status")).to_contain_text("Watching")
    expect(late.locator("#actions")).to_be_hidden()
    seats = {0: host, 1: guest}
    turns = 0
    while not current_view(host)["terminal"]:
        mover = seats[current_view(host)["active"][0]]
        play_first_action(mover)
        turns += 1
        for page in (host, guest, late):  # pushed to every browser, the spectator's too
            page.wait_for_function(f"view.moves >= {moves_of(mover)}")
        if turns == 2:
            guest.reload()  # its seat is kept: the token in localStorage, the game in the URL
            expect(guest.locator("#status")).to_contain_text("Blue")
            assert current_view(guest)["moves"] == moves_of(host)
            late.screenshot(path=str(shots / "web-spectator.png"))
        assert turns < 40, "the game did not end"
    expect(late.locator("#status")).to_contain_text("Game over")
    # Play again: the same people in the same seats, in one new game.
    host.click("#again")
    host.wait_for_url(lambda url: table_id not in url and url.endswith("&seat=0"))
    expect(host.locator("#status")).to_contain_text("Red")
    rematch = host.evaluate("table.id")
    assert rematch != table_id
    expect(guest.locator("#again")).to_have_text("Join the next game (same seats)")
    guest.click("#again")
    expect(guest).to_have_url(re.compile(rf"\?table={rematch}&seat=1$"))
    expect(late.locator("#watch-next")).to_be_visible()
    assert TABLES.get(rematch).seats == ("human", "human")


def test_two_people_finish_you_ve_got_crabs_in_real_time_against_agents(
    person: Opener, shots: pathlib.Path
) -> None:
    # Each person is played by the library's plausible agent, deciding on the server's
    # clock and clicking in their own browser; the agents act on the server's clock.
    seats = ["human", "agent:plausible", "human", "agent:plausible"]
    first = person()
    set_up(first, "youve-got-crabs", seats, seed=3, types=SHORT_DECK)
    table = TABLES.get(first.evaluate("table.id"))
    second = person(link(first, "Join as Blue 1"))
    expect(second).to_have_url(re.compile(r"&seat=2$"))
    pages = {0: first, 2: second}
    people = {p: CasualPerson(table, p) for p in pages}
    expect(first.locator("#clock")).to_contain_text("Clock")
    deadline = time.monotonic() + 180
    shot, waited_for = False, set()
    while not all(page.evaluate("view.terminal") for page in pages.values()):
        assert time.monotonic() < deadline, "the real-time game did not end"
        for player, page in pages.items():
            if "waits for" in page.locator("#clock").inner_text():
                waited_for.add(player)
            click_due(page, people[player])
        if not shot and table.moves >= 20:
            second.screenshot(path=str(shots / "web-youve-got-crabs.png"))
            shot = True
        time.sleep(0.05)
    for page in pages.values():
        expect(page.locator("#status")).to_contain_text("Game over")
        assert "@" not in page.locator("#legal").inner_text()
        assert "Player" not in page.locator("#status").inner_text()
    assert table.game.is_terminal(table.state)
    by_person = {p: sum(getattr(a, "player", None) == p for a in table.actions) for p in pages}
    assert all(by_person.values()), f"each person played: {by_person}"
    assert table.moves - sum(by_person.values()) > 0  # the agents played on the clock
    assert waited_for, "the clock line said whom the table waits for"


def click_due(page: Page, casual: CasualPerson) -> None:
    """Click the action ``casual`` takes now in ``page``'s list, if it shows it yet."""
    action = casual.due()
    if action is None:
        return
    wanted = crabrules.to_dict(action)
    wanted.pop("time", None)
    index = page.evaluate(
        """(wanted) => view.legal.findIndex((item) => {
             const {time, ...rest} = item.action;
             return JSON.stringify(rest) === JSON.stringify(wanted);
           })""",
        wanted,
    )
    if index >= 0:  # else the page has not drawn the newest view yet
        with contextlib.suppress(PlaywrightError):  # redrawn meanwhile: next time
            page.locator(f'#legal button[data-index="{index}"]').click(timeout=500)


def test_the_keyboard_alone_plays_and_steps_through_the_moves(person: Opener) -> None:
    page = person()
    page.uncheck("#listed")  # a game of one's own: not in the lobby
    set_up(page, "crab-stack", ["human", "agent:plausible"], seed=4)
    expect(page.locator("#status")).to_contain_text("your turn")
    listed = page.evaluate("fetch('/api/lobby').then((r) => r.json())")["games"]
    assert page.evaluate("table.id") not in [game["id"] for game in listed]
    for _ in range(3):
        moves = current_view(page)["moves"]
        page.keyboard.press("1")
        expect(page.locator("#hint")).to_contain_text("Action 1:")
        expect(page.locator("#legal button.typed")).to_have_count(1)
        page.keyboard.press("Enter")
        page.wait_for_function(f"pending === 0 && view.moves > {moves}")
    # A number no action has is said, not played.
    moves = current_view(page)["moves"]
    page.keyboard.type("999")
    expect(page.locator("#hint")).to_contain_text("No action 999")
    page.keyboard.press("Escape")
    assert current_view(page)["moves"] == moves
    # The move list: a move opens the table after it; the arrows step through the moves.
    page.focus("#log button.move >> nth=1")
    page.keyboard.press("Enter")
    expect(page.locator("#replay-move")).to_have_text(f"move 2 of {moves}")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-move")).to_have_text(f"move 3 of {moves}")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-move")).to_have_text(f"move 1 of {moves}")
    page.keyboard.press("End")
    expect(page.locator("#replay-move")).to_have_text(f"move {moves} of {moves}")
    page.keyboard.press("Home")
    expect(page.locator("#replay-move")).to_have_text(f"move 0 of {moves}")


@pytest.mark.parametrize("game", ["oh-crab", "youve-got-crabs"])
def test_a_phones_width_has_no_sideways_scroll_and_shows_the_actions(
    person: Opener, shots: pathlib.Path, game: str
) -> None:
    phone = person(width=390, height=844)
    expect(phone.locator("#game option")).not_to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    seats = ["human", "agent:plausible"] + (["agent:plausible"] * 2 if game != "oh-crab" else [])
    set_up(phone, game, seats, seed=2)
    expect(phone.locator("#legal button").first).to_be_visible()
    phone.wait_for_function("pending === 0")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    box = phone.locator("#legal button").first.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    phone.screenshot(path=str(shots / f"web-phone-{game}.png"), full_page=True)


def test_a_game_of_agents_is_watched_live_then_replayed(person: Opener) -> None:
    page = person()
    set_up(page, "youve-got-crabs", ["agent:plausible"] * 4, seed=8, types=SHORT_DECK)
    expect(page).to_have_url(re.compile(r"&watch=1$"))
    expect(page.locator("#status")).to_contain_text("Watching")
    expect(page.locator("#clock")).to_contain_text("The agents are playing")
    start = moves_of(page)
    page.wait_for_function(f"view.moves > {start + 3}")  # pushed as the agents play
    # A turn-based game of agents plays a move at a time on the server: watched live,
    # then replayed.
    again = person()
    set_up(again, "crab-stack", ["agent:plausible", "agent:plausible"], seed=1)
    expect(again).to_have_url(re.compile(r"&watch=1$"))
    expect(again.locator("#status")).to_contain_text("Watching")
    expect(again.locator("#board svg")).to_be_visible()
    start = moves_of(again)
    again.wait_for_function(f"view.moves > {start + 2} && !view.terminal")  # pushed live
    expect(again.locator("#board svg")).to_be_visible()
    expect(again.locator("#replay-open")).to_be_hidden()  # not before the end
    expect(again.locator("#status")).to_contain_text("Game over", timeout=60_000)
    moves = moves_of(again)
    again.click("#replay-open")
    expect(again.locator("#replay-move")).to_have_text(f"move 0 of {moves}")
    again.keyboard.press("ArrowRight")
    expect(again.locator("#replay-move")).to_have_text(f"move 1 of {moves}")
    expect(again.locator("#replay-board g.last-move")).to_have_count(1)


def test_a_hot_seat_of_you_ve_got_crabs_shows_each_persons_view(person: Opener) -> None:
    # Real time: both people may act at once, so no hand-off screen; each seat is one
    # choice away, and each sees their own hand.
    page = person()
    page.check("#hotseat")
    set_up(page, "youve-got-crabs", ["human", "human", "agent:random", "agent:random"], seed=1)
    expect(page.locator("#seat-switch")).to_be_visible()
    expect(page.locator("#handoff")).to_be_hidden()
    assert current_view(page)["player"] == 0
    page.select_option("#seat-switch", "1")
    page.wait_for_function("pending === 0 && view.player === 1")
    assert current_view(page)["legal"], "Red 2 (seat 1) may act"
    expect(page.locator("#status")).to_contain_text("Red 2")


@pytest.mark.parametrize(
    "path",
    [
        "/?table=<img src=x onerror=window.hacked=1>&seat=0",
        "/?table=" + "é" * 500 + "&join=0",
        "/?table=nope&seat=0",
        "/?table=nope&join=%D9%A1",
        "/?table=nope&watch=1",
    ],
)
def test_a_broken_link_is_said_in_words(person: Opener, path: str) -> None:
    page = person(path)
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    assert page.evaluate("window.hacked") is None


def test_a_hot_seat_plays_again_in_every_seat_it_holds(person: Opener) -> None:
    page = person()
    page.check("#hotseat")
    set_up(page, "crab-stack", ["human", "human"], seed=3, max_turns="2")
    for _ in range(10):
        if page.locator("#handoff").is_visible():
            page.click("#reveal")
        view = current_view(page)
        if view["terminal"]:
            break
        play_first_action(page)
    expect(page.locator("#again")).to_be_visible()
    old = page.evaluate("table.id")
    page.click("#again")
    page.wait_for_url(lambda url: old not in url)
    expect(page.locator("#table")).to_be_visible()
    assert page.evaluate("Object.keys(table.tokens).sort().join()") == "0,1"


def test_a_kept_seat_of_a_game_the_server_no_longer_has_is_said_in_words(
    person: Opener, server: str
) -> None:
    page = person()
    page.evaluate("""localStorage.setItem("crabweb:gone", JSON.stringify({0: "t"}))""")
    page.goto(f"{server}/?table=gone&seat=0")
    expect(page.locator("#notice")).to_contain_text("No game")
    expect(page.locator("#table")).to_be_hidden()
