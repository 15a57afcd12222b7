"""The Adventure Pack in the pictures, from a state or an observation.

:func:`adventure_lines` gives the lines :func:`~crabrules.oh_crab.view.render` prints and
:func:`~crabrules.oh_crab.render_svg` draws in its panel.

Face-down tokens and cards are named only where the viewer may see them (a state shows
everything, an observation what its viewer sees). A temporary Event's card lies where its
reminder says (the Tips of Module 2): beside its Beach tile, beside the Additional Action
tiles, or in front of the cook's holder, passed on with the pawn.

>>> from crabrules.oh_crab import Config, initial_state, observe
>>> from crabrules.oh_crab.engine._work import rules_for
>>> state = initial_state(Config(players=3, modules={"challenges"}), seed=3)
>>> import textwrap
>>> line = adventure_lines(observe(state, 0), rules_for(state.config))[0]
>>> print(textwrap.fill(line, 80))
Challenges: Beach 1 Straight Ahead: Have the most Move forward cards in your
Hand. (Reward card: Pirate's Chest); Beach 2 face down; Beach 3 face down
"""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.oh_crab.content._documents import AdventureContent, Reminder
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import cell_label
from crabrules.oh_crab.model._pack_state import NONE, Adventure, DueKind

__all__ = ["adventure_lines"]

HIDDEN = -3

Names = Sequence[str]


def adventure_lines(view: object, rules: Rules) -> list[str]:
    """The Adventure Pack's lines for ``view``, a State or an Observation (none without it)."""
    adventure = getattr(view, "adventure", None)
    pack = rules.pack
    if adventure is None or pack is None:
        return []
    names = rules.names
    lines = _surprise_lines(adventure, pack, names)
    lines += _event_lines(adventure, pack, names, getattr(view, "cook", 0))
    lines += _challenge_lines(adventure, pack, names)
    if adventure.due:
        due = [
            f"the {'Challenge' if d.kind is DueKind.CHALLENGE else 'Event'} of Beach {d.tile + 1}"
            for d in adventure.due
        ]
        lines.append("Due this turn: " + ", ".join(due))
    if adventure.frames:
        frame = adventure.frames[-1]
        step = frame.queue[0].value.replace("_", " ")
        lines.append(f"Waiting for {names[frame.player]} ({rules.colours[frame.crab]}): {step}")
    return lines


def _surprise_lines(adventure: Adventure, pack: AdventureContent, names: Names) -> list[str]:
    """Module 1: where Surprise tokens lie face down, who keeps which, how many were used."""
    surprises = adventure.surprises
    if surprises is None:
        return []
    down = [cell_label(c) for c, t in enumerate(surprises.board) if t != NONE]
    kept = []
    for p, mine in enumerate(surprises.kept):
        if mine:
            shown = [pack.surprises[t].name if t >= 0 else "?" for t in mine]
            kept.append(f"{names[p]} {', '.join(shown)}")
    return [
        f"Surprises: face down on {', '.join(down) or 'no space'}; "
        f"kept: {'; '.join(kept) or 'none'}; {len(surprises.gone)} used"
    ]


def _event_lines(
    adventure: Adventure, pack: AdventureContent, names: Names, cook: int
) -> list[str]:
    """Module 2: each Beach tile's Event, the ones foreseen, the one in effect and where."""
    events = adventure.events
    if events is None:
        return []
    tiles = [
        f"Beach {t + 1} " + ("revealed" if c == NONE else _card(c, pack.events, "face down"))
        for t, c in enumerate(events.tiles)
    ]
    line = "Events: " + "; ".join(tiles)
    if events.foreseen:
        line += "; foreseen: " + ", ".join(pack.events[c].name for c in events.foreseen)
    lines = [line]
    if events.active != NONE:
        info = pack.events[events.active]
        where = {
            Reminder.TILE: f"beside Beach tile {events.at + 1}",
            Reminder.TILES: "beside the Additional Action tiles",
            Reminder.COOK: f"in front of {names[cook]}, with the cook",
        }[info.reminder or Reminder.TILE]
        lines.append(f"   in effect: {info.name} ({info.text}), {where}")
    return lines


def _challenge_lines(adventure: Adventure, pack: AdventureContent, names: Names) -> list[str]:
    """Module 3: each Beach tile's Challenge (the open one read out), the trophies won."""
    challenges = adventure.challenges
    if challenges is None:
        return []
    tiles = []
    for t, c in enumerate(challenges.tiles):
        if c == NONE:
            tiles.append(f"Beach {t + 1} resolved")
        elif t == challenges.open:
            reward = pack.rewards[challenges.reward].name
            info = pack.challenges[c]
            tiles.append(f"Beach {t + 1} {info.name}: {info.text} (Reward card: {reward})")
        else:
            tiles.append(f"Beach {t + 1} " + _card(c, pack.challenges, "face down"))
    lines = ["Challenges: " + "; ".join(tiles)]
    won = [f"{names[p]} {n}" for p, n in enumerate(challenges.trophies) if n]
    if won:
        lines.append("   trophies: " + ", ".join(won))
    return lines


def _card(card: int, items: tuple[object, ...], hidden: str) -> str:
    if card < 0:
        return hidden
    name = getattr(items[card], "name", "")
    return f"{hidden} ({name})"
