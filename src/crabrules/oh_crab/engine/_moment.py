"""The moment an action is refused in, and the words refusals share.

:class:`Moment` holds what a refusal reads; here too is why a board action (a Move, Shift,
Shortcut or the turn's end) is refused. The families (``_turn``, ``_table``) and the
pack's kinds refuse through it, with the checks their options are made by.

>>> from crabrules.oh_crab import Config, Move, apply, initial_state
>>> from tests.oh_crab.helpers import at, make
"""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.oh_crab.content._components import NOWHERE, SEA, Cell, crosses_reeds, shape
from crabrules.oh_crab.content._primitives import MOVES, Primitive
from crabrules.oh_crab.engine._effects import FREE_ONLY, REEDS_BAR, eligible_crabs
from crabrules.oh_crab.engine._movement import chains_onto, costs_a_card, occupants
from crabrules.oh_crab.engine._tables import rules_of
from crabrules.oh_crab.engine._turns import carried_to, market_takes
from crabrules.oh_crab.model._actions import (
    BASIC_TITLES,
    DRAW_PILE,
    NO_PILE,
    EndTurn,
    IllegalReason,
    Move,
    Shift,
    Shortcut,
    Side,
    cell_label,
    pile_label,
)
from crabrules.oh_crab.model._state import NO_CARD, State

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


#: What each step that moves a crab does, as the rulebook says it.
_MOVE_WORDS = {
    P.MOVE_FORWARD: "Move forward goes one space forward, toward the sea",
    P.MOVE_DIAGONAL: "Move diagonally goes one space diagonally, toward the sea",
    P.MOVE_TOWARD_SEA: "Move toward the sea goes one space forward or diagonally",
    P.JUMP_SAME_DISTANCE: "Little Sidestep! jumps to a free space as far from the sea",
    P.JUMP_TWO_STRAIGHT: "the jump goes two spaces in a straight line toward the sea",
    P.SWAP_WITH_ADJACENT: "In My Place! swaps places with an adjacent crab",
    P.MOVE_TOWARD_LAND: "the move goes one space toward the land, onto a free space",
    P.MOVE_CRABS_IN_FRONT_TOWARD_LAND: "Seagull! moves a crab one space toward the land",
    P.MOVE_CRABS_BEHIND_TOWARD_SEA: "Call of the Sea! moves a crab one space toward the sea",
}


def move_refusal(m: Moment, action: Move, same: list[Move]) -> tuple[str, IllegalReason]:
    """The first of ``dest``, ``discard`` and ``pushes`` no offered Move shares, and why."""
    step = m.step
    assert step is not None
    if action.dest not in {a.dest for a in same}:
        return _dest(m, m.crab, action.dest, step, [a.dest for a in same])
    here = [a for a in same if a.dest == action.dest]
    if action.discard not in {a.discard for a in here}:
        return _discard(m, action.dest, action.discard, {a.discard for a in here})
    chains = [a.pushes for a in here if a.discard == action.discard]
    return _pushes(m, action.dest, action.pushes, chains)


def shift_refusal(m: Moment, action: Shift, same: list[Shift]) -> tuple[str, IllegalReason]:
    """The first of ``crab``, ``dest`` and ``discard`` no offered Shift shares, and why."""
    step = m.step
    assert step is not None
    crab = action.crab
    movable = sorted({a.crab for a in same})
    if crab not in movable:
        names = " or ".join(m.crab_name(c) for c in movable)
        why = _not_movable(m, crab, step)
        return f"crab: {_MOVE_WORDS[step]}: {why}; it may move {names}", R.WRONG_CRAB
    mine = [a for a in same if a.crab == crab]
    if action.dest not in {a.dest for a in mine}:
        return _dest(m, crab, action.dest, step, [a.dest for a in mine])
    discards = {a.discard for a in mine if a.dest == action.dest}
    return _discard(m, action.dest, action.discard, discards)


def _not_movable(m: Moment, crab: int, step: Primitive) -> str:
    """Why Seagull! or Call of the Sea! may not move ``crab`` now."""
    state, name = m.state, m.crab_name(crab)
    if crab == m.crab and step is P.MOVE_CRABS_IN_FRONT_TOWARD_LAND:
        return f"{name} is the active crab, it moves the crabs in front of it"
    if not 0 <= crab < len(state.crabs):
        return f"{name} is no crab of the game"
    if crab in _crabs_left(m):
        return f"{name} has no free space to go to"
    if state.crabs[crab] == SEA:
        return f"{name} is in the sea, no action targets it"
    if crab == m.crab and state.knocked[crab]:
        return f"{name} is knocked over, it does not move on its own"
    if crab == m.crab:
        return f"{name} moved already"
    where = "in front of" if step is P.MOVE_CRABS_IN_FRONT_TOWARD_LAND else "behind"
    return f"{name} was not {where} {m.crab_name(m.crab)} as it began, or moved already"


def _crabs_left(m: Moment) -> Sequence[int]:
    """The crabs the step may still move (as it begins, those it is to move)."""
    turn = m.state.turn
    if m.frame is not None:
        left = m.frame.crabs_left
    else:
        left = turn.crabs_left if turn is not None else None
    if left is None and m.step is not None:
        return eligible_crabs(m.rules, m.state, m.crab, m.step)
    return left or ()


def _dest(
    m: Moment, crab: int, dest: Cell, step: Primitive, offered: list[Cell]
) -> tuple[str, IllegalReason]:
    """Why ``crab`` cannot go to ``dest`` with ``step``: the step's shape, then the space.

    Each test is the generator's own rule (see the module's docs), asked of this one space.
    """
    rules, state = m.rules, m.state
    layout = rules.layout
    name, label = m.crab_name(crab), cell_label(dest)
    options = " or ".join(dict.fromkeys(cell_label(c) for c in offered)) or "nowhere"
    off_shape = _off_shape(m, crab, dest, step, options)
    if off_shape is not None:
        return off_shape
    here = state.crabs[crab]
    occupied = occupants(state)
    other = occupied.get(dest)
    if dest != SEA and not layout.spaces[dest].accessible:
        return f"dest: {label} is an inaccessible space, no crab may enter it", R.BAD_DESTINATION
    head_down = m.head_down and crab == m.crab
    if step in REEDS_BAR and crosses_reeds(layout.spaces, here, dest) and not head_down:
        return (
            f"dest: the Reeds on {label}'s land edge bar the way toward the sea",
            R.BAD_DESTINATION,
        )
    if step is P.SWAP_WITH_ADJACENT and other is None:
        return f"dest: In My Place! swaps places with a crab, and {label} is free", (
            R.BAD_DESTINATION
        )
    if other is not None and other != crab and step in FREE_ONLY:
        return f"dest: {label} is taken by {m.crab_name(other)}, the space must be free", (
            R.BAD_DESTINATION
        )
    # Another player's crab is pushed on (In My Place! swaps with it instead).
    occupied.pop(here, None)  # the crab that goes is not in its own way
    swap = step is P.SWAP_WITH_ADJACENT
    if other is not None and not swap and not chains_onto(rules, occupied, crab, dest):
        return (
            f"dest: {m.crab_name(other)} on {label} cannot be pushed one space toward the sea",
            R.BAD_DESTINATION,
        )
    if costs_a_card(rules, dest, head_down=head_down) and not state.hands[rules.owners[crab]]:
        return (
            f"dest: {label} is a standard Obstacle and {m.who} has no card to discard",
            R.BAD_DESTINATION,
        )
    return f"dest: {name} cannot go to {label} now; it may go to {options}", R.BAD_DESTINATION


def _off_shape(
    m: Moment, crab: int, dest: Cell, step: Primitive, options: str
) -> tuple[str, IllegalReason] | None:
    """``dest`` is no cell, or not where ``step`` goes from ``crab``'s cell (else ``None``)."""
    layout = m.rules.layout
    if dest != SEA and not 0 <= dest < layout.cells:
        return f"dest: {dest} is no space of the board (nor the sea, -1)", R.BAD_DESTINATION
    here = m.state.crabs[crab]
    if dest not in shape(layout.rows, here, step):
        words = _MOVE_WORDS.get(step, f"{step_name(step)} moves a crab")
        name, label = m.crab_name(crab), cell_label(dest)
        return (
            f"dest: {words}: from {cell_label(here)}, {name} may go to {options}, not {label}",
            R.BAD_DESTINATION,
        )
    return None


def _discard(m: Moment, dest: Cell, discard: int, due: set[int]) -> tuple[str, IllegalReason]:
    label = cell_label(dest)
    if NO_CARD in due:
        return (
            f"discard: entering {label} costs no card (no standard Obstacle, or Head Down!)",
            R.WRONG_DISCARD,
        )
    if discard == NO_CARD:
        return (
            f"discard: {label} is a standard Obstacle, name the card {m.who} discards",
            R.WRONG_DISCARD,
        )
    return in_hand(m, "discard", discard)


def _pushes(
    m: Moment, dest: Cell, pushes: tuple[Cell, ...], chains: list[tuple[Cell, ...]]
) -> tuple[str, IllegalReason]:
    """Where the chain of pushes ``pushes`` leaves the rules: the first wrong or missing push."""
    state, _rules = m.state, m.rules
    occupied = occupants(state)
    del occupied[m.here()]
    label = cell_label(dest)
    if chains == [()]:
        mate = occupied.get(dest)
        if m.step is P.SWAP_WITH_ADJACENT:
            return "pushes: In My Place! swaps places, nobody is pushed", R.BAD_PUSH
        if mate is not None:
            return (
                f"pushes: {m.crab_name(mate)} on {label} swaps places with its teammate, "
                "nobody is pushed",
                R.BAD_PUSH,
            )
        return f"pushes: {label} is free, nobody is pushed", R.BAD_PUSH
    at = dest
    for k in range(len(pushes) + 1):
        nexts = list(dict.fromkeys(c[k] for c in chains if c[:k] == pushes[:k] and len(c) > k))
        pushed = occupied.get(at)
        if k == len(pushes):
            # The chain named stops short: someone is still to be pushed.
            options = " or ".join(cell_label(c) for c in nexts)
            how = "is pushed" if k == 0 else "is pushed in turn"
            return (
                f"pushes: {_pushed(m, pushed)} on {cell_label(at)} {how} one space toward "
                f"the sea: to {options}",
                R.BAD_PUSH,
            )
        target = pushes[k]
        if not nexts:
            return f"pushes: the chain ends at {cell_label(at)}, nobody else is pushed", (
                R.BAD_PUSH
            )
        if target not in nexts:
            options = " or ".join(cell_label(c) for c in nexts)
            return (
                f"pushes: {_pushed(m, pushed)}, pushed from {cell_label(at)}, goes one space "
                f"toward the sea: to {options}, not {cell_label(target)}",
                R.BAD_PUSH,
            )
        at = target
    raise AssertionError(f"{pushes} is one of the chains {chains}")  # pragma: no cover


def _pushed(m: Moment, crab: int | None) -> str:
    return "the crab" if crab is None else m.crab_name(crab)


def shortcut_refusal(
    m: Moment, action: Shortcut, same: list[Shortcut]
) -> tuple[str, IllegalReason]:
    """The cards the Shortcut takes, then the chain of pushes at its end."""
    rules, state = m.rules, m.state
    arrow = rules.layout.shortcut[m.here()]
    assert arrow is not None
    target, icon, count = arrow
    title = BASIC_TITLES[icon]
    cards = action.cards
    hand = state.hands[m.player]
    if action.cards not in {a.cards for a in same}:
        missing = [c for c in cards if c not in hand]
        if missing:
            return in_hand(m, "cards", missing[0])
        if len(cards) != count or any(rules.cards[c].main is not icon for c in cards):
            return (
                f"cards: this Shortcut takes {count_cards(count)} whose main action is {title}",
                R.CANNOT_PAY,
            )
        return "cards: each card once, in increasing order", R.UNSORTED
    chains = [a.pushes for a in same if a.cards == cards]
    return _pushes(m, target, action.pushes, chains)


def end_turn_refusal(m: Moment, action: EndTurn, same: list[EndTurn]) -> tuple[str, IllegalReason]:
    """The Water Current at the turn's end: whether it carries the crab, what it costs."""
    state, rules = m.state, m.rules
    target = carried_to(rules.layout, state.crabs, m.crab, head_down=m.head_down)
    name = m.crab_name(m.crab)
    if action.ignore_current and m.head_down and target != NOWHERE:
        return f"discard: staying on the Water Current, {m.who} discards nothing", (
            R.WRONG_DISCARD
        )
    if action.ignore_current:
        if target == NOWHERE:
            return f"ignore_current: no Water Current carries {name} now", (
                R.CANNOT_IGNORE_CURRENT
            )
        return f"ignore_current: only Head Down! lets {name} stay on the Water Current", (
            R.CANNOT_IGNORE_CURRENT
        )
    due = {a.discard for a in same if not a.ignore_current}
    if target == NOWHERE:
        return f"discard: no Water Current carries {name} now, nothing is discarded", (
            R.WRONG_DISCARD
        )
    return _discard(m, target, action.discard, due)
