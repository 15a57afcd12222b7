"""How to break each of Oh Crab!'s state and observation invariants (with the Adventure Pack's).

:data:`STATE` and :data:`OBSERVATION` map an invariant's name to a change of a reachable
state or observation that breaks it; :func:`states` and :func:`observations` are those
reachable documents, from seeded random games of a few mixes (the 2-player mode, a base
game, every module, Crystal Ball). A change that does not apply to a document raises
(``ValueError``, ``IndexError``, ``StopIteration``) and the next document is tried.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import attrs

from crabrules import oh_crab
from crabrules.oh_crab.adventure._model import NONE
from crabrules.oh_crab.adventure._plugin import surprise_cells
from crabrules.oh_crab.content._components import SEA
from crabrules.oh_crab.content._primitives import Phase, Primitive, Source, Stage
from crabrules.oh_crab.engine import _invariants as state_check
from crabrules.oh_crab.engine._effects import AUTOMATIC, MULTI, step_options
from crabrules.oh_crab.engine._tables import rules_for, rules_of
from crabrules.oh_crab.model._state import RESTING, Grant
from crabrules.oh_crab.view import _observe as view_check

Mutation = Callable[[Any], Any]
ALL_MODULES = frozenset({"surprises", "events", "challenges", "asymmetry"})
CONFIGS = (
    oh_crab.Config(players=2),
    oh_crab.Config(players=3),
    oh_crab.Config(players=4, modules=ALL_MODULES),
    oh_crab.Config(players=3, modules={"events"}, variants={"crystal-ball"}),
)


def state_invariants() -> tuple[Any, ...]:
    """The rules a state keeps: the base game's with the registered pack's."""
    return state_check.state_invariants()


def observation_invariants() -> tuple[Any, ...]:
    """The rules an observation keeps: the base game's with the registered pack's."""
    return view_check.observation_invariants()


@functools.cache
def _played() -> tuple[Any, ...]:
    found: list[Any] = []
    for seed, config in enumerate(CONFIGS * 2):
        rnd = random.Random(seed)
        state = oh_crab.initial_state(config, seed=seed)
        found.append(state)
        for _ in range(300):
            if oh_crab.is_terminal(state):
                break
            state = oh_crab.apply(state, rnd.choice(oh_crab.legal_actions(state)), check=False)
            found.append(state)
    return tuple(found)


def states() -> tuple[Any, ...]:
    """Reachable states of seeded random games of :data:`CONFIGS`."""
    return _played()


@functools.cache
def observations() -> tuple[Any, ...]:
    """What a player or a spectator sees of some of :func:`states`."""
    return tuple(
        oh_crab.observe(
            state, (None, *range(state.config.players))[k % (state.config.players + 1)]
        )
        for k, state in enumerate(_played()[::3])
    )


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _turn(state: Any, **changes: Any) -> Any:
    if state.turn is None:
        raise ValueError("no turn")
    return attrs.evolve(state, turn=attrs.evolve(state.turn, **changes))


def _part(state: Any, name: str, **changes: Any) -> Any:
    """``state`` with the pack's ``name`` part changed (``""``: the pack's part itself)."""
    adventure = state.adventure
    if adventure is None:
        raise ValueError("no pack")
    if not name:
        return attrs.evolve(state, adventure=attrs.evolve(adventure, **changes))
    part = getattr(adventure, name)
    if part is None:
        raise ValueError(f"no {name}")
    changed = attrs.evolve(adventure, **{name: attrs.evolve(part, **changes)})
    return attrs.evolve(state, adventure=changed)


def _one_token(state: Any) -> Any:
    tokens = [0] * len(state.tokens)
    tokens[rules_for(state.config).crabs_of[0][0]] = 1
    return attrs.evolve(state, tokens=tuple(tokens))


def _mixed_pile(state: Any) -> Any:
    first, second, third = state.market
    return attrs.evolve(state, market=((*first, second[-1]), second[:-1], third))


def _empty_pile(state: Any) -> Any:
    first, second, third = state.market
    if not third:
        raise ValueError("an empty pile already")
    return attrs.evolve(state, market=(first, second, ()), draw=(*third, *state.draw))


def _boxed(state: Any) -> Any:
    card = state.draw[0]
    return attrs.evolve(state, draw=state.draw[1:], removed=tuple(sorted((*state.removed, card))))


def _other_crab(state: Any) -> Any:
    mine = rules_for(state.config).crabs_of[state.current]
    other = next(c for c in range(len(state.crabs)) if c not in mine)
    return _turn(state, crab=other)


def _no_options(state: Any) -> Any:
    """The turn waits on a step of an action that has no choice here."""
    turn = state.turn
    if turn is None or turn.stage is not Stage.ACT:
        raise ValueError("no action under way")
    rules = rules_of(state)
    for queue in sorted(state_check._possible_queues(state.config)):
        step = queue[0]
        if step in AUTOMATIC or step in MULTI or step is Primitive.MOVE_CRABS_IN_FRONT_TOWARD_LAND:
            continue
        if not step_options(
            rules, state, turn.crab, step, head_down=turn.head_down, crabs_left=None
        ):
            return _turn(state, queue=queue, crabs_left=None)
    raise ValueError("every step has a choice")


def _off_surprise_space(state: Any) -> Any:
    """A face-down token moved off the Surprise spaces, to a free space."""
    surprises = state.adventure.surprises
    allowed = {c for tile in surprise_cells(rules_for(state.config)) for c in tile}
    cell = next(c for c, t in enumerate(surprises.board) if t != NONE)
    free = next(c for c in range(len(surprises.board)) if c not in allowed | {*state.crabs})
    board = _set(_set(surprises.board, cell, NONE), free, surprises.board[cell])
    return _part(state, "surprises", board=board)


def _frame(state: Any, **changes: Any) -> Any:
    frames = state.adventure.frames
    if not frames:
        raise ValueError("no frame")
    return _part(state, "", frames=(*frames[:-1], attrs.evolve(frames[-1], **changes)))


def _frame_of_another(state: Any) -> Any:
    frame = state.adventure.frames[-1]
    owners = rules_for(state.config).owners
    return _frame(state, crab=next(c for c, p in enumerate(owners) if p != frame.player))


def _due_twice(state: Any) -> Any:
    due = state.adventure.due
    if not due:
        raise ValueError("nothing due")
    return _part(state, "", due=(*due, due[0]))


#: By invariant name: a change of a reachable state that breaks it first.
STATE: dict[str, Mutation] = {
    "seed": lambda s: attrs.evolve(s, seed=-1),
    "per_player": lambda s: attrs.evolve(s, hands=s.hands[:-1]),
    "per_crab": lambda s: attrs.evolve(s, knocked=s.knocked[:-1]),
    "owners": lambda s: attrs.evolve(s, owners=tuple(reversed(s.owners))),
    "counters": lambda s: attrs.evolve(s, round=0),
    "before_placing": lambda s: attrs.evolve(s, round=s.round + 1),
    "placing": lambda s: attrs.evolve(s, current=1 - s.current),
    "crab_spaces": lambda s: attrs.evolve(s, crabs=(s.crabs[1], *s.crabs[1:])),
    "knocked": lambda s: attrs.evolve(
        s, crabs=(SEA, *s.crabs[1:]), knocked=(True, *s.knocked[1:])
    ),
    "tokens": lambda s: attrs.evolve(s, tokens=(1, *s.tokens[1:])),
    "tokens_by_phase": _one_token,
    "card_places": lambda s: attrs.evolve(s, removed=(*s.removed, 0)),
    "card_lists": lambda s: attrs.evolve(s, planned=(-5, *s.planned[1:])),
    "own_cards": lambda s: attrs.evolve(s, known=((s.draw[0],), *s.known[1:])),
    "starting_cards": _boxed,
    "market_piles": _mixed_pile,
    "market_tops": _empty_pile,
    "shells": lambda s: attrs.evolve(s, supply=s.supply + 1),
    "part": lambda s: attrs.evolve(s, adventure=None),
    "surprise_piles": lambda s: _part(
        s, "surprises", wastes_found=s.adventure.surprises.wastes_found[:-1]
    ),
    "surprise_spaces": _off_surprise_space,
    "surprise_wastes": lambda s: _part(
        s, "surprises", wastes_found=_set(s.adventure.surprises.wastes_found, 0, 5)
    ),
    "event_cards": lambda s: _part(s, "events", tiles=s.adventure.events.tiles[:-1]),
    "foreseen": lambda s: _part(s, "events", foreseen=(0,)),
    "event_in_effect": lambda s: _part(s, "events", at=0),
    "challenge_cards": lambda s: _part(
        s, "challenges", trophies=s.adventure.challenges.trophies[:-1]
    ),
    "reward": lambda s: _part(s, "challenges", open=s.adventure.challenges.open + 1),
    "trophies": lambda s: _part(
        s, "challenges", trophies=(-1, *s.adventure.challenges.trophies[1:])
    ),
    "due": _due_twice,
    "frames": _frame_of_another,
    "frame_options": lambda s: _turn(s, stage=Stage.START),
    "asymmetry": lambda s: _part(s, "asymmetry", pincers=s.adventure.asymmetry.pincers[:-1]),
    "rest": lambda s: attrs.evolve(s, planned=(RESTING, *s.planned[1:])),
    "planning": lambda s: attrs.evolve(s, cook_used=True),
    "over": lambda s: attrs.evolve(s, phase=Phase.OVER),
    "action_turn": lambda s: attrs.evolve(s, turn=None),
    "turn_order": lambda s: attrs.evolve(s, current=(s.current + 1) % s.config.players),
    "active": _other_crab,
    "action_tokens": lambda s: attrs.evolve(s, tokens=(0,) * len(s.tokens)),
    "no_action_yet": lambda s: _turn(s, tile_used=True),
    "turn_end": lambda s: _turn(s, stage=Stage.ENDING),
    "grants": lambda s: _turn(s, grants=(*s.turn.grants, Grant(Source.SPECIAL, "none", ()))),
    "queue": lambda s: _turn(s, queue=(Primitive.TAKE_SHELL,) * 5),
    "crabs_left": lambda s: _turn(s, crabs_left=(0,)),
    "step_has_options": _no_options,
}


def _view(view: Any, name: str, **changes: Any) -> Any:
    part = getattr(view.adventure, name)
    if part is None:
        raise ValueError(f"no {name}")
    return attrs.evolve(
        view, adventure=attrs.evolve(view.adventure, **{name: attrs.evolve(part, **changes)})
    )


#: By invariant name: a change of a reachable observation that breaks it first.
OBSERVATION: dict[str, Mutation] = {
    "sizes": lambda v: attrs.evolve(v, hand_sizes=v.hand_sizes[:-1]),
    "hand": lambda v: attrs.evolve(v, hand=(*v.hand, 0)),
    "face_down": lambda v: attrs.evolve(v, planned=_set(v.planned, 1 if v.player == 0 else 0, 0)),
    "counts": lambda v: attrs.evolve(v, draw_size=-1),
    "known": lambda v: attrs.evolve(v, known=((999,), *v.known[1:])),
    "view_part": lambda v: attrs.evolve(v, adventure=None),
    "view_surprises": lambda v: _view(
        v, "surprises", wastes_found=v.adventure.surprises.wastes_found[:-1]
    ),
    "view_events": lambda v: _view(v, "events", tiles=v.adventure.events.tiles[:-1]),
    "view_challenges": lambda v: _view(
        v, "challenges", trophies=v.adventure.challenges.trophies[:-1]
    ),
    "view_asymmetry": lambda v: _view(v, "asymmetry", pincers=v.adventure.asymmetry.pincers[:-1]),
    "shown": lambda v: attrs.evolve(v, supply=v.supply + 1),
}
