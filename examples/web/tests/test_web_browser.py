"""The page in a real browser: Debian's Chromium, headless, driven by Playwright.

The server runs in this process on 127.0.0.1 (a free port). The tests play a whole game of
Crab Stack by clicking on the picture, check that an illegal click shows the rules'
reason, play a few turns of every other game, and take the screenshots of the docs: into
the folder ``CRABWEB_SCREENSHOTS`` names (``docs/_static`` refreshes the docs' pictures),
or a temporary one, so that a run leaves the tracked files alone. ``nox -s web`` installs
what they need.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import random
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from casual import CasualPerson
from crabweb.app import create_app
from crabweb.tables import Tables
from playwright.sync_api import Browser, Page, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from serving import serving

import crabrules

CHROMIUM = "/usr/bin/chromium"
#: Real-time games run this many times faster than the wall clock here (a game in seconds).
TEST_SPEED = 20.0
#: The server's games, for the tests that look behind the page.
TABLES = Tables(speed=TEST_SPEED)


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """Where the screenshots go: ``CRABWEB_SCREENSHOTS``, or a temporary folder."""
    chosen = os.environ.get("CRABWEB_SCREENSHOTS")
    return pathlib.Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving(create_app(TABLES)) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # Root cannot use Chromium's sandbox; the page is our own.
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=args, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1100, "height": 820})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server)
    expect(opened.locator("#game option")).not_to_have_count(0)
    yield opened
    context.close()
    assert errors == [], f"the page's JavaScript failed: {errors}"


def new_game(page: Page, game: str, seats: list[str], seed: int) -> None:
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for player, seat in enumerate(seats):
        page.select_option(f"#seat-{player}", seat)
    page.fill("#seed", str(seed))
    page.click("#create")
    expect(page.locator("#table")).to_be_visible()


def current_view(page: Page) -> dict[str, Any]:
    """The view the page shows now (its ``view`` variable: what the server sent)."""
    page.wait_for_function("pending === 0")
    view: dict[str, Any] = page.evaluate("view")
    return view


def reveal_if_asked(page: Page) -> None:
    """In hot seat, the next person says they are at the screen."""
    if page.locator("#handoff").is_visible():
        page.click("#reveal")
        expect(page.locator("#play")).to_be_visible()


def click_key(page: Page, key: str) -> None:
    kind, _, rest = key.partition(":")
    if kind == "hand":
        player, slot = rest.split(":")
        selector = f'#board g[data-player="{player}"][data-slot="{slot}"]'
    else:
        selector = f'#board g[data-{kind}="{rest}"]'
    page.locator(selector).first.click()


def play(page: Page, item: dict[str, Any], *, midway: Callable[[], object] | None = None) -> None:
    """Take a legal action: by its clicks on the picture, else from the list.

    ``midway`` is called after the first of several clicks (to take a picture).
    """
    moves = current_view(page)["moves"]
    if item["clicks"]:
        for number, key in enumerate(item["clicks"]):
            if number == 1 and midway is not None:
                midway()
            click_key(page, key)
        if current_view(page)["moves"] == moves:  # several actions share the clicks
            page.locator("#legal button.candidate").filter(has_text=item["notation"]).first.click()
    else:
        page.locator("#legal button").filter(has_text=item["notation"]).first.click()
    page.wait_for_function(f"pending === 0 && view.moves > {moves}")
    expect(page.locator("#error")).to_be_hidden()


def test_a_whole_game_of_crab_stack_by_clicking(page: Page, shots: pathlib.Path) -> None:
    new_game(page, "crab-stack", ["human", "agent:plausible"], seed=4)
    chooser = random.Random(4)
    shot = shots / "web-crab-stack.png"
    turns = 0
    while not current_view(page)["terminal"]:
        view = current_view(page)
        assert view["active"] == [0]
        # The docs' picture of the page: a crab selected, where it may go outlined.
        play(
            page,
            chooser.choice(view["legal"]),
            midway=(lambda: page.screenshot(path=str(shot))) if turns == 2 else None,
        )
        turns += 1
        assert turns < 200, "the game did not end"
    # The ending in words, the winner by colour: no reason code, no seat number.
    expect(page.locator("#status")).to_have_text(
        re.compile(r"^Game over after \d+ moves\. (Red|Blue) wins: [a-z ]+\.$|a draw")
    )
    # The record as text, a move a line: its headers, then the moves.
    page.click("#record")
    expect(page.locator("#record-text")).to_contain_text('[Game "crab-stack"]')
    # The replay viewer steps through the finished game, the picture and words of each move.
    moves = current_view(page)["moves"]
    page.click("#replay-open")
    expect(page.locator("#replay-move")).to_have_text(f"move 0 of {moves}")
    expect(page.locator("#replay-prev")).to_be_disabled()
    page.click("#replay-next")
    expect(page.locator("#replay-move")).to_have_text(f"move 1 of {moves}")
    expect(page.locator("#replay-board g.last-move")).to_have_count(1)
    expect(page.locator("#replay-events li")).not_to_have_count(0)
    page.click("#replay-last")
    expect(page.locator("#replay-move")).to_have_text(f"move {moves} of {moves}")
    expect(page.locator("#replay-next")).to_be_disabled()
    page.locator("#replay").screenshot(path=str(shots / "web-replay.png"))


def test_an_illegal_click_shows_the_rules_reason(page: Page) -> None:
    # Hot seat: player 0 sees only a hand-off screen, player 1 is to move.
    new_game(page, "crab-stack", ["human", "human"], seed=1)
    expect(page.locator("#handoff")).to_contain_text("Blue's turn")
    reveal_if_asked(page)
    # A1 holds player 1's small crab; C1 a bigger one, which a small crab may not climb.
    click_key(page, "cell:0")
    expect(page.locator('#board g[data-cell="0"]')).to_have_class("cell selected")
    click_key(page, "cell:5")
    # Words, not codes: the rules' sentence, its reason code kept aside for scripts.
    expect(page.locator("#error")).to_have_text(
        "A small crab ends only on a crab of its size or smaller: not from A1 to B3."
    )
    expect(page.locator("#error")).to_have_attribute("data-reason", "too_big")
    assert current_view(page)["moves"] == 0
    # A crab that is not theirs: the rules say whose it is.
    view = current_view(page)
    stacks = view["observation"]["stacks"]
    theirs = next(cell for cell, stack in enumerate(stacks) if stack and stack[-1] // 3 != 1)
    click_key(page, f"cell:{theirs}")
    click_key(page, "cell:0")
    expect(page.locator("#error")).to_contain_text("not yours")
    # A legal move still goes through afterwards.
    play(page, view["legal"][0])


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("la-marche-du-crabe", ["human", "agent:plausible"]),
        ("oh-crab", ["human", "agent:plausible"]),
        ("oh-crab", ["human", "human"]),
    ],
)
def test_a_few_turns_of_every_other_game(page: Page, game: str, seats: list[str]) -> None:
    new_game(page, game, seats, seed=2)
    chooser = random.Random(2)
    clicked = 0
    for _ in range(6):
        reveal_if_asked(page)
        view = current_view(page)
        if view["terminal"]:
            break
        assert view["legal"], "turn-based: the page shows the view of the seat to move"
        # Prefer what the picture selects, to exercise the clicks.
        clickable = [item for item in view["legal"] if item["clicks"]]
        item = chooser.choice(clickable or view["legal"])
        clicked += bool(item["clicks"])
        play(page, item)
    assert clicked > 0, "no action was chosen on the picture"
    assert current_view(page)["moves"] >= 3


def test_real_time_you_ve_got_crabs_plays_live_against_agents_to_the_end(
    page: Page, shots: pathlib.Path
) -> None:
    # The agents act on the server's clock and the page shows each move as it is pushed:
    # the person here only ever clicks an action in the list (a casual player's choice).
    new_game(page, "youve-got-crabs", ["human"] + ["agent:plausible"] * 3, seed=3)
    table = TABLES.get(page.evaluate("table.id"))
    person = CasualPerson(table, 0)
    expect(page.locator("#wait")).to_be_hidden()  # nothing to press: it is live
    deadline = time.monotonic() + 240
    shot = False
    while not page.evaluate("view.terminal"):
        assert time.monotonic() < deadline, "the real-time game did not end"
        action = person.due()
        if action is not None:
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
        if not shot and page.evaluate("view.moves") >= 30:
            page.screenshot(path=str(shots / "web-youve-got-crabs.png"))
            shot = True
        time.sleep(0.05)
    expect(page.locator("#status")).to_contain_text("Game over")
    assert table.game.is_terminal(table.state)
    # Most moves were the agents', made on the clock with no request of the page's.
    mine = sum(1 for a in table.actions if getattr(a, "player", None) == 0)
    assert table.moves - mine > mine


def test_the_options_form_sets_oh_crabs_modules_and_the_seats_offer_every_agent(
    page: Page, shots: pathlib.Path
) -> None:
    page.select_option("#game", "oh-crab")
    page.select_option("#players", "3")
    expect(page.locator("#seat-1 option[value='agent:mcts:200']")).to_have_count(1)
    expect(page.locator("#seat-1 option[value='agent:ismcts:50']")).to_have_count(1)
    page.click("#options-box summary")
    page.check("#options input[data-option='modules'][value='challenges']")
    page.check("#options input[data-option='modules'][value='surprises']")
    page.check("#options input[data-option='quick']")
    # The scenarios are a choice (the schema's examples), with "none" for a board of one's own.
    scenarios = page.locator("#options select[data-option='scenario'] option")
    expect(scenarios).to_have_count(7)
    page.select_option("#options select[data-option='scenario']", "surfers-beach")
    for player, seat in enumerate(["human", "agent:plausible", "agent:mcts:200"]):
        page.select_option(f"#seat-{player}", seat)
    page.fill("#seed", "6")
    page.click("#create")
    expect(page.locator("#table")).to_be_visible()
    table = TABLES.get(page.evaluate("table.id"))
    assert {m.value for m in table.config.modules} == {"challenges", "surprises"}
    assert table.config.quick
    assert table.config.scenario == "surfers-beach"
    assert table.seats == ("human", "agent:plausible", "agent:mcts:200")
    view = current_view(page)
    play(page, view["legal"][0])
    page.screenshot(path=str(shots / "web-oh-crab.png"), full_page=True)


def test_a_refused_option_is_said_in_words(page: Page) -> None:
    page.select_option("#game", "oh-crab")
    page.select_option("#players", "3")
    page.click("#options-box summary")
    page.check("#options input[data-option='variants'][value='crystal-ball']")
    page.click("#create")
    # The Crystal Ball needs its module: the library's sentence says so, where it can be
    # seen (the table, where a move's refusal goes, is still hidden).
    expect(page.locator("#setup-error")).to_be_visible()
    expect(page.locator("#setup-error")).to_contain_text("crystal-ball")
    expect(page.locator("#table")).to_be_hidden()
    # Set right, the game starts and the refusal goes.
    page.uncheck("#options input[data-option='variants'][value='crystal-ball']")
    page.click("#create")
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#setup-error")).to_be_hidden()


def test_players_read_words_not_field_names_codes_or_markup(page: Page) -> None:
    # The seats and the options: names the board shows, the schema's titles and plain
    # descriptions; never a field's name, a docstring's markup or a document's path.
    page.select_option("#game", "crab-stack")
    page.select_option("#players", "3")
    expect(page.locator("#seats label > span")).to_have_text(["Red", "Blue", "Green"])
    page.click("#options-box summary")
    labels = page.locator("#options label.option > span")
    expect(labels).to_have_text(["First player", "Max turns"])
    for text in labels.all_inner_texts():
        assert "_" not in text, text
    for tip in page.locator("#options label.option").evaluate_all("ls => ls.map(l => l.title)"):
        assert not re.search(r"``|:\w+:`|\bNone\b", tip), tip
    # A refused option names the option by its title, in words.
    page.fill("#options input[data-option='max_turns']", "-1")
    page.click("#create")
    expect(page.locator("#setup-error")).to_have_text(
        "Max turns: a positive int or empty, not -1."
    )
    page.fill("#options input[data-option='max_turns']", "")
    # Playing: the status line names the seat as the board does.
    new_game(page, "crab-stack", ["human", "agent:plausible"], seed=4)
    expect(page.locator("#status")).to_have_text("Red, your turn.")


def test_la_marche_offers_its_beaches_by_name_not_as_json(page: Page) -> None:
    page.select_option("#game", "la-marche-du-crabe")
    page.click("#options-box summary")
    beach = page.locator("#options select[data-option='beach']")
    expect(beach.locator("option")).to_have_count(11)
    expect(beach.locator("option").first).to_have_text("The first beach")
    expect(page.locator("#options input[type='text']")).to_have_count(0)
    beach.select_option(label="Shrimp Cove")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "agent:plausible")
    page.click("#create")
    expect(page.locator("#table")).to_be_visible()
    table = TABLES.get(page.evaluate("table.id"))
    assert table.config.beach.name == "Shrimp Cove"
    expect(page.locator("#status")).to_have_text(re.compile(r"^(Boater|Sunny)"))


def test_a_players_name_is_shown_as_text_whatever_it_holds(page: Page) -> None:
    # Colours are the config's (any text, in Crab Stack): markup and non-ASCII are shown
    # as they are, never run. The form offers no colours for Crab Stack (they change with
    # the player count): the page's own calls create the game.
    hostile = "<img src=x onerror=window.hacked=1>"
    colours = [hostile, f"bleu é {'ü' * 300}"]
    config = {"format_version": 1, "players": 2, "colours": colours, "first_player": 0}
    body = {"game": "crab-stack", "seats": ["human", "agent:plausible"], "config": config}
    page.evaluate(
        """async (body) => {
             table = await api("POST", "/api/tables", body);
             $("table").hidden = false;
             await show(table.humans[0]);
           }""",
        body,
    )
    expect(page.locator("#status")).to_have_text(f"{hostile}, your turn.")
    assert page.evaluate("window.hacked") is None
    assert current_view(page)["names"][1] == f"bleu é {'ü' * 300}"
