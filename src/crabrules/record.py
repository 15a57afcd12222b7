"""A game as text a person can read and write, in the spirit of chess's PGN.

A text record is headers, a blank line, then one move a line::

    [Game "crab-stack"]
    [Library "0.1.0"]
    [Config {"players": 2, ...}]
    [Seed 3]
    [Players ["plausible", "random"]]
    [Result "P1 wins: last_player"]

    1. P1: A1-B1
    2. P0: B3-A3

- Every header is ``[Name value]`` with a JSON value: ``Game`` (the registry id),
  ``Library`` (the crabrules version that wrote it), ``Config`` (the config as
  :func:`~crabrules.to_json` writes it), ``Seed``, optionally ``Players`` (who sat at each
  seat, a list of names) and ``Result`` (the winners and the game's termination reason,
  ``"draw: ..."``, or ``"*"`` for a game not over). Unknown headers are refused.
- A move is its number, the player who made it (``P0`` is player 0) and the action in the
  game's own notation (:meth:`~crabrules.core.game.Game.action_to_str`, which the
  game's ``render`` labels match). Some notations name the player themselves (Oh Crab!'s
  ``red: plan red-1``); the record writes the player in front all the same, so that every
  game's lines read alike.
- A line starting with ``;`` is a comment.

:func:`write` turns a :class:`~crabrules.GameRecord` into this text and :func:`parse`
reads it back, replaying the game to read each move's notation (a notation means an
action only in its position) and checking the numbers, the players and the result. A
mistake is a :class:`RecordSyntaxError` that names its line.

>>> from crabrules import GameRecord, crab_stack
>>> from crabrules.record import parse, write
>>> state = crab_stack.initial_state(crab_stack.Config(players=2), seed=3)
>>> actions = []
>>> for _ in range(3):
...     action = crab_stack.legal_actions(state)[0]
...     actions.append(action)
...     state = crab_stack.apply(state, action)
>>> record = GameRecord.of("crab-stack", crab_stack.Config(players=2), 3, actions)
>>> text = write(record)
>>> print(text.splitlines()[-1])
3. P1: A1-B1
>>> parse(text) == record
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import attrs

from crabrules.core.errors import CrabRulesError
from crabrules.core.game import Outcome
from crabrules.core.record import GameRecord
from crabrules.core.registry import get_game
from crabrules.core.serialize import from_json, to_json

__all__ = [
    "RecordSyntaxError",
    "TextRecord",
    "is_text_record",
    "parse",
    "parse_text_record",
    "write",
]

#: The headers, in the order :func:`write` writes them; the first four are required.
HEADERS = ("Game", "Library", "Config", "Seed", "Players", "Result")
REQUIRED = frozenset(HEADERS[:4])
#: The longest record read, in characters: a bound on the work a hostile file can ask.
MAX_CHARACTERS = 10_000_000

_HEADER = re.compile(r"\[(?P<name>[A-Za-z]+) (?P<value>.*)\]\Z")
_MOVE = re.compile(r"(?P<number>\d+)\. P(?P<player>\d+): (?P<notation>.+)\Z")


class RecordSyntaxError(CrabRulesError, ValueError):
    r"""A text record that cannot be read; ``line`` (1-based) says where, 0 for the whole.

    >>> parse('[Game "crab-stack"]\n[Seed x]')
    Traceback (most recent call last):
    ...
    crabrules.record.RecordSyntaxError: line 2: Seed: not JSON: 'x'
    """

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.detail = message

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.line, self.detail))


@attrs.frozen
class TextRecord:
    """What a text record holds: the game, and the headers only the text has.

    Attributes:
        record: the game, as :func:`~crabrules.replay` takes it.
        players: who sat at each seat, if the text says.
        result: the ``Result`` header as written (``"*"`` for a game not over).
    """

    record: GameRecord
    players: tuple[str, ...] | None
    result: str


def result_of(outcome: Outcome | None) -> str:
    """The ``Result`` header of a game that ended so (``"*"``: not over).

    >>> result_of(Outcome(frozenset({1}), False, (0, 1), "last_player"))
    'P1 wins: last_player'
    >>> result_of(None)
    '*'
    """
    if outcome is None:
        return "*"
    if outcome.draw or not outcome.winners:
        return f"{'draw' if outcome.draw else 'nobody wins'}: {outcome.reason}"
    winners = " and ".join(f"P{player}" for player in sorted(outcome.winners))
    return f"{winners} {'wins' if len(outcome.winners) == 1 else 'win'}: {outcome.reason}"


def write(record: GameRecord, *, players: Sequence[str] | None = None) -> str:
    """``record`` as text: headers, a blank line, then one move a line.

    The game is replayed to write each action in its notation, so an illegal action is
    refused (:class:`~crabrules.ReplayError`) rather than written.
    """
    game = get_game(record.game)
    state = game.initial_state(record.config, seed=record.seed)
    moves = []
    for number, action in enumerate(record.actions, start=1):
        player = _mover(game, state, action)
        moves.append(f"{number}. P{player}: {game.action_to_str(state, action)}")
        state = game.apply(state, action)
    config = json.loads(to_json(record.config))
    headers: list[tuple[str, Any]] = [
        ("Game", record.game),
        ("Library", record.library_version),
        ("Config", config),
        ("Seed", record.seed),
    ]
    if players is not None:
        headers.append(("Players", list(players)))
    headers.append(("Result", result_of(game.outcome(state))))
    lines = [f"[{name} {json.dumps(value, ensure_ascii=False)}]" for name, value in headers]
    return "\n".join([*lines, "", *moves]) + "\n"


def is_text_record(text: str) -> bool:
    """Whether ``text`` starts as a text record does: a comment or a ``[Name ...`` header.

    >>> is_text_record('[Game "crab-stack"]'), is_text_record('{"game": "crab-stack"}')
    (True, False)
    """
    first = text.lstrip()
    return first.startswith(";") or re.match(r"\[[A-Za-z]+ ", first) is not None


def parse(text: str) -> GameRecord:
    """The :class:`~crabrules.GameRecord` of a text record (see :func:`parse_text_record`)."""
    return parse_text_record(text).record


def parse_text_record(text: str) -> TextRecord:
    """Read a text record, replaying its game to read each move.

    Raises:
        RecordSyntaxError: a header or a move that cannot be read, a move that is not
            legal, numbered out of order or made by another player, or a ``Result`` that
            is not how the game ended; the message names the line.
    """
    if len(text) > MAX_CHARACTERS:
        raise RecordSyntaxError(0, f"a record of at most {MAX_CHARACTERS:,} characters")
    headers: dict[str, tuple[int, Any]] = {}
    moves: list[tuple[int, re.Match[str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith(";"):
            continue
        if not line.startswith("["):
            moves.append(_move_line(number, line))
        elif moves:
            raise RecordSyntaxError(number, "a header after the moves")
        else:
            name, value = _header(number, line)
            if name in headers:
                raise RecordSyntaxError(number, f"{name}: given twice")
            headers[name] = (number, value)
    return _replayed(headers, moves)


def _header(number: int, line: str) -> tuple[str, Any]:
    match = _HEADER.match(line)
    if match is None:
        raise RecordSyntaxError(number, f"a header is [Name value], not {line[:60]!r}")
    name = match["name"]
    if name not in HEADERS:
        raise RecordSyntaxError(number, f"unknown header {name!r} (headers: {', '.join(HEADERS)})")
    try:
        return name, json.loads(match["value"])
    except (
        ValueError,
        RecursionError,
    ):  # RecursionError: nesting deeper than Python's stack
        raise RecordSyntaxError(number, f"{name}: not JSON: {match['value'][:60]!r}") from None


def _replayed(
    headers: dict[str, tuple[int, Any]], moves: list[tuple[int, re.Match[str]]]
) -> TextRecord:
    missing = sorted(REQUIRED - set(headers), key=HEADERS.index)
    if missing:
        raise RecordSyntaxError(0, f"missing header(s): {', '.join(missing)}")
    game_line, game_id = headers["Game"]
    try:
        game = get_game(_typed(game_line, "Game", game_id, str))
    except CrabRulesError as error:
        raise RecordSyntaxError(game_line, f"Game: {error}") from None
    config_line, config_data = headers["Config"]
    try:
        config = from_json(json.dumps(config_data), game.config_type)
    except CrabRulesError as error:
        raise RecordSyntaxError(config_line, f"Config: {error}") from None
    seed = _typed(headers["Seed"][0], "Seed", headers["Seed"][1], int)
    version = _typed(headers["Library"][0], "Library", headers["Library"][1], str)
    players = _players(headers)
    try:
        state = game.initial_state(config, seed=seed)
    except CrabRulesError as error:
        raise RecordSyntaxError(headers["Seed"][0], f"Seed: {error}") from None
    actions = []
    for expected, (number, match) in enumerate(moves, start=1):
        action = _move(game, state, number, match, expected)
        actions.append(action)
        state = game.apply(state, action, check=False)  # _move parsed a legal action
    result = result_of(game.outcome(state))
    if "Result" in headers:
        result_line, written = headers["Result"]
        if written != result:
            raise RecordSyntaxError(
                result_line, f"Result: the game ends {result!r}, not {written!r}"
            )
    record = GameRecord(game.info.id, version, config, seed, tuple(actions))
    return TextRecord(record, players, result)


def _players(headers: dict[str, tuple[int, Any]]) -> tuple[str, ...] | None:
    if "Players" not in headers:
        return None
    line, names = headers["Players"]
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise RecordSyntaxError(line, "Players: a list of names")
    return tuple(names)


def _typed(line: int, name: str, value: Any, kind: type) -> Any:
    if type(value) is not kind:
        raise RecordSyntaxError(line, f"{name}: a JSON {kind.__name__}, not {value!r:.60}")
    return value


def _move_line(number: int, line: str) -> tuple[int, re.Match[str]]:
    match = _MOVE.match(line)
    if match is None:
        raise RecordSyntaxError(number, f"a move is 'N. P<player>: <notation>', not {line[:60]!r}")
    return number, match


def _move(game: Any, state: Any, number: int, match: re.Match[str], expected: int) -> Any:
    if int(match["number"]) != expected:
        raise RecordSyntaxError(number, f"move {match['number']} where move {expected} was due")
    try:
        action = game.parse_action(state, match["notation"])
    except CrabRulesError as error:  # IllegalActionError, GameOverError, ...
        raise RecordSyntaxError(number, f"move {expected}: {error}") from None
    player = _mover(game, state, action)
    if int(match["player"]) != player:
        raise RecordSyntaxError(
            number, f"move {expected} is P{player}'s, not P{match['player']}'s"
        )
    return action


def _mover(game: Any, state: Any, action: Any) -> int:
    # The action's own player where it names one (every real-time action does), else the
    # one player to act.
    player = getattr(action, "player", None)
    if isinstance(player, int):
        return player
    mover: int = min(game.active_players(state))
    return mover
