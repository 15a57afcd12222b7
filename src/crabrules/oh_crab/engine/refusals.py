"""Why an action is refused, in the game's words: which field is wrong, which rule refuses it.

:func:`~crabrules.oh_crab.rules.check_legal` calls :func:`refusal` once it knows that the
action's player may act and that the action is not among the legal ones. The message
begins with the field (``dest: ...``, as a config error does) and says what the rule
asks for, naming crabs by colour, cards by name and spaces by the labels ``render``
prints; the :class:`~crabrules.oh_crab.model.actions.IllegalReason` says which kind of rule it
is. An action of a kind the moment does not offer is refused as ``wrong_phase``, saying
what the moment waits for.

The fields are looked at in their order in the action: the first one no legal action of
that kind shares (with the fields before it) is the one named. This is the error path:
nothing here runs while legal actions are applied.

>>> from crabrules.oh_crab import Config, Move, Plan, Use, apply, initial_state
>>> state = initial_state(Config(players=3), seed=7)
>>> apply(state, Plan(0, 9))
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: card: blue-2 (Move forward) is not in red's Hand
"""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.core.errors import IllegalActionError
from crabrules.oh_crab.content.adventure import TokenKind
from crabrules.oh_crab.content.board import NOWHERE, SEA, Cell, Layout
from crabrules.oh_crab.content.components import COLUMNS, SpaceType
from crabrules.oh_crab.engine.effects import eligible_crabs
from crabrules.oh_crab.engine.market import market_takes
from crabrules.oh_crab.engine.movement import occupants, push_chains
from crabrules.oh_crab.engine.turns import carried_to
from crabrules.oh_crab.engine.work import rules_of
from crabrules.oh_crab.model.actions import (
    DRAW_PILE,
    NO_PILE,
    Action,
    Activate,
    AddCard,
    Choose,
    Discard,
    Dope,
    EndTurn,
    Exchange,
    ExchangeAndEnd,
    IllegalReason,
    MakeObstacle,
    Move,
    PickTrace,
    Place,
    Plan,
    Rest,
    Reveal,
    Shift,
    Shortcut,
    Side,
    Skill,
    TakeMarket,
    Use,
    UseTreasure,
)
from crabrules.oh_crab.model.names import BASIC_TITLES, cell_label, grant_words, pile_label, shells
from crabrules.oh_crab.model.primitives import MOVES, Primitive
from crabrules.oh_crab.model.state import NO_CARD, Phase, Source, Stage, State

__all__ = ["refusal"]

R = IllegalReason
P = Primitive

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
#: The steps whose destination must be free (no push).
_FREE_ONLY = frozenset(
    {
        P.JUMP_SAME_DISTANCE,
        P.MOVE_TOWARD_LAND,
        P.MOVE_CRABS_IN_FRONT_TOWARD_LAND,
        P.MOVE_CRABS_BEHIND_TOWARD_SEA,
    }
)
#: The steps that go toward the sea (Reeds bar them, and pushed crabs go on that way).
_SEAWARD = frozenset({*MOVES, P.JUMP_TWO_STRAIGHT, P.MOVE_CRABS_BEHIND_TOWARD_SEA})


class _Moment:
    """Who acts with which crab, and the step being resolved (``None``: none)."""

    def __init__(self, state: State, player: int) -> None:
        self.state = state
        self.rules = rules_of(state)
        self.player = player
        self.who = self.rules.names[player]
        turn, adventure = state.turn, state.adventure
        self.crab = self.rules.crabs_of[player][0]
        self.step: Primitive | None = None
        self.head_down = False
        if adventure is not None and adventure.frames:
            frame = adventure.frames[-1]
            self.crab, self.step = frame.crab, frame.queue[0]
            self.head_down = turn is not None and turn.head_down and turn.crab == frame.crab
        elif turn is not None and turn.crab >= 0:
            self.crab = turn.crab
            self.step = turn.queue[0] if turn.queue else None
            self.head_down = turn.head_down

    def crab_name(self, crab: int) -> str:
        colours = self.rules.colours
        return colours[crab] if 0 <= crab < len(colours) else f"crab {crab}"

    def card_name(self, card: int) -> str:
        names = self.rules.card_names
        return names[card] if 0 <= card < len(names) else f"card {card}"

    def here(self) -> Cell:
        return self.state.crabs[self.crab]


def refusal(state: State, action: Action, legal: Sequence[Action]) -> IllegalActionError:
    """The error for ``action``, of an active player, which is not in ``legal`` (their actions).

    >>> from crabrules.oh_crab import Config, initial_state, legal_actions, Plan
    >>> state = initial_state(Config(players=3), seed=7)
    >>> refusal(state, Plan(0, 99), legal_actions(state, 0)).reason.value
    'no_such_card'
    """
    moment = _Moment(state, action.player)
    same = [a for a in legal if type(a) is type(action)]
    turn, adventure = state.turn, state.adventure
    if (
        isinstance(action, Use)
        and turn is not None
        and turn.stage is Stage.ACT
        and not turn.queue
        and not (adventure is not None and adventure.frames)
    ):
        message, reason = _use(moment, action)
    elif not same:
        message, reason = _wrong_phase(moment, action)
    elif adventure is not None and (error := _expansion_refusal(moment, action)) is not None:
        return error
    else:
        message, reason = _field(moment, action, same)
    return IllegalActionError(message, action=action, reason=reason)


def _expansion_refusal(m: _Moment, action: Action) -> IllegalActionError | None:
    """With modules: the expansion's words for its own moment's actions (its setup choice)."""
    expansion = m.rules.expansion
    assert expansion is not None
    return expansion.choice_refusal(m.rules, m.state, action)


def _expansion_waits_for(m: _Moment) -> str | None:
    """With modules: what the expansion's moment waits for (its setup choice), if it holds one."""
    expansion = m.rules.expansion
    assert expansion is not None
    return expansion.waits_for(m.state)


def _wrong_phase(m: _Moment, action: Action) -> tuple[str, IllegalReason]:
    """What the moment waits for, when it offers no action of this kind."""
    name = type(action).__name__
    # "a Use", "a UseTreasure": the U of Use sounds like "you".
    kind = f"{'an' if name[0] in 'AEIO' else 'a'} {name} is not possible now"
    state, turn = m.state, m.state.turn
    adventure = state.adventure
    if adventure is not None and (waiting := _expansion_waits_for(m)) is not None:
        return f"{kind}: {waiting}", R.WRONG_PHASE
    if state.phase is Phase.PLANNING:
        return f"{kind}: it is the Planning phase, {m.who} plans a card", R.WRONG_PHASE
    if state.phase is Phase.PLACING:
        return f"{kind}: the crabs are being placed on their Start spaces", R.WRONG_PHASE
    if adventure is not None and adventure.frames:
        return f"{kind}: {m.who} first decides what {_step_name(m.step)} asks", R.WRONG_PHASE
    assert turn is not None
    if turn.stage is Stage.ACTIVATE:
        return f"{kind}: {m.who} first activates a crab with token 1", R.WRONG_PHASE
    if turn.stage is Stage.START:
        return f"{kind}: {m.who} first adds their card to the Trace, or rests", R.WRONG_PHASE
    if turn.stage is Stage.ENDING:
        return f"{kind}: the turn has ended, {m.who} reveals what is due", R.WRONG_PHASE
    crab = m.crab_name(m.crab)
    knocked = state.crabs[m.crab] >= 0 and state.knocked[m.crab]
    if knocked and m.step in MOVES:
        step = _step_name(m.step)
        return f"{kind}: {crab} is knocked over, {step} only stands it up", R.WRONG_PHASE
    if turn.queue:
        step = _step_name(m.step)
        return f"{kind}: {m.who} is resolving {step} and finishes it first", R.WRONG_PHASE
    return _closed_now(m, action, kind, knocked)


def _closed_now(m: _Moment, action: Action, kind: str, knocked: bool) -> tuple[str, IllegalReason]:
    """Between the turn's actions: why this board action, reveal or end is not offered."""
    state, rules = m.state, m.rules
    adventure = state.adventure
    crab, cell = m.crab_name(m.crab), m.here()
    due = adventure is not None and bool(adventure.due)
    if isinstance(action, EndTurn | ExchangeAndEnd) and due:
        return f"{kind}: the turn cannot end before {m.who} reveals what is due", R.WRONG_PHASE
    if isinstance(action, Reveal):
        return f"{kind}: no Event or Challenge is due this turn", R.WRONG_PHASE
    if knocked and not isinstance(action, ExchangeAndEnd):
        # Knocked over, a crab does not move; a Card Exchange is no move.
        return f"{kind}: {crab} is knocked over", R.WRONG_PHASE
    if isinstance(action, Shortcut):
        arrow = rules.layout.shortcut[cell] if cell >= 0 else None
        if arrow is None:
            return f"{kind}: {crab} is on no Shortcut space", R.WRONG_PHASE
        _, icon, count = arrow
        title = BASIC_TITLES[icon]
        if sum(rules.cards[c].main is icon for c in state.hands[m.player]) < count:
            return f"{kind}: the Shortcut takes {_cards(count)} whose main action is {title}", (
                R.CANNOT_PAY
            )
        return f"{kind}: the crab at the Shortcut's end cannot be pushed", R.BAD_DESTINATION
    if isinstance(action, ExchangeAndEnd):
        if cell < 0 or not rules.exchange[cell]:
            return f"{kind}: {crab} is on no Card Exchange space", R.WRONG_PHASE
        if not state.hands[m.player]:
            return f"{kind}: {m.who} has no card in Hand to exchange", R.CANNOT_PAY
        return f"{kind}: the Market is exhausted, Card Exchange no longer works", R.NO_SUCH_PILE
    return f"{kind}: {m.who} first begins one of the turn's actions (Use)", R.WRONG_PHASE


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


def _step_name(step: Primitive | None) -> str:
    if step is None:
        return "nothing"
    return _STEP_NAMES.get(step, step.value.replace("_", " "))


def _field(m: _Moment, action: Action, same: list[Action]) -> tuple[str, IllegalReason]:
    """The first field of ``action`` that no legal action of its kind shares."""
    if isinstance(action, Place):
        return _place(m, action, same)
    if isinstance(action, Activate | Skill):
        offered = [a.crab for a in same if isinstance(a, Activate | Skill)]
        return _crab_field(m, action.crab, offered)
    if isinstance(action, Plan | Discard):
        return _in_hand(m, "card", action.card)
    if isinstance(action, AddCard):
        return _side(m, action.side)
    if isinstance(action, Rest):
        return _rest(m, action)
    if isinstance(action, PickTrace):
        return _pick_trace(m, action)
    if isinstance(action, Dope):
        if action.card not in m.state.hands[m.player]:
            return _in_hand(m, "card", action.card)
        return _side(m, action.side)
    if isinstance(action, Exchange | ExchangeAndEnd):
        if action.card not in m.state.hands[m.player]:
            return _in_hand(m, "card", action.card)
        return _take(m, action.take)
    if isinstance(action, TakeMarket):
        return _take(m, action.take)
    if isinstance(action, Move):
        return _move(m, action, [a for a in same if isinstance(a, Move)])
    if isinstance(action, Shift):
        return _shift(m, action, [a for a in same if isinstance(a, Shift)])
    if isinstance(action, Shortcut):
        return _shortcut(m, action, [a for a in same if isinstance(a, Shortcut)])
    if isinstance(action, EndTurn):
        return _end_turn(m, action, [a for a in same if isinstance(a, EndTurn)])
    if isinstance(action, UseTreasure):
        return _treasure(m, action)
    if isinstance(action, Choose):
        count = sum(isinstance(a, Choose) for a in same)
        return f"option: the Reward card offers rewards 0 to {count - 1}", R.NO_SUCH_OPTION
    if isinstance(action, MakeObstacle):
        return _make_obstacle(m, action.cell)
    # A field-less action (StandUp, Finish, Reveal, Decline) of a player who may act.
    return f"{type(action).__name__} is not legal now", R.NOT_LEGAL


# --- Cards, sides, piles --------------------------------------------------------------------


def _in_hand(m: _Moment, field: str, card: int) -> tuple[str, IllegalReason]:
    if not 0 <= card < len(m.rules.cards):
        return f"{field}: {card} is no card of the game", R.NO_SUCH_CARD
    return f"{field}: {m.card_name(card)} is not in {m.who}'s Hand", R.NO_SUCH_CARD


def _side(m: _Moment, side: Side) -> tuple[str, IllegalReason]:
    # Both sides are open once the Trace has a card: only an empty Trace refuses one.
    assert not m.state.traces[m.player]
    assert side is Side.RIGHT
    return (
        f"side: {m.who}'s Trace is empty, its first card goes on its own (left)",
        R.WRONG_SIDE,
    )


def _take(m: _Moment, take: int) -> tuple[str, IllegalReason]:
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


def _rest(m: _Moment, action: Rest) -> tuple[str, IllegalReason]:
    trace = m.state.traces[m.player]
    keep = action.keep
    if not trace and keep != NO_CARD:
        return f"keep: {m.who}'s Trace is empty, a Rest keeps nothing (-1)", R.NO_SUCH_CARD
    if trace and keep == NO_CARD:
        return f"keep: a Rest keeps one card of {m.who}'s Trace", R.NO_SUCH_CARD
    if trace and keep not in trace:
        return f"keep: {m.card_name(keep)} is not in {m.who}'s Trace", R.NO_SUCH_CARD
    return _take(m, action.take)


def _pick_trace(m: _Moment, action: PickTrace) -> tuple[str, IllegalReason]:
    card = action.card
    if card not in m.state.traces[m.player]:
        return f"card: {m.card_name(card)} is not in {m.who}'s Trace", R.NO_SUCH_CARD
    main = BASIC_TITLES[m.rules.cards[card].main]
    return f"card: the main action of {m.card_name(card)}, {main}, would do nothing now", (
        R.NO_EFFECT
    )


# --- Crabs ----------------------------------------------------------------------------------


def _crab_field(m: _Moment, crab: int, offered: list[int]) -> tuple[str, IllegalReason]:
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


def _place(m: _Moment, action: Place, same: list[Action]) -> tuple[str, IllegalReason]:
    state = m.state
    crabs = [a.crab for a in same if isinstance(a, Place)]
    if action.crab not in crabs:
        if action.crab in m.rules.crabs_of[m.player]:
            return f"crab: {m.crab_name(action.crab)} is on the board already", R.WRONG_CRAB
        return _crab_field(m, action.crab, sorted(set(crabs)))
    space = action.space
    if all(cell == NOWHERE for cell in state.crabs):
        return f"space: the first crab goes on Start space 1, not {space}", R.BAD_DESTINATION
    if space not in (2, 3, 4):
        return f"space: the other crabs go on Start spaces 2, 3 and 4, not {space}", (
            R.BAD_DESTINATION
        )
    taken = state.crabs.index(m.rules.layout.starts[space - 1])
    return f"space: Start space {space} is taken by {m.crab_name(taken)}", R.BAD_DESTINATION


# --- Moves ----------------------------------------------------------------------------------


def _move(m: _Moment, action: Move, same: list[Move]) -> tuple[str, IllegalReason]:
    step = m.step
    assert step is not None
    if action.dest not in {a.dest for a in same}:
        return _dest(m, m.crab, action.dest, step, [a.dest for a in same])
    here = [a for a in same if a.dest == action.dest]
    if action.discard not in {a.discard for a in here}:
        return _discard(m, action.dest, action.discard, {a.discard for a in here})
    chains = [a.pushes for a in here if a.discard == action.discard]
    return _pushes(m, action.dest, action.pushes, chains)


def _shift(m: _Moment, action: Shift, same: list[Shift]) -> tuple[str, IllegalReason]:
    step = m.step
    assert step is not None
    state, crab = m.state, action.crab
    movable = sorted({a.crab for a in same})
    if crab not in movable:
        names = " or ".join(m.crab_name(c) for c in movable)
        left = _crabs_left(m)
        if crab == m.crab and step is P.MOVE_CRABS_IN_FRONT_TOWARD_LAND:
            why = f"{m.crab_name(crab)} is the active crab, it moves the crabs in front of it"
        elif not 0 <= crab < len(state.crabs):
            why = f"{m.crab_name(crab)} is no crab of the game"
        elif crab in left:
            why = f"{m.crab_name(crab)} has no free space to go to"
        elif state.crabs[crab] == SEA:
            why = f"{m.crab_name(crab)} is in the sea, no action targets it"
        elif crab == m.crab and state.knocked[crab]:
            why = f"{m.crab_name(crab)} is knocked over, it does not move on its own"
        elif crab == m.crab:
            why = f"{m.crab_name(crab)} moved already"
        else:
            where = "in front of" if step is P.MOVE_CRABS_IN_FRONT_TOWARD_LAND else "behind"
            active = m.crab_name(m.crab)
            why = f"{m.crab_name(crab)} was not {where} {active} as it began, or moved already"
        return f"crab: {_MOVE_WORDS[step]}: {why}; it may move {names}", R.WRONG_CRAB
    mine = [a for a in same if a.crab == crab]
    if action.dest not in {a.dest for a in mine}:
        return _dest(m, crab, action.dest, step, [a.dest for a in mine])
    discards = {a.discard for a in mine if a.dest == action.dest}
    return _discard(m, action.dest, action.discard, discards)


def _crabs_left(m: _Moment) -> Sequence[int]:
    """The crabs the step may still move (as it begins, those it is to move)."""
    adventure, turn = m.state.adventure, m.state.turn
    if adventure is not None and adventure.frames:
        left = adventure.frames[-1].crabs_left
    else:
        left = turn.crabs_left if turn is not None else None
    if left is None and m.step is not None:
        return eligible_crabs(m.rules, m.state, m.crab, m.step)
    return left or ()


def _reach(layout: Layout, cell: Cell, step: Primitive) -> set[Cell]:
    """Where the step's shape leads from ``cell``, before any space or crab is looked at."""
    row, col = divmod(cell, COLUMNS)

    def at(dr: int, dc: int) -> Cell | None:
        if not 0 <= col + dc < COLUMNS or row + dr < 0:
            return None
        return SEA if row + dr >= layout.rows else (row + dr) * COLUMNS + col + dc

    shapes = {
        P.MOVE_FORWARD: [(1, 0)],
        P.MOVE_DIAGONAL: [(1, -1), (1, 1)],
        P.MOVE_TOWARD_SEA: [(1, -1), (1, 0), (1, 1)],
        P.MOVE_CRABS_BEHIND_TOWARD_SEA: [(1, -1), (1, 0), (1, 1)],
        P.MOVE_TOWARD_LAND: [(-1, -1), (-1, 0), (-1, 1)],
        P.MOVE_CRABS_IN_FRONT_TOWARD_LAND: [(-1, -1), (-1, 0), (-1, 1)],
        P.JUMP_TWO_STRAIGHT: [(2, -2), (2, 0), (2, 2)],
        P.JUMP_SAME_DISTANCE: [(0, dc) for dc in range(-col, COLUMNS - col) if dc],
        P.SWAP_WITH_ADJACENT: [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc],
    }
    if step is P.JUMP_TWO_STRAIGHT and row + 1 >= layout.rows - 1:
        # From the last two rows the jump's line runs into the sea.
        return {SEA} | {c for c in (at(2, dc) for _, dc in shapes[step]) if c is not None}
    return {c for c in (at(dr, dc) for dr, dc in shapes.get(step, [])) if c is not None}


def _dest(
    m: _Moment, crab: int, dest: Cell, step: Primitive, offered: list[Cell]
) -> tuple[str, IllegalReason]:
    """Why ``crab`` cannot go to ``dest`` with ``step``: the step's shape, then the space."""
    rules, state = m.rules, m.state
    layout = rules.layout
    name, label = m.crab_name(crab), cell_label(dest)
    options = " or ".join(dict.fromkeys(cell_label(c) for c in offered)) or "nowhere"
    if dest != SEA and not 0 <= dest < layout.cells:
        return f"dest: {dest} is no space of the board (nor the sea, -1)", R.BAD_DESTINATION
    here = state.crabs[crab]
    if dest not in _reach(layout, here, step):
        words = _MOVE_WORDS.get(step, f"{_step_name(step)} moves a crab")
        return (
            f"dest: {words}: from {cell_label(here)}, {name} may go to {options}, not {label}",
            R.BAD_DESTINATION,
        )
    space = layout.spaces[dest] if dest != SEA else None
    occupied = occupants(state)
    other = occupied.get(dest)
    if space is not None and not space.accessible:
        return f"dest: {label} is an inaccessible space, no crab may enter it", R.BAD_DESTINATION
    seaward = step in _SEAWARD and dest // COLUMNS > here // COLUMNS
    head_down = m.head_down and crab == m.crab
    if space is not None and space.reeds and seaward and not head_down:
        return (
            f"dest: the Reeds on {label}'s land edge bar the way toward the sea",
            R.BAD_DESTINATION,
        )
    if step is P.SWAP_WITH_ADJACENT and other is None:
        return f"dest: In My Place! swaps places with a crab, and {label} is free", (
            R.BAD_DESTINATION
        )
    if other is not None and other != crab and step in _FREE_ONLY:
        return f"dest: {label} is taken by {m.crab_name(other)}, the space must be free", (
            R.BAD_DESTINATION
        )
    # A crab of another player is pushed on (In My Place! swaps with it instead).
    if (
        other is not None
        and rules.owners[other] != rules.owners[crab]
        and step is not P.SWAP_WITH_ADJACENT
        and not _pushable(m, crab, dest)
    ):
        return (
            f"dest: {m.crab_name(other)} on {label} cannot be pushed one space toward the sea",
            R.BAD_DESTINATION,
        )
    hand = state.hands[rules.owners[crab]]
    if dest != SEA and rules.obstacle[dest] and not head_down and not hand:
        return (
            f"dest: {label} is a standard Obstacle and {m.who} has no card to discard",
            R.BAD_DESTINATION,
        )
    return f"dest: {name} cannot go to {label} now; it may go to {options}", R.BAD_DESTINATION


def _pushable(m: _Moment, crab: int, dest: Cell) -> bool:
    """Whether the crab on ``dest`` can be pushed one space toward the sea (chains included)."""
    occupied = occupants(m.state)
    del occupied[m.state.crabs[crab]]
    return bool(push_chains(m.rules.layout, occupied, dest))


def _discard(m: _Moment, dest: Cell, discard: int, due: set[int]) -> tuple[str, IllegalReason]:
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
    return _in_hand(m, "discard", discard)


def _pushes(
    m: _Moment, dest: Cell, pushes: tuple[Cell, ...], chains: list[tuple[Cell, ...]]
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


def _pushed(m: _Moment, crab: int | None) -> str:
    return "the crab" if crab is None else m.crab_name(crab)


def _shortcut(m: _Moment, action: Shortcut, same: list[Shortcut]) -> tuple[str, IllegalReason]:
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
            return _in_hand(m, "cards", missing[0])
        if len(cards) != count or any(rules.cards[c].main is not icon for c in cards):
            return (
                f"cards: this Shortcut takes {_cards(count)} whose main action is {title}",
                R.CANNOT_PAY,
            )
        return "cards: each card once, in increasing order", R.UNSORTED
    chains = [a.pushes for a in same if a.cards == cards]
    return _pushes(m, target, action.pushes, chains)


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _end_turn(m: _Moment, action: EndTurn, same: list[EndTurn]) -> tuple[str, IllegalReason]:
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


# --- The turn's actions -----------------------------------------------------------------------


def _use(m: _Moment, action: Use) -> tuple[str, IllegalReason]:
    """A :class:`Use` refused while the turn's actions are open: which rule closes it."""
    state, rules = m.state, m.rules
    turn = state.turn
    assert turn is not None
    grants = turn.grants
    index = action.grant
    if not 0 <= index < len(grants):
        count = len(grants)
        have = f"0 to {count - 1}" if count else "none left"
        return f"grant: {m.who}'s actions this turn are {have}, not {index}", R.NO_SUCH_OPTION
    grant = grants[index]
    words = grant_words(rules, grant)
    if grant.source is Source.TILE:
        costs = rules.tile_costs
        cost = grant.cost if costs is None else costs.get(grant.name)
        tile = f"tile {grant.name} {rules.titles.get(grant.name, grant.name)}"
        if cost is None:
            return f"grant: {tile} cannot be used while this Event lasts", R.CANNOT_PAY
        if state.shells[m.player] < cost:
            have = shells(state.shells[m.player])
            return f"grant: {tile} costs {shells(cost)}, {m.who} has {have}", R.CANNOT_PAY
    return f"grant: {words} would do nothing now{_why_nothing(m, grant.steps)}", R.NO_EFFECT


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


def _why_nothing(m: _Moment, steps: Sequence[Primitive] | None = None) -> str:
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


def _treasure(m: _Moment, action: UseTreasure) -> tuple[str, IllegalReason]:
    adventure, pack = m.state.adventure, m.rules.pack
    assert adventure is not None
    assert adventure.surprises is not None
    assert pack is not None
    token = action.token
    if not 0 <= token < len(pack.surprises):
        return f"token: {token} is no Surprise token", R.NO_SUCH_OPTION
    surprise = pack.surprises[token]
    name = surprise.name
    if token not in adventure.surprises.kept[m.player]:
        if surprise.kind is TokenKind.WASTE:
            return f"token: {name} is a Waste, only a kept Treasure is used", R.NO_SUCH_OPTION
        if surprise.immediate:
            return f"token: the Treasure {name} applies when found, nobody keeps it", (
                R.NO_SUCH_OPTION
            )
        return f"token: {m.who} keeps no Treasure {name}", R.NO_SUCH_OPTION
    return f"token: the Treasure {name} would do nothing now{_why_nothing(m)}", R.NO_EFFECT


def _make_obstacle(m: _Moment, cell: Cell) -> tuple[str, IllegalReason]:
    rules = m.rules
    spaces = rules.layout.spaces
    if not 0 <= cell < len(spaces):
        return f"cell: {cell} is no space of the board", R.BAD_SPACE
    label = cell_label(cell)
    space = spaces[cell]
    if space.start:
        return f"cell: {label} is a Start space, only a standard space becomes an Obstacle", (
            R.BAD_SPACE
        )
    if space.type is not SpaceType.STANDARD:
        kind = _SPACE_WORDS.get(space.type, "not a standard space")
        return f"cell: {label} is {kind}, only a standard space becomes an Obstacle", (R.BAD_SPACE)
    return f"cell: {label} is an Obstacle already (until the end of the game)", R.BAD_SPACE


#: The space types as the rulebook's "Types of Spaces on the Game Board" names them.
_SPACE_WORDS = {
    SpaceType.INACCESSIBLE: "an inaccessible space",
    SpaceType.OBSTACLE: "a standard Obstacle",
    SpaceType.KNOCK_OVER: "a knocking-over Obstacle",
    SpaceType.CARD_EXCHANGE: "a Card Exchange space",
    SpaceType.SHORTCUT: "a Shortcut space",
    SpaceType.CURRENT: "a Water Current space",
}
