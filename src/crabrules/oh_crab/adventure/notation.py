"""The Adventure Pack's actions in the notation (:mod:`crabrules.oh_crab.view.notation`).

=================  ==========================================================
action             notation
=================  ==========================================================
``TakeMarket``     ``red: take m2``
``UseTreasure``    ``red: treasure crab-trap`` (a Surprise token's id)
``Reveal``         ``red: reveal``
``Choose``         ``red: choose 2`` (a reward's number, from 1)
``ChooseSkills``   ``red: skills armoured`` (an Asymmetry card per crab)
``Skill``          ``red: skill orange``
``Decline``        ``red: decline``
``MakeObstacle``   ``red: obstacle c4``
=================  ==========================================================

:func:`register_notation` adds them to the notation's tables.
"""

from __future__ import annotations

from collections.abc import Callable

from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import (
    Action,
    Choose,
    ChooseSkills,
    Decline,
    MakeObstacle,
    Reveal,
    Skill,
    TakeMarket,
    UseTreasure,
    cell_label,
    pile_label,
)
from crabrules.oh_crab.model._state import State
from crabrules.oh_crab.view.notation import Arguments, NotationError, notation_of, register_verb

__all__ = ["register_notation"]


def _take(action: TakeMarket, state: State, rules: Rules) -> str:
    return f"take {pile_label(action.take)}"


def _treasure(action: UseTreasure, state: State, rules: Rules) -> str:
    pack = rules.pack
    if pack is None or not 0 <= action.token < len(pack.surprises):
        return f"treasure {action.token}"
    return f"treasure {pack.surprises[action.token].id}"


def _reveal(action: Reveal, state: State, rules: Rules) -> str:
    return "reveal"


def _choose(action: Choose, state: State, rules: Rules) -> str:
    return f"choose {action.option + 1}"


def _skills(action: ChooseSkills, state: State, rules: Rules) -> str:
    cards = rules.pack.asymmetry if rules.pack is not None else ()
    ids = [cards[c].id if 0 <= c < len(cards) else str(c) for c in action.cards]
    return "skills " + " ".join(ids)


def _skill(action: Skill, state: State, rules: Rules) -> str:
    return f"skill {rules.colours[action.crab]}"


def _decline(action: Decline, state: State, rules: Rules) -> str:
    return "decline"


def _obstacle(action: MakeObstacle, state: State, rules: Rules) -> str:
    return f"obstacle {cell_label(action.cell)}"


def _read_treasure(args: Arguments) -> Action:
    word = args.word("a Surprise token")
    pack = args.rules.pack
    ids = [] if pack is None else [t.id for t in pack.surprises]
    if word not in ids:
        raise NotationError(f"{word!r:.40} is no Surprise token")
    return UseTreasure(args.player, ids.index(word))


def _read_choose(args: Arguments) -> Action:
    word = args.word("a reward's number")
    if word not in tuple("123456789"):
        raise NotationError(f"{word!r:.40} is no reward's number (1, 2, ...)")
    return Choose(args.player, int(word) - 1)


def _read_skills(args: Arguments) -> Action:
    pack = args.rules.pack
    ids = [] if pack is None else [c.id for c in pack.asymmetry]
    cards = []
    while args.left():
        word = args.word("an Asymmetry card")
        if word not in ids:
            raise NotationError(f"{word!r:.40} is no Asymmetry card")
        cards.append(ids.index(word))
    if not cards:
        raise NotationError("'skills' names the Asymmetry card(s) chosen, one per crab")
    return ChooseSkills(args.player, tuple(cards))


#: Each action of the pack: its verb, how it is read, how it is written (in the order an
#: error message lists the verbs, after the base game's).
_NOTATION: tuple[tuple[str, type, Callable[[Arguments], Action], Callable[..., str]], ...] = (
    ("take", TakeMarket, lambda args: TakeMarket(args.player, args.pile()), _take),
    ("treasure", UseTreasure, _read_treasure, _treasure),
    ("reveal", Reveal, lambda args: Reveal(args.player), _reveal),
    ("choose", Choose, _read_choose, _choose),
    # Module 4
    ("skills", ChooseSkills, _read_skills, _skills),
    ("skill", Skill, lambda args: Skill(args.player, args.crab()), _skill),
    ("decline", Decline, lambda args: Decline(args.player), _decline),
    ("obstacle", MakeObstacle, lambda args: MakeObstacle(args.player, args.cell()), _obstacle),
)


def register_notation() -> None:
    """Add the pack's verbs and actions to the notation (once the game is put together).

    >>> from crabrules.oh_crab import Config, action_to_str, initial_state, parse_action
    >>> register_notation()  # done by crabrules.oh_crab already; doing it again changes nothing
    >>> state = initial_state(Config(players=3, modules={"asymmetry"}), seed=1)
    >>> action = parse_action(state, "red: skills sprinter")
    >>> action
    ChooseSkills(player=0, cards=(0,))
    >>> action_to_str(state, action)
    'red: skills sprinter'
    """
    for verb, kind, read, write in _NOTATION:
        register_verb(verb, read)
        notation_of.register(kind, write)
