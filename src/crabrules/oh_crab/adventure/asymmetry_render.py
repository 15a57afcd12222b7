"""Module 4 in the text picture: each crab's card and Pincers, Obstacles made, spies.

Only what every player sees is drawn: while the cards are chosen, how many each player was
dealt and whether they have chosen; then each crab's card, its Pincers (left / starting)
and the tokens they lie on; the standard spaces made Obstacles; how many cards each player
spied (never which).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crabrules.oh_crab.content._pack_components import tokens_for
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import MakeObstacle, Skill, cell_label
from crabrules.oh_crab.model._pack_state import Adventure
from crabrules.oh_crab.model._state import State
from crabrules.oh_crab.view.observe import Observation
from crabrules.oh_crab.view.svg import Marks, crab_space, on_board

__all__ = ["ASYMMETRY_MARKS", "asymmetry_lines", "asymmetry_panel_line"]


def asymmetry_lines(state: State, rules: Rules) -> list[str]:
    """The lines that Module 4 adds to :func:`~crabrules.oh_crab.view.render` (none without it)."""
    adventure = state.adventure
    if adventure is None:
        return []
    lines: list[str] = []
    lasting = adventure.overlay.lasting
    if lasting:
        cells = ", ".join(cell_label(change.cell) for change in lasting)
        lines.append(f"Obstacles made of standard spaces: {cells}")
    asymmetry = adventure.asymmetry
    if asymmetry is None or rules.pack is None:
        return lines
    cards = rules.pack.asymmetry
    lines.append("Asymmetry:")
    for p in range(rules.players):
        if asymmetry.choosing:
            mine = asymmetry.offered[p]
            status = f"choosing among {len(mine)} cards" if mine else "has chosen"
            lines.append(f"   P{p} {rules.names[p]}: {status}")
            continue
        parts = []
        for crab in rules.crabs_of[p]:
            card = cards[asymmetry.chosen[crab]]
            left = asymmetry.pincers[crab]
            parts.append(
                f"{rules.colours[crab]} {card.name} [{card.timing.value}] "
                f"Pincers {left}/{card.pincers} on {tokens_for(left)} token(s)"
            )
        spied = len(asymmetry.spied[p])
        spies = f"; spied {spied} card(s)" if spied else ""
        lines.append(f"   P{p} {rules.names[p]}: " + "; ".join(parts) + spies)
    return lines


def asymmetry_panel_line(adventure: Adventure | None, rules: Rules, player: int) -> str | None:
    """The line of a player's panel in :func:`~crabrules.oh_crab.render_svg`.

    From an observation's Adventure Pack part; ``None`` without Module 4.
    """
    if adventure is None or adventure.asymmetry is None or rules.pack is None:
        return None
    asymmetry = adventure.asymmetry
    cards = rules.pack.asymmetry
    if asymmetry.offered[player] and any(c >= 0 for c in asymmetry.offered[player]):
        names = ", ".join(cards[c].name for c in asymmetry.offered[player])
        return f"Asymmetry: choosing among {names}"
    if asymmetry.offered[player]:
        return "Asymmetry: choosing"
    parts = []
    for crab in rules.crabs_of[player]:
        card = asymmetry.chosen[crab]
        if card < 0:
            parts.append("chosen, hidden until all have chosen")
        else:
            parts.append(f"{cards[card].name} {asymmetry.pincers[crab]}/{cards[card].pincers}")
    spied = len(asymmetry.spied[player])
    return "skill: " + "; ".join(parts) + (f" · spied {spied}" if spied else "")


def _obstacle_marks(action: MakeObstacle, view: Observation, count: int) -> Marks:
    return on_board((action.cell,), count), ()


def _skill_marks(action: Skill, view: Observation, count: int) -> Marks:
    return crab_space(action.crab, view, count), ()


#: The spaces a Module 4 action outlines in :func:`~crabrules.oh_crab.render_svg` as the
#: last action, by its kind: the new Obstacle's, the skilled crab's.
ASYMMETRY_MARKS: dict[type, Callable[[Any, Observation, int], Marks]] = {
    MakeObstacle: _obstacle_marks,
    Skill: _skill_marks,
}
