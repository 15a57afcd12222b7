"""The moment an action is refused in, and the words every family's refusal shares.

A refusal names the field that is wrong (``dest: ...``, as a config error does) and says
what the rule asks for, naming crabs by colour, cards by name and spaces by the labels
``render`` prints. :class:`Moment` says who acts, with which crab, and which step is being
resolved.
"""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.oh_crab.content.board import SEA, Cell
from crabrules.oh_crab.content.primitives import MOVES, Primitive
from crabrules.oh_crab.engine.market import market_takes
from crabrules.oh_crab.engine.tables import rules_of
from crabrules.oh_crab.model.actions import DRAW_PILE, NO_PILE, IllegalReason, Side
from crabrules.oh_crab.model.names import BASIC_TITLES, pile_label
from crabrules.oh_crab.model.state import State

__all__ = [
    "Moment",
    "count_cards",
    "crab_refusal",
    "in_hand",
    "side_refusal",
    "step_name",
    "take_refusal",
    "why_nothing",
]

R = IllegalReason
P = Primitive


class Moment:
    """Who acts with which crab, and the step being resolved (``None``: none).

    >>> from crabrules.oh_crab import Config, initial_state
    >>> Moment(initial_state(Config(players=3), seed=7), 0).who
    'red'
    """

    def __init__(self, state: State, player: int) -> None:
        self.state = state
        self.rules = rules_of(state)
        self.player = player
        self.who = self.rules.names[player]
        turn, adventure = state.turn, state.adventure
        self.crab = self.rules.crabs_of[player][0]
        self.step: Primitive | None = None
        self.head_down = False
        #: The decision that comes first, on top of the turn's own (``None``: none).
        self.frame = adventure.frames[-1] if adventure is not None and adventure.frames else None
        frame = self.frame
        if frame is not None:
            self.crab, self.step = frame.crab, frame.queue[0]
            self.head_down = turn is not None and turn.head_down and turn.crab == frame.crab
        elif turn is not None and turn.crab >= 0:
            self.crab = turn.crab
            self.step = turn.queue[0] if turn.queue else None
            self.head_down = turn.head_down

    def crab_name(self, crab: int) -> str:
        """The crab's colour (``crab N`` for a number that is no crab)."""
        colours = self.rules.colours
        return colours[crab] if 0 <= crab < len(colours) else f"crab {crab}"

    def card_name(self, card: int) -> str:
        """The card's name (``card N`` for a number that is no card)."""
        names = self.rules.card_names
        return names[card] if 0 <= card < len(names) else f"card {card}"

    def here(self) -> Cell:
        """The cell of the crab that acts."""
        return self.state.crabs[self.crab]


#: The steps a player decides, named as the rulebook names the action (or its effect).
_STEP_NAMES = {
    **BASIC_TITLES,
    P.DISCARD_CARD: "Discard a card",
    P.MOVE_CRABS_IN_FRONT_TOWARD_LAND: "Seagull!",
    P.JUMP_SAME_DISTANCE: "Little Sidestep!",
    P.MOVE_CRABS_BEHIND_TOWARD_SEA: "Call of the Sea!",
    P.USE_TRACE_MAIN_ACTION: "the main action of a card in the Trace",
    P.JUMP_TWO_STRAIGHT: "the jump two spaces toward the sea",
    P.SWAP_WITH_ADJACENT: "In My Place!",
    P.ADD_CARD_TO_TRACE: "Add an extra card to the Trace",
    P.CARD_EXCHANGE: "the Card Exchange",
    P.TAKE_MARKET_CARD: "Take a Market card",
    P.TAKE_TRACE_CARD: "Take a card from the Trace",
    P.MOVE_TOWARD_LAND: "the move toward the land",
    P.CHOOSE_REWARD: "the Reward card",
    P.TURN_INTO_OBSTACLE: "Turn a standard space into an Obstacle",
    P.SKILL_WINDOW: "the Asymmetry card's skill",
}


def step_name(step: Primitive | None) -> str:
    """The step as the rulebook names it.

    >>> step_name(Primitive.SWAP_WITH_ADJACENT), step_name(None)
    ('In My Place!', 'nothing')
    """
    if step is None:
        return "nothing"
    return _STEP_NAMES.get(step, step.value.replace("_", " "))


def in_hand(m: Moment, field: str, card: int) -> tuple[str, IllegalReason]:
    """``field`` names ``card``, which is not in the Hand of the player who acts."""
    if not 0 <= card < len(m.rules.cards):
        return f"{field}: {card} is no card of the game", R.NO_SUCH_CARD
    return f"{field}: {m.card_name(card)} is not in {m.who}'s Hand", R.NO_SUCH_CARD


def count_cards(count: int) -> str:
    """``1 card``, ``2 cards``.

    >>> count_cards(1), count_cards(2)
    ('1 card', '2 cards')
    """
    return f"{count} card" if count == 1 else f"{count} cards"


def side_refusal(m: Moment, side: Side) -> tuple[str, IllegalReason]:
    """``side`` refused: only an empty Trace refuses one (its first card goes left)."""
    # Both sides are open once the Trace has a card: only an empty Trace refuses one.
    assert not m.state.traces[m.player]
    assert side is Side.RIGHT
    return (
        f"side: {m.who}'s Trace is empty, its first card goes on its own (left)",
        R.WRONG_SIDE,
    )


def take_refusal(m: Moment, take: int) -> tuple[str, IllegalReason]:
    """``take`` names no pile the Market offers now (the same test as its options)."""
    state = m.state
    takes = market_takes(state.market, state.draw)
    if not takes:
        return "take: the Market is exhausted, no card is taken (none)", R.NO_SUCH_PILE
    if take == NO_PILE:
        return "take: the Market is not exhausted, take a face-up card or the draw", R.NO_SUCH_PILE
    if take == DRAW_PILE:
        return "take: the draw pile is empty", R.NO_SUCH_PILE
    if 0 <= take < DRAW_PILE:
        return f"take: Market pile {pile_label(take)} is empty", R.NO_SUCH_PILE
    return f"take: {take} is no Market pile (0-2 face up, 3 the draw pile)", R.NO_SUCH_PILE


def crab_refusal(m: Moment, crab: int, offered: list[int]) -> tuple[str, IllegalReason]:
    """A crab to activate, or whose skill to use: the player's, among those offered."""
    mine = m.rules.crabs_of[m.player]
    names = " or ".join(m.crab_name(c) for c in offered) or "none"
    if crab not in mine:
        theirs = " and ".join(m.crab_name(c) for c in mine)
        return (
            f"crab: {m.crab_name(crab)} is not one of {m.who}'s crabs ({theirs}); "
            f"{m.who} may name {names} now",
            R.WRONG_CRAB,
        )
    return f"crab: {m.who} may name {names} now, not {m.crab_name(crab)}", R.WRONG_CRAB


#: The steps that move the active crab itself (which a knocked-over crab cannot do).
_MOVES_ITSELF = frozenset(
    {
        *MOVES,
        P.JUMP_SAME_DISTANCE,
        P.JUMP_TWO_STRAIGHT,
        P.SWAP_WITH_ADJACENT,
        P.MOVE_TOWARD_LAND,
        P.MOVE_CRABS_BEHIND_TOWARD_SEA,
        P.USE_TRACE_MAIN_ACTION,
    }
)


def why_nothing(m: Moment, steps: Sequence[Primitive] | None = None) -> str:
    """Why nothing would happen, if the crab's place says it (``steps``: the effect, if known)."""
    cell = m.here()
    name = m.crab_name(m.crab)
    if cell == SEA:
        return f" ({name} is in the sea)"
    # Knocked over, "you can still use actions, but none ... will be able to move your crab".
    moves_itself = steps is None or not _MOVES_ITSELF.isdisjoint(steps)
    if m.state.knocked[m.crab] and moves_itself:
        return f" ({name} is knocked over)"
    return ""
