r"""A game as text a person can read and write, in the spirit of chess's PGN.

A text record is headers, a blank line, then one move a line::

    [Game "crab-stack"]
    [Library "0.1.0"]
    [Config {"players": 2, ...}]
    [Seed 3]
    [Players ["plausible", "random"]]
    [Result "P1 wins: last_player"]
    [Event "club night"]

    1. P1: A1-B1
    2. P0: B3-A3 ; a comment runs to the end of its line

- Every header is ``[Name value]`` with a JSON value: ``Game`` (the registry id),
  ``Library`` (the crabrules version that wrote it), ``Config`` (the config as
  :func:`~crabrules.to_json` writes it), ``Seed``, optionally ``Players`` (who sat at each
  seat, one name a seat) and ``Result`` (the winners and the game's termination reason,
  ``"draw: ..."``, or ``"*"`` for a game not over). Other headers (``Event``, ``Site``,
  ``Date``, ``Round``...) are kept, in order, in :attr:`TextRecord.other_headers`.
- A move is its number, the player who made it (``P0`` is player 0) and the action in the
  game's own notation (:meth:`~crabrules.core.game.Game.action_to_str`, which the
  game's ``render`` labels match). Some notations name the player themselves (Oh Crab!'s
  ``red: plan red-1``); the record writes the player in front all the same, so that every
  game's lines read alike. A You've Got Crabs call keeps its time in its notation
  (``P1 call P0 @31.2``), exactly.
- A line starting with ``;`` is a comment, and so is the end of a move's line from a
  ``;`` after a space.
- Lines end at ``\n`` (or ``\r\n``) only; a UTF-8 byte order mark at the start is
  skipped. :func:`write` escapes every character that is not printable (``U+2028``, ...)
  in the JSON of its headers, so an editor shows the lines :func:`parse` counts.
- Several games may follow one another (:func:`read_games` reads them one by one): a
  header after a game's moves, or after the blank line that ends the headers of a game
  without moves, starts the next game.

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

import collections
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
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
    "read_games",
    "write",
]

#: The headers the format defines, in the order :func:`write` writes them; the first four
#: are required.
HEADERS = ("Game", "Library", "Config", "Seed", "Players", "Result")
REQUIRED = frozenset(HEADERS[:4])
#: The longest record read, in characters (each game of a file of several): a bound on
#: the work a hostile file can ask.
MAX_CHARACTERS = 10_000_000
#: The most headers a game may have (the format's own and others): PGN games have tens.
MAX_HEADERS = 1_000

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_HEADER = re.compile(r"\[(?P<name>[A-Za-z][A-Za-z0-9_]*) (?P<value>.*)\]\Z")
# ASCII digits only: `\d` would take any script's digits (Arabic-Indic, fullwidth...).
_MOVE = re.compile(r"(?P<number>[0-9]+)\. P(?P<player>[0-9]+): (?P<notation>.+)\Z")
_COMMENT = re.compile(r"\s;")
_LOWER = {header.lower(): header for header in HEADERS}
_BOM = "\ufeff"
_MAX_MESSAGE = 300


class RecordSyntaxError(CrabRulesError, ValueError):
    r"""A text record that cannot be read; ``line`` (1-based) says where, 0 for the whole.

    :func:`write` raises it too, for players or headers the text could not hold.

    >>> parse('[Game "crab-stack"]\n[Seed x]')
    Traceback (most recent call last):
    ...
    crabrules.record.RecordSyntaxError: line 2: Seed: not JSON: 'x'
    """

    def __init__(self, line: int, message: str) -> None:
        if len(message) > _MAX_MESSAGE:  # a game's message may quote a whole hostile line
            message = message[: _MAX_MESSAGE - 3] + "..."
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
        other_headers: the headers the format does not define (``Event``, ``Date``...),
            each its JSON value, in the order written.
    """

    record: GameRecord
    players: tuple[str, ...] | None
    result: str
    other_headers: Mapping[str, Any] = attrs.field(factory=dict)


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


def write(
    record: GameRecord,
    *,
    players: Sequence[str] | None = None,
    headers: Mapping[str, Any] | None = None,
) -> str:
    r"""``record`` as text: headers, a blank line, then one move a line.

    ``players`` names who sat at each seat, one name a seat; ``headers`` are other
    headers (``{"Event": "club night"}``), written after the format's own, in order.
    The game is replayed to write each action in its notation.

    >>> from crabrules import GameRecord, crab_stack
    >>> record = GameRecord.of("crab-stack", crab_stack.Config(players=2), 3, [])
    >>> text = write(record, players=["ana", "bo\u2028"], headers={"Round": 2})
    >>> print(text, end="")  # doctest: +ELLIPSIS
    [Game "crab-stack"]
    [Library "..."]
    [Config {"format_version": 1, "players": 2, ...}]
    [Seed 3]
    [Players ["ana", "bo\u2028"]]
    [Result "*"]
    [Round 2]
    <BLANKLINE>

    Raises:
        ReplayError: an action of ``record`` is not legal.
        RecordSyntaxError: ``players`` is not one name a seat, a header's name is not
            ``Name`` (letters, digits, ``_``) or is one of :data:`HEADERS`, a value has no
            JSON, there are more than :data:`MAX_HEADERS` in all, or the text would be
            longer than :data:`MAX_CHARACTERS`.
    """
    game = get_game(record.game)
    state = game.initial_state(record.config, seed=record.seed)
    if players is not None:
        _check_players(players, game.num_players(state), 0)
    extra = _writable(headers)
    moves = []
    for number, action in enumerate(record.actions, start=1):
        player = _mover(game, state, action)
        moves.append(f"{number}. P{player}: {game.action_to_str(state, action)}")
        state = game.apply(state, action)
    fields: list[tuple[str, Any]] = [
        ("Game", record.game),
        ("Library", record.library_version),
        ("Config", json.loads(to_json(record.config))),
        ("Seed", record.seed),
    ]
    if players is not None:
        fields.append(("Players", list(players)))
    fields.append(("Result", result_of(game.outcome(state))))
    lines = [f"[{name} {_json(name, value)}]" for name, value in [*fields, *extra]]
    text = "\n".join([*lines, "", *moves]) + "\n"
    if len(text) > MAX_CHARACTERS:
        raise RecordSyntaxError(0, f"a record of at most {MAX_CHARACTERS:,} characters")
    return text


def _writable(headers: Mapping[str, Any] | None) -> list[tuple[str, Any]]:
    if headers is None:
        return []
    if not isinstance(headers, Mapping):
        raise RecordSyntaxError(0, "headers: a mapping of header names to JSON values")
    if len(headers) > MAX_HEADERS - len(HEADERS):
        raise RecordSyntaxError(0, f"headers: at most {MAX_HEADERS - len(HEADERS):,}")
    for name in headers:
        if not isinstance(name, str) or _NAME.match(name) is None:
            raise RecordSyntaxError(
                0, f"headers: a name is letters, digits and _, not {name!r:.60}"
            )
        if name.lower() in _LOWER:
            raise RecordSyntaxError(0, f"headers: {name} is the format's own header")
    return list(headers.items())


def _json(name: str, value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        raise RecordSyntaxError(0, f"{name}: no JSON for {value!r:.60} ({error})") from None
    # What is not printable is escaped: a raw U+2028 or U+0085 ends a line in some editors.
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else json.dumps(c)[1:-1] for c in text)


def is_text_record(text: str) -> bool:
    """Whether ``text`` starts as a text record does: a comment or a ``[Name ...`` header.

    >>> is_text_record('[Game "crab-stack"]'), is_text_record('{"game": "crab-stack"}')
    (True, False)
    """
    first = text.removeprefix(_BOM).lstrip()
    return first.startswith(";") or re.match(r"\[[A-Za-z][A-Za-z0-9_]* ", first) is not None


def parse(text: str) -> GameRecord:
    """The :class:`~crabrules.GameRecord` of a text record (see :func:`parse_text_record`)."""
    return parse_text_record(text).record


def parse_text_record(text: str) -> TextRecord:
    """Read a text record of one game, replaying it to read each move.

    Raises:
        RecordSyntaxError: a header or a move that cannot be read, a move that is not
            legal, numbered out of order or made by another player, ``Players`` that are
            not one name a seat, a ``Result`` that is not how the game ended, or a second
            game (read a file of several with :func:`read_games`); the message names the
            line.
    """
    if len(text) > MAX_CHARACTERS:
        raise RecordSyntaxError(0, f"a record of at most {MAX_CHARACTERS:,} characters")
    games = _Splitter(text.split("\n"))
    first = games.next_game()
    if first is None:
        raise RecordSyntaxError(0, f"missing header(s): {', '.join(HEADERS[:4])}")
    if games.pending is not None:
        after = "the moves" if first.moves else "the blank line that ends the headers"
        raise RecordSyntaxError(
            games.pending[0],
            f"a header after {after} starts a second game: read several with read_games",
        )
    return _replayed(first)


def read_games(handle: Iterable[str]) -> Iterator[TextRecord]:
    r"""The games of a text file, read one by one as they are asked for.

    ``handle`` is a file opened for reading (or any iterable of lines). Each game is read,
    checked and replayed when the loop reaches it, as python-chess's ``read_game`` does,
    so a file of any number of games is read in the memory of one; line numbers in
    errors count from the file's start.

    >>> import io
    >>> from crabrules import GameRecord, crab_stack
    >>> config = crab_stack.Config(players=2)
    >>> file = io.StringIO(write(GameRecord.of("crab-stack", config, 1, []))
    ...                    + "\n" + write(GameRecord.of("crab-stack", config, 2, [])))
    >>> [game.record.seed for game in read_games(file)]
    [1, 2]

    Raises:
        RecordSyntaxError: as :func:`parse_text_record` says, for the game being read;
            also a game longer than :data:`MAX_CHARACTERS`.
    """
    games = _Splitter(_bounded_lines(handle))
    while (game := games.next_game()) is not None:
        yield _replayed(game)


def _bounded_lines(handle: Iterable[str]) -> Iterator[str]:
    # A file is read a bounded line at a time: /dev/zero has no line end at all.
    readline = getattr(handle, "readline", None)
    if readline is None:
        yield from handle
        return
    while line := readline(MAX_CHARACTERS + 1):
        yield line


@attrs.define
class _Game:
    """One game's lines, read but not yet replayed: headers and moves with their lines."""

    headers: dict[str, tuple[int, Any]] = attrs.field(factory=dict)
    moves: list[tuple[int, re.Match[str]]] = attrs.field(factory=list)


class _Splitter:
    """Cuts numbered lines into games.

    A header after a game's moves, or after the blank line that ends the headers of a game
    without moves, starts the next game.
    """

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = enumerate(lines, start=1)
        self.pending: tuple[int, str] | None = None  # the next game's first line

    def next_game(self) -> _Game | None:
        game = _Game()
        if self.pending is not None:
            self._add(game, *self.pending)
            self.pending = None
        # Locals, and the blank line's test first: this loop runs once a line.
        size, closed, headers, moves = 0, False, game.headers, game.moves
        for number, raw in self.lines:
            size += len(raw)
            if size > MAX_CHARACTERS:
                raise RecordSyntaxError(number, f"a game of at most {MAX_CHARACTERS:,} characters")
            line = raw.strip() if number > 1 else raw.removeprefix(_BOM).strip()
            if not line:
                if headers:
                    closed = True  # a blank line after headers ends them
                continue
            if line[0] == "[" and (moves or closed):
                self.pending = (number, line)
                return game
            self._add(game, number, line)
        return game if game.headers or game.moves else None

    @staticmethod
    def _add(game: _Game, number: int, line: str) -> None:
        if line.startswith(";"):
            return
        if not line.startswith("["):
            game.moves.append(_move_line(number, line))
            return
        name, value = _header(number, line)
        if name in game.headers:
            raise RecordSyntaxError(number, f"{name}: given twice")
        if len(game.headers) == MAX_HEADERS:
            raise RecordSyntaxError(number, f"a game of at most {MAX_HEADERS:,} headers")
        game.headers[name] = (number, value)


def _header(number: int, line: str) -> tuple[str, Any]:
    match = _HEADER.match(line)
    if match is None:
        raise RecordSyntaxError(number, f"a header is [Name value], not {line[:60]!r}")
    name = match["name"]
    if name not in HEADERS:
        _check_other(number, name)
    try:
        value = _DECODER.decode(match["value"])
    except (json.JSONDecodeError, RecursionError):  # nesting deeper than Python's stack
        raise RecordSyntaxError(number, f"{name}: not JSON: {match['value'][:60]!r}") from None
    except ValueError as error:  # JSON this format refuses: a key twice, NaN, 5,000 digits
        raise RecordSyntaxError(number, f"{name}: {str(error)[:100]}") from None
    return name, value


def _check_other(number: int, name: str) -> None:
    # `seed` for `Seed` is a slip, not a header of its own.
    known = _LOWER.get(name.lower())
    if known is not None:
        raise RecordSyntaxError(number, f"{name}: the format's header is {known!r}")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # As from_json: an object that gives a key twice says two things, and is refused.
    counts = collections.Counter(key for key, _ in pairs)
    twice = [key for key, count in counts.items() if count > 1]
    if twice:
        raise ValueError(f"the key {twice[0]!r:.60} appears twice")
    return dict(pairs)


def _constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant)


def _replayed(game_lines: _Game) -> TextRecord:
    headers = game_lines.headers
    missing = sorted(REQUIRED - set(headers), key=HEADERS.index)
    if missing:
        first = min((line for line, _ in headers.values()), default=0)
        raise RecordSyntaxError(first, f"missing header(s): {', '.join(missing)}")
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
    try:
        state = game.initial_state(config, seed=seed)
    except CrabRulesError as error:
        raise RecordSyntaxError(headers["Seed"][0], f"Seed: {error}") from None
    players = None
    if "Players" in headers:
        players_line, names = headers["Players"]
        players = _check_players(names, game.num_players(state), players_line)
    actions = []
    for expected, (number, match) in enumerate(game_lines.moves, start=1):
        action = _move(game, state, number, match, expected)
        actions.append(action)
        state = game.apply(state, action, check=False)  # _move parsed a legal action
    result = result_of(game.outcome(state))
    if "Result" in headers:
        result_line, written = headers["Result"]
        if written != result:
            raise RecordSyntaxError(
                result_line, f"Result: the game ends {result!r}, not {written!r:.60}"
            )
    record = GameRecord(game.info.id, version, config, seed, tuple(actions))
    other = {name: value for name, (_, value) in headers.items() if name not in HEADERS}
    return TextRecord(record, players, result, other)


def _check_players(names: Any, seats: int, line: int) -> tuple[str, ...]:
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise RecordSyntaxError(line, "Players: a list of names, one a seat")
    if not all(isinstance(name, str) for name in names):
        raise RecordSyntaxError(line, "Players: a list of names, one a seat")
    if len(names) != seats:
        raise RecordSyntaxError(
            line, f"Players: one name a seat, {seats} for this game, not {len(names)}"
        )
    return tuple(names)


def _typed(line: int, name: str, value: Any, kind: type) -> Any:
    if type(value) is not kind:
        raise RecordSyntaxError(line, f"{name}: a JSON {kind.__name__}, not {value!r:.60}")
    return value


def _move_line(number: int, line: str) -> tuple[int, re.Match[str]]:
    comment = _COMMENT.search(line)
    match = _MOVE.match(line[: comment.start()].rstrip() if comment else line)
    if match is None:
        raise RecordSyntaxError(number, f"a move is 'N. P<player>: <notation>', not {line[:60]!r}")
    return number, match


def _move(game: Any, state: Any, number: int, match: re.Match[str], expected: int) -> Any:
    # Numbers are compared as text: int() of thousands of digits raises ValueError.
    if _digits(match["number"]) != str(expected):
        raise RecordSyntaxError(
            number, f"move {match['number']:.20} where move {expected} was due"
        )
    try:
        action = game.parse_action(state, match["notation"])
    except CrabRulesError as error:  # IllegalActionError, GameOverError, ...
        raise RecordSyntaxError(number, f"move {expected}: {error}") from None
    player = _mover(game, state, action)
    if _digits(match["player"]) != str(player):
        raise RecordSyntaxError(
            number, f"move {expected} is P{player}'s, not P{match['player']:.20}'s"
        )
    return action


def _digits(number: str) -> str:
    # `007` is 7, as int() reads it.
    return number.lstrip("0") or "0"


def _mover(game: Any, state: Any, action: Any) -> int:
    # The action's own player where it names one (every real-time action does), else the
    # one player to act.
    player = getattr(action, "player", None)
    if isinstance(player, int):
        return player
    mover: int = min(game.active_players(state))
    return mover
