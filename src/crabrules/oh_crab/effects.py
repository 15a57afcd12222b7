"""The rules' machinery: every primitive, space, push and phase change, implemented once.

:func:`~crabrules.oh_crab.rules.apply` copies the state into a mutable :class:`Work`,
changes it here and freezes it again. The option generators read either a ``State`` or a
``Work`` (both satisfy :class:`View`), so the legal actions and the automatic skipping of
steps without options use the very same code.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Protocol

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.actions import (
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
)
from crabrules.oh_crab.board import NOWHERE, SEA, Cell, Layout, get_layout
from crabrules.oh_crab.config import Config
from crabrules.oh_crab.content import ActionTileSide, Card, SpaceType, get_content
from crabrules.oh_crab.market import market_takes, refill, take
from crabrules.oh_crab.primitives import MOVES, Primitive
from crabrules.oh_crab.state import (
    NO_CARD,
    RESTING,
    CardId,
    Grant,
    Phase,
    Source,
    Stage,
    State,
    Turn,
)

__all__ = ["Rules", "View", "Work", "rules_for"]

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
#: The index of each basic move's table in ``Layout.over_reeds`` and :func:`_tables`.
_MOVE_TABLES = {P.MOVE_FORWARD: 0, P.MOVE_DIAGONAL: 1, P.MOVE_TOWARD_SEA: 2}


def _tables(layout: Layout) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
    return layout.forward, layout.diagonal, layout.toward_sea


@attrs.frozen(eq=False)
class Rules:
    """What one config's rules need, computed once: geometry and the content in play.

    Attributes:
        layout: the board.
        cards: every card of the content.
        specials: per card, its special action's steps and id (``None`` on starting cards).
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
    tiles: tuple[ActionTileSide, ...]
    players: int
    obstacle: tuple[bool, ...]
    knock_over: tuple[bool, ...]
    shell: tuple[bool, ...]
    exchange: tuple[bool, ...]

    @property
    def special_ids(self) -> tuple[str | None, ...]:
        """Per card, its special action's id (for stacking the Market)."""
        return tuple(None if s is None else s[0] for s in self.specials)


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
        layout,
        content.cards,
        specials,
        tuple(content.action_tile(t) for t in config.resolved_action_tiles()),
        config.players,
        tuple(s.type is SpaceType.OBSTACLE for s in spaces),
        tuple(s.type is SpaceType.KNOCK_OVER for s in spaces),
        tuple(s.shell for s in spaces),
        tuple(s.type is SpaceType.CARD_EXCHANGE for s in spaces),
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
        "grants",
        "hands",
        "head_down",
        "in_turn",
        "knocked",
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
        self.discards[player].append(card)

    def discard_random(self, player: PlayerId) -> None:
        """Discard a card drawn at random from the player's Hand (nothing if it is empty)."""
        hand = self.hands[player]
        if hand:
            self.discard_from_hand(player, sorted(hand)[self.random_index(len(hand))])


# --- entering spaces -------------------------------------------------------------------------


def _occupants(view: View) -> dict[Cell, PlayerId]:
    return {cell: crab for crab, cell in enumerate(view.crabs) if cell >= 0}


def enter_own(work: Work, crab: PlayerId, dest: Cell, discard: CardId) -> None:
    """Let the active player's crab enter ``dest`` by its own action.

    Standard Obstacle: discard the chosen card; knocking-over Obstacle: knocked over (both
    ignored under Head Down!); Shell space: take a shell; the sea: the race is over.
    """
    work.crabs[crab] = dest
    if dest == SEA:
        work.knocked[crab] = False
        return
    rules = work.rules
    if rules.obstacle[dest] and not work.head_down and discard >= 0:
        work.discard_from_hand(crab, discard)
    if rules.knock_over[dest] and not work.head_down:
        work.knocked[crab] = True
    if rules.shell[dest]:
        work.gain_shell(crab)


def enter_moved(work: Work, crab: PlayerId, dest: Cell) -> None:
    """Let a crab enter ``dest`` moved by someone else (push, Seagull!, swap, current).

    A standard Obstacle costs it a card drawn at random from its Hand ("the player who
    pushed you discards one at random"); the other effects are those of any entry.
    """
    work.crabs[crab] = dest
    if dest == SEA:
        work.knocked[crab] = False
        return
    rules = work.rules
    if rules.obstacle[dest]:
        work.discard_random(crab)
    if rules.knock_over[dest]:
        work.knocked[crab] = True
    if rules.shell[dest]:
        work.gain_shell(crab)


def push_chains(
    layout: Layout, occupied: dict[Cell, PlayerId], cell: Cell
) -> list[tuple[Cell, ...]]:
    """List every way to push the crab on ``cell`` one space toward the sea.

    Chain reactions included: each result lists where each pushed crab goes. Empty: the
    push is impossible.

    A pushed crab moves "as if it were using a Move toward the sea action": forward or
    diagonally, never onto an inaccessible space nor across Reeds; the sea takes any
    number of crabs.
    """
    out: list[tuple[Cell, ...]] = []
    for target in layout.toward_sea[cell]:
        if target == SEA or target not in occupied:
            out.append((target,))
        else:
            out.extend((target, *rest) for rest in push_chains(layout, occupied, target))
    return out


def do_move(
    work: Work, crab: PlayerId, dest: Cell, discard: CardId, pushes: tuple[Cell, ...]
) -> None:
    """Move the active player's crab to ``dest``, pushing (and knocking over) any crab there."""
    occupied = _occupants(work)
    del occupied[work.crabs[crab]]
    victim = occupied.get(dest)
    enter_own(work, crab, dest, discard)
    for target in pushes:
        if victim is None:  # pragma: no cover - pushes were checked against the board
            break
        following = occupied.get(target) if target != SEA else None
        work.knocked[victim] = True  # Push: "each pushed crab is knocked over"
        enter_moved(work, victim, target)
        victim = following


# --- options ---------------------------------------------------------------------------------


def own_moves(
    rules: Rules,
    view: View,
    player: PlayerId,
    targets: Sequence[Cell],
    *,
    head_down: bool,
) -> Iterator[Move]:
    """List the :class:`Move` options of the player's crab toward ``targets``.

    An occupied target needs a possible push; a standard Obstacle needs a card to
    discard, unless Head Down! is in effect.
    """
    occupied = _occupants(view)
    del occupied[view.crabs[player]]
    hand = sorted(set(view.hands[player]))
    for target in targets:
        if target == SEA:
            yield Move(player, SEA)
            continue
        chains = push_chains(rules.layout, occupied, target) if target in occupied else [()]
        discards: Sequence[int] = (-1,)
        if rules.obstacle[target] and not head_down:
            discards = hand
        for card in discards:
            for chain in chains:
                yield Move(player, target, card, chain)


def eligible_crabs(rules: Rules, view: View, player: PlayerId, step: Primitive) -> list[PlayerId]:
    """List the crabs a Seagull! or Call of the Sea! may move (fixed when it begins).

    Seagull!: the crabs in front of you (nearer the sea). Call of the Sea!: your crab (if it
    stands) and the crabs behind you (farther from the sea). Crabs in the sea are never
    targeted.
    """
    mine = rules.layout.distance(view.crabs[player])
    others = [
        q
        for q, cell in enumerate(view.crabs)
        if q != player
        and cell >= 0
        and (
            rules.layout.distance(cell) < mine
            if step is P.MOVE_CRABS_IN_FRONT_TOWARD_LAND
            else rules.layout.distance(cell) > mine
        )
    ]
    stands = view.crabs[player] >= 0 and not view.knocked[player]
    if step is P.MOVE_CRABS_BEHIND_TOWARD_SEA and stands:
        return [player, *others]
    return others


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
        if view.knocked[player]:
            return [StandUp(player)]
        if cell < 0:
            return []
        # Head Down!: Reeds do not stop your own crab.
        tables = rules.layout.over_reeds if head_down else _tables(rules.layout)
        table = tables[_MOVE_TABLES[step]]
        return list(own_moves(rules, view, player, table[cell], head_down=head_down))
    if step is P.DISCARD_CARD:
        return [Discard(player, c) for c in sorted(set(hand))]
    if step in MULTI:
        return _shift_options(rules, view, player, step, head_down, crabs_left)
    if step is P.USE_TRACE_MAIN_ACTION:
        return [PickTrace(player, c) for c in dict.fromkeys(view.traces[player])]
    if step is P.ADD_CARD_TO_TRACE:
        sides = (Side.LEFT, Side.RIGHT) if view.traces[player] else (Side.LEFT,)
        return [Dope(player, c, s) for c in sorted(set(hand)) for s in sides]
    if step is P.CARD_EXCHANGE:
        takes = market_takes(view.market, view.draw)
        return [Exchange(player, c, t) for c in sorted(set(hand)) for t in takes]
    if cell < 0 or view.knocked[player]:
        return []
    if step is P.JUMP_SAME_DISTANCE:
        occupied = _occupants(view)
        free = [t for t in rules.layout.same_row[cell] if t not in occupied]
        return list(own_moves(rules, view, player, free, head_down=head_down))
    if step is P.JUMP_TWO_STRAIGHT:
        return list(own_moves(rules, view, player, rules.layout.jumps[cell], head_down=head_down))
    if step is P.SWAP_WITH_ADJACENT:
        return list(_swap_options(rules, view, player, cell, head_down))
    raise AssertionError(f"{step} needs no choice")  # AUTOMATIC steps never get here


def _swap_options(
    rules: Rules, view: View, player: PlayerId, cell: Cell, head_down: bool
) -> Iterator[Move]:
    occupied = _occupants(view)
    hand = sorted(set(view.hands[player]))
    for target in rules.layout.adjacent[cell]:
        if target not in occupied:
            continue
        discards: Sequence[int] = hand if rules.obstacle[target] and not head_down else (-1,)
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
    occupied = _occupants(view)
    hand = sorted(set(view.hands[player]))
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
    if cell < 0 or view.knocked[player]:
        return []
    arrow = rules.layout.shortcut[cell]
    if arrow is None:
        return []
    target, icon, count = arrow
    matching = sorted(c for c in view.hands[player] if rules.cards[c].main is icon)
    if len(matching) < count:
        return []
    occupied = _occupants(view)
    del occupied[cell]
    chains = push_chains(rules.layout, occupied, target) if target in occupied else [()]
    return [
        Shortcut(player, cards, chain)
        for cards in dict.fromkeys(combinations(matching, count))
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
    first = steps[0]
    if first is P.TAKE_SHELL:
        return view.supply > 0
    if first is P.TAKE_DISCARD_PILE:
        return bool(view.discards[player])
    if first is P.IGNORE_NEGATIVE_SPACES:
        return not head_down
    if first is P.DISCARD_RANDOM_FROM_CRABS_IN_FRONT:
        return any(view.hands[q] for q in _in_front(rules, view, player))
    if first is P.DISCARD_CARD:
        rest = steps[1:]
        return bool(view.hands[player]) and (
            not rest or _steps_usable(rules, view, player, rest, head_down)
        )
    return bool(step_options(rules, view, player, first, head_down=head_down, crabs_left=None))


def _in_front(rules: Rules, view: View, player: PlayerId) -> list[PlayerId]:
    mine = rules.layout.distance(view.crabs[player])
    return [
        q
        for q, cell in enumerate(view.crabs)
        if q != player and cell >= 0 and rules.layout.distance(cell) < mine
    ]


# --- resolving steps -------------------------------------------------------------------------


def card_grants(rules: Rules, card: CardId, neighbour: CardId | None, side: Side) -> list[Grant]:
    """List the actions a card added to the Trace gives: main, completed icons, special.

    Secondary action: a half-icon on the new card's edge and the one facing it on the
    neighbour's edge form a complete icon when they show the same basic action; the upper
    and lower halves are matched separately, so one card can complete two icons.
    """
    info = rules.cards[card]
    grants = [Grant(Source.MAIN, info.main.value, (info.main,))]
    if neighbour is not None:
        other = rules.cards[neighbour]
        if side is Side.RIGHT:
            pairs = zip(other.right, info.left, strict=True)
        else:
            pairs = zip(info.right, other.left, strict=True)
        for a, b in pairs:
            if a is not None and a is b:
                grants.append(Grant(Source.SECONDARY, a.value, (a,)))
    special = rules.specials[card]
    if special is not None:
        grants.append(Grant(Source.SPECIAL, special[0], special[1]))
    return grants


def add_to_trace(work: Work, player: PlayerId, card: CardId, side: Side) -> None:
    """Put ``card`` at one end of the Trace and gain the actions it gives."""
    trace = work.traces[player]
    neighbour = None if not trace else (trace[-1] if side is Side.RIGHT else trace[0])
    if side is Side.RIGHT:
        trace.append(card)
    else:
        trace.insert(0, card)
    work.grants.extend(card_grants(work.rules, card, neighbour, side))


def turn_grants(work: Work, player: PlayerId) -> list[Grant]:
    """List the cook's diagonal (rule D) and the Additional Action tiles (rule E)."""
    grants = []
    if player == work.cook:
        grants.append(Grant(Source.COOK, P.MOVE_DIAGONAL.value, (P.MOVE_DIAGONAL,)))
    grants.extend(Grant(Source.TILE, t.id, t.steps, t.cost) for t in work.rules.tiles)
    return grants


def exchange(work: Work, player: PlayerId, card: CardId, which: int) -> None:
    """Perform a Card Exchange.

    A starting card leaves the game, another goes under the draw pile; then take a
    Market card and refill the Market.
    """
    work.hands[player].remove(card)
    if work.rules.cards[card].starting:
        work.removed.append(card)
    else:
        work.draw.append(card)
    work.hands[player].append(take(work.market, work.draw, which, work.rules.special_ids))
    refill(work.market, work.draw, work.rules.special_ids)


def run_automatic(work: Work, player: PlayerId, step: Primitive) -> None:
    """Resolve a step that needs no choice."""
    if step is P.TAKE_SHELL:
        work.gain_shell(player)
    elif step is P.IGNORE_NEGATIVE_SPACES:
        work.head_down = True
    elif step is P.TAKE_DISCARD_PILE:
        work.hands[player].extend(work.discards[player])
        work.discards[player] = []
    else:  # Sand in the Eyes!
        for q in _in_front(work.rules, work, player):
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
        work.knocked[player] = False
        work.queue.pop(0)
    elif isinstance(action, Move):
        work.queue.pop(0)
        if step is P.SWAP_WITH_ADJACENT:
            _swap(work, player, action.dest, action.discard)
        else:
            do_move(work, player, action.dest, action.discard, action.pushes)
    elif isinstance(action, Discard):
        work.discard_from_hand(player, action.card)
        work.queue.pop(0)
    elif isinstance(action, PickTrace):
        work.queue[0] = work.rules.cards[action.card].main
    elif isinstance(action, Dope):
        work.hands[player].remove(action.card)
        work.queue.pop(0)
        add_to_trace(work, player, action.card, action.side)
    elif isinstance(action, Exchange):
        work.queue.pop(0)
        exchange(work, player, action.card, action.take)
    elif isinstance(action, Shift):
        assert work.crabs_left is not None
        work.crabs_left.remove(action.crab)
        if action.crab == player:
            enter_own(work, player, action.dest, action.discard)
        else:
            enter_moved(work, action.crab, action.dest)
    else:  # Finish
        work.queue.pop(0)
        work.crabs_left = None
    advance(work)


def _swap(work: Work, player: PlayerId, dest: Cell, discard: CardId) -> None:
    # In My Place!: the other crab takes your space; no push, nobody is knocked over.
    other = work.crabs.index(dest)
    origin = work.crabs[player]
    enter_own(work, player, dest, discard)
    enter_moved(work, other, origin)


# --- end of turn, round and game ----------------------------------------------------------------


def end_turn(work: Work) -> None:
    """Water Current (end of the turn), then the next player or the End of Round phase."""
    player = work.current
    cell = work.crabs[player]
    if cell >= 0:
        target = work.rules.layout.current[cell]
        # Head Down! ignores a current, unless it carries the crab into the sea (a current
        # to the sea is no negative effect).
        acts = target != NOWHERE and (target == SEA or not work.head_down)
        # A current into an occupied space leans on the crab there and stays.
        if acts and (target == SEA or target not in work.crabs):
            enter_moved(work, player, target)
    work.in_turn = False
    work.stage, work.grants, work.queue = Stage.START, [], []
    work.crabs_left, work.head_down, work.tile_used = None, False, False
    following = (player + 1) % work.rules.players
    if following == work.cook:
        end_round(work)
    else:
        work.current = following
        work.in_turn = True


def end_round(work: Work) -> None:
    """End of Round phase: the sea check, then the cook passes and planning begins."""
    if SEA in work.crabs:
        work.phase = Phase.OVER
        return
    work.cook = next_cook(work.rules.layout, work.crabs, work.cook)
    work.round += 1
    work.phase = Phase.PLANNING
    work.planned = [NO_CARD if hand else RESTING for hand in work.hands]
    maybe_start_actions(work)


def next_cook(layout: Layout, crabs: Sequence[Cell], holder: PlayerId) -> PlayerId:
    """Pass the cook pawn to the crab farthest from the sea.

    Among tied players, the first met going left (clockwise) from the holder, the holder
    last.

    >>> from crabrules.oh_crab.board import get_layout
    >>> layout = get_layout("reference", ("0A", "1A", "2A", "3A", "9A"))
    >>> next_cook(layout, (0, 30, 2, 40), holder=2)
    0
    >>> next_cook(layout, (0, 30, 2, 40), holder=0)
    2
    """
    n = len(crabs)
    far = max(layout.distance(c) for c in crabs)
    order = [(holder + k) % n for k in range(1, n + 1)]
    return next(p for p in order if layout.distance(crabs[p]) == far)


def maybe_start_actions(work: Work) -> None:
    """Once every player has planned (or declared a Rest), the cook's turn begins."""
    if NO_CARD in work.planned:
        return
    work.phase = Phase.ACTION
    work.current = work.cook
    work.in_turn = True
    work.stage = Stage.START


def rest(work: Work, player: PlayerId, keep: CardId, which: int) -> None:
    """Rest, in its five steps.

    Discard the face-down card, keep one Trace card, take a Market card, take back the
    Discard pile, stand up.
    """
    planned = work.planned[player]
    if planned >= 0:
        work.discards[player].append(planned)
    work.planned[player] = NO_CARD
    trace = work.traces[player]
    work.discards[player].extend(c for c in trace if c != keep)
    work.traces[player] = [keep] if keep >= 0 else []
    if which >= 0:
        work.hands[player].append(take(work.market, work.draw, which, work.rules.special_ids))
    work.hands[player].extend(work.discards[player])
    work.discards[player] = []
    work.knocked[player] = False
    work.stage = Stage.ACT
    work.grants = turn_grants(work, player)
