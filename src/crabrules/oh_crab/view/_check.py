"""The state check: a loaded state or observation is one the rules could reach, or refused.

:func:`check_state` runs on every :class:`State` loaded as a document (and in the tests
after every action); :func:`check_observation` on every :class:`Observation`. Each raises
:class:`~crabrules.core.errors.InvalidStateError` saying what is impossible.

>>> from crabrules.oh_crab.rules import initial_state
>>> from crabrules.oh_crab.model._state import Config
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
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.core.rng import SEED_LIMIT
from crabrules.oh_crab.content._components import NOWHERE, SEA
from crabrules.oh_crab.content._loading import get_content
from crabrules.oh_crab.content._primitives import BASIC, Primitive
from crabrules.oh_crab.engine._effects import AUTOMATIC, MULTI, step_options
from crabrules.oh_crab.engine._tables import Tables, rules_for, rules_of
from crabrules.oh_crab.engine._turns import game_over
from crabrules.oh_crab.model._state import (
    NO_CARD,
    NO_CRAB,
    RESTING,
    Config,
    Grant,
    Phase,
    Source,
    Stage,
    State,
    Turn,
)
from crabrules.oh_crab.view._observe import HIDDEN, Observation, deal, observe, parts_for

_PER_PLAYER = ("hands", "planned", "traces", "discards", "shells", "known")
_PER_CRAB = ("owners", "crabs", "knocked", "tokens")


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
    for name in _PER_CRAB:
        if len(getattr(state, name)) != len(rules.owners):
            raise InvalidStateError(f"{name}: one entry per crab is needed ({len(rules.owners)})")
    if state.owners != rules.owners:
        raise InvalidStateError(f"owners: the crabs' players are {rules.owners}")
    if not (0 <= state.cook < n and 0 <= state.current < n) or state.round < 1:
        raise InvalidStateError("cook, current or round out of range")
    _check_crabs(state, rules)
    _check_tokens(state, rules)
    _check_tokens_by_phase(state, rules)
    _check_cards(state, rules)
    _check_market(state, rules)
    shells = get_content(state.config.content).shells - sum(rules.shell)
    if min(state.shells) < 0 or state.supply < 0 or state.supply + sum(state.shells) != shells:
        raise InvalidStateError("shells: the counts do not add up")
    # The expansion's part, or its absence where modules are in play (a base game: no-op).
    parts_for(state.adventure, state.config).check_state(state)
    _check_phase(state, n)
    if state.turn is not None:
        _check_turn(state, rules_of(state))


def _check_crabs(state: State, rules: Tables) -> None:
    placing = state.phase is Phase.PLACING
    if placing:
        _check_placing(state, rules)
    elif NOWHERE in state.crabs:
        raise InvalidStateError("crabs: every crab is placed once the placing is over")
    cells = [c for c in state.crabs if c != SEA and not (placing and c == NOWHERE)]
    if len(set(cells)) != len(cells):
        raise InvalidStateError("crabs: two crabs on one space")
    for cell in cells:
        if not 0 <= cell < rules.layout.cells or not rules.layout.spaces[cell].accessible:
            raise InvalidStateError(f"crabs: {cell} is not an accessible space")
    if any(k and c == SEA for c, k in zip(state.crabs, state.knocked, strict=True)):
        raise InvalidStateError("knocked: a crab in the sea stands")


def _check_placing(state: State, rules: Tables) -> None:
    """2-player setup: the first player's crab on Start space 1, the second's on 2-4."""
    _check_before_placing(state, rules)
    starts = rules.layout.starts
    first, second = state.cook, 1 - state.cook
    placed = [c for c, cell in enumerate(state.crabs) if cell != NOWHERE]
    mine = [c for c in placed if rules.owners[c] == first]
    theirs = [c for c in placed if rules.owners[c] == second]
    if (
        len(placed) > 2
        or len(mine) != bool(placed)
        or state.current != (second if placed else first)
    ):
        raise InvalidStateError("crabs: the first player places one crab, then the second two")
    if any(state.crabs[c] != starts[0] for c in mine) or any(
        state.crabs[c] not in starts[1:4] for c in theirs
    ):
        raise InvalidStateError("crabs: Start space 1 for the first crab, then 2, 3 or 4")


def _check_before_placing(state: State, rules: Tables) -> None:
    """Only a 2-player game begins by placing its crabs, and nothing happens before."""
    if not rules.team or state.round != 1 or state.turn is not None:
        raise InvalidStateError("phase: only a 2-player game begins by placing its crabs")
    if set(state.planned) != {NO_CARD} or state.cook_used or any(state.knocked):
        raise InvalidStateError("phase: nothing happens before the crabs are placed")
    if any(state.tokens):
        # Token 1 is placed at the start of a turn of Action 1, after the first Planning.
        raise InvalidStateError("tokens: no activation token is placed before the crabs are")


def _check_tokens(state: State, rules: Tables) -> None:
    """Activation tokens (2-player mode): token 1 on one crab of a player, then token 2."""
    tokens = state.tokens
    if not rules.team:
        if any(tokens):
            raise InvalidStateError("tokens: activation tokens belong to the 2-player mode")
        return
    for p, mine in enumerate(rules.crabs_of):
        if sorted(tokens[c] for c in mine) not in ([0, 0], [0, 1], [1, 2]):
            raise InvalidStateError(f"tokens: player {p} places token 1, then token 2")


def _check_tokens_by_phase(state: State, rules: Tables) -> None:
    """2-player mode: the activation tokens agree with the phase of the round.

    Token 1 goes on a crab as each player's turn of Action 1 begins, token 2 as their turn
    of Action 2 begins, and all come back at the End of Round, the one moment the game can
    end. So a Planning phase holds no token (Planning 1) or every player's token 1 and no
    token 2 (Planning 2), and a game over holds every player's two tokens. The placing's
    tokens are checked with it (:func:`_check_placing`), the action phase's with its turn
    (:func:`_check_active`).
    """
    if not rules.team or state.phase in (Phase.PLACING, Phase.ACTION):
        return
    # Per player, how many tokens are down (``_check_tokens``: token 1, then token 2).
    placed = {sum(1 for c in mine if state.tokens[c]) for mine in rules.crabs_of}
    if state.phase is Phase.OVER:
        if placed != {2}:
            raise InvalidStateError(
                "tokens: the game ends at the End of Round, once each player placed token 2"
            )
    elif placed not in ({0}, {1}):
        raise InvalidStateError("tokens: Planning 2 comes after each player's token 1")


def _check_cards(state: State, rules: Tables) -> None:
    """Every card in one place; starting cards only with their owner or in the box."""
    _check_card_places(state, rules)
    if any(c < RESTING for c in state.planned):
        raise InvalidStateError("planned: a card, NO_CARD (-1) or RESTING (-2)")
    if any(list(h) != sorted(h) for h in state.hands) or list(state.removed) != sorted(
        state.removed
    ):
        raise InvalidStateError("hands, removed: kept sorted")
    for p in range(state.config.players):
        _check_own_cards(state, rules, p)
    _check_starting_cards(state, rules)


def _check_card_places(state: State, rules: Tables) -> None:
    """Every card of the game is in exactly one place."""
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


def _check_own_cards(state: State, rules: Tables, p: int) -> None:
    """Player ``p`` holds only their own starting cards, and knows only cards they hold."""
    held = {*state.hands[p], *(c for c in state.planned[p : p + 1] if c >= 0)}
    own = {*held, *state.traces[p], *state.discards[p]}
    if any(rules.cards[c].starting and c not in rules.decks[p] for c in own):
        raise InvalidStateError(f"cards: player {p} holds another colour's starting card")
    known = state.known[p]
    if list(known) != sorted(set(known)) or not set(known) <= held:
        raise InvalidStateError(f"known: player {p}'s seen cards are not in their Hand")


def _check_starting_cards(state: State, rules: Tables) -> None:
    """Starting cards never in the Market or draw pile, and only they in the box; draw_seen."""
    if any(rules.cards[c].starting for c in (*state.draw, *(c for p in state.market for c in p))):
        raise InvalidStateError("draw, market: starting cards never enter the Market")
    if any(not rules.cards[c].starting for c in state.removed):
        raise InvalidStateError("removed: only starting cards go back in the box")
    if not 0 <= state.draw_seen <= len(state.draw):
        raise InvalidStateError("draw_seen: from 0 to the draw pile's size")


def _check_market(state: State, rules: Tables) -> None:
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
    rules = rules_for(state.config)
    if state.phase is Phase.PLACING:
        return
    # A Rest is declared with an empty Hand; in the action phase an effect of another
    # player's turn (an Adventure Event, say) may give the resting player cards since.
    resting = [i for i, p in enumerate(planned) if p == RESTING]
    if state.phase is Phase.PLANNING and any(state.hands[i] for i in resting):
        raise InvalidStateError("planned: a Rest is declared only with an empty Hand")
    over = game_over(rules.crabs_of, state.crabs)
    # 2-player mode: Planning 2 and Action 2 come once every player placed token 1.
    second = rules.team and all(any(state.tokens[c] for c in mine) for mine in rules.crabs_of)
    if state.phase is Phase.PLANNING:
        _check_planning(state, rules, over=over, second=second)
        return
    if state.phase is Phase.OVER:
        if turn is not None or not over or set(planned) != {NO_CARD}:
            raise InvalidStateError("phase: a game is over only when a crab is in the sea")
        return
    if turn is None:
        raise InvalidStateError("turn: the action phase needs a turn")
    _check_turn_order(state, rules, n, turn)


def _check_planning(state: State, rules: Tables, *, over: bool, second: bool) -> None:
    """A Planning phase: no turn, the game goes on, someone is still to plan.

    ``over``: a crab reached the sea; ``second``: the 2-player mode's Planning 2.
    """
    planned = state.planned
    if state.turn is not None or (over and not second):
        # A game over is played out to the End of Round (2-player mode: Action 2 too).
        raise InvalidStateError("phase: planning has no turn, and the game goes on")
    if SEA in state.crabs and not rules.team:
        raise InvalidStateError("phase: planning has no crab in the sea")
    if state.cook_used and not second:
        raise InvalidStateError("cook_used: the cook comes back at the End of Round")
    if NO_CARD not in planned or any(
        p == NO_CARD and not state.hands[i] for i, p in enumerate(planned)
    ):
        raise InvalidStateError("planned: someone is still to plan, with a card to plan")


def _check_turn_order(state: State, rules: Tables, n: int, turn: Turn) -> None:
    """The action phase: from the cook, those who played hold no face-down card."""
    planned = state.planned
    # From the cook: those who played hold no face-down card, those to come hold theirs.
    order = [(state.cook + k) % n for k in range(n)]
    at = order.index(state.current)
    for k, p in enumerate(order):
        played = k < at or (k == at and turn.stage in (Stage.ACT, Stage.ENDING))
        if (planned[p] == NO_CARD) != played:
            raise InvalidStateError(
                f"current: player {state.current}'s turn, but player {p} "
                + ("still holds a face-down card" if played else "has no card to play")
            )
    _check_active(state, rules, order, at)


def _check_active(state: State, rules: Tables, order: list[int], at: int) -> None:
    """The turn's active crab is the player's; in the 2-player mode, the tokens agree."""
    turn = state.turn
    assert turn is not None
    mine = rules.crabs_of[state.current]
    # The cook's turn before its actions (an ended turn may have used the cook already).
    first_turn = at == 0 and turn.stage in (Stage.START, Stage.ACTIVATE) and 2 not in state.tokens
    if state.cook_used and first_turn:
        raise InvalidStateError("cook_used: the cook's turn has not begun its actions")
    if turn.stage is Stage.ACTIVATE:
        if not rules.team or turn.crab != NO_CRAB or any(state.tokens[c] for c in mine):
            raise InvalidStateError("turn: a crab is activated at the start of Action 1")
    elif turn.crab not in mine:
        raise InvalidStateError(f"turn: the active crab is one of {mine}")
    if rules.team:
        _check_action_tokens(state, rules, order, at, turn)


def _check_action_tokens(
    state: State, rules: Tables, order: list[int], at: int, turn: Turn
) -> None:
    """2-player mode: the activation tokens agree with whose turn of Action 1 or 2 it is."""
    # Action k: those who played have placed token k, those to come have not (the cook's
    # turn of Action 2 places token 2 as it begins).
    phase = 2 if 2 in state.tokens else 1
    for k, p in enumerate(order):
        placed = max(state.tokens[c] for c in rules.crabs_of[p])
        started = k < at or (k == at and turn.stage is not Stage.ACTIVATE)
        if placed != (phase if started else phase - 1):
            raise InvalidStateError(f"tokens: player {p} and Action {phase} do not agree")
    if turn.stage is not Stage.ACTIVATE and state.tokens[turn.crab] != phase:
        raise InvalidStateError(f"turn: the active crab bears token {phase}")


def _check_no_action_yet(turn: Turn, before: str) -> None:
    """A turn before its actions: nothing granted, queued or used yet."""
    if turn.grants or turn.queue or turn.crabs_left is not None:
        raise InvalidStateError(f"turn: no action before {before}")
    if turn.head_down or turn.tile_used:
        raise InvalidStateError(f"turn: no action before {before}")


def _check_grants(state: State, rules: Tables, turn: Turn) -> None:
    """The turn's actions are ones it can give: the tiles together, one cook diagonal."""
    for grant in turn.grants:
        if grant not in _possible_grants(state.config) or (
            grant.source is Source.COOK and (state.current != state.cook or state.cook_used)
        ):
            raise InvalidStateError(f"turn: {grant.name!r} is no action this turn can give")
    tiles = [g for g in turn.grants if g.source is Source.TILE]
    every = [Grant(Source.TILE, t.id, t.steps, t.cost) for t in rules.tiles]
    # Rule E: the three tiles are offered from the start of the turn until one is used.
    if len(tiles) != len(set(tiles)) or set(tiles) != (set() if turn.tile_used else set(every)):
        raise InvalidStateError("turn: the three tiles are offered until one is used")
    if sum(g.source is Source.COOK for g in turn.grants) > 1:
        raise InvalidStateError("turn: the cook gives one diagonal")


def _check_turn(state: State, rules: Tables) -> None:
    turn = state.turn
    assert turn is not None
    if turn.stage is Stage.START:
        _check_no_action_yet(turn, "the card is added")
        return
    if turn.stage is Stage.ACTIVATE:
        _check_no_action_yet(turn, "a crab is activated")
        return
    adventure = state.adventure
    waiting = adventure is not None and bool(adventure.frames)
    if turn.stage is Stage.ENDING:
        # Only what the end of the turn triggered holds it up (Adventure Pack).
        if adventure is None or not (adventure.due or adventure.frames):
            raise InvalidStateError("turn: a turn ends at once when nothing is due")
        if turn.queue and set(turn.queue) != {Primitive.REVEAL_DUE}:
            raise InvalidStateError("turn: an ended turn only reveals what is due")
    elif adventure is not None and adventure.due and turn.stage is not Stage.ACT:
        raise InvalidStateError("turn: cards fall due only once the turn's actions begin")
    _check_grants(state, rules, turn)
    _check_queue(state, rules, turn, waiting=waiting)


def _check_queue(state: State, rules: Tables, turn: Turn, *, waiting: bool) -> None:
    """The turn's steps left: part of an action, waiting for a choice it has.

    ``waiting``: a frame of the Adventure Pack is on top, so the turn waits where it was.
    """
    if turn.queue and tuple(turn.queue) not in _possible_queues(state.config):
        raise InvalidStateError("turn: the queue is no part of an action")
    if turn.queue and turn.queue[0] in AUTOMATIC and not waiting:
        # Under a frame (Adventure Pack), the turn waits wherever it was.
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
        and (turn.crab in left)
    ):
        raise InvalidStateError("turn: Seagull! never moves the active crab")
    if (
        turn.queue
        and not waiting
        and not step_options(
            rules,
            state,
            turn.crab,
            turn.queue[0],
            head_down=turn.head_down,
            crabs_left=turn.crabs_left,
        )
    ):
        raise InvalidStateError("turn: a step waits for a choice but has none")


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def _possible_grants(config: Config) -> frozenset[Grant]:
    rules = rules_for(config)
    content = get_content(config.content)
    grants = {Grant(s, b.value, (b,)) for b in BASIC for s in (Source.MAIN, Source.SECONDARY)}
    grants.add(Grant(Source.COOK, Primitive.MOVE_DIAGONAL.value, (Primitive.MOVE_DIAGONAL,)))
    grants.update(Grant(Source.SPECIAL, s.id, s.steps) for s in content.specials)
    grants.update(Grant(Source.TILE, t.id, t.steps, t.cost) for t in rules.tiles)
    return frozenset(grants)


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def _possible_queues(config: Config) -> frozenset[tuple[Primitive, ...]]:
    """Every queue an action can leave: a suffix of its steps, Running Jump's pick included.

    With the Adventure Pack: a kept Treasure's steps, the reveals, and the cook's action as
    a temporary Event may change it.
    """
    queues = set(parts_for(None, config).turn_queues(config))
    queues.update((b,) for b in BASIC)
    for grant in _possible_grants(config):
        steps = grant.steps
        for i in range(len(steps)):
            queues.add(steps[i:])
            if steps[i] is Primitive.USE_TRACE_MAIN_ACTION:
                queues.update((b, *steps[i + 1 :]) for b in BASIC)
    return frozenset(queues)


def _check_view_sizes(view: Observation, n: int) -> None:
    """The viewer is a player or a spectator; one entry per player and per crab."""
    crabs = len(rules_for(view.config).owners)
    player = view.player
    if player is not None and not 0 <= player < n:
        raise InvalidStateError(f"player: None or an id from 0 to {n - 1}, not {player!r}")
    for name in ("hand_sizes", "planned", "traces", "discards", "shells"):
        if len(getattr(view, name)) != n:
            raise InvalidStateError(f"{name}: one entry per player is needed ({n})")
    for name in ("owners", "crabs", "knocked", "tokens"):
        if len(getattr(view, name)) != crabs:
            raise InvalidStateError(f"{name}: one entry per crab is needed ({crabs})")
    if len(view.known) != n:
        raise InvalidStateError(f"known: one entry per player is needed ({n})")


def check_observation(view: Observation) -> None:
    """Refuse an observation no state could give.

    Raises:
        InvalidStateError: saying what is wrong.
    """
    n = view.config.players
    player = view.player
    _check_view_sizes(view, n)
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
    parts_for(view.adventure, view.config).check_view(view.adventure, view.config, player)
    state = deal(view, 0)
    check_state(state)
    if observe(state, player) != view:
        raise InvalidStateError("observation: not what the rules show (order or sizes)")
