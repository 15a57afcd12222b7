"""The state check: the rules a loaded state keeps, as a list of small named invariants.

:func:`check_state` runs on every :class:`State` loaded as a document (and in the tests
after every action). It runs :func:`state_invariants`, in order, with
:func:`crabrules.core.invariants.check`, and raises the first broken rule as an
:class:`~crabrules.core.errors.InvalidStateError`. Each invariant may rely on those before
it holding (the sizes before what they index, the board before the turn).

The list is the base game's board and cards, then the registered expansion's invariants
(:meth:`~crabrules.oh_crab.engine._expansion.Expansion.invariants`, the Adventure Pack's
part), then the base game's phase and turn, which read that part.
The runner does not ask whether a module is in play: an expansion's invariants hold for a
state without its part and without modules.

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

from crabrules.core import invariants
from crabrules.core.game import not_a_state
from crabrules.core.memo import CONFIGS_KEPT, LastByIdentity
from crabrules.core.rng import SEED_LIMIT
from crabrules.oh_crab.content._components import NOWHERE, SEA
from crabrules.oh_crab.content._loading import get_content
from crabrules.oh_crab.content._primitives import BASIC, Phase, Primitive, Source, Stage
from crabrules.oh_crab.engine._effects import AUTOMATIC, MULTI, step_options
from crabrules.oh_crab.engine._expansion import NO_EXPANSION, Expansion, registered
from crabrules.oh_crab.engine._tables import rules_for, rules_of
from crabrules.oh_crab.engine._turns import game_over
from crabrules.oh_crab.model._state import NO_CARD, NO_CRAB, RESTING, Config, Grant, State, Turn

_PER_PLAYER = ("hands", "planned", "traces", "discards", "shells", "known")
_PER_CRAB = ("owners", "crabs", "knocked", "tokens")
_NOT_BEGUN = (Stage.START, Stage.ACTIVATE)

Invariants = tuple[invariants.Invariant[State], ...]


def check_state(state: State) -> None:
    """Refuse a state the rules could not reach.

    Raises:
        NotAStateError: ``state`` is not a :class:`State`.
        InvalidStateError: saying what is wrong (sizes, cells, cards, shells, the Market,
            the expansion's part, the phase or the turn).
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    invariants.check(state_invariants(), state)


def state_invariants() -> Invariants:
    """The rules a state keeps, in order: the base game's, with the registered expansion's."""
    return _composed(registered())


def _compose(expansion: Expansion | None) -> Invariants:
    part = tuple((expansion or NO_EXPANSION).invariants())
    return (*BOARD, *part, *PLAY)


_composed: LastByIdentity[Expansion | None, Invariants] = LastByIdentity(_compose)


def _seed(state: State) -> str | None:
    if type(state.seed) is not int or not 0 <= state.seed < SEED_LIMIT:
        return f"seed: an int in [0, 2**64), not {state.seed!r}"
    return None


def _per_player(state: State) -> str | None:
    n = state.config.players
    for name in _PER_PLAYER:
        if len(getattr(state, name)) != n:
            return f"{name}: one entry per player is needed ({n})"
    return None


def _per_crab(state: State) -> str | None:
    crabs = len(rules_for(state.config).owners)
    for name in _PER_CRAB:
        if len(getattr(state, name)) != crabs:
            return f"{name}: one entry per crab is needed ({crabs})"
    return None


def _owners(state: State) -> str | None:
    owners = rules_for(state.config).owners
    return None if state.owners == owners else f"owners: the crabs' players are {owners}"


def _counters(state: State) -> str | None:
    n = state.config.players
    if not (0 <= state.cook < n and 0 <= state.current < n) or state.round < 1:
        return "cook, current or round out of range"
    return None


def _before_placing(state: State) -> str | None:
    """Only a 2-player game begins by placing its crabs, and nothing happens before."""
    if state.phase is not Phase.PLACING:
        return None
    if not rules_for(state.config).team or state.round != 1 or state.turn is not None:
        return "phase: only a 2-player game begins by placing its crabs"
    if set(state.planned) != {NO_CARD} or state.cook_used or any(state.knocked):
        return "phase: nothing happens before the crabs are placed"
    if any(state.tokens):
        # Token 1 is placed at the start of a turn of Action 1, after the first Planning.
        return "tokens: no activation token is placed before the crabs are"
    return None


def _placing(state: State) -> str | None:
    """2-player setup: the first player's crab on Start space 1, the second's on 2-4."""
    if state.phase is not Phase.PLACING:
        return None
    rules = rules_for(state.config)
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
        return "crabs: the first player places one crab, then the second two"
    if any(state.crabs[c] != starts[0] for c in mine) or any(
        state.crabs[c] not in starts[1:4] for c in theirs
    ):
        return "crabs: Start space 1 for the first crab, then 2, 3 or 4"
    return None


def _crab_spaces(state: State) -> str | None:
    """Every crab placed once the placing is over, one a space, each on an accessible one."""
    placing = state.phase is Phase.PLACING
    if not placing and NOWHERE in state.crabs:
        return "crabs: every crab is placed once the placing is over"
    cells = [c for c in state.crabs if c != SEA and not (placing and c == NOWHERE)]
    if len(set(cells)) != len(cells):
        return "crabs: two crabs on one space"
    layout = rules_for(state.config).layout
    for cell in cells:
        if not 0 <= cell < layout.cells or not layout.spaces[cell].accessible:
            return f"crabs: {cell} is not an accessible space"
    return None


def _knocked(state: State) -> str | None:
    if any(k and c == SEA for c, k in zip(state.crabs, state.knocked, strict=True)):
        return "knocked: a crab in the sea stands"
    return None


def _tokens(state: State) -> str | None:
    """Activation tokens (2-player mode): token 1 on one crab of a player, then token 2."""
    rules = rules_for(state.config)
    tokens = state.tokens
    if not rules.team:
        return "tokens: activation tokens belong to the 2-player mode" if any(tokens) else None
    for p, mine in enumerate(rules.crabs_of):
        if sorted(tokens[c] for c in mine) not in ([0, 0], [0, 1], [1, 2]):
            return f"tokens: player {p} places token 1, then token 2"
    return None


def _tokens_by_phase(state: State) -> str | None:
    """2-player mode: the activation tokens agree with the phase of the round.

    Token 1 goes on a crab as each player's turn of Action 1 begins, token 2 as their turn
    of Action 2 begins, and all come back at the End of Round, the one moment the game can
    end. So a Planning phase holds no token (Planning 1) or every player's token 1 and no
    token 2 (Planning 2), and a game over holds every player's two tokens. The placing's
    tokens are checked with it (:func:`_before_placing`), the action phase's with its turn
    (:func:`_action_tokens`).
    """
    rules = rules_for(state.config)
    if not rules.team or state.phase in (Phase.PLACING, Phase.ACTION):
        return None
    # Per player, how many tokens are down (``_tokens``: token 1, then token 2).
    placed = {sum(1 for c in mine if state.tokens[c]) for mine in rules.crabs_of}
    if state.phase is Phase.OVER:
        if placed != {2}:
            return "tokens: the game ends at the End of Round, once each player placed token 2"
    elif placed not in ({0}, {1}):
        return "tokens: Planning 2 comes after each player's token 1"
    return None


def _card_places(state: State) -> str | None:
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
    if sorted(cards) != list(range(len(rules_for(state.config).cards))):
        return "cards: every card must be in exactly one place"
    return None


def _card_lists(state: State) -> str | None:
    if any(c < RESTING for c in state.planned):
        return "planned: a card, NO_CARD (-1) or RESTING (-2)"
    if any(list(h) != sorted(h) for h in state.hands) or list(state.removed) != sorted(
        state.removed
    ):
        return "hands, removed: kept sorted"
    return None


def _own_cards(state: State) -> str | None:
    """Each player holds only their own starting cards, and knows only cards they hold."""
    starting, decks = _starting_sets(state.config)
    for p in range(state.config.players):
        held = {*state.hands[p], *(c for c in state.planned[p : p + 1] if c >= 0)}
        own = {*held, *state.traces[p], *state.discards[p]}
        if not own & starting <= decks[p]:
            return f"cards: player {p} holds another colour's starting card"
        known = state.known[p]
        if list(known) != sorted(set(known)) or not set(known) <= held:
            return f"known: player {p}'s seen cards are not in their Hand"
    return None


def _starting_cards(state: State) -> str | None:
    """Starting cards never in the Market or draw pile, and only they in the box; draw_seen."""
    starting = _starting_sets(state.config)[0]
    if not starting.isdisjoint((*state.draw, *(c for p in state.market for c in p))):
        return "draw, market: starting cards never enter the Market"
    if not starting.issuperset(state.removed):
        return "removed: only starting cards go back in the box"
    if not 0 <= state.draw_seen <= len(state.draw):
        return "draw_seen: from 0 to the draw pile's size"
    return None


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def _starting_sets(config: Config) -> tuple[frozenset[int], tuple[frozenset[int], ...]]:
    """The starting cards of the game, and each player's own (read on every load)."""
    rules = rules_for(config)
    starting = frozenset(c for c, card in enumerate(rules.cards) if card.starting)
    return starting, tuple(frozenset(deck) for deck in rules.decks)


def _market_piles(state: State) -> str | None:
    """Three piles, each of one special action."""
    specials = rules_for(state.config).special_ids
    if len(state.market) != 3:
        return "market: three face-up piles"
    for pile in state.market:
        if len({specials[c] for c in pile}) > 1:
            return "market: a pile mixes special actions"
    return None


def _market_tops(state: State) -> str | None:
    """The specials showing are all different, and a pile is refilled while cards last."""
    specials = rules_for(state.config).special_ids
    tops = [specials[p[-1]] for p in state.market if p]
    if len(set(tops)) != len(tops):
        return "market: two piles show the same special action"
    if len(tops) < 3 and state.draw:
        return "market: an empty pile is refilled while the draw pile lasts"
    return None


def _shells(state: State) -> str | None:
    shells = get_content(state.config.content).shells - sum(rules_for(state.config).shell)
    if min(state.shells) < 0 or state.supply < 0 or state.supply + sum(state.shells) != shells:
        return "shells: the counts do not add up"
    return None


def _rest(state: State) -> str | None:
    # A Rest is declared with an empty Hand; in the action phase an effect of another
    # player's turn (an Adventure Event, say) may give the resting player cards since.
    if state.phase is Phase.PLANNING and any(
        state.hands[i] for i, p in enumerate(state.planned) if p == RESTING
    ):
        return "planned: a Rest is declared only with an empty Hand"
    return None


def _second_half(state: State) -> bool:
    """2-player mode: Planning 2 and Action 2 come once every player placed token 1."""
    rules = rules_for(state.config)
    return rules.team and all(any(state.tokens[c] for c in mine) for mine in rules.crabs_of)


def _planning(state: State) -> str | None:
    """A Planning phase: no turn, the game goes on, someone is still to plan."""
    if state.phase is not Phase.PLANNING:
        return None
    rules = rules_for(state.config)
    second = _second_half(state)
    if state.turn is not None or (game_over(rules.crabs_of, state.crabs) and not second):
        # A game over is played out to the End of Round (2-player mode: Action 2 too).
        return "phase: planning has no turn, and the game goes on"
    if SEA in state.crabs and not rules.team:
        return "phase: planning has no crab in the sea"
    if state.cook_used and not second:
        return "cook_used: the cook comes back at the End of Round"
    planned = state.planned
    if NO_CARD not in planned or any(
        p == NO_CARD and not state.hands[i] for i, p in enumerate(planned)
    ):
        return "planned: someone is still to plan, with a card to plan"
    return None


def _over(state: State) -> str | None:
    if state.phase is not Phase.OVER:
        return None
    over = game_over(rules_for(state.config).crabs_of, state.crabs)
    if state.turn is not None or not over or set(state.planned) != {NO_CARD}:
        return "phase: a game is over only when a crab is in the sea"
    return None


def _action_turn(state: State) -> str | None:
    if state.phase is Phase.ACTION and state.turn is None:
        return "turn: the action phase needs a turn"
    return None


def _order(state: State) -> tuple[list[int], int]:
    """The players from the cook, and where the current one stands among them."""
    n = state.config.players
    order = [(state.cook + k) % n for k in range(n)]
    return order, order.index(state.current)


def _turn_order(state: State) -> str | None:
    """The action phase: from the cook, those who played hold no face-down card."""
    turn = state.turn
    if state.phase is not Phase.ACTION or turn is None:
        return None
    order, at = _order(state)
    for k, p in enumerate(order):
        played = k < at or (k == at and turn.stage in (Stage.ACT, Stage.ENDING))
        if (state.planned[p] == NO_CARD) != played:
            return f"current: player {state.current}'s turn, but player {p} " + (
                "still holds a face-down card" if played else "has no card to play"
            )
    return None


def _active(state: State) -> str | None:
    """The turn's active crab is the player's; the cook's turn has not used the cook yet."""
    turn = state.turn
    if state.phase is not Phase.ACTION or turn is None:
        return None
    rules = rules_for(state.config)
    mine = rules.crabs_of[state.current]
    # The cook's turn before its actions (an ended turn may have used the cook already).
    at = _order(state)[1]
    if state.cook_used and at == 0 and turn.stage in _NOT_BEGUN and 2 not in state.tokens:
        return "cook_used: the cook's turn has not begun its actions"
    if turn.stage is Stage.ACTIVATE:
        if not rules.team or turn.crab != NO_CRAB or any(state.tokens[c] for c in mine):
            return "turn: a crab is activated at the start of Action 1"
    elif turn.crab not in mine:
        return f"turn: the active crab is one of {mine}"
    return None


def _action_tokens(state: State) -> str | None:
    """2-player mode: the activation tokens agree with whose turn of Action 1 or 2 it is."""
    turn = state.turn
    rules = rules_for(state.config)
    if state.phase is not Phase.ACTION or turn is None or not rules.team:
        return None
    # Action k: those who played have placed token k, those to come have not (the cook's
    # turn of Action 2 places token 2 as it begins).
    phase = 2 if 2 in state.tokens else 1
    order, at = _order(state)
    for k, p in enumerate(order):
        placed = max(state.tokens[c] for c in rules.crabs_of[p])
        started = k < at or (k == at and turn.stage is not Stage.ACTIVATE)
        if placed != (phase if started else phase - 1):
            return f"tokens: player {p} and Action {phase} do not agree"
    if turn.stage is not Stage.ACTIVATE and state.tokens[turn.crab] != phase:
        return f"turn: the active crab bears token {phase}"
    return None


def _no_action_yet(state: State) -> str | None:
    """A turn before its actions: nothing granted, queued or used yet."""
    turn = state.turn
    if turn is None or turn.stage not in _NOT_BEGUN:
        return None
    used = turn.head_down or turn.tile_used or turn.crabs_left is not None
    if turn.grants or turn.queue or used:
        before = "the card is added" if turn.stage is Stage.START else "a crab is activated"
        return f"turn: no action before {before}"
    return None


def _begun(state: State) -> Turn | None:
    """The turn, once its actions have begun (``None`` before, or without a turn)."""
    turn = state.turn
    return None if turn is None or turn.stage in _NOT_BEGUN else turn


def _turn_end(state: State) -> str | None:
    """A turn ends at once, unless what it triggered holds it; cards fall due in its actions."""
    turn = _begun(state)
    if turn is None:
        return None
    adventure = state.adventure
    if turn.stage is Stage.ENDING:
        # Only what the end of the turn triggered holds it up (Adventure Pack).
        if adventure is None or not (adventure.due or adventure.frames):
            return "turn: a turn ends at once when nothing is due"
        if turn.queue and set(turn.queue) != {Primitive.REVEAL_DUE}:
            return "turn: an ended turn only reveals what is due"
    elif adventure is not None and adventure.due and turn.stage is not Stage.ACT:
        return "turn: cards fall due only once the turn's actions begin"
    return None


def _grants(state: State) -> str | None:
    """The turn's actions are ones it can give: the tiles together, one cook diagonal."""
    turn = _begun(state)
    if turn is None:
        return None
    for grant in turn.grants:
        if grant not in _possible_grants(state.config) or (
            grant.source is Source.COOK and (state.current != state.cook or state.cook_used)
        ):
            return f"turn: {grant.name!r} is no action this turn can give"
    tiles = [g for g in turn.grants if g.source is Source.TILE]
    every = [Grant(Source.TILE, t.id, t.steps, t.cost) for t in rules_of(state).tiles]
    # Rule E: the three tiles are offered from the start of the turn until one is used.
    if len(tiles) != len(set(tiles)) or set(tiles) != (set() if turn.tile_used else set(every)):
        return "turn: the three tiles are offered until one is used"
    if sum(g.source is Source.COOK for g in turn.grants) > 1:
        return "turn: the cook gives one diagonal"
    return None


def _waiting(state: State) -> bool:
    """A frame of the Adventure Pack is on top: the turn waits where it was."""
    return state.adventure is not None and bool(state.adventure.frames)


def _queue(state: State) -> str | None:
    """The turn's steps left are part of an action; an automatic step does not wait."""
    turn = _begun(state)
    if turn is None or not turn.queue:
        return None
    if tuple(turn.queue) not in _possible_queues(state.config):
        return "turn: the queue is no part of an action"
    if turn.queue[0] in AUTOMATIC and not _waiting(state):
        # Under a frame (Adventure Pack), the turn waits wherever it was.
        return "turn: an automatic step cannot wait for a choice"
    return None


def _crabs_left(state: State) -> str | None:
    """Only a step that moves several crabs names them: crabs on the board, once each."""
    turn = _begun(state)
    if turn is None:
        return None
    if (bool(turn.queue) and turn.queue[0] in MULTI) != (turn.crabs_left is not None):
        return "turn: crabs_left belongs to a step that moves several crabs"
    left = turn.crabs_left or ()
    if len(set(left)) != len(left) or any(
        not 0 <= c < len(state.crabs) or state.crabs[c] == SEA for c in left
    ):
        return "turn: crabs_left names a crab that is not on the board"
    if (
        turn.queue
        and turn.queue[0] is Primitive.MOVE_CRABS_IN_FRONT_TOWARD_LAND
        and (turn.crab in left)
    ):
        return "turn: Seagull! never moves the active crab"
    return None


def _step_has_options(state: State) -> str | None:
    """The step on top waits for a choice it has (unless a frame is on top)."""
    turn = _begun(state)
    if turn is None or not turn.queue or _waiting(state):
        return None
    options = step_options(
        rules_of(state),
        state,
        turn.crab,
        turn.queue[0],
        head_down=turn.head_down,
        crabs_left=turn.crabs_left,
    )
    return None if options else "turn: a step waits for a choice but has none"


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
    a temporary Event may change it (:meth:`Expansion.turn_queues
    <crabrules.oh_crab.engine._expansion.Expansion.turn_queues>`).
    """
    queues = set(rules_for(config).expansion.turn_queues(config))
    queues.update((b,) for b in BASIC)
    for grant in _possible_grants(config):
        steps = grant.steps
        for i in range(len(steps)):
            queues.add(steps[i:])
            if steps[i] is Primitive.USE_TRACE_MAIN_ACTION:
                queues.update((b, *steps[i + 1 :]) for b in BASIC)
    return frozenset(queues)


#: The base game's rules of the board, the cards and the shells, in the order they are asked.
BOARD: Invariants = (
    _seed,
    _per_player,
    _per_crab,
    _owners,
    _counters,
    _before_placing,
    _placing,
    _crab_spaces,
    _knocked,
    _tokens,
    _tokens_by_phase,
    _card_places,
    _card_lists,
    _own_cards,
    _starting_cards,
    _market_piles,
    _market_tops,
    _shells,
)

#: The base game's rules of the phase and the turn, asked after the expansion's part.
PLAY: Invariants = (
    _rest,
    _planning,
    _over,
    _action_turn,
    _turn_order,
    _active,
    _action_tokens,
    _no_action_yet,
    _turn_end,
    _grants,
    _queue,
    _crabs_left,
    _step_has_options,
)
