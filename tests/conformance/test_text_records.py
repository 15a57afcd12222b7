"""Every game of every named mix round-trips through the text record format.

A game played by plausible agents (to its end, or 400 actions) is written with
:func:`crabrules.record.write`, seats named by hostile names (line separators, non-ASCII,
huge, quotes, newlines) and other headers holding the same, and read back with
:func:`crabrules.record.parse`: the same record (as JSON too, so a call's time counts), the
same final state, the ``Result`` header as the game ended, and lines that end at ``\\n``
only, as an editor counts them. A comment after every move changes nothing.

Hostile texts made from such a record (numbers of thousands of digits, digits of other
scripts, duplicate JSON keys, the wrong number of players, a notation of a million
characters...) are refused with a :class:`~crabrules.record.RecordSyntaxError` with a short
message, in a fraction of a second, for every game.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from crabrules import replay, to_json
from crabrules.agents import PlausibleAgent, play_match
from crabrules.record import RecordSyntaxError, parse, parse_text_record, result_of, write
from tests.conformance.common import GAMES, AnyGame
from tests.conformance.strategies import MIXES

ACTIONS = 400

CASES = [
    (game, name, config)
    for game in GAMES
    for name, config in MIXES.get(game.info.id, {"default": game.config_type()}).items()
]


@pytest.mark.parametrize(
    ("game", "name", "config"),
    CASES,
    ids=[f"{g.info.id}-{name}" for g, name, _ in CASES],
)
def test_a_played_game_round_trips_through_text(game: AnyGame, name: str, config: Any) -> None:
    result = _played(game, name, config)
    players = game.num_players(result.state)
    names = [HOSTILE_NAMES[(seat + len(name)) % len(HOSTILE_NAMES)] for seat in range(players)]
    text = write(result.record, players=names, headers=HOSTILE_HEADERS)
    read = parse_text_record(text)
    assert read.record == result.record
    assert to_json(read.record) == to_json(result.record)  # a call's time is not in ==
    assert read.players == tuple(names)
    assert dict(read.other_headers) == HOSTILE_HEADERS
    assert read.result == result_of(game.outcome(result.state))
    assert replay(parse(text)) == result.state
    lines = text.split("\n")
    assert text.splitlines() == lines[:-1]  # no other line break: an editor agrees
    assert len(lines) == len(result.record.actions) + 8 + len(HOSTILE_HEADERS)
    commented = "\n".join(line + " ; a comment" if line[:1].isdigit() else line for line in lines)
    assert parse(commented) == result.record


HOSTILE_NAMES = [
    "line\u2028separator",
    "paragraph\u2029separator",
    "next\x85line",
    "Zoë 蟹 \U0001f980",
    "x" * 100_000,
    'quote " and \\ backslash',
    "new\nline\r\nand\rreturn",
    "\ufeffmark \u202eright-to-left",
    "",
]
HOSTILE_HEADERS = {"Event": "a\u2028b\nc", "Round": 3, "Site": {"name": "\x85"}}


def _played(game: AnyGame, name: str, config: Any) -> Any:
    players = game.num_players(game.initial_state(config, seed=0))
    agents = [PlausibleAgent() for _ in range(players)]
    return play_match(game, agents, seed=len(name), config=config, max_actions=ACTIONS)


def _hostile_texts(text: str, seats: int) -> dict[str, str]:
    lines = text.split("\n")
    first = lines.index("") + 1  # the first move (every game below has one)
    number, _, rest = lines[first].partition(". ")
    player, _, notation = rest.partition(": ")

    def move(line: str) -> str:
        return "\n".join([*lines[:first], line, *lines[first + 1 :]])

    players = "[Players " + str(["p"] * (seats + 1)).replace("'", '"') + "]"
    return {
        "a move number of 5,000 digits": move(f"{'1' * 5000}. {rest}"),
        "a player of 5,000 digits": move(f"{number}. P{'1' * 5000}: {notation}"),
        "an Arabic-Indic move number": move(f"\u0661. {rest}"),
        "a fullwidth player": move(f"{number}. P\uff10: {notation}"),
        "a notation of a million characters": move(f"{number}. {player}: {'x ' * 500_000}"),
        "a NUL in the notation": move(f"{number}. {player}: {notation}\0"),
        "a lone surrogate in the notation": move(f"{number}. {player}: \ud800{notation}"),
        "a duplicate key in Config": text.replace("[Config {", '[Config {"format_version": 1, '),
        "a Seed of 5,000 digits": text.replace("[Seed ", "[Seed " + "9" * 5000, 1),
        "one player too many": text.replace("[Result", players + "\n[Result", 1),
        "a deep header": text.replace("[Result", "[Event " + "[" * 50_000 + "]\n[Result", 1),
        "a wrong Result": text.replace("[Result ", '[Result "P9 wins: luck"]\n[Unused ', 1),
        "a second game": text + text,
        "a byte order mark inside": move("\ufeff" + lines[first]),
        "a header split by a line separator": text.replace("[Seed ", "[Seed\n", 1),
    }


GAME_CASES = [next(case for case in CASES if case[0] is game) for game in GAMES]


@pytest.mark.parametrize(
    ("game", "name", "config"), GAME_CASES, ids=[g.info.id for g, _, _ in GAME_CASES]
)
def test_hostile_record_texts_are_refused_quickly_with_a_record_error(
    game: AnyGame, name: str, config: Any
) -> None:
    result = _played(game, name, config)
    text = write(result.record)
    for kind, hostile in _hostile_texts(text, game.num_players(result.state)).items():
        start = time.perf_counter()
        with pytest.raises(RecordSyntaxError) as caught:
            parse(hostile)
        assert time.perf_counter() - start < MAX_SECONDS, kind
        assert len(str(caught.value)) < 500, kind


#: The longest a refusal may take (a loaded CI machine runs several times slower).
MAX_SECONDS = 1.0
