"""A tournament's games as it rates them (:class:`Played`), and its results file.

The file has one JSON line a game: ``simulate``'s line
(:func:`~crabrules.simulate.runner.result_line`, so ``crabrules replay`` and
``pandas.read_json(path, lines=True)`` read it), plus ``tournament`` (the
:attr:`~crabrules.tournament.schedule.Schedule.fingerprint`), ``round``, ``table`` and
``order``. A rerun with the same file reads it first and plays
only the games missing, appending theirs.

Reading checks every line against the schedule: a line of another tournament, a game
whose seats are not the schedule's, a game twice or a field of the wrong type is refused,
naming the line. A last line cut short (the run was killed while writing it) is dropped,
and its game played again.

>>> from crabrules.tournament.schedule import Schedule
>>> from crabrules.simulate import run_task
>>> schedule = Schedule.of("crab-stack", ["random", "plausible"], games=2)
>>> line = results_line(schedule, run_task(schedule.task(1)))
>>> played = read_line(schedule, line, 1)
>>> played.index, played.seats, played.failed
(1, ('plausible', 'random'), False)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO

import attrs

from crabrules.record import MAX_CHARACTERS
from crabrules.simulate import GameResult, result_line
from crabrules.tournament.schedule import Schedule, TournamentError

__all__ = ["Played", "read_line", "read_results", "results_line"]


@attrs.frozen
class Played:
    """One game as the ratings see it.

    Attributes:
        index: the game's number in the schedule.
        seats: each seat's agent label.
        winners: the seats that won, or ``None`` if the game stopped at the action cap
            (it counts as a draw).
        failed: an agent raised or its process died: the game counts nowhere.
    """

    index: int
    seats: tuple[str, ...]
    winners: frozenset[int] | None
    failed: bool = False

    @classmethod
    def of(cls, result: GameResult) -> Played:
        """A played game from ``simulate``'s result."""
        winners = None if result.outcome is None else result.outcome.winners
        return cls(result.index, result.seats, winners, result.failed)

    def won(self, agent: str) -> bool:
        """Whether a seat of ``agent`` is among the winners."""
        return self.winners is not None and any(self.seats[seat] == agent for seat in self.winners)


def results_line(schedule: Schedule, result: GameResult) -> str:
    """``result``'s line in the results file: ``simulate``'s, and where it belongs."""
    document = json.loads(result_line(result))
    round_, table, order = schedule.slot(result.index)
    document |= {
        "tournament": schedule.fingerprint,
        "round": round_,
        "table": table,
        "order": order,
    }
    return json.dumps(document, separators=(",", ":"))


def read_line(schedule: Schedule, line: str, number: int) -> Played:
    """The game on line ``number`` of ``schedule``'s results file.

    Raises:
        TournamentError: the line is not JSON, not a game of this tournament, or has a
            field of the wrong type.
    """
    where = f"out: line {number}"
    try:
        document = json.loads(line)
    except (ValueError, RecursionError):
        raise TournamentError(f"{where}: not a JSON line of a tournament's results") from None
    if not isinstance(document, dict):
        raise TournamentError(f"{where}: not a JSON object")
    if document.get("tournament") != schedule.fingerprint:
        raise TournamentError(
            f"{where}: a game of another tournament (game, agents, mode, seed or action cap "
            "differ); write to another file"
        )
    index = document.get("index")
    if type(index) is not int or index < 0:
        raise TournamentError(f"{where}: index is a game number, not {index!r:.40}")
    seats = document.get("seats")
    if index < schedule.total and seats != list(schedule.lineup(index)):
        raise TournamentError(f"{where}: game {index}'s seats are not the schedule's")
    return Played(index, schedule.lineup(index), _winners(document, where), _failed(document))


def _winners(document: dict[str, Any], where: str) -> frozenset[int] | None:
    winners = document.get("winners")
    if winners is None:
        return None
    if not isinstance(winners, list) or not all(type(seat) is int for seat in winners):
        raise TournamentError(f"{where}: winners is a list of seats, not {winners!r:.40}")
    return frozenset(winners)


def _failed(document: dict[str, Any]) -> bool:
    return document.get("error") is not None


def read_results(schedule: Schedule, file: TextIO) -> tuple[dict[int, Played], int]:
    """The games already in ``file`` (those of the schedule, by index), and where they end.

    The position returned is where new lines go: the end of the last whole line (a last
    line without its newline, cut short, is left out and written over).

    Raises:
        TournamentError: a line is malformed, another tournament's, or a game twice.
    """
    done: dict[int, Played] = {}
    end = 0
    for number, (line, complete) in enumerate(_lines(file), 1):
        if not complete:
            break  # the run was stopped while writing it
        end += len(line.encode("utf-8"))
        if not line.strip():
            continue
        played = read_line(schedule, line, number)
        if played.index in done:
            raise TournamentError(f"out: line {number}: game {played.index} is there twice")
        if played.index < schedule.total:
            done[played.index] = played
    return done, end


def _lines(file: TextIO) -> Iterator[tuple[str, bool]]:
    """Each line and whether it is whole (ends with a newline); bounded in length."""
    while line := file.readline(MAX_CHARACTERS + 1):
        if len(line) > MAX_CHARACTERS:
            raise TournamentError(f"out: a line longer than {MAX_CHARACTERS:,} characters")
        yield line, line.endswith("\n")
