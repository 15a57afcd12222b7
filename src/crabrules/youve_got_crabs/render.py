"""A plain-text picture of a game of You've Got Crabs, every hand shown (for logs and docs).

>>> from crabrules.youve_got_crabs.rules import initial_state
>>> print(render(initial_state(seed=2)))
You've Got Crabs: 2 teams, the License points at side 0 (play)
Pot 8 | team 0: 2 | team 1: 2
Ocean: Jab Crab, Jab Crab, Crabernet Sauvignon, Low Crab Diet
Draw pile 46 | Discard pile 0
P0 team 0 side 0: Ab Crab, Low Crab Diet, Crabuccino, Crabernet Sauvignon
P1 team 0 side 1: Crabuccino, Ab Crab, Crabrador Retriever, Crabernet Sauvignon
P2 team 1 side 0: Jab Crab, Taxi Crab, Taxi Crab, Crabernet Sauvignon
P3 team 1 side 1: Crabrador Retriever, Taxi Crab, Bunny Crabbit, Crabuccino
"""

from __future__ import annotations

from crabrules.core.game import not_a_state
from crabrules.youve_got_crabs.cards import Card, card_name
from crabrules.youve_got_crabs.state import State
from crabrules.youve_got_crabs.table import table

__all__ = ["render"]


def render(state: State) -> str:
    """Every part of ``state`` as text, one line per thing; hands are in slot order."""
    if type(state) is not State:
        raise not_a_state(state, State)
    config = state.config
    seats = table(config)

    def names(cards: tuple[Card, ...]) -> str:
        return ", ".join(card_name(config, c) for c in cards)

    lines = [
        f"You've Got Crabs: {config.teams} teams, the License points at side "
        f"{state.license} ({state.phase.value}{', swapped' if state.swapped else ''})",
        " | ".join([f"Pot {state.pot}"] + [f"team {t}: {n}" for t, n in enumerate(state.tokens)]),
        f"Ocean: {names(state.ocean)}",
        f"Draw pile {len(state.draw)} | Discard pile {len(state.discard)}",
    ]
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
        shown = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(f"P{p} team {seats.team_of[p]} side {seats.side_of[p]}: {names(hand)}{shown}")
    if state.signals:
        recent = ", ".join(f"P{p}" for p in state.signals)
        lines.append(f"Signals: {recent} ({state.signal_count} in all)")
    for call in state.calls:
        kind = "double " if call.double else ""
        verdict = "right" if call.right else "wrong"
        lines.append(f"Call: P{call.caller} on P{call.target}, {kind}{verdict}")
    if state.window is not None:
        w = state.window
        lines.append(f"Waiting: P{w.caller} called partner P{w.target} at {w.time:g} s")
    if state.claim is not None:
        lines.append(f"Double Crabs: P{state.claim.player} collects {state.claim.remaining} more")
    if state.tied:
        lines.append(f"Sudden death between teams {', '.join(map(str, sorted(state.tied)))}")
    if state.winner is not None:
        lines.append(f"Team {state.winner} wins")
    return "\n".join(lines)
