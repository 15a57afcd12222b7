"""Crabs entering spaces: own moves, moves by others, pushes and chain reactions.

The crab that moves by its player's actions is the turn's active crab; the cards and
shells its spaces take or give are its owner's (``Tables.owners``), so a 2-player team's
two crabs share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crabrules.oh_crab.content._components import SEA, Cell, Layout
from crabrules.oh_crab.engine._tables import Tables, shared
from crabrules.oh_crab.engine._work import (
    View,
    Work,
    discard_from_hand,
    discard_random,
    gain_shell,
)
from crabrules.oh_crab.model._actions import Action, Move, cell_label
from crabrules.oh_crab.model._events import CrabMoved, KnockedOver, Motion, ReachedSea, StoodUp
from crabrules.oh_crab.model._state import NO_CARD, CardId

#: The pushes of a move onto a free space: one way, pushing nobody.
_NO_PUSH: Final[tuple[tuple[Cell, ...], ...]] = ((),)


def occupants(view: View) -> dict[Cell, int]:
    """Map each occupied cell of the board to the crab on it."""
    return {cell: crab for crab, cell in enumerate(view.crabs) if cell >= 0}


def teammates(rules: Tables, crab: int, other: int) -> bool:
    """Whether two crabs are one player's: a 2-player team (a crab is its own teammate).

    A crab entering its teammate's space by its own move swaps places with it (no push).
    """
    return rules.owners[crab] == rules.owners[other]


def costs_a_card(rules: Tables, cell: Cell, *, head_down: bool) -> bool:
    """Whether the active crab entering ``cell`` by its own move discards a card.

    A standard Obstacle asks for one, unless Head Down! is in effect; the sea never does.
    """
    return cell != SEA and rules.obstacle[cell] and not head_down


def chains_onto(
    rules: Tables, occupied: dict[Cell, int], crab: int, target: Cell
) -> list[tuple[Cell, ...]]:
    """The pushes of ``crab`` entering ``target`` by its own move (``occupied``: the others).

    ``[()]``: nobody is pushed (a free space, the sea, or a teammate to swap places with);
    else :func:`push_chains` (empty: the crab there cannot be pushed, ``crab`` cannot enter).
    """
    other = occupied.get(target)
    if other is None or teammates(rules, crab, other):
        return [()]
    return push_chains(rules.layout, occupied, target)


def enter_own(work: Work, crab: int, dest: Cell, discard: CardId, how: Motion) -> None:
    """Let the active crab enter ``dest`` by its own action (or its own current).

    Standard Obstacle: discard the chosen card; knocking-over Obstacle: knocked over (both
    ignored under Head Down!); Shell space: take a shell; the sea: the race is over.
    """
    origin = _arrive(work, crab, dest, how)
    rules = work.rules
    if dest != SEA:
        if discard >= 0 and costs_a_card(rules, dest, head_down=work.decision.head_down):
            discard_from_hand(work, rules.owners[crab], discard)
        if rules.knock_over[dest] and not work.decision.head_down:
            knock_over(work, crab)
        if rules.shell[dest]:
            gain_shell(work, rules.owners[crab])
    rules.moments.entered(work, crab, origin, dest)


def enter_moved(work: Work, crab: int, dest: Cell, how: Motion) -> None:
    """Let a crab enter ``dest`` moved by someone else (push, Seagull!, swap).

    A pushed crab is knocked over ("each pushed crab is knocked over"), unless it went
    into the sea. A standard Obstacle costs it a card drawn at random from its Hand ("the
    player who pushed you discards one at random"); the other effects are those of any
    entry.
    """
    origin = _arrive(work, crab, dest, how)
    rules = work.rules
    if dest != SEA:
        if how is Motion.PUSH:
            knock_over(work, crab)
        if rules.obstacle[dest]:
            discard_random(work, rules.owners[crab])
        if rules.knock_over[dest]:
            knock_over(work, crab)
        if rules.shell[dest]:
            gain_shell(work, rules.owners[crab])
    rules.moments.entered(work, crab, origin, dest)


def _arrive(work: Work, crab: int, dest: Cell, how: Motion) -> Cell:
    """Put ``crab`` on ``dest`` (logged), standing if that is the sea; return where it was."""
    if work.events is not None:
        _log_arrival(work, crab, dest, how)
    origin = work.crabs[crab]
    work.crabs[crab] = dest
    if dest == SEA:
        work.knocked[crab] = False  # off the beach: it stands
    return origin


def _log_arrival(work: Work, crab: int, dest: Cell, how: Motion) -> None:
    assert work.events is not None
    colours = work.rules.colours
    src, by = work.crabs[crab], work.decision.crab
    src_label, dst_label = cell_label(src), cell_label(dest)
    work.events.append(
        CrabMoved(crab, colours[crab], by, colours[by], how, src, dest, src_label, dst_label)
    )
    if dest == SEA:
        work.events.append(ReachedSea(crab, colours[crab]))


def knock_over(work: Work, crab: int) -> None:
    """Knock the crab over (nothing changes for a crab already knocked over)."""
    if work.events is not None and not work.knocked[crab]:
        work.events.append(KnockedOver(crab, work.rules.colours[crab]))
    work.knocked[crab] = True


def stand_up(work: Work, crab: int) -> None:
    """Stand the crab up (a basic movement devoted to it, or a Rest)."""
    if work.events is not None and work.knocked[crab]:
        work.events.append(StoodUp(crab, work.rules.colours[crab]))
    work.knocked[crab] = False


def push_chains(
    layout: Layout, occupied: dict[Cell, int], cell: Cell, most: int = 0
) -> list[tuple[Cell, ...]]:
    """List every way to push the crab on ``cell`` one space toward the sea.

    Chain reactions included: each result lists where each pushed crab goes. Empty: the
    push is impossible. ``most`` (if not 0) stops a chain after that many pushes, as if
    the last space it enters were free.

    A pushed crab moves "as if it were using a Move toward the sea action": forward or
    diagonally, never onto an inaccessible space nor across Reeds; the sea takes any
    number of crabs. In a chain, a 2-player team's inactive crab is pushed and pushes like
    any crab ("inactive crabs behave like independent crabs during chain reactions").
    """
    out: list[tuple[Cell, ...]] = []
    for target in layout.toward_sea[cell]:
        if target == SEA or target not in occupied or most == 1:
            out.append((target,))
        else:
            out.extend((target, *rest) for rest in push_chains(layout, occupied, target, most - 1))
    return out


def every_push_chain(layout: Layout, cell: Cell, most: int) -> list[tuple[Cell, ...]]:
    """List every chain of at most ``most`` pushes from ``cell`` that some position allows.

    The chains :func:`push_chains` finds with every space taken, and each of their
    beginnings (a chain stops where a space is free), in depth-first order.

    >>> from crabrules.oh_crab.content._loading import get_layout
    >>> layout = get_layout("reference", ("0A", "1A", "2A", "3A", "9A"))
    >>> every_push_chain(layout, 0, 2)
    [(5,), (5, 10), (5, 11), (6,), (6, 11), (6, 10), (6, 12)]
    """
    if most <= 0 or cell == SEA:
        return []
    everywhere = dict.fromkeys(range(layout.cells), 0)
    longest = push_chains(layout, everywhere, cell, most)
    return list(dict.fromkeys(chain[:k] for chain in longest for k in range(1, len(chain) + 1)))


def do_move(
    work: Work,
    crab: int,
    dest: Cell,
    discard: CardId,
    pushes: tuple[Cell, ...],
    how: Motion = Motion.MOVE,
) -> None:
    """Move the active crab to ``dest``, pushing (and knocking over) any crab there.

    2-player mode: onto its teammate, the two swap places instead (no push, no
    knock-over): the teammate is put back on the space the active crab left, and that
    space does nothing to it.
    """
    origin = work.crabs[crab]
    occupied = occupants(work)
    del occupied[origin]
    victim = occupied.get(dest)
    enter_own(work, crab, dest, discard, how)
    if victim is not None and teammates(work.rules, victim, crab):
        if work.events is not None:
            _log_arrival(work, victim, origin, Motion.STEP_BACK)
        work.crabs[victim] = origin
        return
    for target in pushes:
        if victim is None:  # pragma: no cover - pushes were checked against the board
            break
        following = occupied.get(target) if target != SEA else None
        enter_moved(work, victim, target, Motion.PUSH)
        victim = following


def own_moves(
    rules: Tables,
    view: View,
    crab: int,
    targets: Sequence[Cell],
    *,
    head_down: bool,
) -> list[Action]:
    """List the :class:`Move` options of the active crab toward ``targets``.

    An occupied target needs a possible push (none onto a teammate: they swap); a
    standard Obstacle needs a card to discard, unless Head Down! is in effect.
    """
    player = rules.owners[crab]
    occupied = occupants(view)
    del occupied[view.crabs[crab]]
    hand = sorted(view.hands[player])
    # A list, not a generator: every caller wants one (cheaper, compiled or not).
    out: list[Action] = []
    for target in targets:
        if target == SEA:
            out.append(shared(rules, Move, player, SEA, NO_CARD, ()))
            continue
        # Most targets are free: nobody to push (chains_onto's first case, without a call).
        chains: Sequence[tuple[Cell, ...]] = _NO_PUSH
        if target in occupied:
            chains = chains_onto(rules, occupied, crab, target)
        discards = hand if costs_a_card(rules, target, head_down=head_down) else [NO_CARD]
        for card in discards:
            for chain in chains:
                out.append(shared(rules, Move, player, target, card, chain))
    return out
