"""Stepping through a game's record: the picture and the events of each move.

:func:`replay_step` plays a record's actions again up to move ``move`` and shows the
table as a spectator saw it then: the picture with that move marked, and what the move
did, in words. Move 0 is the table before the first action.

>>> import crabrules
>>> from crabrules.agents import RandomAgent, play_match
>>> game = crabrules.get_game("crab-stack")
>>> record = play_match(game, [RandomAgent(), RandomAgent()], seed=2).record
>>> step = replay_step(game, record.config, record.seed, record.actions, 1)
>>> step["move"], step["moves"] == len(record.actions), step["svg"].startswith("<svg")
(1, True, True)
>>> first = game.initial_state(record.config, seed=2)
>>> step["notation"] == game.action_to_str(first, record.actions[0])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["replay_step"]


def replay_step(
    game: Any, config: Any, seed: int, actions: Sequence[Any], move: int
) -> dict[str, Any]:
    """The spectator's table after move ``move`` (0 to ``len(actions)``) of a record.

    Returns ``move``, ``moves`` (the record's length), ``svg`` (the picture, the move
    marked), ``notation`` and ``text`` (the move, ``""`` at move 0), ``events`` (what it
    did, in words), and ``terminal``.

    Raises:
        ValueError: ``move`` is not between 0 and the record's length.
    """
    if not 0 <= move <= len(actions):
        raise ValueError(f"move: from 0 to {len(actions)}, not {move}")
    state = game.initial_state(config, seed=seed)
    for action in actions[: max(move - 1, 0)]:
        state = game.apply(state, action)
    notation = text = ""
    events: list[str] = []
    last = None
    if move:
        last = actions[move - 1]
        notation, text = game.action_to_str(state, last), game.describe(state, last)
        state, happened = game.apply_with_events(state, last)
        events = [game.describe_event(e, config) for e in game.observe_events(happened, None)]
    seen = game.observe(state, None)
    return {
        "move": move,
        "moves": len(actions),
        "svg": game.render_svg(seen, last_action=last),
        "notation": notation,
        "text": text,
        "events": events,
        "terminal": game.is_terminal(state),
    }
