"""A plain-text picture of a game of You've Got Crabs, every hand shown (for logs and docs).

Players, teams and slots carry the labels of the notation (:mod:`.notation`): ``P0``,
``T0``, hand slots ``1``-``4``, Ocean slots ``A``-``D``; a legend closes the picture, and
every line fits in :data:`WIDTH` columns (long lines wrap, indented).

>>> from crabrules.youve_got_crabs._rules import initial_state
>>> print(render(initial_state(seed=2)))
You've Got Crabs, 2 teams: the License points at side 0 (play)
Pot 8 | T0 2 | T1 2
Ocean  A Jab Crab  B Jab Crab  C Crabernet Sauvignon  D Low Crab Diet
Draw pile 46 | Discard pile 0
P0 T0 side 0  1 Ab Crab  2 Low Crab Diet  3 Crabuccino  4 Crabernet Sauvignon
P1 T0 side 1  1 Crabuccino  2 Ab Crab  3 Crabrador Retriever  4 Crabernet Sauvignon
P2 T1 side 0  1 Jab Crab  2 Taxi Crab  3 Taxi Crab  4 Crabernet Sauvignon
P3 T1 side 1  1 Crabrador Retriever  2 Taxi Crab  3 Bunny Crabbit  4 Crabuccino
Legend: Pn player n, Tn team n; hand slots 1-4, Ocean slots A-D. Notation: P0 swap 1D,
  P0 down, P0 up, P0 confirm, P1 yes, P1 no, P0 signal, P1 call P0 @12.5, P1 resolve,
  P1 collect pot, P1 collect T1
"""

from __future__ import annotations

from collections.abc import Callable

from crabrules.core.game import not_a_state
from crabrules.youve_got_crabs._cards import Card, card_name
from crabrules.youve_got_crabs._notation import (
    hand_label,
    ocean_label,
    player_label,
    team_label,
)
from crabrules.youve_got_crabs._state import STALL_ACTIONS, State, is_over
from crabrules.youve_got_crabs._table import table

#: The widest line ``render`` prints.
WIDTH = 100

_LEGEND = (
    "Legend: Pn player n, Tn team n; hand slots 1-4, Ocean slots A-D. Notation: P0 swap 1D,",
    "P0 down, P0 up, P0 confirm, P1 yes, P1 no, P0 signal, P1 call P0 @12.5, P1 resolve,",
    "P1 collect pot, P1 collect T1",
)


def render(state: State) -> str:
    """Every part of ``state`` as text, one line per thing; hands are in slot order."""
    if type(state) is not State:
        raise not_a_state(state, State)
    config = state.config
    seats = table(config)

    def slots(label: Callable[[int], str], cards: tuple[Card, ...]) -> list[str]:
        return [f"{label(i)} {card_name(config, c)}" for i, c in enumerate(cards)]

    lines: list[str] = []
    play = f"{state.phase.value}{', swapped' if state.swapped else ''}"
    lines.append(
        f"You've Got Crabs, {config.teams} teams: the License points at side {state.license} "
        f"({play})"
    )
    tokens = [f"{team_label(t)} {n}" for t, n in enumerate(state.tokens)]
    lines += _fit("", [f"Pot {state.pot}", *tokens], " | ")
    lines += _fit("Ocean", slots(ocean_label, state.ocean))
    lines.append(f"Draw pile {len(state.draw)} | Discard pile {len(state.discard)}")
    for p, hand in enumerate(state.hands):
        marks = [
            mark
            for mark, on in (
                ("down", p in state.down),
                ("confirmed", p in state.confirmed),
                ("declined", p in state.declined),
                ("claws", p == state.claws),
            )
            if on
        ]
        shown = [f"[{', '.join(marks)}]"] if marks else []
        label = f"{player_label(p)} {team_label(seats.team_of[p])} side {seats.side_of[p]}"
        lines += _fit(label, [*slots(hand_label, hand), *shown])
    if state.signals:
        recent = ", ".join(map(player_label, state.signals))
        lines.append(f"Signals: {recent} ({state.signal_count} in all)")
    for call in state.calls:
        kind = "double " if call.double else ""
        verdict = "right" if call.right else "wrong"
        lines.append(
            f"Call: {player_label(call.caller)} on {player_label(call.target)}, {kind}{verdict}"
        )
    if state.window is not None:
        w = state.window
        lines.append(
            f"Waiting: {player_label(w.caller)} called partner {player_label(w.target)} "
            f"at {w.time:g} s"
        )
    if state.claim is not None:
        lines.append(
            f"Double Crabs: {player_label(state.claim.player)} collects "
            f"{state.claim.remaining} more"
        )
    if state.tied:
        teams = ", ".join(map(team_label, sorted(state.tied)))
        lines.append(f"Sudden death between teams {teams}")
    if state.winner is not None:
        lines.append(f"Team {team_label(state.winner)} wins")
    elif is_over(state):
        lines.append(f"Stalled: {STALL_ACTIONS} actions without a call moving the clock, a draw")
    lines += [_LEGEND[0], *("  " + line for line in _LEGEND[1:])]
    return "\n".join(lines)


def _fit(label: str, cells: list[str], gap: str = "  ") -> list[str]:
    # Lay ``cells`` out after ``label``, wrapping onto indented lines at WIDTH; a cell
    # longer than a line (a very long crab type name) is cut with "...".
    indent = "    "
    room = WIDTH - len(indent)
    cells = [cell if len(cell) <= room else cell[: room - 3] + "..." for cell in cells]
    lines: list[str] = []
    line = label
    for cell in cells:
        joined = f"{line}{gap if line.strip() else ''}{cell}" if line else cell
        if len(joined) <= WIDTH or not line.strip():
            line = joined
        else:
            lines.append(line)
            line = indent + cell
    lines.append(line)
    return lines
