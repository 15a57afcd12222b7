"""The working copy one ``apply`` changes in place, and the cards and shells moving in it.

:class:`Work` is the copy, :class:`View` what the option generators read of a game (a
``State`` or a ``Work``). ``_action_table`` copies the state in and freezes it out; the
rules that change it live with their action families (``actions/``) and in ``_effects``,
``_movement`` and ``_turns``.

>>> from crabrules.oh_crab import Config, initial_state
>>> from crabrules.oh_crab.engine._work import Work
>>> state = initial_state(Config(players=3), seed=7)
>>> reads: list[View] = [state, Work(state)]
>>> [len(view.hands[0]) for view in reads]
[4, 4]

>>> from crabrules.oh_crab.engine._work import Work
>>> from crabrules.oh_crab.rules import initial_state
>>> work = Work(initial_state(seed=1))
>>> work.hands[0]
(0, 1, 2, 3)
>>> discard_random(work, 0)
>>> work.hands[0], work.discards[0]
([0, 2, 3], [1])
>>> take_discard_pile(work, 0)
>>> work.hands[0], work.discards[0], work.known[0]
([0, 2, 3, 1], [], (1,))

>>> from crabrules.oh_crab.engine._work import Work
>>> from crabrules.oh_crab.rules import initial_state
>>> work = Work(initial_state(seed=1))
>>> work.shells[1], work.supply
(0, 24)
>>> gain_shell(work, 1)
>>> work.shells[1], work.supply
(1, 23)
>>> lose_shell(work, 1)
>>> lose_shell(work, 1)  # none left to give
>>> work.shells[1], work.supply
(0, 24)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Protocol, TypeVar

import attrs

from crabrules.core.construct import constructor
from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.content._primitives import Primitive, Stage
from crabrules.oh_crab.engine._tables import Tables, rules_for
from crabrules.oh_crab.model._events import (
    AnyEvent,
    CardDiscarded,
    DiscardPileTaken,
    ShellLost,
    ShellTaken,
)
from crabrules.oh_crab.model._state import (
    NO_CRAB,
    CardId,
    ExpansionPart,
    FirstDecision,
    State,
    Turn,
)


class View(Protocol):
    """The parts of a game the option generators read (a ``State`` or a ``Work``)."""

    @property
    def crabs(self) -> Sequence[Cell]:
        """Each crab's cell."""

    @property
    def knocked(self) -> Sequence[bool]:
        """Each crab is knocked over."""

    @property
    def tokens(self) -> Sequence[int]:
        """Each crab's activation token."""

    @property
    def cook_used(self) -> bool:
        """The cook's diagonal was used this round."""

    @property
    def hands(self) -> Sequence[Sequence[CardId]]:
        """Each player's Hand."""

    @property
    def traces(self) -> Sequence[Sequence[CardId]]:
        """Each player's Trace."""

    @property
    def discards(self) -> Sequence[Sequence[CardId]]:
        """Each player's Discard pile."""

    @property
    def shells(self) -> Sequence[int]:
        """Each player's shells."""

    @property
    def supply(self) -> int:
        """Shells in the supply."""

    @property
    def market(self) -> Sequence[Sequence[CardId]]:
        """The Market's face-up piles."""

    @property
    def draw(self) -> Sequence[CardId]:
        """The Market's draw pile."""

    @property
    def adventure(self) -> ExpansionPart | None:
        """The expansion's part (the Adventure Pack's)."""


#: The tables' old name, which the views still import from here
#: (:class:`~crabrules.oh_crab.engine._tables.Tables`).
Rules = Tables


#: What a Work starts from outside a turn (built once: this is the hot path).
_NO_TURN = Turn(Stage.START, NO_CRAB)

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of the classes' own __init__ (the classes themselves in the pure build).
_new_state: Final = constructor(State)
_new_turn: Final = constructor(Turn)
#: Per expansion part's class: its constructor (see ``_new_state``) and its fields, in order.
_PART_BUILDERS: dict[type, tuple[Callable[..., Any], tuple[str, ...]]] = {}

P = TypeVar("P", bound=ExpansionPart)


def _evolved(part: P, changes: dict[str, Any]) -> P:
    """``attrs.evolve(part, **changes)``, built field by field (see ``_new_state``)."""
    cls: Any = type(part)
    builder = _PART_BUILDERS.get(cls)
    if builder is None:
        names = tuple(f.name for f in attrs.fields(cls))
        builder = _PART_BUILDERS[cls] = (constructor(cls), names)
    new, names = builder
    assert all(name in names for name in changes), changes
    result: P = new(*[changes[name] if name in changes else getattr(part, name) for name in names])
    return result


class Decision:
    """Steps being resolved for one crab: the turn's own action, or a frame above it.

    The working copy keeps its decisions on one stack (:attr:`Work.decisions`): the turn's
    own at the bottom, and above it the Adventure Pack's frames, the decisions that come
    first, maybe out of turn (:class:`~crabrules.oh_crab.model._state.FirstDecision`). The
    engine always resolves the top one; a decision pushed while another resolves stops
    it, and the one beneath goes on once the top one has no step left.

    Attributes:
        frame: the frame this decision was loaded from or pushed as (its kind, item and
            player); ``None`` for the turn's own.
        crab: the crab the steps move (the turn's: the active crab).
        queue: the steps left, first one next.
        crabs_left: for a step that moves several crabs, those that may still move.
        head_down: Head Down! holds: spaces' negative effects are ignored.
    """

    __slots__ = ("crab", "crabs_left", "frame", "head_down", "queue")

    def __init__(
        self,
        frame: FirstDecision | None,
        crab: int,
        queue: list[Primitive],
        crabs_left: list[int] | None,
        head_down: bool,
    ) -> None:
        self.frame = frame
        self.crab = crab
        self.queue = queue
        self.crabs_left = crabs_left
        self.head_down = head_down

    def frozen_frame(self) -> FirstDecision:
        """The frame as it stands now (only for a decision above the turn's)."""
        frame = self.frame
        assert frame is not None
        queue = tuple(self.queue)
        left = None if self.crabs_left is None else tuple(self.crabs_left)
        if queue == frame.queue and left == frame.crabs_left and self.crab == frame.crab:
            return frame  # untouched by this action: the state keeps the same frame
        return frame.resumed(self.crab, queue, left)


class Work:
    """A mutable copy of a :class:`State`, changed in place by one ``apply``.

    Its attributes are the state's fields (the turn's too, one attribute each), with the
    rules in play (``rules``) and the event log (``events``). The turn's steps and the
    Adventure Pack's frames are one stack of :class:`Decision` (``decisions``): the
    engine resolves the top one (``decision``).
    It holds no rule: the functions that change it live with the rule they play
    (:mod:`~crabrules.oh_crab.engine._work`, :mod:`~crabrules.oh_crab.engine._work`,
    :mod:`~crabrules.oh_crab.engine._turns`, ...).
    """

    __slots__ = (
        "adventure",
        "config",
        "cook",
        "cook_used",
        "crabs",
        "current",
        "decisions",
        "discards",
        "draw",
        "draw_seen",
        "events",
        "grants",
        "hands",
        "in_turn",
        "knocked",
        "known",
        "market",
        "owners",
        "phase",
        "planned",
        "removed",
        "rng",
        "round",
        "rules",
        "seed",
        "shells",
        "stage",
        "supply",
        "tile_used",
        "tokens",
        "traces",
        "turn_decision",
    )

    def __init__(self, state: State, events: list[AnyEvent] | None = None) -> None:
        #: The log of what happens, when the caller asked for one (``apply_with_events``).
        self.events = events
        self.config = state.config
        adventure = state.adventure
        #: The Adventure Pack's part (``None`` without modules); its frames are decisions.
        self.adventure = adventure
        rules = rules_for(state.config)
        self.rules = rules.moments.in_play(rules, adventure)
        self.seed = state.seed
        self.rng = state.rng
        self.round = state.round
        self.phase = state.phase
        self.cook = state.cook
        self.current = state.current
        self.owners = state.owners
        self.crabs = list(state.crabs)
        self.knocked = list(state.knocked)
        # Activation tokens change twice a round: the state's tuple until then.
        self.tokens: tuple[int, ...] | list[int] = state.tokens
        self.cook_used = state.cook_used
        # A player's cards stay the state's tuple until they change (hand(), trace(),
        # discard_pile() give a list to change): most actions touch one player's at most.
        self.hands: list[tuple[CardId, ...] | list[CardId]] = list(state.hands)
        self.planned = list(state.planned)
        self.traces: list[tuple[CardId, ...] | list[CardId]] = list(state.traces)
        self.discards: list[tuple[CardId, ...] | list[CardId]] = list(state.discards)
        self.shells = list(state.shells)
        self.supply = state.supply
        # The Market, the box and what the table saw change in few actions: they stay the
        # state's tuples until then (see open_market), so most actions copy none of them.
        self.market: tuple[tuple[CardId, ...], ...] | list[list[CardId]] = state.market
        self.draw: tuple[CardId, ...] | list[CardId] = state.draw
        self.removed = state.removed
        self.known = state.known
        self.draw_seen = state.draw_seen
        turn = state.turn
        self.in_turn = turn is not None
        if turn is None:
            turn = _NO_TURN
        self.stage = turn.stage
        self.grants = list(turn.grants)
        self.tile_used = turn.tile_used
        left = None if turn.crabs_left is None else list(turn.crabs_left)
        #: The decisions being resolved, the top one first: the turn's own (its active
        #: crab's) at the bottom, the Adventure Pack's frames above.
        own = Decision(None, turn.crab, list(turn.queue), left, turn.head_down)
        #: The turn's own decision, at the bottom of the stack: the active crab's steps.
        self.turn_decision = own
        self.decisions = [own]
        if adventure is not None:
            for frame in adventure.frames:
                self.push_frame(frame)

    @property
    def decision(self) -> Decision:
        """The decision on top: the one whose steps resolve now."""
        return self.decisions[-1]

    def frames_wait(self) -> bool:
        """Frames of the Adventure Pack wait above the turn's own decision."""
        return len(self.decisions) > 1

    def push_frame(self, frame: FirstDecision) -> None:
        """Push a decision that comes first (only with the Adventure Pack in play).

        Head Down! holds in a frame only for the turn's own active crab.
        """
        turn = self.turn_decision
        left = None if frame.crabs_left is None else list(frame.crabs_left)
        head_down = turn.head_down and frame.crab == turn.crab
        self.decisions.append(Decision(frame, frame.crab, list(frame.queue), left, head_down))

    def freeze(self) -> State:
        """Return the frozen state (hands and removed cards sorted)."""
        turn = None
        if self.in_turn:
            own = self.turn_decision
            turn = _new_turn(
                self.stage,
                own.crab,
                tuple(self.grants),
                tuple(own.queue),
                None if own.crabs_left is None else tuple(own.crabs_left),
                own.head_down,
                self.tile_used,
            )
        return _new_state(
            self.config,
            self.seed,
            self.rng,
            self.round,
            self.phase,
            self.cook,
            self.current,
            self.owners,
            tuple(self.crabs),
            tuple(self.knocked),
            tuple(self.tokens),
            self.cook_used,
            # map and list comprehensions: cheaper than generators on this hot path
            # (``tuple`` of a tuple is that tuple: unchanged piles are not copied).
            tuple([tuple(sorted(h)) if isinstance(h, list) else h for h in self.hands]),
            tuple(self.planned),
            tuple(map(tuple, self.traces)),
            tuple(map(tuple, self.discards)),
            tuple(self.shells),
            self.supply,
            tuple(map(tuple, self.market)) if isinstance(self.market, list) else self.market,
            tuple(self.draw),
            self.removed,
            self.known,
            # Seen cards sit at the bottom and cards leave from the top: of the counted
            # cards, those still in the pile are its last ones.
            min(self.draw_seen, len(self.draw)),
            turn,
            self.frozen_adventure(),
        )

    def frozen_adventure(self) -> ExpansionPart | None:
        """The expansion's part, with the frames as they are now (``None``: no part)."""
        old = self.adventure
        if old is None or (not old.frames and not self.frames_wait()):
            return old  # no part, or no frame before the action or after it (most actions)
        frames = tuple([d.frozen_frame() for d in self.decisions[1:]])
        if frames == old.frames:
            return old
        return _evolved(old, {"frames": frames})

    def change_adventure(self, **changes: Any) -> ExpansionPart:
        """Replace fields of the expansion's part; the rules in play follow it."""
        adventure = self.adventure
        assert adventure is not None  # only the pack's rules change its part
        new = self.adventure = _evolved(adventure, changes)
        if new.overlay != adventure.overlay:
            rules = rules_for(self.config)
            self.rules = rules.moments.in_play(rules, new)
        return new

    # --- fields to change in place -----------------------------------------------------
    # A field stays the state's tuple until something changes it (most actions touch few):
    # these give it as a list, copied on the first change. No rule here: the rules that
    # change the cards, shells and Market are in engine/_work.py, shells.py and market.py.

    def hand(self, player: PlayerId) -> list[CardId]:
        """The player's Hand, as a list to change."""
        hand = self.hands[player]
        if not isinstance(hand, list):
            hand = self.hands[player] = list(hand)
        return hand

    def trace(self, player: PlayerId) -> list[CardId]:
        """The player's Trace, as a list to change."""
        trace = self.traces[player]
        if not isinstance(trace, list):
            trace = self.traces[player] = list(trace)
        return trace

    def discard_pile(self, player: PlayerId) -> list[CardId]:
        """The player's Discard pile, as a list to change."""
        pile = self.discards[player]
        if not isinstance(pile, list):
            pile = self.discards[player] = list(pile)
        return pile

    def set_token(self, crab: int, token: int) -> None:
        """Put activation token ``token`` on ``crab`` (0: take it off)."""
        if isinstance(self.tokens, tuple):
            self.tokens = list(self.tokens)
        self.tokens[crab] = token

    def open_market(self) -> tuple[list[list[CardId]], list[CardId]]:
        """The Market's piles and draw pile as lists, to change in place."""
        if isinstance(self.market, tuple):
            self.market = [list(p) for p in self.market]
            self.draw = list(self.draw)
        assert isinstance(self.market, list)
        assert isinstance(self.draw, list)
        return self.market, self.draw


def discard_from_hand(
    work: Work, player: PlayerId, card: CardId, *, at_random: bool = False
) -> None:
    """Move ``card`` from the player's Hand to their Discard pile."""
    work.hand(player).remove(card)
    forget(work, player, card)
    work.discard_pile(player).append(card)
    if work.events is not None:
        rules = work.rules
        work.events.append(
            CardDiscarded(player, rules.names[player], card, rules.card_names[card], at_random)
        )


def discard_random(work: Work, player: PlayerId) -> None:
    """Discard a card drawn at random from the player's Hand (nothing if it is empty).

    The draw is an index into the Hand sorted, from the game's generator: the same game
    discards the same card, however the Hand's list is ordered now.
    """
    hand = work.hands[player]
    if hand:
        index, work.rng = work.rng.below(len(hand))
        discard_from_hand(work, player, sorted(hand)[index], at_random=True)


def take_discard_pile(work: Work, player: PlayerId) -> None:
    """Take the Discard pile into the Hand, in view of all (Rest, tile Da)."""
    pile = work.discards[player]
    if work.events is not None and pile:
        rules = work.rules
        names = tuple(rules.card_names[c] for c in pile)
        work.events.append(DiscardPileTaken(player, rules.names[player], tuple(pile), names))
    work.hand(player).extend(pile)
    learn(work, player, pile)
    work.discards[player] = []


def box(work: Work, card: CardId) -> None:
    """Put a starting card back in the box (Card Exchange): it leaves the game."""
    work.removed = tuple(sorted((*work.removed, card)))


def forget(work: Work, player: PlayerId, card: CardId) -> None:
    """``card`` left the player's Hand or face-down card in view of all."""
    if card in work.known[player]:
        _set_known(work, player, tuple(c for c in work.known[player] if c != card))


def learn(work: Work, player: PlayerId, cards: Iterable[CardId]) -> None:
    """Every player saw ``cards`` go into the player's Hand."""
    _set_known(work, player, tuple(sorted({*work.known[player], *cards})))


def _set_known(work: Work, player: PlayerId, cards: tuple[CardId, ...]) -> None:
    # ``known`` stays the state's tuple of tuples: few actions change it.
    known = list(work.known)
    known[player] = cards
    work.known = tuple(known)


def gain_shell(work: Work, player: PlayerId) -> None:
    """Take a shell from the supply, if one is left."""
    if work.supply:
        work.supply -= 1
        work.shells[player] += 1
        if work.events is not None:
            name = work.rules.names[player]
            work.events.append(ShellTaken(player, name, work.shells[player]))


def lose_shell(work: Work, player: PlayerId) -> None:
    """Give a shell back to the supply, if the player has one."""
    if work.shells[player]:
        work.shells[player] -= 1
        work.supply += 1
        if work.events is not None:
            name = work.rules.names[player]
            work.events.append(ShellLost(player, name, work.shells[player]))
