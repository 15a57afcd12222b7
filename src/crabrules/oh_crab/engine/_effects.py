"""The effect primitives, implemented once: their choices, and resolving them in order.

An action a player uses (``Use``) puts its steps in ``state.turn.queue``. Steps that need
no choice resolve at once; a step whose choices are all impossible is skipped; otherwise
the player is asked (:func:`step_options`) and :func:`resolve` applies the answer.

The option generators take the active crab (``crab``): its cell and whether it stands
say where it may go, its owner's Hand and shells what it may pay.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any, Final

from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import SEA, Cell
from crabrules.oh_crab.content._primitives import MOVES, Primitive, Source
from crabrules.oh_crab.engine._expansion import (
    EXPANSION_AUTOMATIC,
    EXPANSION_CHOICES,
    ActionRule,
)
from crabrules.oh_crab.engine._movement import (
    chains_onto,
    costs_a_card,
    knock_over,
    occupants,
    own_moves,
    stand_up,
)
from crabrules.oh_crab.engine._tables import Tables, shared
from crabrules.oh_crab.engine._turns import market_takes
from crabrules.oh_crab.engine._work import (
    View,
    Work,
    discard_random,
    gain_shell,
    lose_shell,
    take_discard_pile,
)
from crabrules.oh_crab.model._actions import (
    Action,
    Discard,
    Dope,
    Exchange,
    Finish,
    Move,
    PickTrace,
    Shift,
    Shortcut,
    Side,
    StandUp,
    TakeMarket,
)
from crabrules.oh_crab.model._state import NO_CARD, CardId, Grant

#: The Adventure Pack's steps that need no choice (the expansion resolves those that read
#: its own state).
_ADVENTURE_AUTOMATIC: Final = (
    frozenset(
        {
            Primitive.LOSE_SHELL,
            Primitive.DISCARD_RANDOM,
            Primitive.KNOCK_OVER,
            Primitive.STAND_UP,
        }
    )
    | EXPANSION_AUTOMATIC
)
#: Steps that need no choice: they resolve as soon as they come up.
AUTOMATIC: Final = (
    frozenset(
        {
            Primitive.TAKE_SHELL,
            Primitive.IGNORE_NEGATIVE_SPACES,
            Primitive.DISCARD_RANDOM_FROM_CRABS_IN_FRONT,
            Primitive.TAKE_DISCARD_PILE,
        }
    )
    | _ADVENTURE_AUTOMATIC
)
#: Steps that move several crabs, one at a time, until the player finishes.
MULTI: Final = frozenset(
    {Primitive.MOVE_CRABS_IN_FRONT_TOWARD_LAND, Primitive.MOVE_CRABS_BEHIND_TOWARD_SEA}
)
#: The steps of the active crab that go only onto a free space (no push, no swap).
_FREE_OWN: Final = frozenset({Primitive.JUMP_SAME_DISTANCE, Primitive.MOVE_TOWARD_LAND})
#: The steps whose destination must be free: those, and the crabs Seagull! and Call of the
#: Sea! move.
FREE_ONLY: Final = _FREE_OWN | MULTI
#: The steps that Reeds bar: those that go by the Reeds-aware tables of the layout (forward,
#: diagonal, toward the sea), as pushes do. A jump goes over them.
REEDS_BAR: Final = frozenset({*MOVES, Primitive.MOVE_CRABS_BEHIND_TOWARD_SEA})
#: The index of each basic move's table in ``Layout.over_reeds``.
_MOVE_TABLES: Final = {
    Primitive.MOVE_FORWARD: 0,
    Primitive.MOVE_DIAGONAL: 1,
    Primitive.MOVE_TOWARD_SEA: 2,
}


def eligible_crabs(rules: Tables, view: View, crab: int, step: Primitive) -> list[int]:
    """List the crabs a Seagull! or Call of the Sea! may move (fixed when it begins).

    Seagull!: the crabs in front of the active crab (nearer the sea). Call of the Sea!: the
    active crab (if it stands) and the crabs behind it (farther from the sea). A 2-player
    teammate counts like any other crab. Crabs in the sea are never targeted, and nothing
    is measured from them: an active crab in the sea moves no crab.
    """
    if step is Primitive.MOVE_CRABS_IN_FRONT_TOWARD_LAND:
        return _other_crabs(rules, view, crab, in_front=True)
    behind = _other_crabs(rules, view, crab, in_front=False)
    # A knocked-over crab does not move by its own actions.
    stands = view.crabs[crab] != SEA and not view.knocked[crab]
    return [crab, *behind] if stands else behind


def _other_crabs(rules: Tables, view: View, crab: int, *, in_front: bool) -> list[int]:
    """The other crabs on the board in front of ``crab`` (nearer the sea), or behind."""
    distance = rules.layout.distance
    if view.crabs[crab] == SEA:
        # "Can no longer be targeted by any action": no crab is in front of or behind it.
        return []
    mine = distance(view.crabs[crab])
    return [
        q
        for q, cell in enumerate(view.crabs)
        if q != crab
        and cell != SEA
        and (distance(cell) < mine if in_front else distance(cell) > mine)
    ]


def _players_in_front(rules: Tables, view: View, crab: int) -> list[PlayerId]:
    """Sand in the Eyes!: each other player with a crab in front of ``crab``, once each."""
    player = rules.owners[crab]
    out: list[PlayerId] = []
    for q in _other_crabs(rules, view, crab, in_front=True):
        owner = rules.owners[q]
        if owner != player and owner not in out:
            out.append(owner)
    return out


def step_options(
    rules: Tables,
    view: View,
    crab: int,
    step: Primitive,
    *,
    head_down: bool,
    crabs_left: Sequence[int] | None,
) -> list[Action]:
    """List the choices of a step that needs one (empty: the step is skipped)."""
    player = rules.owners[crab]
    if step in MOVES:
        return _basic_move_options(rules, view, crab, step, head_down)
    if step is Primitive.DISCARD_CARD:
        return [shared(rules, Discard, player, c) for c in sorted(view.hands[player])]
    if step in MULTI:
        return _shift_options(rules, view, crab, step, head_down, crabs_left)
    if step is Primitive.USE_TRACE_MAIN_ACTION:
        return _trace_main_options(rules, view, crab, head_down)
    if step in _CARD_STEPS:
        return _card_options(view, player, step)
    if step in EXPANSION_CHOICES:
        return rules.expansion.step_options(rules, view, crab, step)
    return _own_jump_options(rules, view, crab, step, head_down)


#: The steps whose choices are cards or piles.
_CARD_STEPS: Final = frozenset(
    {
        Primitive.ADD_CARD_TO_TRACE,
        Primitive.CARD_EXCHANGE,
        Primitive.TAKE_MARKET_CARD,
        Primitive.TAKE_TRACE_CARD,
    }
)


def _card_options(view: View, player: PlayerId, step: Primitive) -> list[Action]:
    """Doping, a Card Exchange, a Market card, a card back from the Trace."""
    hand = view.hands[player]
    if step is Primitive.ADD_CARD_TO_TRACE:
        sides = (Side.LEFT, Side.RIGHT) if view.traces[player] else (Side.LEFT,)
        return [Dope(player, c, s) for c in sorted(hand) for s in sides]
    if step is Primitive.CARD_EXCHANGE:
        takes = market_takes(view.market, view.draw)
        return [Exchange(player, c, t) for c in sorted(hand) for t in takes]
    if step is Primitive.TAKE_MARKET_CARD:
        return [TakeMarket(player, t) for t in market_takes(view.market, view.draw)]
    return [PickTrace(player, c) for c in view.traces[player]]


def _own_jump_options(
    rules: Tables, view: View, crab: int, step: Primitive, head_down: bool
) -> list[Action]:
    """The active crab's other movements: jumps, the move toward land, In My Place!."""
    cell = view.crabs[crab]
    if cell == SEA or view.knocked[crab]:
        # These movements need a standing crab on the board.
        return []
    if step in _FREE_OWN:
        layout = rules.layout
        table = layout.same_row if step is Primitive.JUMP_SAME_DISTANCE else layout.toward_land
        occupied = occupants(view)
        free = [t for t in table[cell] if t not in occupied]
        return own_moves(rules, view, crab, free, head_down=head_down)
    if step is Primitive.JUMP_TWO_STRAIGHT:
        return own_moves(rules, view, crab, rules.layout.jumps[cell], head_down=head_down)
    if step is Primitive.SWAP_WITH_ADJACENT:
        return list(_swap_options(rules, view, crab, cell, head_down))
    raise AssertionError(f"{step} needs no choice")  # AUTOMATIC steps never get here


def _basic_move_options(
    rules: Tables, view: View, crab: int, step: Primitive, head_down: bool
) -> list[Action]:
    """Move forward, diagonally or toward the sea; a knocked-over crab can only stand up."""
    if view.knocked[crab]:
        # Knocking Over: "you must devote a basic movement action to standing it back up".
        return [shared(rules, StandUp, rules.owners[crab])]
    cell = view.crabs[crab]
    if cell == SEA:
        return []
    layout = rules.layout
    if head_down:  # Head Down!: Reeds do not stop your own crab.
        targets = layout.over_reeds[_MOVE_TABLES[step]][cell]
    elif step is Primitive.MOVE_FORWARD:
        targets = layout.forward[cell]
    elif step is Primitive.MOVE_DIAGONAL:
        targets = layout.diagonal[cell]
    else:
        targets = layout.toward_sea[cell]
    return own_moves(rules, view, crab, targets, head_down=head_down)


def _trace_main_options(rules: Tables, view: View, crab: int, head_down: bool) -> list[Action]:
    """Running Jump: the Trace cards whose main action does something (the cost is paid)."""
    player = rules.owners[crab]
    cards = rules.cards
    trace = view.traces[player]
    usable = {
        main: steps_usable(rules, view, crab, (main,), head_down)
        for main in {cards[c].main for c in trace}
    }
    return [PickTrace(player, c) for c in trace if usable[cards[c].main]]


def _swap_options(
    rules: Tables, view: View, crab: int, cell: Cell, head_down: bool
) -> Iterator[Move]:
    player = rules.owners[crab]
    occupied = occupants(view)
    hand = sorted(view.hands[player])
    for target in rules.layout.adjacent[cell]:
        if target not in occupied:
            continue
        discards = hand if costs_a_card(rules, target, head_down=head_down) else [NO_CARD]
        for card in discards:
            yield shared(rules, Move, player, target, card, ())


def _shift_options(
    rules: Tables,
    view: View,
    active: int,
    step: Primitive,
    head_down: bool,
    crabs_left: Sequence[int] | None,
) -> list[Action]:
    if crabs_left is None:
        crabs_left = eligible_crabs(rules, view, active, step)
    player = rules.owners[active]
    occupied = occupants(view)
    hand = sorted(view.hands[player])
    out: list[Action] = []
    for crab in crabs_left:
        cell = view.crabs[crab]
        if step is Primitive.MOVE_CRABS_IN_FRONT_TOWARD_LAND:
            targets = rules.layout.toward_land[cell]
        elif crab == active and head_down:
            targets = rules.layout.over_reeds[2][cell]
        else:
            targets = rules.layout.toward_sea[cell]
        for target in targets:
            if target in occupied:
                continue  # FREE_ONLY: a moved crab pushes nobody
            if crab == active and costs_a_card(rules, target, head_down=head_down):
                out.extend(shared(rules, Shift, player, crab, target, c) for c in hand)
            else:
                out.append(shared(rules, Shift, player, crab, target, NO_CARD))
    if out:
        out.append(shared(rules, Finish, player))
    return out


def shortcut_options(rules: Tables, view: View, crab: int) -> list[Shortcut]:
    """List the Shortcut board actions: discard the cards its arrow asks for, follow it.

    Onto a 2-player teammate, the two swap places: no push.
    """
    player = rules.owners[crab]
    cell = view.crabs[crab]
    if cell == SEA or view.knocked[crab]:
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
    chains = chains_onto(rules, occupied, crab, target)
    return [
        Shortcut(player, cards, chain)
        for cards in combinations(matching, count)
        for chain in chains
    ]


def grant_usable(
    rules: Tables, view: View, crab: int, grant: Grant, *, head_down: bool, tile_used: bool
) -> bool:
    """Whether the player of the active ``crab`` may start ``grant`` now.

    Its cost can be paid and its first step does something. An Additional Action tile
    costs what the rules say now (the overlay may change it, or close the tiles); the
    cook's action is the rules' (a Move diagonally, unless the overlay changes it).
    """
    source = grant.source
    if source is Source.TILE:
        costs = rules.tile_costs
        cost = grant.cost if costs is None else costs.get(grant.name)
        if cost is None or tile_used or view.shells[rules.owners[crab]] < cost:
            return False
    elif source is Source.COOK and rules.cook_steps is not None:
        return steps_usable(rules, view, crab, rules.cook_steps, head_down)
    return steps_usable(rules, view, crab, grant.steps, head_down)


def steps_usable(
    rules: Tables, view: View, crab: int, steps: Sequence[Primitive], head_down: bool
) -> bool:
    """Whether ``steps`` would do something now: their first step, or what follows a cost."""
    first = steps[0]
    if first is Primitive.TAKE_SHELL:
        return view.supply > 0
    if first is Primitive.TAKE_DISCARD_PILE:
        return bool(view.discards[rules.owners[crab]])
    if first is Primitive.IGNORE_NEGATIVE_SPACES:
        return not head_down
    if first is Primitive.DISCARD_RANDOM_FROM_CRABS_IN_FRONT:
        return any(view.hands[q] for q in _players_in_front(rules, view, crab))
    if first in AUTOMATIC:
        return _automatic_usable(rules, view, crab, first)
    if first is Primitive.DISCARD_CARD:
        # A cost: the rest must still do something with one card fewer in the Hand (which
        # card does not matter: later steps only ever need some card).
        player = rules.owners[crab]
        rest = steps[1:]
        return bool(view.hands[player]) and (
            not rest or steps_usable(rules, _AfterDiscard(view, player), crab, rest, head_down)
        )
    return bool(step_options(rules, view, crab, first, head_down=head_down, crabs_left=None))


def _automatic_usable(rules: Tables, view: View, crab: int, step: Primitive) -> bool:
    """Whether an Adventure Pack step that needs no choice would do something now."""
    player = rules.owners[crab]
    if step is Primitive.LOSE_SHELL:
        return view.shells[player] > 0
    if step is Primitive.DISCARD_RANDOM:
        return bool(view.hands[player])
    if step is Primitive.KNOCK_OVER:
        return view.crabs[crab] >= 0 and not view.knocked[crab]
    if step is Primitive.STAND_UP:
        return view.knocked[crab]
    return rules.expansion.automatic_usable(rules, view, crab, step)


class _AfterDiscard:
    """A view of the game with one card fewer in ``player``'s Hand."""

    __slots__ = (
        "adventure",
        "cook_used",
        "crabs",
        "discards",
        "draw",
        "hands",
        "knocked",
        "market",
        "shells",
        "supply",
        "tokens",
        "traces",
    )

    def __init__(self, view: View, player: PlayerId) -> None:
        self.crabs = view.crabs
        self.knocked = view.knocked
        self.tokens = view.tokens
        self.cook_used = view.cook_used
        hands = list(view.hands)
        hands[player] = view.hands[player][1:]
        self.hands: Sequence[Sequence[CardId]] = hands
        self.traces = view.traces
        self.discards = view.discards
        self.shells = view.shells
        self.supply = view.supply
        self.market = view.market
        self.draw = view.draw
        self.adventure = view.adventure


def run_automatic(work: Work, player: PlayerId, step: Primitive) -> None:
    """Resolve a step that needs no choice, for the player of the active crab."""
    if step is Primitive.TAKE_SHELL:
        gain_shell(work, player)
    elif step is Primitive.IGNORE_NEGATIVE_SPACES:
        work.decision.head_down = True
    elif step is Primitive.TAKE_DISCARD_PILE:
        take_discard_pile(work, player)
    elif step in _ADVENTURE_AUTOMATIC:
        _run_adventure_automatic(work, player, step)
    else:  # Sand in the Eyes!
        for q in _players_in_front(work.rules, work, work.decision.crab):
            discard_random(work, q)


def _run_adventure_automatic(work: Work, player: PlayerId, step: Primitive) -> None:
    crab = work.decision.crab
    if step is Primitive.LOSE_SHELL:
        lose_shell(work, player)
    elif step is Primitive.DISCARD_RANDOM:
        discard_random(work, player)
    elif step is Primitive.KNOCK_OVER:
        if work.crabs[crab] >= 0:
            knock_over(work, crab)
    elif step is Primitive.STAND_UP:
        stand_up(work, crab)
    else:
        work.rules.expansion.run_automatic(work, player, step)


def advance(work: Work) -> None:
    """Resolve the top decision's automatic steps and skip its steps with no option.

    Stops at the next choice, at the end of its steps, or when a decision that comes first
    was pushed above it (an Adventure Pack frame).
    """
    decision = work.decision
    crab = decision.crab
    player = work.rules.owners[crab]
    while decision.queue:
        if work.decisions[-1] is not decision:
            return  # a decision that comes first (Adventure Pack)
        step = decision.queue[0]
        if step in AUTOMATIC:
            decision.queue.pop(0)
            run_automatic(work, player, step)
            continue
        if step in MULTI and decision.crabs_left is None:
            decision.crabs_left = eligible_crabs(work.rules, work, crab, step)
        options = step_options(
            work.rules,
            work,
            crab,
            step,
            head_down=decision.head_down,
            crabs_left=decision.crabs_left,
        )
        if options:
            return
        decision.queue.pop(0)
        decision.crabs_left = None


def resolve(work: Work, rule: ActionRule[Any], action: Action) -> None:
    """Answer the top decision's next step with ``action`` (of ``rule``), then advance."""
    rule.play(work, action)
    advance(work)
