"""The strong pair of La Marche du Crabe: Baddies that tell a hand, and a short plan.

The partners may not talk, but each turn's Baddie goes on a card of the placer's choice,
which every player sees. The strong player makes that choice a message:

- **Telling its hand** (:class:`HandCode`). Both players keep, for each of them, the
  list of hands (pairs of the 12 Items) that the player's past placements leave open;
  it starts with all 66. At each placement the placer cuts its list into as many runs
  as it has cards to choose (the free cards of the row, but the token's card, in cell
  order) and puts the Baddie on the card of the run that holds its hand; the list
  becomes that run. Once one hand is left, the placement is free again, and it goes
  where it hurts the plan least. Three placements usually tell a hand.
- **Reading the partner** (:func:`partner_hands`). Its partner's placements are read
  the same way, from what the board shows (the new Baddie of the partner's colour, the
  free cards of its row before it, the token's card then). The partner's possible hands
  are the runs it chose, less every hand holding one of this player's own Items or a
  freed Item, and holding the partner's exposed ones. How likely each Item is to be
  Forbidden (:func:`danger`) is the share of those hands holding it: the player's own
  Items are certain.
- **Planning** (:func:`plan`). From the token it searches the next moves of both
  players, :data:`DEPTH` in all, alternately along a column (Boater) and a row (Sunny),
  staying included. A freed crab counts 1 (and winning much more), a Shrimp spent
  :data:`SHRIMP`, spending one it does not have loses; stepping on an uncertain Item
  frees it or costs two Shrimps, as likely as :func:`danger` says. The partner is
  expected to step on an Item only when it is safe (it knows its own Items), and never
  on this player's (it read them).

It sees only its observation, and it remembers what it saw last turn (the board after
its own placement, where it moved), so each game needs its own players.

>>> import crabrules
>>> from crabrules.agents import play_match
>>> game = crabrules.get_game("la-marche-du-crabe")
>>> result = play_match(game, [MarchePlanner(), MarchePlanner()], seed=3)
>>> result.finished
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from crabrules.agents.base import Decision, Turn
from crabrules.core import PlayerId, Rng
from crabrules.marche_du_crabe import Move, Observation, Place, Stay
from crabrules.marche_du_crabe._board import (
    COLUMN_CELLS,
    NO_ITEM,
    ROW_CELLS,
    Cell,
    path,
    row_of,
    start_cell,
)
from crabrules.marche_du_crabe._content import NUM_ITEMS, Item
from crabrules.marche_du_crabe._state import BOATER, CRABS_TO_FREE, NO_BADDIE

__all__ = [
    "DEPTH",
    "HANDS",
    "SHRIMP",
    "HandCode",
    "MarchePlanner",
    "choices",
    "danger",
    "partner_hands",
    "plan",
]

Hand = tuple[Item, Item]

#: Every hand of two Forbidden Items, in a fixed order both players know.
HANDS: tuple[Hand, ...] = tuple(itertools.combinations(range(NUM_ITEMS), 2))
#: Moves searched ahead, both players' together.
DEPTH = 4
#: What a Shrimp spent is worth, against 1 for a freed crab.
SHRIMP = 0.9
_WIN = 30.0  # freeing the last crab
_LOSS = -30.0  # spending a Shrimp the pair does not have
_LATER = 0.95  # a crab freed later is worth a little less


def choices(view: Observation, row: int, token: Cell) -> list[Cell]:
    """The cards a Baddie of ``row`` may carry a message on: the free ones but the token's.

    Free: no Item and no Baddie. The token's card (a Shrimp to place on) counts only when
    it is the one free card.

    >>> from crabrules.marche_du_crabe import initial_state, observe
    >>> view = observe(initial_state(seed=7), 0)
    >>> len(choices(view, 0, view.token)), len(choices(view, 3, view.token))
    (3, 4)
    """
    items = view.layout.items
    free = [c for c in ROW_CELLS[row] if items[c] == NO_ITEM and view.baddies[c] == NO_BADDIE]
    return [c for c in free if c != token] or free


class HandCode:
    """One player's hand as its placements tell it: the hands they still leave open.

    >>> code = HandCode()
    >>> code.send((0, 1), [3, 4, 5])  # the first of three runs holds hand (0, 1)
    3
    >>> len(code.hands), code.hands[0]
    (22, (0, 1))
    >>> reader = HandCode()
    >>> reader.receive([3, 4, 5], 3)
    >>> reader.hands == code.hands
    True
    """

    def __init__(self) -> None:
        self.hands: tuple[Hand, ...] = HANDS

    @property
    def told(self) -> bool:
        """Whether the placements told the hand already (one hand left)."""
        return len(self.hands) <= 1

    def _runs(self, count: int) -> list[tuple[Hand, ...]]:
        runs = min(count, len(self.hands))
        size, extra = divmod(len(self.hands), runs)
        out, start = [], 0
        for run in range(runs):
            end = start + size + (run < extra)
            out.append(self.hands[start:end])
            start = end
        return out

    def send(self, hand: Hand, cards: Sequence[Cell]) -> Cell | None:
        """The card of ``cards`` that tells the run holding ``hand`` (``None``: all told)."""
        if self.told or not cards:
            return None
        for card, run in zip(cards, self._runs(len(cards)), strict=False):
            if hand in run:
                self.hands = run
                return card
        return None

    def receive(self, cards: Sequence[Cell], card: Cell) -> None:
        """Read a placement on ``card`` among ``cards`` (a card outside them tells nothing)."""
        if self.told or card not in cards:
            return
        runs = self._runs(len(cards))
        index = list(cards).index(card)
        if index < len(runs):
            self.hands = runs[index]


def partner_hands(view: Observation, told: Iterable[Hand]) -> list[Hand]:
    """The partner's possible hands: those ``told`` that the board and ``view`` allow.

    A hand is out if it holds one of the viewer's own Items or a freed Item, or misses
    one of the partner's exposed Items. If the placements were misread (no hand left),
    every hand the board allows.

    >>> from crabrules.marche_du_crabe import initial_state, observe
    >>> view = observe(initial_state(seed=7), 0)
    >>> hands = partner_hands(view, HANDS)
    >>> len(hands), any(set(h) & set(view.forbidden) for h in hands)
    (45, False)
    """
    items = view.layout.items
    out_items = set(view.forbidden) | {items[c] for c in view.freed}
    me = view.to_move if view.player is None else view.player
    exposed = view.exposed[1 - me]

    def allowed(hand: Hand) -> bool:
        return not out_items.intersection(hand) and exposed <= set(hand)

    hands = [h for h in told if allowed(h)]
    return hands or [h for h in HANDS if allowed(h)]


def danger(view: Observation, hands: Sequence[Hand]) -> list[float]:
    """How likely each Item is Forbidden, by Item: 1 for the viewer's own.

    >>> from crabrules.marche_du_crabe import initial_state, observe
    >>> view = observe(initial_state(seed=7), 0)
    >>> odds = danger(view, partner_hands(view, HANDS))
    >>> [odds[i] for i in view.forbidden], round(sum(odds), 6)
    ([1.0, 1.0], 4.0)
    """
    odds = [0.0] * NUM_ITEMS
    for hand in hands:
        for item in hand:
            odds[item] += 1 / len(hands)
    for item in view.forbidden:
        odds[item] = 1.0
    return odds


class _Plan:
    """The search of :func:`plan`: one board, the odds, and who is who."""

    def __init__(self, view: Observation, odds: Sequence[float], blocked: Sequence[bool]) -> None:
        self.items = view.layout.items
        self.odds = odds
        self.blocked = blocked
        self.me = view.to_move
        self.mine = set(view.forbidden)
        self.exposed = view.exposed[0] | view.exposed[1]

    def line(self, token: Cell, mover: PlayerId) -> tuple[Cell, ...]:
        cells = COLUMN_CELLS[token % 6] if mover == BOATER else ROW_CELLS[row_of(token)]
        return tuple(c for c in cells if c != token)

    def step_cost(self, token: Cell, cell: Cell) -> int:
        return 1 if any(self.blocked[c] for c in path(token, cell)) else 0

    def value(
        self, token: Cell, freed: frozenset[Cell], shrimps: int, mover: PlayerId, depth: int
    ) -> float:
        """The best the pair can expect from here, over ``depth`` more moves."""
        if len(freed) >= CRABS_TO_FREE:
            return _WIN
        if depth == 0:
            return 0.0
        stay = _LATER * self.value(token, freed, shrimps, 1 - mover, depth - 1)
        best = stay
        for cell in self.line(token, mover):
            best = max(best, self.move_value(token, cell, freed, shrimps, mover, depth, stay))
        return best

    def move_value(
        self,
        token: Cell,
        cell: Cell,
        freed: frozenset[Cell],
        shrimps: int,
        mover: PlayerId,
        depth: int,
        stay: float,
    ) -> float:
        """The value of ``mover`` moving the token from ``token`` to ``cell``."""
        cost = self.step_cost(token, cell)
        if cost > shrimps:
            return _LOSS
        left = shrimps - cost
        item = self.items[cell]
        after = 1 - mover
        if item == NO_ITEM or cell in freed or item in self.exposed:
            return -SHRIMP * cost + _LATER * self.value(cell, freed, left, after, depth - 1)
        if item in self.mine:
            return _LOSS  # never on one of one's own Items, nor the partner on them
        risk = self.odds[item]
        freeing = 1.0 + _LATER * self.value(cell, freed | {cell}, left, after, depth - 1)
        if mover != self.me:
            # The partner knows its own Items: it steps here only when it is safe.
            return -SHRIMP * cost + (1 - risk) * freeing + risk * stay
        hit = _LOSS if left < 2 else -2 * SHRIMP
        return -SHRIMP * cost + (1 - risk) * freeing + risk * hit


def plan(
    view: Observation,
    odds: Sequence[float],
    targets: Iterable[Cell | None],
    baddie: Cell | None = None,
) -> tuple[float, Cell | None]:
    """The best of ``targets`` to move to (``None``: stay), and its value.

    ``baddie`` is a card about to get a Baddie (the placement being weighed).

    >>> from crabrules.marche_du_crabe import initial_state, observe
    >>> view = observe(initial_state(seed=7), 0)
    >>> value, target = plan(view, danger(view, partner_hands(view, HANDS)), [None])
    >>> target is None
    True
    """
    blocked = [b != NO_BADDIE for b in view.baddies]
    if baddie is not None:
        blocked[baddie] = True
    search = _Plan(view, odds, blocked)
    freed, me = view.freed, view.to_move
    shrimps = view.shrimps - (1 if baddie == view.token else 0)
    stay = _LATER * search.value(view.token, freed, shrimps, 1 - me, DEPTH - 1)
    best: tuple[float, Cell | None] = (-1e9, None)
    for target in targets:
        if target is None:
            value = stay
        else:
            value = search.move_value(view.token, target, freed, shrimps, me, DEPTH, stay)
        if value > best[0]:
            best = (value, target)
    return best


class MarchePlanner:
    """One seat's strong player: it tells its hand, reads its partner's, and plans."""

    def __init__(self) -> None:
        self.mine = HandCode()
        self.partners = HandCode()
        self._board: tuple[int, ...] | None = None  # the Baddies when it last moved
        self._token: Cell | None = None  # where it left the token

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """Place the Baddie (a message, or where it hurts least), or move by the plan."""
        view: Observation = turn.observation
        places = {a.cell: a for a in turn.legal if isinstance(a, Place)}
        if places:
            self._read_partner(view)
            return Decision(places[self._place(view, places)], turn.now)
        moves = {a.cell: a for a in turn.legal if isinstance(a, Move)}
        stay = next((a for a in turn.legal if isinstance(a, Stay)), None)
        targets: list[Cell | None] = [*moves]
        if stay is not None:
            targets.append(None)
        odds = danger(view, partner_hands(view, self.partners.hands))
        _, target = plan(view, odds, targets)
        self._board = view.baddies
        self._token = view.token if target is None else target
        action = stay if target is None else moves[target]
        return Decision(action if action is not None else turn.legal[0], turn.now)

    def _place(self, view: Observation, places: dict[Cell, Place]) -> Cell:
        assert view.revealed is not None
        hand = (view.forbidden[0], view.forbidden[1])
        cards = [c for c in choices(view, view.revealed, view.token) if c in places]
        card = self.mine.send(hand, cards)
        if card is not None:
            return card
        odds = danger(view, partner_hands(view, self.partners.hands))
        moves = _line(view)
        weighed = [(plan(view, odds, moves, baddie=c)[0], -c, c) for c in places]
        return max(weighed)[2]

    def _read_partner(self, view: Observation) -> None:
        partner = 1 - view.to_move
        items = view.layout.items
        if self._board is None:
            if view.to_move == BOATER:
                return  # Boater plays first: no placement to read yet
            before = tuple(NO_BADDIE if b == partner else b for b in view.baddies)
            token = start_cell(
                view.layout, view.beach.start_row, view.beach.start_nth, frozenset()
            )
        else:
            before, token = self._board, self._token
        new = [
            c
            for c, b in enumerate(view.baddies)
            if b == partner and items[c] == NO_ITEM and before[c] == NO_BADDIE
        ]
        if len(new) != 1 or token is None:
            return
        card = new[0]
        free = [
            c for c in ROW_CELLS[row_of(card)] if items[c] == NO_ITEM and before[c] == NO_BADDIE
        ]
        cards = [c for c in free if c != token] or free
        self.partners.receive(cards, card)


def _line(view: Observation) -> list[Cell | None]:
    """The token's moves for the player to move, and staying (``None``)."""
    token = view.token
    cells = COLUMN_CELLS[token % 6] if view.to_move == BOATER else ROW_CELLS[row_of(token)]
    return [None, *(c for c in cells if c != token)]
