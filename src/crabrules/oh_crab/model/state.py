"""The complete truth of a game of Oh Crab!, hidden cards and the generator included.

Crabs have their own numbers: crab ``c`` belongs to player ``State.owners[c]``. With 3 to 5
players, crab ``i`` is player ``i``'s; in the 2-player mode, crabs 0 and 1 are player 0's
and crabs 2 and 3 player 1's. What a player holds (Hand, Trace, Discard pile, shells) is
indexed by player, where a crab is (its cell, knocked over, its activation token) by crab:
a team's two crabs share the player's cards and shells. Cards are ints,
their index in the content's card list (:attr:`Content.cards`); every card is in exactly
one place, so no Hand, Trace or pile holds a card twice. The Market's face-up piles
list their cards bottom to top; the draw pile lists its cards top first.
"""

from __future__ import annotations

import attrs

from crabrules.core.display import DisplaysAsSvg
from crabrules.core.game import PlayerId
from crabrules.core.rng import Rng
from crabrules.oh_crab.content.board import Cell
from crabrules.oh_crab.content.primitives import Primitive
from crabrules.oh_crab.model.adventure import Adventure
from crabrules.oh_crab.model.config import Config
from crabrules.oh_crab.model.progress import Phase, Source, Stage

__all__ = [
    "NO_CARD",
    "NO_CRAB",
    "CrabId",
    "RESTING",
    "CardId",
    "Grant",
    "Phase",
    "Source",
    "Stage",
    "State",
    "Turn",
]

#: A card: its index in the content's card list.
CardId = int
#: ``State.planned`` for a player with no face-down card.
NO_CARD: CardId = -1
#: ``State.planned`` for a player who declared a Rest (their Hand was empty).
RESTING: CardId = -2
#: A crab: its index in ``State.crabs``.
CrabId = int
#: ``Turn.crab`` before the player has activated a crab (2-player mode, Action 1).
NO_CRAB: CrabId = -1


@attrs.frozen
class Grant:
    """An action the active player may still use this turn.

    Attributes:
        source: where it comes from.
        name: what it is: a basic action, a special action's id or a tile side's id.
        steps: its effect.
        cost: the shells to pay (Additional Action tiles).
    """

    source: Source
    name: str
    steps: tuple[Primitive, ...]
    cost: int = 0


@attrs.frozen
class Turn:
    """The active player's turn.

    Attributes:
        stage: activating a crab (2-player mode), adding or resting, then acting.
        crab: the active crab, which every action of the turn moves (:data:`NO_CRAB`
            until the player activates one); with one crab per player, the player's.
        grants: the actions not used yet.
        queue: the steps of the action being resolved, first one next.
        crabs_left: for a step that moves several crabs, those that may still move
            (``None`` until the step begins).
        head_down: Head Down! is in effect.
        tile_used: an Additional Action tile was used (one per turn).
    """

    stage: Stage
    crab: CrabId
    grants: tuple[Grant, ...] = ()
    queue: tuple[Primitive, ...] = ()
    crabs_left: tuple[CrabId, ...] | None = None
    head_down: bool = False
    tile_used: bool = False


@attrs.frozen
class State(DisplaysAsSvg):
    """A game in progress.

    Attributes:
        config: the setup.
        seed: the seed the game was set up from.
        rng: the generator for every later random draw.
        round: the round number, from 1.
        phase: planning, action, or over.
        cook: who holds the cook pawn.
        current: whose turn it is in the action phase (and who places a crab).
        owners: each crab's player.
        crabs: each crab's cell (:data:`~crabrules.oh_crab.content.board.SEA` in the sea,
            :data:`~crabrules.oh_crab.content.board.NOWHERE` before it is placed).
        knocked: each crab is knocked over.
        tokens: the activation token on each crab this round (2-player mode): 0 none,
            1 or 2; always 0 with one crab per player.
        cook_used: the cook's diagonal was used this round (once per round).
        hands: each player's Hand, sorted.
        planned: each player's face-down card, :data:`NO_CARD` or :data:`RESTING`.
        traces: each Trace, left to right.
        discards: each Discard pile, oldest first.
        shells: each player's shells.
        supply: shells in the common supply.
        market: the three face-up piles, bottom to top.
        draw: the Market's draw pile, top first.
        removed: starting cards put back in the box by Card Exchanges.
        known: per player, sorted, the cards of their Hand or face-down card that every
            player saw them take: their Discard pile taken back (at Rest, or with tile Da)
            and face-up Market cards. A card leaves this list when it leaves the Hand.
        draw_seen: how many cards at the bottom of the draw pile every player saw placed
            there (the cards given in Card Exchanges), at most the pile's size.
        turn: the active player's turn in the action phase, else ``None``.
        adventure: the Adventure Pack's part (:mod:`crabrules.oh_crab.model.adventure`),
            ``None`` in a game without modules.
    """

    config: Config
    seed: int
    rng: Rng
    round: int
    phase: Phase
    cook: PlayerId
    current: PlayerId
    owners: tuple[PlayerId, ...]
    crabs: tuple[Cell, ...]
    knocked: tuple[bool, ...]
    tokens: tuple[int, ...]
    cook_used: bool
    hands: tuple[tuple[CardId, ...], ...]
    planned: tuple[CardId, ...]
    traces: tuple[tuple[CardId, ...], ...]
    discards: tuple[tuple[CardId, ...], ...]
    shells: tuple[int, ...]
    supply: int
    market: tuple[tuple[CardId, ...], ...]
    draw: tuple[CardId, ...]
    removed: tuple[CardId, ...]
    known: tuple[tuple[CardId, ...], ...]
    draw_seen: int
    turn: Turn | None
    adventure: Adventure | None = None
