"""The state check: a loaded state or observation is one the rules could reach, or refused.

:func:`check_state` runs on every :class:`State` loaded as a document (and in the tests
after every action); :func:`check_observation` on every :class:`Observation`. Each raises
:class:`~crabrules.core.errors.InvalidStateError` saying what is impossible.

>>> from crabrules.oh_crab.rules import initial_state
>>> from crabrules.oh_crab.config import Config
>>> import attrs
>>> state = initial_state(Config(players=3), seed=1)
>>> check_state(state)
>>> check_state(attrs.evolve(state, shells=(1, 0, 0)))
Traceback (most recent call last):
...
crabrules.core.errors.InvalidStateError: shells: the counts do not add up
"""

from __future__ import annotations

import functools

from crabrules.core.errors import InvalidStateError
from crabrules.core.game import not_a_state
from crabrules.core.rng import SEED_LIMIT
from crabrules.oh_crab.board import SEA
from crabrules.oh_crab.config import Config
from crabrules.oh_crab.content import get_content
from crabrules.oh_crab.effects import AUTOMATIC, MULTI, step_options
from crabrules.oh_crab.observe import HIDDEN, Observation, deal, observe
from crabrules.oh_crab.primitives import BASIC, Primitive
from crabrules.oh_crab.state import NO_CARD, RESTING, Grant, Phase, Source, Stage, State
from crabrules.oh_crab.work import Rules, rules_for

__all__ = ["check_observation", "check_state"]

_PER_PLAYER = ("crabs", "knocked", "hands", "planned", "traces", "discards", "shells", "known")


def check_state(state: State) -> None:
    """Refuse a state the rules could not reach.

    Raises:
        NotAStateError: ``state`` is not a :class:`State`.
        InvalidStateError: saying what is wrong (sizes, cells, cards, shells, the Market,
            the phase or the turn).
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    rules = rules_for(state.config)
    n = state.config.players
    if type(state.seed) is not int or not 0 <= state.seed < SEED_LIMIT:
        raise InvalidStateError(f"seed: an int in [0, 2**64), not {state.seed!r}")
    for name in _PER_PLAYER:
        if len(getattr(state, name)) != n:
            raise InvalidStateError(f"{name}: one entry per player is needed ({n})")
    if not (0 <= state.cook < n and 0 <= state.current < n) or state.round < 1:
        raise InvalidStateError("cook, current or round out of range")
    _check_crabs(state, rules)
    _check_cards(state, rules)
    _check_market(state, rules)
    shells = get_content(state.config.content).shells - sum(rules.shell)
    if min(state.shells) < 0 or state.supply < 0 or state.supply + sum(state.shells) != shells:
        raise InvalidStateError("shells: the counts do not add up")
    _check_phase(state, n)
    if state.turn is not None:
        _check_turn(state, rules)


def _check_crabs(state: State, rules: Rules) -> None:
    cells = [c for c in state.crabs if c != SEA]
    if len(set(cells)) != len(cells):
        raise InvalidStateError("crabs: two crabs on one space")
    for cell in cells:
        if not 0 <= cell < rules.layout.cells or not rules.layout.spaces[cell].accessible:
            raise InvalidStateError(f"crabs: {cell} is not an accessible space")
    if any(k and c == SEA for c, k in zip(state.crabs, state.knocked, strict=True)):
        raise InvalidStateError("knocked: a crab in the sea stands")


def _check_cards(state: State, rules: Rules) -> None:
    """Every card in one place; starting cards only with their owner or in the box."""
    cards = [
        *(c for h in state.hands for c in h),
        *(c for c in state.planned if c >= 0),
        *(c for t in state.traces for c in t),
        *(c for d in state.discards for c in d),
        *(c for p in state.market for c in p),
        *state.draw,
        *state.removed,
    ]
    if sorted(cards) != list(range(len(rules.cards))):
        raise InvalidStateError("cards: every card must be in exactly one place")
    if any(c < RESTING for c in state.planned):
        raise InvalidStateError("planned: a card, NO_CARD (-1) or RESTING (-2)")
    if any(list(h) != sorted(h) for h in state.hands) or list(state.removed) != sorted(
        state.removed
    ):
        raise InvalidStateError("hands, removed: kept sorted")
    content = get_content(state.config.content)
    for p in range(state.config.players):
        held = {*state.hands[p], *(c for c in state.planned[p : p + 1] if c >= 0)}
        own = {*held, *state.traces[p], *state.discards[p]}
        if any(rules.cards[c].starting and c not in content.starting_cards(p) for c in own):
            raise InvalidStateError(f"cards: player {p} holds another colour's starting card")
        known = state.known[p]
        if list(known) != sorted(set(known)) or not set(known) <= held:
            raise InvalidStateError(f"known: player {p}'s seen cards are not in their Hand")
    if any(rules.cards[c].starting for c in (*state.draw, *(c for p in state.market for c in p))):
        raise InvalidStateError("draw, market: starting cards never enter the Market")
    if any(not rules.cards[c].starting for c in state.removed):
        raise InvalidStateError("removed: only starting cards go back in the box")
    if not 0 <= state.draw_seen <= len(state.draw):
        raise InvalidStateError("draw_seen: from 0 to the draw pile's size")


def _check_market(state: State, rules: Rules) -> None:
    """Three piles, each of one special action, the specials showing all different."""
    specials = rules.special_ids
    if len(state.market) != 3:
        raise InvalidStateError("market: three face-up piles")
    for pile in state.market:
        if len({specials[c] for c in pile}) > 1:
            raise InvalidStateError("market: a pile mixes special actions")
    tops = [specials[p[-1]] for p in state.market if p]
    if len(set(tops)) != len(tops):
        raise InvalidStateError("market: two piles show the same special action")
    if len(tops) < 3 and state.draw:
        raise InvalidStateError("market: an empty pile is refilled while the draw pile lasts")


def _check_phase(state: State, n: int) -> None:
    turn, planned = state.turn, state.planned
    if any(p == RESTING and state.hands[i] for i, p in enumerate(planned)):
        raise InvalidStateError("planned: a Rest is declared only with an empty Hand")
    if state.phase is Phase.PLANNING:
        if turn is not None or SEA in state.crabs:
            raise InvalidStateError("phase: planning has no turn and no crab in the sea")
        if NO_CARD not in planned or any(
            p == NO_CARD and not state.hands[i] for i, p in enumerate(planned)
        ):
            raise InvalidStateError("planned: someone is still to plan, with a card to plan")
        return
    if state.phase is Phase.OVER:
        if turn is not None or SEA not in state.crabs or set(planned) != {NO_CARD}:
            raise InvalidStateError("phase: a game is over only when a crab is in the sea")
        return
    if turn is None:
        raise InvalidStateError("turn: the action phase needs a turn")
    # From the cook: those who played hold no face-down card, those to come hold theirs.
    order = [(state.cook + k) % n for k in range(n)]
    at = order.index(state.current)
    for k, p in enumerate(order):
        played = k < at or (k == at and turn.stage is Stage.ACT)
        if (planned[p] == NO_CARD) != played:
            raise InvalidStateError(
                f"current: player {state.current}'s turn, but player {p} "
                + ("still holds a face-down card" if played else "has no card to play")
            )


def _check_turn(state: State, rules: Rules) -> None:
    turn = state.turn
    assert turn is not None
    if turn.stage is Stage.START:
        if turn.grants or turn.queue or turn.crabs_left is not None:
            raise InvalidStateError("turn: no action before the card is added")
        if turn.head_down or turn.tile_used:
            raise InvalidStateError("turn: no action before the card is added")
        return
    for grant in turn.grants:
        if grant not in _possible_grants(state.config) or (
            grant.source is Source.COOK and state.current != state.cook
        ):
            raise InvalidStateError(f"turn: {grant.name!r} is no action this turn can give")
    tiles = [g for g in turn.grants if g.source is Source.TILE]
    every = [Grant(Source.TILE, t.id, t.steps, t.cost) for t in rules.tiles]
    # Rule E: the three tiles are offered from the start of the turn until one is used.
    if len(tiles) != len(set(tiles)) or set(tiles) != (set() if turn.tile_used else set(every)):
        raise InvalidStateError("turn: the three tiles are offered until one is used")
    if sum(g.source is Source.COOK for g in turn.grants) > 1:
        raise InvalidStateError("turn: the cook gives one diagonal")
    if turn.queue and tuple(turn.queue) not in _possible_queues(state.config):
        raise InvalidStateError("turn: the queue is no part of an action")
    if turn.queue and turn.queue[0] in AUTOMATIC:
        raise InvalidStateError("turn: an automatic step cannot wait for a choice")
    if (bool(turn.queue) and turn.queue[0] in MULTI) != (turn.crabs_left is not None):
        raise InvalidStateError("turn: crabs_left belongs to a step that moves several crabs")
    left = turn.crabs_left or ()
    if len(set(left)) != len(left) or any(
        not 0 <= c < len(state.crabs) or state.crabs[c] == SEA for c in left
    ):
        raise InvalidStateError("turn: crabs_left names a crab that is not on the board")
    if (
        turn.queue
        and turn.queue[0] is Primitive.MOVE_CRABS_IN_FRONT_TOWARD_LAND
        and (state.current in left)
    ):
        raise InvalidStateError("turn: Seagull! never moves its player's crab")
    if turn.queue and not step_options(
        rules,
        state,
        state.current,
        turn.queue[0],
        head_down=turn.head_down,
        crabs_left=turn.crabs_left,
    ):
        raise InvalidStateError("turn: a step waits for a choice but has none")


@functools.cache
def _possible_grants(config: Config) -> frozenset[Grant]:
    rules = rules_for(config)
    content = get_content(config.content)
    grants = {Grant(s, b.value, (b,)) for b in BASIC for s in (Source.MAIN, Source.SECONDARY)}
    grants.add(Grant(Source.COOK, Primitive.MOVE_DIAGONAL.value, (Primitive.MOVE_DIAGONAL,)))
    grants.update(Grant(Source.SPECIAL, s.id, s.steps) for s in content.specials)
    grants.update(Grant(Source.TILE, t.id, t.steps, t.cost) for t in rules.tiles)
    return frozenset(grants)


@functools.cache
def _possible_queues(config: Config) -> frozenset[tuple[Primitive, ...]]:
    """Every queue an action can leave: a suffix of its steps, Running Jump's pick included."""
    queues: set[tuple[Primitive, ...]] = set()
    for grant in _possible_grants(config):
        steps = grant.steps
        for i in range(len(steps)):
            queues.add(steps[i:])
            if steps[i] is Primitive.USE_TRACE_MAIN_ACTION:
                queues.update((b, *steps[i + 1 :]) for b in BASIC)
    return frozenset(queues)


def check_observation(view: Observation) -> None:
    """Refuse an observation no state could give.

    Raises:
        InvalidStateError: saying what is wrong.
    """
    n = view.config.players
    player = view.player
    if player is not None and not 0 <= player < n:
        raise InvalidStateError(f"player: None or an id from 0 to {n - 1}, not {player!r}")
    for name in ("crabs", "knocked", "hand_sizes", "planned", "traces", "discards", "shells"):
        if len(getattr(view, name)) != n:
            raise InvalidStateError(f"{name}: one entry per player is needed ({n})")
    if len(view.known) != n:
        raise InvalidStateError(f"known: one entry per player is needed ({n})")
    if player is None and view.hand:
        raise InvalidStateError("hand: a spectator holds no Hand")
    if player is not None and len(view.hand) != view.hand_sizes[player]:
        raise InvalidStateError("hand: its size is in hand_sizes")
    for p, card in enumerate(view.planned):
        if (card < RESTING) if p == player else (card not in (HIDDEN, NO_CARD, RESTING)):
            raise InvalidStateError("planned: the viewer's own card, HIDDEN for the others'")
    if min(view.hand_sizes) < 0 or view.draw_size < len(view.draw_bottom):
        raise InvalidStateError("hand_sizes, draw_size: sizes are not negative")
    card_count = len(rules_for(view.config).cards)
    if any(not 0 <= c < card_count for k in view.known for c in k):
        raise InvalidStateError("known: not a card of the game")
    state = deal(view, 0)
    check_state(state)
    if observe(state, player) != view:
        raise InvalidStateError("observation: not what the rules show (order or sizes)")
