"""The files ``crabrules replay`` reads, as the games they hold.

A text record of one game or several (:mod:`crabrules.record`), a
:class:`~crabrules.GameRecord` as JSON, or a ``simulate --out`` file of one JSON line a
game. A file is read as a stream, a bounded line at a time: a file of many games in the
memory of one, and ``replay /dev/zero`` refused after
:data:`~crabrules.record.MAX_CHARACTERS`, not after the disk.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import sys
from collections.abc import Iterator
from typing import TextIO

import attrs

from crabrules.core import (
    CrabRulesError,
    DeserializationError,
    GameRecord,
    InvalidConfigError,
    Outcome,
    from_json,
    get_game,
    replay,
)
from crabrules.core.errors import quote
from crabrules.record import MAX_CHARACTERS, TextRecord, is_text_record, read_games
from crabrules.simulate import read_result_line

__all__ = ["FileGame", "games_in", "opened"]


@attrs.frozen
class FileGame:
    """One game of a file, every action checked.

    Attributes:
        label: how a listing names it (``game 3``).
        number: what ``--game N`` selects: a ``simulate`` game's index, else its place
            in the file from 1.
        record: the game.
        end: how it ended, as a listing says it.
        error: why a ``simulate`` game failed (an agent raised), or ``None``.
    """

    label: str
    number: int | None
    record: GameRecord
    end: str
    error: str | None = None


@contextlib.contextmanager
def opened(path: str) -> Iterator[TextIO]:
    r"""``path`` (``-``: standard input) open as UTF-8 text, lines ending at ``\n``.

    Raises:
        DeserializationError: the file is not UTF-8 text (also while it is read).
    """
    stdin = path == "-"
    file = (
        io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", newline="\n")
        if stdin
        else open(path, encoding="utf-8-sig", newline="\n")  # noqa: SIM115
    )
    try:
        yield file
    except UnicodeDecodeError:
        name = "standard input" if stdin else path
        raise DeserializationError(f"{name} is not UTF-8 text") from None
    finally:
        if stdin:
            file.detach()  # standard input stays open for whoever reads it next
        else:
            file.close()


def games_in(file: TextIO, number: int | None) -> tuple[bool, Iterator[FileGame]]:
    """Whether ``file`` is listed (several games, or ``simulate`` lines), and its games.

    Games are read as they are asked for; with ``number``, the games of a ``simulate``
    file that are not game ``number`` are not replayed.
    """
    lines = _lines(file)
    head: list[str] = []
    size = 0
    for line in lines:  # blank lines, then the first that says what the file is
        head.append(line)
        size += len(line)
        if line.strip() or size > MAX_CHARACTERS:
            break
    first = head[-1] if head else ""
    if _is_result_line(first):
        return True, _results(itertools.chain([first], lines), number)
    if is_text_record(first):
        games = read_games(itertools.chain(head, lines))
        two = list(itertools.islice(games, 2))
        if not two:
            raise DeserializationError("no game in the file, only comments")
        return len(two) > 1, _text_games(itertools.chain(two, games))
    text = "".join(head) + file.read(max(0, MAX_CHARACTERS + 1 - size))
    if len(text) > MAX_CHARACTERS:
        raise DeserializationError(f"a record of at most {MAX_CHARACTERS:,} characters")
    return False, iter([FileGame("game 1", 1, from_json(text, GameRecord), "")])


def _lines(file: TextIO) -> Iterator[str]:
    while line := file.readline(MAX_CHARACTERS + 1):
        yield line


def _text_games(games: Iterator[TextRecord]) -> Iterator[FileGame]:
    for count, game in enumerate(games, 1):
        yield FileGame(f"game {count}", count, game.record, game.result)


def _is_result_line(line: str) -> bool:
    try:
        document = json.loads(line)
    except (ValueError, RecursionError):  # from_json then says what is wrong
        return False
    return isinstance(document, dict) and "record" in document


def _results(lines: Iterator[str], number: int | None) -> Iterator[FileGame]:
    # One game a line, each replayed and its outcome checked.
    for line_number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if len(line) > MAX_CHARACTERS:
            raise DeserializationError(f"line {line_number}: longer than {MAX_CHARACTERS:,}")
        try:
            game, outcome = _result(line, line_number)
            if number is not None and game.number != number:
                continue
            state = replay(game.record)
        except CrabRulesError as problem:
            raise CrabRulesError(f"line {line_number}: {problem}") from None
        if get_game(game.record.game).outcome(state) != outcome:
            raise InvalidConfigError(f"line {line_number}: the replayed game's outcome differs")
        yield game


def _result(line: str, line_number: int) -> tuple[FileGame, Outcome | None]:
    record, outcome = read_result_line(line)
    document = json.loads(line)  # read_result_line has read it: it is a JSON object
    index, error = document.get("index"), document.get("error")
    if index is not None and type(index) is not int:
        raise DeserializationError(f"index: an int, not {quote(index)}")
    if error is not None and not isinstance(error, str):
        raise DeserializationError(f"error: a string, not {quote(error)}")
    if error is not None:
        end = f"failed: {error}"
    elif outcome is None:
        end = "unfinished"
    else:
        end = f"{outcome.reason}, winners {sorted(outcome.winners)}"
    label = f"line {line_number}" if index is None else f"game {index}"
    return FileGame(label, index, record, end, error), outcome
