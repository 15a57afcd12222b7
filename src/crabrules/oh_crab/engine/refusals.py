"""Why an action is refused, in the game's words: which field is wrong, which rule refuses it.

:func:`~crabrules.oh_crab.rules.check_legal` calls :func:`refusal` once it knows that the
action's player may act and that the action is not among the legal ones. The message
begins with the field (``dest: ...``, as a config error does) and says what the rule
asks for, naming crabs by colour, cards by name and spaces by the labels ``render``
prints; the :class:`~crabrules.oh_crab.model.actions.IllegalReason` says which kind of rule it
is. An action of a kind the moment does not offer is refused as ``wrong_phase``, saying
what the moment waits for. The board actions (Move, Shift, Shortcut, the turn's end) are
:mod:`~crabrules.oh_crab.engine.move_refusals`' to explain, with the generators' own checks.

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
from crabrules.oh_crab.content.board import NOWHERE, SEA, Cell
from crabrules.oh_crab.content.components import SpaceType
from crabrules.oh_crab.content.primitives import MOVES, Primitive
from crabrules.oh_crab.engine.market import market_takes
from crabrules.oh_crab.engine.move_refusals import (
    Moment,
    board_refusal,
    count_cards,
    in_hand,
    step_name,
)
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
from crabrules.oh_crab.model.state import NO_CARD, Phase, Source, Stage, State

__all__ = ["refusal"]

R = IllegalReason
P = Primitive


def refusal(state: State, action: Action, legal: Sequence[Action]) -> IllegalActionError:
    """The error for ``action``, of an active player, which is not in ``legal`` (their actions).

    >>> from crabrules.oh_crab import Config, initial_state, legal_actions, Plan
    >>> state = initial_state(Config(players=3), seed=7)
    >>> refusal(state, Plan(0, 99), legal_actions(state, 0)).reason.value
    'no_such_card'
    """
    moment = Moment(state, action.player)
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


def _expansion_refusal(m: Moment, action: Action) -> IllegalActionError | None:
    """With modules: the expansion's words for its own moment's actions (its setup choice)."""
    expansion = m.rules.expansion
    assert expansion is not None
    return expansion.choice_refusal(m.rules, m.state, action)


def _expansion_waits_for(m: Moment) -> str | None:
    """With modules: what the expansion's moment waits for (its setup choice), if it holds one."""
    expansion = m.rules.expansion
    assert expansion is not None
    return expansion.waits_for(m.state)


def _wrong_phase(m: Moment, action: Action) -> tuple[str, IllegalReason]:
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
        return f"{kind}: {m.who} first decides what {step_name(m.step)} asks", R.WRONG_PHASE
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
        step = step_name(m.step)
        return f"{kind}: {crab} is knocked over, {step} only stands it up", R.WRONG_PHASE
    if turn.queue:
        step = step_name(m.step)
        return f"{kind}: {m.who} is resolving {step} and finishes it first", R.WRONG_PHASE
    return _closed_now(m, action, kind, knocked)


def _closed_now(m: Moment, action: Action, kind: str, knocked: bool) -> tuple[str, IllegalReason]:
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
            return (
                f"{kind}: the Shortcut takes {count_cards(count)} whose main action is {title}",
                (R.CANNOT_PAY),
            )
        return f"{kind}: the crab at the Shortcut's end cannot be pushed", R.BAD_DESTINATION
    if isinstance(action, ExchangeAndEnd):
        if cell < 0 or not rules.exchange[cell]:
            return f"{kind}: {crab} is on no Card Exchange space", R.WRONG_PHASE
        if not state.hands[m.player]:
            return f"{kind}: {m.who} has no card in Hand to exchange", R.CANNOT_PAY
        return f"{kind}: the Market is exhausted, Card Exchange no longer works", R.NO_SUCH_PILE
    return f"{kind}: {m.who} first begins one of the turn's actions (Use)", R.WRONG_PHASE


def _field(m: Moment, action: Action, same: list[Action]) -> tuple[str, IllegalReason]:
    """The first field of ``action`` that no legal action of its kind shares."""
    if isinstance(action, Place):
        return _place(m, action, same)
    if isinstance(action, Activate | Skill):
        offered = [a.crab for a in same if isinstance(a, Activate | Skill)]
        return _crab_field(m, action.crab, offered)
    if isinstance(action, Plan | Discard):
        return in_hand(m, "card", action.card)
    if isinstance(action, AddCard):
        return _side(m, action.side)
    if isinstance(action, Rest):
        return _rest(m, action)
    if isinstance(action, PickTrace):
        return _pick_trace(m, action)
    if isinstance(action, Dope):
        if action.card not in m.state.hands[m.player]:
            return in_hand(m, "card", action.card)
        return _side(m, action.side)
    if isinstance(action, Exchange | ExchangeAndEnd):
        if action.card not in m.state.hands[m.player]:
            return in_hand(m, "card", action.card)
        return _take(m, action.take)
    if isinstance(action, TakeMarket):
        return _take(m, action.take)
    if isinstance(action, Move | Shift | Shortcut | EndTurn):
        return board_refusal(m, action, same)
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


def _side(m: Moment, side: Side) -> tuple[str, IllegalReason]:
    # Both sides are open once the Trace has a card: only an empty Trace refuses one.
    assert not m.state.traces[m.player]
    assert side is Side.RIGHT
    return (
        f"side: {m.who}'s Trace is empty, its first card goes on its own (left)",
        R.WRONG_SIDE,
    )


def _take(m: Moment, take: int) -> tuple[str, IllegalReason]:
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


def _rest(m: Moment, action: Rest) -> tuple[str, IllegalReason]:
    trace = m.state.traces[m.player]
    keep = action.keep
    if not trace and keep != NO_CARD:
        return f"keep: {m.who}'s Trace is empty, a Rest keeps nothing (-1)", R.NO_SUCH_CARD
    if trace and keep == NO_CARD:
        return f"keep: a Rest keeps one card of {m.who}'s Trace", R.NO_SUCH_CARD
    if trace and keep not in trace:
        return f"keep: {m.card_name(keep)} is not in {m.who}'s Trace", R.NO_SUCH_CARD
    return _take(m, action.take)


def _pick_trace(m: Moment, action: PickTrace) -> tuple[str, IllegalReason]:
    card = action.card
    if card not in m.state.traces[m.player]:
        return f"card: {m.card_name(card)} is not in {m.who}'s Trace", R.NO_SUCH_CARD
    main = BASIC_TITLES[m.rules.cards[card].main]
    return f"card: the main action of {m.card_name(card)}, {main}, would do nothing now", (
        R.NO_EFFECT
    )


# --- Crabs ----------------------------------------------------------------------------------


def _crab_field(m: Moment, crab: int, offered: list[int]) -> tuple[str, IllegalReason]:
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


def _place(m: Moment, action: Place, same: list[Action]) -> tuple[str, IllegalReason]:
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


# --- The turn's actions -----------------------------------------------------------------------


def _use(m: Moment, action: Use) -> tuple[str, IllegalReason]:
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
    words = grant_words(rules.titles, grant)
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


def _why_nothing(m: Moment, steps: Sequence[Primitive] | None = None) -> str:
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


def _treasure(m: Moment, action: UseTreasure) -> tuple[str, IllegalReason]:
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


def _make_obstacle(m: Moment, cell: Cell) -> tuple[str, IllegalReason]:
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
