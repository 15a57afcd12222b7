"""What happened: the events :func:`~crabrules.youve_got_crabs._rules.apply_with_events` reports.

Each event is a frozen value with a stable ``TAG`` (its JSON ``"type"``), in the order
things happened, and carries the names of the cards it shows, so that
:func:`~crabrules.youve_got_crabs._words.describe_event` needs no state. Players are ids,
teams are team ids, and a token's giver or taker is a team, :data:`POT` or :data:`BOX`.

- The rounds: :class:`Swapped`, :class:`HandPutDown`, :class:`HandPickedUp`,
  :class:`Confirmed`, :class:`RoundEnded`, :class:`OfferMade`, :class:`Answered`,
  :class:`LicenseTurned`, :class:`RoundStarted`, :class:`OceanDiscarded`,
  :class:`OceanTurnedUp`, :class:`Reshuffled`.
- The calls: :class:`Signalled`, :class:`CallMade`, :class:`WindowOpened`,
  :class:`CallResolved`, :class:`DoubleCrabs`, :class:`TokenMoved`,
  :class:`NoTokenToGive`, :class:`HandDiscarded`, :class:`CardsDrawn`,
  :class:`ClawsPassed`, :class:`SuddenDeath`, :class:`GameEnded`.

Only :class:`CardsDrawn` holds a secret (the cards drawn face down): another player sees
it with every card :data:`~crabrules.youve_got_crabs._state.UNSEEN`
(:func:`~crabrules.youve_got_crabs._observe.observe_events`).

>>> from crabrules.core import from_json, to_json
>>> from crabrules.youve_got_crabs import POT
>>> event = TokenMoved(giver=POT, taker=1)
>>> from_json(to_json(event), Event) == event
True
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from crabrules.core import PlayerId
from crabrules.youve_got_crabs._actions import Source
from crabrules.youve_got_crabs._cards import Card
from crabrules.youve_got_crabs._config import Side, Team

#: Where a sudden-death point comes from when the Pot is empty (Decision 7): the box.
BOX: Source = -2


@attrs.frozen
class Swapped:
    """``player`` took Ocean card ``ocean_slot`` into hand slot ``hand_slot``, in the open.

    Attributes:
        taken: the card taken from the Ocean (now in the hand), and ``taken_name``.
        given: the hand card put in its place (now face up in the Ocean), and ``given_name``.
    """

    TAG: ClassVar[str] = "swapped"
    player: PlayerId
    hand_slot: int
    ocean_slot: int
    taken: Card
    taken_name: str
    given: Card
    given_name: str


@attrs.frozen
class HandPutDown:
    """``player`` put the hand down: no more Ocean cards, for now."""

    TAG: ClassVar[str] = "hand_put_down"
    player: PlayerId


@attrs.frozen
class HandPickedUp:
    """``player`` picked the hand up again; every confirmation was withdrawn."""

    TAG: ClassVar[str] = "hand_picked_up"
    player: PlayerId


@attrs.frozen
class Confirmed:
    """``player`` confirmed, after the last look, that they want no more swaps."""

    TAG: ClassVar[str] = "confirmed"
    player: PlayerId


@attrs.frozen
class RoundEnded:
    """The round of ``side`` ended (everyone confirmed); ``swapped``: whether anyone swapped."""

    TAG: ClassVar[str] = "round_ended"
    side: Side
    swapped: bool


@attrs.frozen
class OfferMade:
    """Nobody swapped: ``side`` (the other side) is asked whether anyone wants to swap."""

    TAG: ClassVar[str] = "offer_made"
    side: Side


@attrs.frozen
class Answered:
    """``player`` answered the offer."""

    TAG: ClassVar[str] = "answered"
    player: PlayerId
    wants_swap: bool


@attrs.frozen
class LicenseTurned:
    """The Crabbing License turned: it points at ``side`` now."""

    TAG: ClassVar[str] = "license_turned"
    side: Side


@attrs.frozen
class RoundStarted:
    """A fresh round began for ``side``: every hand up, nothing confirmed, no swap yet."""

    TAG: ClassVar[str] = "round_started"
    side: Side


@attrs.frozen
class OceanDiscarded:
    """Nobody wanted to swap: the four Ocean ``cards`` went to the Discard pile."""

    TAG: ClassVar[str] = "ocean_discarded"
    cards: tuple[Card, ...]
    names: tuple[str, ...]


@attrs.frozen
class OceanTurnedUp:
    """Four new ``cards`` were turned up from the Draw pile as the Ocean."""

    TAG: ClassVar[str] = "ocean_turned_up"
    cards: tuple[Card, ...]
    names: tuple[str, ...]


@attrs.frozen
class Reshuffled:
    """The Draw pile ran out: the Discard pile's ``cards`` cards became Draw pile ``pile``."""

    TAG: ClassVar[str] = "reshuffled"
    pile: int
    cards: int


@attrs.frozen
class Signalled:
    """``player`` made their team's signal (what it means is the team's secret)."""

    TAG: ClassVar[str] = "signalled"
    player: PlayerId


@attrs.frozen
class CallMade:
    """``caller`` pointed at ``target``: "You've got crabs!", at ``time`` on their clock."""

    TAG: ClassVar[str] = "call_made"
    caller: PlayerId
    target: PlayerId
    time: float


@attrs.frozen
class WindowOpened:
    """Play paused: ``caller``'s call on partner ``target`` waits for a counter-call."""

    TAG: ClassVar[str] = "window_opened"
    caller: PlayerId
    target: PlayerId
    time: float


@attrs.frozen
class CallResolved:
    """``caller``'s call on ``target`` was resolved.

    Attributes:
        right: whether ``target`` held four of a kind.
        double: whether it was one of the two calls of a Double Crabs claim.
        hand: the hand shown (when right), and ``names``; empty when wrong (not shown).
    """

    TAG: ClassVar[str] = "call_resolved"
    caller: PlayerId
    target: PlayerId
    right: bool
    double: bool
    hand: tuple[Card, ...]
    names: tuple[str, ...]


@attrs.frozen
class DoubleCrabs:
    """Both partners called each other within the second, both right: Double Crabs.

    ``team`` collects ``tokens`` tokens, one :class:`Collect` of ``collector``'s at a time.
    """

    TAG: ClassVar[str] = "double_crabs"
    team: Team
    collector: PlayerId
    tokens: int


@attrs.frozen
class TokenMoved:
    """One Crab token went from ``giver`` to ``taker`` (a team, :data:`POT` or :data:`BOX`)."""

    TAG: ClassVar[str] = "token_moved"
    giver: Source
    taker: Source


@attrs.frozen
class NoTokenToGive:
    """``team`` had to give or lose a token and had none: nothing moved (Decision 4)."""

    TAG: ClassVar[str] = "no_token_to_give"
    team: Team


@attrs.frozen
class HandDiscarded:
    """``player`` discarded their four ``cards`` (shown to everyone) to draw four."""

    TAG: ClassVar[str] = "hand_discarded"
    player: PlayerId
    cards: tuple[Card, ...]
    names: tuple[str, ...]


@attrs.frozen
class CardsDrawn:
    """``player`` drew ``cards`` face down, from the Draw piles ``piles``.

    Only ``player`` sees the cards: for anyone else each card is
    :data:`~crabrules.youve_got_crabs._state.UNSEEN` and its name ``"a card"``.
    """

    TAG: ClassVar[str] = "cards_drawn"
    player: PlayerId
    cards: tuple[Card, ...]
    names: tuple[str, ...]
    piles: tuple[int, ...]


@attrs.frozen
class ClawsPassed:
    """The Rubber Crab Claws went from ``before`` to ``after`` (``None``: nobody)."""

    TAG: ClassVar[str] = "claws_passed"
    before: PlayerId | None
    after: PlayerId | None


@attrs.frozen
class SuddenDeath:
    """The Pot emptied with ``teams`` tied for the most tokens: only they play on."""

    TAG: ClassVar[str] = "sudden_death"
    teams: tuple[Team, ...]


@attrs.frozen
class GameEnded:
    """``winner`` won, with the teams' ``tokens``; ``reason`` is the :class:`Termination`."""

    TAG: ClassVar[str] = "game_ended"
    winner: Team
    players: tuple[PlayerId, ...]
    tokens: tuple[int, ...]
    reason: str


#: Any event of You've Got Crabs (a tagged union: JSON ``"type"`` names the class).
Event = (
    Swapped
    | HandPutDown
    | HandPickedUp
    | Confirmed
    | RoundEnded
    | OfferMade
    | Answered
    | LicenseTurned
    | RoundStarted
    | OceanDiscarded
    | OceanTurnedUp
    | Reshuffled
    | Signalled
    | CallMade
    | WindowOpened
    | CallResolved
    | DoubleCrabs
    | TokenMoved
    | NoTokenToGive
    | HandDiscarded
    | CardsDrawn
    | ClawsPassed
    | SuddenDeath
    | GameEnded
)

#: Where events are collected while an action is applied; ``None``: nobody is listening.
Log = list[Event] | None
