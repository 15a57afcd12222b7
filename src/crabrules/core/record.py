"""Game records: config, seed and actions, the library's equivalent of a chess PGN.

A :class:`GameRecord` holds everything needed to rebuild a game exactly: which game,
which library version wrote it, the config, the seed and every action in order.
:func:`replay` rebuilds the game and re-checks every action on the way.

>>> from crabrules import crab_stack
>>> state = crab_stack.initial_state(seed=3)
>>> actions = []
>>> for _ in range(4):
...     action = crab_stack.legal_actions(state)[0]
...     actions.append(action)
...     state = crab_stack.apply(state, action)
>>> record = GameRecord.of("crab-stack", crab_stack.Config(), 3, actions)
>>> replay(record) == state
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from crabrules._version import __version__
from crabrules.core.errors import IllegalActionError, InvalidConfigError
from crabrules.core.registry import get_game
from crabrules.core.rng import SEED_LIMIT, check_seed
from crabrules.core.serialize import converter, describe_error

__all__ = ["GameRecord", "ReplayError", "replay"]


@attrs.frozen
class GameRecord:
    """A whole game as data: rebuild it with :func:`replay`.

    Attributes:
        game: the registry id of the game.
        library_version: the crabrules version that wrote the record.
        config: the game's ``Config``.
        seed: the seed of :func:`initial_state`, an int in [0, 2**64).
        actions: every action applied, in order.

    A seed outside [0, 2**64) is refused as it is by ``initial_state``: building a record
    of one raises ``InvalidConfigError``; loading one, ``DeserializationError``.
    """

    game: str
    library_version: str
    config: Any
    seed: int = attrs.field(
        converter=check_seed, metadata={"minimum": 0, "maximum": SEED_LIMIT - 1}
    )
    actions: tuple[Any, ...]

    @classmethod
    def of(cls, game: str, config: Any, seed: int, actions: Iterable[Any]) -> GameRecord:
        """A record written by this version of the library."""
        return cls(game, __version__, config, seed, tuple(actions))


class ReplayError(IllegalActionError):
    """An action of a record is illegal; ``move_number`` (1-based) says which."""

    def __init__(self, error: IllegalActionError, move_number: int) -> None:
        super().__init__(
            f"move {move_number}: {error.message}", action=error.action, reason=error.reason
        )
        self.move_number = move_number

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_replay_error, (self.message, self.action, self.reason, self.move_number))


def _rebuild_replay_error(
    message: str, action: object, reason: Any, move_number: int
) -> ReplayError:
    error = ReplayError.__new__(ReplayError)
    IllegalActionError.__init__(error, message, action=action, reason=reason)
    error.move_number = move_number
    return error


def replay(record: GameRecord) -> Any:
    """The final state of ``record``'s game, every action checked.

    Raises:
        UnknownGameError: the record names no registered game.
        ReplayError: an action is illegal; the message names its move number.
    """
    game = get_game(record.game)
    state = game.initial_state(record.config, seed=record.seed)
    for number, action in enumerate(record.actions, start=1):
        try:
            state = game.apply(state, action)
        except IllegalActionError as error:
            raise ReplayError(error, number) from error
    return state


_FIELDS = frozenset(field.name for field in attrs.fields(GameRecord))


def _structure_record(data: Any, _: type) -> GameRecord:
    # The config's and actions' types depend on the game the record names.
    if not isinstance(data, dict):
        raise TypeError(f"expected a game record object, got {data!r}")
    extra = set(data) - _FIELDS
    if extra:
        raise ValueError(f"unknown field(s) {', '.join(sorted(extra))}")
    missing = _FIELDS - set(data)
    if missing:
        raise ValueError(f"required field missing {', '.join(sorted(missing))}")
    game = get_game(_field(data, "game", str))
    actions = data["actions"]
    if not isinstance(actions, list):
        raise ValueError(f"expected a list of actions, got {actions!r} @ $.actions")
    return GameRecord(
        game.info.id,
        _field(data, "library_version", str),
        _field(data, "config", game.config_type),
        _seed(data),
        tuple(_at(f"$.actions[{i}]", a, game.action_type) for i, a in enumerate(actions)),
    )


def _field(data: dict[str, Any], name: str, cls: Any) -> Any:
    return _at(f"$.{name}", data[name], cls)


def _seed(data: dict[str, Any]) -> int:
    seed = _field(data, "seed", int)
    try:
        return check_seed(seed)
    except InvalidConfigError as error:  # the same rule as initial_state's, with its place
        raise ValueError(f"{error} @ $.seed") from None


def _at(path: str, value: Any, cls: Any) -> Any:
    try:
        return converter.structure(value, cls)
    except Exception as error:  # the boundary: name the place, whatever went wrong there
        raise ValueError(describe_error(error, path)) from error


converter.register_structure_hook(GameRecord, _structure_record)
