"""Per-config tables and the mutable working copy of a state.

:func:`~crabrules.oh_crab.rules.apply` copies the state into a :class:`Work`, changes it
in place and freezes it again. The option generators read either a ``State`` or a
``Work`` (both satisfy :class:`View`), so the legal actions and the automatic skipping of
steps without options use the very same code. :class:`Rules` holds what one config's
rules need, computed once.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Protocol

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.actions import DRAW_PILE, Pile
from crabrules.oh_crab.board import Cell, Layout, get_layout
from crabrules.oh_crab.config import Config
from crabrules.oh_crab.content import ActionTileSide, Card, SpaceType, get_content
from crabrules.oh_crab.market import take
from crabrules.oh_crab.primitives import Primitive
from crabrules.oh_crab.state import CardId, Stage, State, Turn

__all__ = ["Rules", "View", "Work", "rules_for"]


@attrs.frozen(eq=False)
class Rules:
    """What one config's rules need, computed once: geometry and the content in play.

    Attributes:
        layout: the board.
        cards: every card of the content.
        specials: per card, its special action's id and steps (``None`` on starting cards).
        special_ids: per card, its special action's id (for stacking the Market).
        tiles: the three Additional Action tile sides in play.
        players: the number of players.
        obstacle: per cell, a standard Obstacle.
        knock_over: per cell, a knocking-over Obstacle.
        shell: per cell, a Shell space.
        exchange: per cell, a Card Exchange space.
    """

    layout: Layout
    cards: tuple[Card, ...]
    specials: tuple[tuple[str, tuple[Primitive, ...]] | None, ...]
    special_ids: tuple[str | None, ...]
    tiles: tuple[ActionTileSide, ...]
    players: int
    obstacle: tuple[bool, ...]
    knock_over: tuple[bool, ...]
    shell: tuple[bool, ...]
    exchange: tuple[bool, ...]


@functools.cache
def rules_for(config: Config) -> Rules:
    """Return the cached :class:`Rules` of ``config``."""
    content = get_content(config.content)
    layout = get_layout(config.content, config.resolved_board())
    specials = tuple(
        None if c.special is None else (c.special, content.special(c.special).steps)
        for c in content.cards
    )
    spaces = layout.spaces
    return Rules(
        layout=layout,
        cards=content.cards,
        specials=specials,
        special_ids=tuple(c.special for c in content.cards),
        tiles=tuple(content.action_tile(t) for t in config.resolved_action_tiles()),
        players=config.players,
        obstacle=tuple(s.type is SpaceType.OBSTACLE for s in spaces),
        knock_over=tuple(s.type is SpaceType.KNOCK_OVER for s in spaces),
        shell=tuple(s.shell for s in spaces),
        exchange=tuple(s.type is SpaceType.CARD_EXCHANGE for s in spaces),
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


class Work:
    """A mutable copy of a :class:`State`, changed in place by one ``apply``."""

    __slots__ = (
        "config",
        "cook",
        "crabs",
        "crabs_left",
        "current",
        "discards",
        "draw",
        "draw_seen",
        "grants",
        "hands",
        "head_down",
        "in_turn",
        "knocked",
        "known",
        "market",
        "phase",
        "planned",
        "queue",
        "removed",
        "rng",
        "round",
        "rules",
        "seed",
        "shells",
        "stage",
        "supply",
        "tile_used",
        "traces",
    )

    def __init__(self, state: State) -> None:
        self.config = state.config
        self.rules = rules_for(state.config)
        self.seed = state.seed
        self.rng = state.rng
        self.round = state.round
        self.phase = state.phase
        self.cook = state.cook
        self.current = state.current
        self.crabs = list(state.crabs)
        self.knocked = list(state.knocked)
        self.hands = [list(h) for h in state.hands]
        self.planned = list(state.planned)
        self.traces = [list(t) for t in state.traces]
        self.discards = [list(d) for d in state.discards]
        self.shells = list(state.shells)
        self.supply = state.supply
        self.market = [list(p) for p in state.market]
        self.draw = list(state.draw)
        self.removed = list(state.removed)
        # Tuples, replaced whole when they change (rarely): no copy on every apply.
        self.known = list(state.known)
        self.draw_seen = state.draw_seen
        turn = state.turn
        self.in_turn = turn is not None
        if turn is None:
            turn = Turn(Stage.START)
        self.stage = turn.stage
        self.grants = list(turn.grants)
        self.queue = list(turn.queue)
        self.crabs_left = None if turn.crabs_left is None else list(turn.crabs_left)
        self.head_down = turn.head_down
        self.tile_used = turn.tile_used

    def freeze(self) -> State:
        """Return the frozen state (hands and removed cards sorted)."""
        turn = None
        if self.in_turn:
            turn = Turn(
                self.stage,
                tuple(self.grants),
                tuple(self.queue),
                None if self.crabs_left is None else tuple(self.crabs_left),
                self.head_down,
                self.tile_used,
            )
        return State(
            self.config,
            self.seed,
            self.rng,
            self.round,
            self.phase,
            self.cook,
            self.current,
            tuple(self.crabs),
            tuple(self.knocked),
            tuple(tuple(sorted(h)) for h in self.hands),
            tuple(self.planned),
            tuple(tuple(t) for t in self.traces),
            tuple(tuple(d) for d in self.discards),
            tuple(self.shells),
            self.supply,
            tuple(tuple(p) for p in self.market),
            tuple(self.draw),
            tuple(sorted(self.removed)),
            tuple(self.known),
            # Seen cards sit at the bottom and cards leave from the top: of the counted
            # cards, those still in the pile are its last ones.
            min(self.draw_seen, len(self.draw)),
            turn,
        )

    # --- small helpers -----------------------------------------------------------------

    def random_index(self, n: int) -> int:
        """Draw a uniform index below ``n`` from the game's generator."""
        value, self.rng = self.rng.below(n)
        return value

    def gain_shell(self, player: PlayerId) -> None:
        """Take a shell from the supply, if one is left."""
        if self.supply:
            self.supply -= 1
            self.shells[player] += 1

    def discard_from_hand(self, player: PlayerId, card: CardId) -> None:
        """Move ``card`` from the player's Hand to their Discard pile."""
        self.hands[player].remove(card)
        self.forget(player, card)
        self.discards[player].append(card)

    def forget(self, player: PlayerId, card: CardId) -> None:
        """``card`` left the player's Hand or face-down card in view of all."""
        known = self.known[player]
        if card in known:
            self.known[player] = tuple(c for c in known if c != card)

    def learn(self, player: PlayerId, cards: Iterable[CardId]) -> None:
        """Every player saw ``cards`` go into the player's Hand."""
        self.known[player] = tuple(sorted({*self.known[player], *cards}))

    def take_market(self, player: PlayerId, which: Pile) -> CardId:
        """Take a Market card into the player's Hand and refill the Market.

        A face-up card is seen by all, and so is the draw pile's top card once only seen
        cards are left in it.
        """
        seen = which != DRAW_PILE or len(self.draw) <= self.draw_seen
        card = take(self.market, self.draw, which, self.rules.special_ids)
        self.hands[player].append(card)
        if seen:
            self.learn(player, (card,))
        return card

    def discard_random(self, player: PlayerId) -> None:
        """Discard a card drawn at random from the player's Hand (nothing if it is empty)."""
        hand = self.hands[player]
        if hand:
            self.discard_from_hand(player, sorted(hand)[self.random_index(len(hand))])
