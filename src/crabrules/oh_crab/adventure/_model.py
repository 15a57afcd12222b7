"""The Adventure Pack's nouns: its part of a game's state, and its events.

:class:`Adventure` holds one part per module and the due cards, frames and overlay they
share; :data:`PackEvent` is the union of its events. The base ``State`` holds the part as
an ``ExpansionPart`` (``model/_state``); :func:`register_documents` makes documents read
and write it. Tokens and cards are ints, their index in ``AdventureContent`` (``_content``);
Beach tiles count from the land, 0 first.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs

from crabrules.core.game import PlayerId
from crabrules.core.schema import register_stand_in
from crabrules.core.serialize import converter
from crabrules.oh_crab.adventure._content import RuleChange
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.model._state import ExpansionPart

#: No token or card here (a space without a Surprise, a border whose card left).
NONE = -1


@attrs.frozen
class Surprises:
    """Module 1.

    Attributes:
        board: per cell, the face-down token lying there, or :data:`NONE`.
        box: the tokens put back in the box unrevealed (hidden), sorted.
        kept: per player, the Treasures they keep (only they see which), sorted.
        gone: the tokens revealed and out of the game, sorted.
        wastes_found: per Beach tile, the Wastes flipped there (seen by all).
    """

    board: tuple[int, ...]
    box: tuple[int, ...]
    kept: tuple[tuple[int, ...], ...]
    gone: tuple[int, ...]
    wastes_found: tuple[int, ...]


@attrs.frozen
class Events:
    """Module 2.

    Attributes:
        tiles: per Beach tile, its face-down Event card, or :data:`NONE` once revealed.
        box: the cards set aside, in the order replacements are drawn (hidden).
        active: the temporary Event in effect, or :data:`NONE`.
        revealed: the Events revealed so far, in order (the last may be ``active``).
        foreseen: "Crystal Ball": the Events drawn at setup, sorted (else empty).
        removed: "The Lucky Ones": the negative Events removed before the draw, sorted.
        at: the Beach tile ``active`` was revealed at (where its reminder lies).
    """

    tiles: tuple[int, ...]
    box: tuple[int, ...]
    active: int
    revealed: tuple[int, ...]
    foreseen: tuple[int, ...]
    removed: tuple[int, ...]
    at: int = NONE


@attrs.frozen
class Challenges:
    """Module 3.

    Attributes:
        tiles: per Beach tile, its Challenge card (face down, or face up where the Reward
            card lies), or :data:`NONE` once resolved.
        box: the cards set aside (hidden), sorted.
        reward: the Reward card drawn at setup (its rewards are chosen from).
        reward_box: the Reward cards set aside, sorted.
        open: the Beach tile whose Challenge is face up, where the Reward card lies, or
            :data:`NONE` once the last Challenge left (and the Reward card with it).
        trophies: per player, the trophies won.
        resolved: the Challenges resolved so far, in order.
    """

    tiles: tuple[int, ...]
    box: tuple[int, ...]
    reward: int
    reward_box: tuple[int, ...]
    open: int
    trophies: tuple[int, ...]
    resolved: tuple[int, ...]


# --- Module 4: Asymmetry -------------------------------------------------------------------


@attrs.frozen
class SpiedCard:
    """A face-down card a player consulted with a Spy (the Selected Action).

    Only the spy's observation shows ``card``; the others see that they spied
    (:data:`~crabrules.oh_crab.view._observe.HIDDEN` in place of the card). The entry
    leaves once the card is face up (then everyone sees it).

    Attributes:
        kind: ``"event"`` or ``"challenge"``.
        tile: the Beach tile the card lies at.
        card: the card.
    """

    kind: str
    tile: int
    card: int


@attrs.frozen
class Asymmetry:
    """Module 4.

    Attributes:
        offered: per player, the cards dealt to them and not chosen yet (hidden from the
            others); every entry is empty once everyone has chosen.
        chosen: per crab, its Asymmetry card, or :data:`NONE` while its player chooses;
            hidden from the others until every player has chosen.
        pincers: per crab, the Pincers left on its card.
        box: the cards out of this game (never dealt, replaced, or not chosen), sorted.
        spied: per player, what they consulted with a Spy, sorted.
    """

    offered: tuple[tuple[int, ...], ...]
    chosen: tuple[int, ...]
    pincers: tuple[int, ...]
    box: tuple[int, ...]
    spied: tuple[tuple[SpiedCard, ...], ...]

    @property
    def choosing(self) -> bool:
        """Some player has still to choose their card(s) (the setup's hidden decision)."""
        return any(self.offered)


class DueKind(str, enum.Enum):
    """What the active player must do before their turn ends."""

    CHALLENGE = "challenge"
    """Announce the Challenge of a tile whose upper border a crab crossed."""
    EVENT = "event"
    """Reveal the Event of a tile whose lower border a crab crossed."""


@attrs.frozen
class Due:
    """A card the active player must reveal or announce this turn (at the latest at its end)."""

    kind: DueKind
    tile: int


class FrameKind(str, enum.Enum):
    """What a frame resolves: where its steps come from."""

    SURPRISE = "surprise"
    """A Surprise token flipped (``item``: the token)."""
    EVENT = "event"
    """A part of an immediate Event (``item``: the card)."""
    REWARD = "reward"
    """A first place's reward (``item``: the Reward card)."""
    SKILL = "skill"
    """Module 4: a window in which a crab's skill may act, or the skill's steps
    (``item``: the Asymmetry card)."""


@attrs.frozen
class Frame:
    """Steps that ``player`` resolves now, before the turn goes on, maybe out of turn.

    While a frame waits for a choice, ``player`` is the one active player and the legal
    actions are that choice's options.

    Attributes:
        kind: where the steps come from.
        item: the token or card.
        player: who decides.
        crab: the crab the steps move (the player's).
        queue: the steps left, first one next.
        crabs_left: for a step that moves several crabs, those that may still move.
    """

    kind: FrameKind
    item: int
    player: PlayerId
    crab: int
    queue: tuple[Primitive, ...]
    crabs_left: tuple[int, ...] | None = None

    def resumed(
        self, crab: int, queue: tuple[Primitive, ...], crabs_left: tuple[int, ...] | None
    ) -> Frame:
        """The same frame, with its crab and steps as they stand now."""
        return Frame(self.kind, self.item, self.player, crab, queue, crabs_left)


@attrs.frozen
class Overlay:
    """The rules changed during the game, consulted by every rule lookup.

    ``rules_of(state)`` is the config's rules with these changes made (the Adventure
    Pack's handler of the rules in play,
    :attr:`~crabrules.oh_crab.engine._expansion.Moments.rule_changes`).

    Attributes:
        event: the temporary Event's changes (gone when the next Event is revealed).
        lasting: changes until the end of the game (an Obstacle made of a standard space).
    """

    event: tuple[RuleChange, ...] = ()
    lasting: tuple[RuleChange, ...] = ()

    def changes(self) -> tuple[RuleChange, ...]:
        """Every change in effect."""
        return self.event + self.lasting


#: No rule changed.
NO_OVERLAY = Overlay()


@attrs.frozen
class Adventure:
    """The Adventure Pack's part of a :class:`~crabrules.oh_crab.State`.

    Attributes:
        surprises: Module 1, ``None`` without it.
        events: Module 2.
        challenges: Module 3.
        due: the cards to reveal or announce this turn, in the order the rules resolve
            them (a border's Challenge before its Event).
        frames: the decisions waiting, the last one first.
        overlay: the rules changed during the game.
        asymmetry: Module 4 (last, so that the other parts keep their places).
    """

    surprises: Surprises | None = None
    events: Events | None = None
    challenges: Challenges | None = None
    due: tuple[Due, ...] = ()
    frames: tuple[Frame, ...] = ()
    overlay: Overlay = NO_OVERLAY
    asymmetry: Asymmetry | None = None


# --- Modules 1 to 3: Surprises, Events, Challenges ------------------------------------------


@attrs.frozen
class SurpriseFlipped:
    """A crab arrived on a Surprise space and its owner flipped the token.

    ``kept``: a Treasure its finder keeps for later; its ``token`` and ``name`` are hidden
    from the others (:data:`~crabrules.oh_crab.HIDDEN`, ``""``). ``empty``: a Waste of "All's
    well that ends well...", with no effect.
    """

    TAG: ClassVar[str] = "surprise_flipped"
    player: PlayerId
    colour: str
    crab: int
    cell: Cell
    token: int
    name: str
    waste: bool
    kept: bool
    empty: bool = False


@attrs.frozen
class TreasureUsed:
    """A player used a Treasure they kept (Adventure Pack)."""

    TAG: ClassVar[str] = "treasure_used"
    player: PlayerId
    colour: str
    token: int
    name: str


@attrs.frozen
class CardDue:
    """A crab crossed a Beach tile's border for the first time: its card is due this turn.

    ``kind`` is ``"challenge"`` (the upper border) or ``"event"`` (the lower border); the
    active ``player`` must reveal or announce it before their turn ends.
    """

    TAG: ClassVar[str] = "card_due"
    player: PlayerId
    colour: str
    kind: str
    tile: int


@attrs.frozen
class EventRevealed:
    """An Event card was revealed (``replaced``: it needs an absent module and is replaced)."""

    TAG: ClassVar[str] = "event_revealed"
    player: PlayerId
    colour: str
    tile: int
    card: int
    name: str
    temporary: bool
    replaced: bool = False


@attrs.frozen
class EventEnded:
    """A temporary Event stopped acting: another Event was revealed."""

    TAG: ClassVar[str] = "event_ended"
    card: int
    name: str


@attrs.frozen
class ChallengeResolved:
    """A Challenge was announced: ``first`` won the first place, ``second`` a shell each."""

    TAG: ClassVar[str] = "challenge_resolved"
    player: PlayerId
    colour: str
    tile: int
    card: int
    name: str
    first: tuple[PlayerId, ...]
    first_colours: tuple[str, ...]
    second: tuple[PlayerId, ...]
    second_colours: tuple[str, ...]


@attrs.frozen
class ChallengeRevealed:
    """The Reward card moved on to the next Challenge, revealed (``card`` -1: it left)."""

    TAG: ClassVar[str] = "challenge_revealed"
    tile: int
    card: int
    name: str


@attrs.frozen
class RewardChosen:
    """A player exchanged a trophy for a reward of the Reward card."""

    TAG: ClassVar[str] = "reward_chosen"
    player: PlayerId
    colour: str
    option: int
    name: str


# --- Module 4: Asymmetry --------------------------------------------------------------------


@attrs.frozen
class SkillsChosen:
    """A player chose their Asymmetry card(s); which stays hidden until everyone has."""

    TAG: ClassVar[str] = "skills_chosen"
    player: PlayerId
    colour: str


@attrs.frozen
class SkillsRevealed:
    """Every player has chosen: the cards are shown, per crab (and sunset setups follow)."""

    TAG: ClassVar[str] = "skills_revealed"
    cards: tuple[int, ...]
    names: tuple[str, ...]


@attrs.frozen
class SkillUsed:
    """A crab's skill acted; ``pincers``: what its card has left."""

    TAG: ClassVar[str] = "skill_used"
    player: PlayerId
    colour: str
    crab: int
    card: int
    name: str
    pincers: int


@attrs.frozen
class SkillDeclined:
    """A player let a window of their crab's skill pass."""

    TAG: ClassVar[str] = "skill_declined"
    player: PlayerId
    colour: str
    crab: int
    name: str


@attrs.frozen
class PincersRegenerated:
    """A crab regained a Pincer (``pincers``: now on its card)."""

    TAG: ClassVar[str] = "pincers_regenerated"
    crab: int
    colour: str
    pincers: int


@attrs.frozen
class Spied:
    """A player consulted face-down cards (a Spy); only they see ``cards`` and ``names``.

    ``kind`` is ``"event"`` or ``"challenge"``; ``tiles`` the Beach tiles consulted.
    """

    TAG: ClassVar[str] = "spied"
    player: PlayerId
    colour: str
    kind: str
    tiles: tuple[int, ...]
    cards: tuple[int, ...]
    names: tuple[str, ...]


@attrs.frozen
class ObstacleMade:
    """A standard space became a standard Obstacle until the end of the game."""

    TAG: ClassVar[str] = "obstacle_made"
    player: PlayerId
    colour: str
    cell: Cell


PackEvent = (
    SurpriseFlipped
    | TreasureUsed
    | CardDue
    | EventRevealed
    | EventEnded
    | ChallengeResolved
    | ChallengeRevealed
    | RewardChosen
    | SkillsChosen
    | SkillsRevealed
    | SkillUsed
    | SkillDeclined
    | PincersRegenerated
    | Spied
    | ObstacleMade
)
"""Every event of the Adventure Pack, tagged by ``type`` in JSON."""


def _structure_part(data: Any, _: Any) -> Adventure:
    return converter.structure(data, Adventure)


def _unstructure_part(value: Adventure) -> Any:
    return converter.unstructure(value, Adventure)


def register_documents() -> None:
    """Read and write the pack's part where a document holds the base game's slot.

    Its JSON Schema is the :class:`Adventure`'s, as the converter reads it.
    """
    converter.register_structure_hook(ExpansionPart, _structure_part)
    converter.register_unstructure_hook(ExpansionPart, _unstructure_part)
    register_stand_in(ExpansionPart, Adventure)
