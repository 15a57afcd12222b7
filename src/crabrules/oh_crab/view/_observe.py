"""What each player may see, and the views' tables for an expansion's part of a state.

:func:`observe` hides what a player may not see; :func:`determinize` deals it again. The
expansion registers its parts here (:func:`register`). :func:`check_observation` runs an
observation's invariants, the expansion's among them (a state's are ``engine/_invariants``);
the pictures are ``_render`` and ``_svg``.

>>> from crabrules.oh_crab.rules import initial_state, apply, legal_actions
>>> from crabrules.oh_crab.model._state import Config
>>> state = initial_state(Config(players=3), seed=2)
>>> state = apply(state, legal_actions(state, 1)[0])
>>> observe(state, 0).planned, observe(state, 1).planned
((-1, -3, -1), (-1, 4, -1))

>>> masked(None, 0) is None  # a base game: no part to mask
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import attrs

from crabrules.core import invariants
from crabrules.core.display import DisplaysAsSvg
from crabrules.core.errors import InvalidStateError
from crabrules.core.events import check_events
from crabrules.core.game import PlayerId, check_viewer, not_a_state
from crabrules.core.invariants import Invariant
from crabrules.core.memo import LastByIdentity
from crabrules.core.rng import Rng, check_seed
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.content._primitives import Phase, Primitive
from crabrules.oh_crab.engine._expansion import no_part
from crabrules.oh_crab.engine._invariants import state_invariants
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._events import AnyEvent, CardPlanned, MarketCardTaken, every_event
from crabrules.oh_crab.model._state import (
    MAX_PLAYERS,
    NO_CARD,
    RESTING,
    CardId,
    Config,
    ExpansionPart,
    State,
    Turn,
)
from crabrules.oh_crab.view import ByKind

if TYPE_CHECKING:  # the pictures' types, for the drawing tables (they import this module)
    from crabrules.core.svg import Svg
    from crabrules.oh_crab.view._table_svg import Area


class ViewParts(Protocol):
    """What an expansion adds to the observation check, for its part (``adventure``)."""

    def invariants(self) -> Sequence[Invariant[Observation]]:
        """The shape an observation's part keeps, in order, before it is dealt again.

        :func:`check_observation` runs them for every observation: each holds for one
        without the part and without modules.
        """
        ...


_registered: list[ViewParts] = []


def register(parts: ViewParts | None) -> ViewParts | None:
    """Make ``parts`` the expansion's checks; return the ones before (``None``: none).

    Like :func:`crabrules.oh_crab.engine._expansion.register`, for the views.

    >>> before = register(None)
    >>> registered() is None
    True
    >>> register(before) is None
    True
    """
    before = registered()
    _registered[:] = [] if parts is None else [parts]
    return before


def registered() -> ViewParts | None:
    """The registered view parts, ``None`` when no expansion is registered."""
    return _registered[0] if _registered else None


def _unregistered(part: object, *args: object) -> Any:
    raise InvalidStateError("adventure: no expansion is registered to read this part")


# A state's or an observation's expansion part: None in a base game. (The tables' types
# are casts, not annotations: the API pages show each table's name and value.)
_Part = ExpansionPart | None

#: ``player``'s view of the part (``None``: a spectator's), for ``observe``.
masked = cast("ByKind[[_Part, PlayerId | None], _Part]", ByKind("masked", _unregistered))

#: The part with what its observation hides dealt again from the generator, and the
#: generator after, for ``determinize`` (an :class:`InvalidStateError` for an impossible
#: view).
dealt = cast(
    "ByKind[[_Part, Config, Rules, PlayerId | None, Rng], tuple[_Part, Rng]]",
    ByKind("dealt", _unregistered),
)

#: The lines ``render`` prints after the players' (rule changes, skills).
player_lines = cast(
    "ByKind[[_Part, State, Rules], list[str]]", ByKind("player lines", _unregistered)
)

#: The lines of the part's components, for a state or an observation: ``render`` prints
#: them after the turn.
table_lines = cast(
    "ByKind[[_Part, State | Observation, Rules], list[str]]", ByKind("table lines", _unregistered)
)

#: The part's components drawn as pieces by ``render_svg``, under the board, from the
#: area's top across its width; the ``y`` under them (the area's top: nothing drawn).
table_pieces = cast(
    "ByKind[[_Part, Svg, Observation, Rules, Area], float]", ByKind("table pieces", _unregistered)
)

#: What the part puts on player ``p``'s board in ``render_svg`` (what they hold), drawn
#: from the area's top; the height it takes (0: nothing).
panel_pieces = cast(
    "ByKind[[_Part, Svg, Observation, Rules, int, Area], float]",
    ByKind("panel pieces", _unregistered),
)

#: Per cell, the Surprise token lying face down there or ``-1`` (none); empty without
#: Surprises. ``render`` drops a taken token's ``?``, ``render_svg`` draws those lying.
surprise_board = cast("ByKind[[_Part], tuple[int, ...]]", ByKind("surprise board", _unregistered))

#: The crab ``player``'s actions move now (-1: no such player): the Adventure Pack's top
#: frame's when it is theirs, else :func:`turn_crab`.
acting_crab = cast("ByKind[[_Part, State, int], int]", ByKind("acting crab", _unregistered))

#: The step being resolved: the Adventure Pack's top frame's, else :func:`turn_step`.
resolving_step = cast(
    "ByKind[[_Part, State], Primitive | None]", ByKind("resolving step", _unregistered)
)


def turn_crab(state: State, player: int) -> int:
    """The crab ``player``'s actions move in the turn (-1: no player of the game).

    The turn's active crab in their turn, else their first crab (with one crab each,
    simply theirs).
    """
    turn = state.turn
    if turn is not None and turn.crab >= 0 and state.current == player:
        return turn.crab
    crabs_of = rules_for(state.config).crabs_of
    return crabs_of[player][0] if 0 <= player < len(crabs_of) else -1


def turn_step(state: State) -> Primitive | None:
    """The turn's step being resolved, if any."""
    return state.turn.queue[0] if state.turn is not None and state.turn.queue else None


# A base game has no part: nothing to mask, deal or draw; the turn acts.
_NO_PART = type(None)
masked.register(_NO_PART, lambda part, player: None)
dealt.register(_NO_PART, lambda part, config, rules, player, rng: (None, rng))
player_lines.register(_NO_PART, lambda part, state, rules: [])
table_lines.register(_NO_PART, lambda part, view, rules: [])
table_pieces.register(_NO_PART, lambda part, picture, view, rules, area: area.y)
panel_pieces.register(_NO_PART, lambda part, picture, view, rules, player, area: 0.0)
surprise_board.register(_NO_PART, lambda part: ())
acting_crab.register(_NO_PART, lambda part, state, player: turn_crab(state, player))
resolving_step.register(_NO_PART, lambda part, state: turn_step(state))


#: ``Observation.planned`` for another player's face-down card.
HIDDEN: CardId = -3


@attrs.frozen
class Observation(DisplaysAsSvg):
    """One player's view of the game (``player=None``: a spectator's).

    Attributes:
        player: whose view this is.
        config: the setup.
        round: the round number.
        phase: planning, action or over.
        cook: who holds the cook pawn.
        current: whose turn it is in the action phase (and who places a crab).
        owners: each crab's player.
        crabs: each crab's cell (-1: in the sea, -2: not placed yet).
        knocked: each crab is knocked over.
        tokens: each crab's activation token (2-player mode).
        cook_used: the cook's diagonal was used this round.
        hand: the viewer's Hand (empty for a spectator).
        hand_sizes: the number of cards in each Hand.
        planned: per player, the face-down card if it is the viewer's, :data:`HIDDEN` for
            another's, or ``NO_CARD`` / ``RESTING``.
        traces: every Trace.
        discards: every Discard pile.
        shells: every player's shells.
        supply: shells in the supply.
        market: the face-up piles, bottom to top.
        draw_size: the number of cards in the draw pile.
        removed: starting cards put back in the box.
        known: per player, the cards of their Hand or face-down card every player saw
            them take (:attr:`State.known`).
        draw_bottom: the cards at the bottom of the draw pile every player saw placed
            there, top first (the last :attr:`State.draw_seen` cards of the pile).
        turn: the turn in progress.
        adventure: the Adventure Pack as the viewer sees it
            (:data:`~crabrules.oh_crab.view._observe.masked`), ``None`` without modules.
    """

    player: PlayerId | None
    config: Config
    round: int
    phase: Phase
    cook: PlayerId
    current: PlayerId
    owners: tuple[PlayerId, ...]
    crabs: tuple[Cell, ...]
    knocked: tuple[bool, ...]
    tokens: tuple[int, ...]
    cook_used: bool
    hand: tuple[CardId, ...]
    hand_sizes: tuple[int, ...]
    planned: tuple[CardId, ...]
    traces: tuple[tuple[CardId, ...], ...]
    discards: tuple[tuple[CardId, ...], ...]
    shells: tuple[int, ...]
    supply: int
    market: tuple[tuple[CardId, ...], ...]
    draw_size: int
    removed: tuple[CardId, ...]
    known: tuple[tuple[CardId, ...], ...]
    draw_bottom: tuple[CardId, ...]
    turn: Turn | None
    adventure: ExpansionPart | None = None


def observe(state: State, player: PlayerId | None) -> Observation:
    """Return what ``player`` may see of ``state`` (``None``: public information only).

    >>> from crabrules.oh_crab.rules import initial_state
    >>> from crabrules.oh_crab.model._state import Config
    >>> view = observe(initial_state(Config(players=3), seed=7), 1)
    >>> view.hand, view.hand_sizes, view.draw_size
    ((4, 5, 6, 7), (4, 4, 4), 32)
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_viewer(player, len(state.hands))
    planned = tuple(c if c < 0 or p == player else HIDDEN for p, c in enumerate(state.planned))
    return Observation(
        player=player,
        config=state.config,
        round=state.round,
        phase=state.phase,
        cook=state.cook,
        current=state.current,
        owners=state.owners,
        crabs=state.crabs,
        knocked=state.knocked,
        tokens=state.tokens,
        cook_used=state.cook_used,
        hand=() if player is None else state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        planned=planned,
        traces=state.traces,
        discards=state.discards,
        shells=state.shells,
        supply=state.supply,
        market=state.market,
        draw_size=len(state.draw),
        removed=state.removed,
        known=state.known,
        draw_bottom=state.draw[len(state.draw) - state.draw_seen :],
        turn=state.turn,
        adventure=masked(state.adventure, player),
    )


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    """Return a state ``player`` cannot tell from ``state``, drawn from ``seed`` alone.

    It is built from ``observe(state, player)`` only, so two states the player cannot tell
    apart give the same twin for the same ``seed``: the twin's seed is ``seed`` and its
    generator comes from it. The others' Hands and face-down cards and the unseen part of
    the draw pile are re-dealt, keeping what the player knows:

    - the cards every player saw someone take (:attr:`Observation.known`) stay in that
      player's Hand or face-down card, and the seen bottom of the draw pile stays there;
    - a starting card never enters the draw pile or another player's Hand, so each
      player's unseen starting cards stay theirs;
    - the other unseen action cards are shuffled among the other Hands, face-down cards
      and the draw pile, each keeping its size.

    For a spectator (``player=None``) every Hand is re-dealt.

    >>> from crabrules.oh_crab.rules import initial_state
    >>> from crabrules.oh_crab.model._state import Config
    >>> state = initial_state(Config(players=3), seed=7)
    >>> other = determinize(state, 1, seed=3)
    >>> observe(other, 1) == observe(state, 1), other.draw == state.draw, other.seed
    (True, False, 3)
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return deal(observe(state, player), check_seed(seed))


def deal(view: Observation, seed: int) -> State:
    """Return a state whose ``observe`` for ``view.player`` is ``view``, dealt from ``seed``.

    Raises:
        InvalidStateError: the hidden cards cannot be dealt so (the view is impossible).
    """
    rules = rules_for(view.config)
    n = len(view.hand_sizes)
    me = view.player
    hidden = [p for p in range(n) if p != me]
    seen = _seen(view)
    fixed: dict[PlayerId, list[CardId]] = {}
    for p in hidden:
        starting = [c for c in rules.decks[p] if c not in seen]
        fixed[p] = sorted({*starting, *view.known[p]})
        seen.update(fixed[p])
    pool = [c for c in range(len(rules.cards)) if c not in seen]
    if any(rules.cards[c].starting for c in pool):
        raise InvalidStateError("cards: a starting card is nowhere it can be")
    rng = Rng.from_seed(seed)
    shuffled, rng = rng.shuffle(pool)
    unseen = list(shuffled)
    hands = [view.hand if p == me else () for p in range(n)]
    planned = list(view.planned)
    for p in hidden:
        face_down = planned[p] == HIDDEN
        need = view.hand_sizes[p] + face_down - len(fixed[p])
        if need < 0 or need > len(unseen):
            raise InvalidStateError(f"hands: player {p}'s Hand cannot hold what they hold")
        cards, rng = rng.shuffle(fixed[p] + unseen[:need])
        del unseen[:need]
        if face_down:
            planned[p], cards = cards[0], cards[1:]
        hands[p] = tuple(sorted(cards))
    if len(unseen) + len(view.draw_bottom) != view.draw_size:
        raise InvalidStateError("draw_size: the unseen cards do not fill the draw pile")
    _, rng = rng.split()
    adventure, rng = dealt(view.adventure, view.config, rules, me, rng)
    return State(
        config=view.config,
        seed=seed,
        rng=rng,
        round=view.round,
        phase=view.phase,
        cook=view.cook,
        current=view.current,
        owners=view.owners,
        crabs=view.crabs,
        knocked=view.knocked,
        tokens=view.tokens,
        cook_used=view.cook_used,
        hands=tuple(hands),
        planned=tuple(planned),
        traces=view.traces,
        discards=view.discards,
        shells=view.shells,
        supply=view.supply,
        market=view.market,
        draw=(*unseen, *view.draw_bottom),
        removed=view.removed,
        known=view.known,
        draw_seen=len(view.draw_bottom),
        turn=view.turn,
        adventure=adventure,
    )


def _seen(view: Observation) -> set[CardId]:
    """The cards ``view``'s viewer sees where they are: they are not dealt again."""
    return {
        *(c for t in view.traces for c in t),
        *(c for d in view.discards for c in d),
        *(c for pile in view.market for c in pile),
        *view.removed,
        *view.draw_bottom,
        *view.hand,
        *(c for c in view.planned if c >= 0),
    }


def observe_events(events: tuple[AnyEvent, ...], player: PlayerId | None) -> tuple[AnyEvent, ...]:
    """Return the events as ``player`` may see them (``None``: a spectator).

    Another player's face-down card, and a card taken from the draw pile that the table
    did not see, become :data:`HIDDEN` with no name; everything else is public.

    Raises:
        InvalidPlayerError: ``player`` is neither ``None`` nor a player id.

    >>> from crabrules.oh_crab.model._events import CardPlanned
    >>> planned = (CardPlanned(0, "red", 5, "red-2 (Move diagonally)"),)
    >>> observe_events(planned, 1)
    (CardPlanned(player=0, colour='red', card=-3, card_name=''),)
    >>> observe_events(planned, 0) == planned
    True
    """
    # The events do not say how many players there are: any seat a game can have.
    check_viewer(player, MAX_PLAYERS)
    return tuple(seen_by(event, player) for event in check_events(events, every_event()))


def _public(event: AnyEvent, player: PlayerId | None) -> AnyEvent:
    return event


#: An event as ``player`` may see it, by its kind (the Adventure Pack registers its own).
seen_by: ByKind[[AnyEvent, PlayerId | None], AnyEvent] = ByKind("seen by", _public)


@seen_by.on(CardPlanned)
def _planned(event: CardPlanned, player: PlayerId | None) -> AnyEvent:
    if event.player == player:
        return event
    return CardPlanned(event.player, event.colour, HIDDEN, "")


@seen_by.on(MarketCardTaken)
def _taken(event: MarketCardTaken, player: PlayerId | None) -> AnyEvent:
    if event.seen or event.player == player:
        return event
    return MarketCardTaken(event.player, event.colour, event.pile, HIDDEN, "", False)


def check_observation(view: Observation) -> None:
    """Refuse an observation no state could give: the first rule it breaks.

    The rules (:func:`observation_invariants`): its sizes and ids, the registered
    expansion's part, then that a state the rules could reach, dealt from it, shows it.

    Raises:
        InvalidStateError: saying what is wrong.
    """
    invariants.check(observation_invariants(), view)


def observation_invariants() -> tuple[Invariant[Observation], ...]:
    """The rules an observation keeps, in order: the base game's and the expansion's."""
    return _composed(registered())


def _compose(parts: ViewParts | None) -> tuple[Invariant[Observation], ...]:
    part = (no_part,) if parts is None else tuple(parts.invariants())
    return (*VIEW_SHAPE, *part, _shown)


_composed: LastByIdentity[ViewParts | None, tuple[Invariant[Observation], ...]]
_composed = LastByIdentity(_compose)


def _sizes(view: Observation) -> str | None:
    """The viewer is a player or a spectator; one entry per player and per crab."""
    n, player = view.config.players, view.player
    crabs = len(rules_for(view.config).owners)
    if player is not None and not 0 <= player < n:
        return f"player: None or an id from 0 to {n - 1}, not {player!r}"
    for name in ("hand_sizes", "planned", "traces", "discards", "shells"):
        if len(getattr(view, name)) != n:
            return f"{name}: one entry per player is needed ({n})"
    for name in ("owners", "crabs", "knocked", "tokens"):
        if len(getattr(view, name)) != crabs:
            return f"{name}: one entry per crab is needed ({crabs})"
    return None if len(view.known) == n else f"known: one entry per player is needed ({n})"


def _hand(view: Observation) -> str | None:
    if view.player is None and view.hand:
        return "hand: a spectator holds no Hand"
    if view.player is not None and len(view.hand) != view.hand_sizes[view.player]:
        return "hand: its size is in hand_sizes"
    return None


def _face_down(view: Observation) -> str | None:
    for p, card in enumerate(view.planned):
        if (card < RESTING) if p == view.player else (card not in (HIDDEN, NO_CARD, RESTING)):
            return "planned: the viewer's own card, HIDDEN for the others'"
    return None


def _counts(view: Observation) -> str | None:
    if min(view.hand_sizes) < 0 or view.draw_size < len(view.draw_bottom):
        return "hand_sizes, draw_size: sizes are not negative"
    return None


def _known(view: Observation) -> str | None:
    cards = len(rules_for(view.config).cards)
    if any(not 0 <= c < cards for k in view.known for c in k):
        return "known: not a card of the game"
    return None


def _shown(view: Observation) -> str | None:
    """A state the rules could reach, dealt from the view, shows it."""
    try:
        state = deal(view, 0)
    except InvalidStateError as error:  # the hidden cards cannot be dealt
        return str(error)
    found = invariants.first_broken(state_invariants(), state)
    if found is not None:
        return found[1]
    if observe(state, view.player) != view:
        return "observation: not what the rules show (order or sizes)"
    return None


#: The base game's rules of an observation's sizes and ids, asked before its part's.
VIEW_SHAPE: tuple[Invariant[Observation], ...] = (_sizes, _hand, _face_down, _counts, _known)
