"""The effect primitives, implemented once: their choices, and resolving them in order.

An action a player uses (``Use``) puts its steps in ``state.turn.queue``. Steps that need
no choice resolve at once; a step whose choices are all impossible is skipped; otherwise
the player is asked (:func:`step_options`) and :func:`resolve` applies the answer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from crabrules.core.game import PlayerId
from crabrules.oh_crab.actions import (
    Action,
    Discard,
    Dope,
    Exchange,
    Finish,
    Move,
    PickTrace,
    Pile,
    Shift,
    Shortcut,
    Side,
    StandUp,
)
from crabrules.oh_crab.board import SEA, Cell
from crabrules.oh_crab.events import CardExchanged, Motion, MovingFinished, TraceActionPicked
from crabrules.oh_crab.market import market_takes
from crabrules.oh_crab.movement import (
    do_move,
    enter_moved,
    enter_own,
    occupants,
    own_moves,
    push_chains,
    stand_up,
)
from crabrules.oh_crab.primitives import MOVES, Primitive
from crabrules.oh_crab.state import NO_CARD, CardId, Grant, Source
from crabrules.oh_crab.turns import add_to_trace
from crabrules.oh_crab.work import Rules, View, Work

__all__ = [
    "AUTOMATIC",
    "MULTI",
    "advance",
    "eligible_crabs",
    "exchange",
    "grant_usable",
    "resolve",
    "run_automatic",
    "shortcut_options",
    "step_options",
]

P = Primitive
#: Steps that need no choice: they resolve as soon as they come up.
AUTOMATIC = frozenset(
    {
        P.TAKE_SHELL,
        P.IGNORE_NEGATIVE_SPACES,
        P.DISCARD_RANDOM_FROM_CRABS_IN_FRONT,
        P.TAKE_DISCARD_PILE,
    }
)
#: Steps that move several crabs, one at a time, until the player finishes.
MULTI = frozenset({P.MOVE_CRABS_IN_FRONT_TOWARD_LAND, P.MOVE_CRABS_BEHIND_TOWARD_SEA})
#: The index of each basic move's table in ``Layout.over_reeds``.
_MOVE_TABLES = {P.MOVE_FORWARD: 0, P.MOVE_DIAGONAL: 1, P.MOVE_TOWARD_SEA: 2}


def eligible_crabs(rules: Rules, view: View, player: PlayerId, step: Primitive) -> list[PlayerId]:
    """List the crabs a Seagull! or Call of the Sea! may move (fixed when it begins).

    Seagull!: the crabs in front of you (nearer the sea). Call of the Sea!: your crab (if it
    stands) and the crabs behind you (farther from the sea). Crabs in the sea are never
    targeted, and nothing is measured from them: a player whose crab is in the sea moves
    no crab.
    """
    if step is P.MOVE_CRABS_IN_FRONT_TOWARD_LAND:
        return _other_crabs(rules, view, player, in_front=True)
    behind = _other_crabs(rules, view, player, in_front=False)
    # A knocked-over crab does not move by its own actions.
    stands = view.crabs[player] != SEA and not view.knocked[player]
    return [player, *behind] if stands else behind


def _other_crabs(rules: Rules, view: View, player: PlayerId, *, in_front: bool) -> list[PlayerId]:
    """The other crabs on the board in front of the player's (nearer the sea), or behind."""
    distance = rules.layout.distance
    if view.crabs[player] == SEA:
        # "Can no longer be targeted by any action": no crab is in front of or behind it.
        return []
    mine = distance(view.crabs[player])
    return [
        q
        for q, cell in enumerate(view.crabs)
        if q != player
        and cell != SEA
        and (distance(cell) < mine if in_front else distance(cell) > mine)
    ]


def step_options(
    rules: Rules,
    view: View,
    player: PlayerId,
    step: Primitive,
    *,
    head_down: bool,
    crabs_left: Sequence[PlayerId] | None,
) -> list[Action]:
    """List the choices of a step that needs one (empty: the step is skipped)."""
    cell = view.crabs[player]
    hand = view.hands[player]
    if step in MOVES:
        return _basic_move_options(rules, view, player, step, head_down)
    if step is P.DISCARD_CARD:
        return [Discard(player, c) for c in sorted(hand)]
    if step in MULTI:
        return _shift_options(rules, view, player, step, head_down, crabs_left)
    if step is P.USE_TRACE_MAIN_ACTION:
        return _trace_main_options(rules, view, player, head_down)
    if step is P.ADD_CARD_TO_TRACE:
        sides = (Side.LEFT, Side.RIGHT) if view.traces[player] else (Side.LEFT,)
        return [Dope(player, c, s) for c in sorted(hand) for s in sides]
    if step is P.CARD_EXCHANGE:
        takes = market_takes(view.market, view.draw)
        return [Exchange(player, c, t) for c in sorted(hand) for t in takes]
    if cell == SEA or view.knocked[player]:
        # The other movements need a standing crab on the board.
        return []
    if step is P.JUMP_SAME_DISTANCE:
        occupied = occupants(view)
        free = [t for t in rules.layout.same_row[cell] if t not in occupied]
        return list(own_moves(rules, view, player, free, head_down=head_down))
    if step is P.JUMP_TWO_STRAIGHT:
        return list(own_moves(rules, view, player, rules.layout.jumps[cell], head_down=head_down))
    if step is P.SWAP_WITH_ADJACENT:
        return list(_swap_options(rules, view, player, cell, head_down))
    raise AssertionError(f"{step} needs no choice")  # AUTOMATIC steps never get here


def _basic_move_options(
    rules: Rules, view: View, player: PlayerId, step: Primitive, head_down: bool
) -> list[Action]:
    """Move forward, diagonally or toward the sea; a knocked-over crab can only stand up."""
    if view.knocked[player]:
        # Knocking Over: "you must devote a basic movement action to standing it back up".
        return [StandUp(player)]
    cell = view.crabs[player]
    if cell == SEA:
        return []
    layout = rules.layout
    if head_down:  # Head Down!: Reeds do not stop your own crab.
        targets = layout.over_reeds[_MOVE_TABLES[step]][cell]
    elif step is P.MOVE_FORWARD:
        targets = layout.forward[cell]
    elif step is P.MOVE_DIAGONAL:
        targets = layout.diagonal[cell]
    else:
        targets = layout.toward_sea[cell]
    return list(own_moves(rules, view, player, targets, head_down=head_down))


def _trace_main_options(
    rules: Rules, view: View, player: PlayerId, head_down: bool
) -> list[Action]:
    """Running Jump: the Trace cards whose main action does something (the cost is paid)."""
    cards = rules.cards
    trace = view.traces[player]
    usable = {
        main: _steps_usable(rules, view, player, (main,), head_down)
        for main in {cards[c].main for c in trace}
    }
    return [PickTrace(player, c) for c in trace if usable[cards[c].main]]


def _swap_options(
    rules: Rules, view: View, player: PlayerId, cell: Cell, head_down: bool
) -> Iterator[Move]:
    occupied = occupants(view)
    hand = sorted(view.hands[player])
    for target in rules.layout.adjacent[cell]:
        if target not in occupied:
            continue
        discards = hand if rules.obstacle[target] and not head_down else [NO_CARD]
        for card in discards:
            yield Move(player, target, card)


def _shift_options(
    rules: Rules,
    view: View,
    player: PlayerId,
    step: Primitive,
    head_down: bool,
    crabs_left: Sequence[PlayerId] | None,
) -> list[Action]:
    if crabs_left is None:
        crabs_left = eligible_crabs(rules, view, player, step)
    occupied = occupants(view)
    hand = sorted(view.hands[player])
    out: list[Action] = []
    for crab in crabs_left:
        cell = view.crabs[crab]
        if step is P.MOVE_CRABS_IN_FRONT_TOWARD_LAND:
            targets = rules.layout.toward_land[cell]
        elif crab == player and head_down:
            targets = rules.layout.over_reeds[2][cell]
        else:
            targets = rules.layout.toward_sea[cell]
        for target in targets:
            if target in occupied:
                continue
            own_obstacle = crab == player and target >= 0 and rules.obstacle[target]
            if own_obstacle and not head_down:
                out.extend(Shift(player, crab, target, c) for c in hand)
            else:
                out.append(Shift(player, crab, target))
    if out:
        out.append(Finish(player))
    return out


def shortcut_options(rules: Rules, view: View, player: PlayerId) -> list[Shortcut]:
    """List the Shortcut board actions: discard the cards its arrow asks for, follow it."""
    cell = view.crabs[player]
    if cell == SEA or view.knocked[player]:
        return []
    arrow = rules.layout.shortcut[cell]
    if arrow is None:
        return []
    target, icon, count = arrow
    matching = sorted(c for c in view.hands[player] if rules.cards[c].main is icon)
    if len(matching) < count:
        return []
    occupied = occupants(view)
    del occupied[cell]
    chains = push_chains(rules.layout, occupied, target) if target in occupied else [()]
    return [
        Shortcut(player, cards, chain)
        for cards in combinations(matching, count)
        for chain in chains
    ]


def grant_usable(
    rules: Rules, view: View, player: PlayerId, grant: Grant, *, head_down: bool, tile_used: bool
) -> bool:
    """Whether the player may start ``grant`` now.

    Its cost can be paid and its first step does something.
    """
    if grant.source is Source.TILE and (tile_used or view.shells[player] < grant.cost):
        return False
    return _steps_usable(rules, view, player, grant.steps, head_down)


def _steps_usable(
    rules: Rules, view: View, player: PlayerId, steps: Sequence[Primitive], head_down: bool
) -> bool:
    """Whether ``steps`` would do something now: their first step, or what follows a cost."""
    first = steps[0]
    if first is P.TAKE_SHELL:
        return view.supply > 0
    if first is P.TAKE_DISCARD_PILE:
        return bool(view.discards[player])
    if first is P.IGNORE_NEGATIVE_SPACES:
        return not head_down
    if first is P.DISCARD_RANDOM_FROM_CRABS_IN_FRONT:
        return any(view.hands[q] for q in _other_crabs(rules, view, player, in_front=True))
    if first is P.DISCARD_CARD:
        # A cost: the rest must still do something with one card fewer in the Hand (which
        # card does not matter: later steps only ever need some card).
        rest = steps[1:]
        return bool(view.hands[player]) and (
            not rest or _steps_usable(rules, _AfterDiscard(view, player), player, rest, head_down)
        )
    return bool(step_options(rules, view, player, first, head_down=head_down, crabs_left=None))


class _AfterDiscard:
    """A view of the game with one card fewer in ``player``'s Hand."""

    __slots__ = (
        "crabs",
        "discards",
        "draw",
        "hands",
        "knocked",
        "market",
        "shells",
        "supply",
        "traces",
    )

    def __init__(self, view: View, player: PlayerId) -> None:
        self.crabs = view.crabs
        self.knocked = view.knocked
        hands = list(view.hands)
        hands[player] = view.hands[player][1:]
        self.hands: Sequence[Sequence[CardId]] = hands
        self.traces = view.traces
        self.discards = view.discards
        self.shells = view.shells
        self.supply = view.supply
        self.market = view.market
        self.draw = view.draw


def exchange(work: Work, player: PlayerId, card: CardId, which: Pile) -> None:
    """Perform a Card Exchange.

    A starting card leaves the game, another goes under the draw pile; then take a
    Market card and refill the Market.
    """
    # The given card is shown: where it goes depends on its kind, which all must see.
    rules = work.rules
    work.hand(player).remove(card)
    work.forget(player, card)
    boxed = rules.cards[card].starting
    if boxed:
        work.box(card)
    else:
        work.open_market()[1].append(card)
        work.draw_seen += 1
    if work.events is not None:
        colour, name = rules.colours[player], rules.card_names[card]
        work.events.append(CardExchanged(player, colour, card, name, boxed))
    work.take_market(player, which)
    work.refill_market()


def run_automatic(work: Work, player: PlayerId, step: Primitive) -> None:
    """Resolve a step that needs no choice."""
    if step is P.TAKE_SHELL:
        work.gain_shell(player)
    elif step is P.IGNORE_NEGATIVE_SPACES:
        work.head_down = True
    elif step is P.TAKE_DISCARD_PILE:
        work.take_discard_pile(player)
    else:  # Sand in the Eyes!
        for q in _other_crabs(work.rules, work, player, in_front=True):
            work.discard_random(q)


def advance(work: Work) -> None:
    """Resolve the queue's automatic steps and skip steps with no option.

    Stops at the next choice, or at the end of the action.
    """
    player = work.current
    while work.queue:
        step = work.queue[0]
        if step in AUTOMATIC:
            work.queue.pop(0)
            run_automatic(work, player, step)
            continue
        if step in MULTI and work.crabs_left is None:
            work.crabs_left = eligible_crabs(work.rules, work, player, step)
        options = step_options(
            work.rules, work, player, step, head_down=work.head_down, crabs_left=work.crabs_left
        )
        if options:
            return
        work.queue.pop(0)
        work.crabs_left = None


def resolve(work: Work, action: Action) -> None:
    """Apply a choice for the step at the head of the queue, then advance."""
    player = work.current
    step = work.queue[0]
    if isinstance(action, StandUp):
        stand_up(work, player)
        work.queue.pop(0)
    elif isinstance(action, Move):
        work.queue.pop(0)
        if step is P.SWAP_WITH_ADJACENT:
            _swap(work, player, action.dest, action.discard)
        else:
            how = Motion.MOVE if step in MOVES else Motion.JUMP
            do_move(work, player, action.dest, action.discard, action.pushes, how)
    elif isinstance(action, Discard):
        work.discard_from_hand(player, action.card)
        work.queue.pop(0)
    elif isinstance(action, PickTrace):
        main = work.rules.cards[action.card].main
        work.queue[0] = main
        if work.events is not None:
            rules = work.rules
            work.events.append(
                TraceActionPicked(
                    player,
                    rules.colours[player],
                    action.card,
                    rules.card_names[action.card],
                    rules.titles[main.value],
                )
            )
    elif isinstance(action, Dope):
        work.hand(player).remove(action.card)
        work.forget(player, action.card)
        work.queue.pop(0)
        add_to_trace(work, player, action.card, action.side, doping=True)
    elif isinstance(action, Exchange):
        work.queue.pop(0)
        exchange(work, player, action.card, action.take)
    elif isinstance(action, Shift):
        assert work.crabs_left is not None
        work.crabs_left.remove(action.crab)
        if action.crab == player:
            enter_own(work, player, action.dest, action.discard, Motion.MOVE)
        else:
            enter_moved(work, action.crab, action.dest, Motion.SHIFT)
    else:  # Finish
        work.queue.pop(0)
        work.crabs_left = None
        if work.events is not None:
            work.events.append(MovingFinished(player, work.rules.colours[player]))
    advance(work)


def _swap(work: Work, player: PlayerId, dest: Cell, discard: CardId) -> None:
    # In My Place!: the other crab takes your space; no push, nobody is knocked over.
    other = work.crabs.index(dest)
    origin = work.crabs[player]
    enter_own(work, player, dest, discard, Motion.SWAP)
    enter_moved(work, other, origin, Motion.SWAP)
