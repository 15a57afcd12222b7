"""An independent, slow model of the rules over raw axial coordinates, for cross-checks.

It shares nothing with the library's rules code: no cell-id tables, no bitmasks, no memos,
no Zobrist keys. It walks every path of the exact length step by step, finds groups by a
plain flood fill over coordinates, and follows the rules text literally. The perft tests
compare its counts with the library's.
"""

from __future__ import annotations

from collections.abc import Iterator

from crabrules import crab_stack as cs
from crabrules.crab_stack import Coord

HEX_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
LENGTH = {0: 3, 1: 2, 2: 1}  # small, medium, large

Board = dict[Coord, tuple[int, ...]]  # occupied spaces only: stacks bottom to top


def board_of(state: cs.State) -> Board:
    return {
        qr: stack for qr, stack in zip(state.config.spaces, state.stacks, strict=True) if stack
    }


def moves(board: Board, player: int) -> set[tuple[Coord, Coord]]:
    """Every (from, to) of ``player``, by walking every path."""
    found: set[tuple[Coord, Coord]] = set()
    for start, stack in board.items():
        if stack[-1] // 3 != player:
            continue
        size = stack[-1] % 3

        def walk(qr: Coord, visited: list[Coord], left: int, start: Coord = start) -> None:
            if left == 0:
                if board[qr][-1] % 3 <= size:  # noqa: B023 - size is fixed for this walk
                    found.add((start, qr))
                return
            for dq, dr in HEX_STEPS:
                nxt = (qr[0] + dq, qr[1] + dr)
                if nxt in board and nxt not in visited:
                    walk(nxt, [*visited, nxt], left - 1)

        walk(start, [start], LENGTH[size])
    return found


def groups(board: Board) -> list[set[Coord]]:
    left = set(board)
    out = []
    while left:
        todo = [min(left)]
        group = set(todo)
        while todo:
            q, r = todo.pop()
            for dq, dr in HEX_STEPS:
                nxt = (q + dq, r + dr)
                if nxt in left and nxt not in group:
                    group.add(nxt)
                    todo.append(nxt)
        out.append(group)
        left -= group
    return out


def after_wave(board: Board) -> list[Board]:
    """The boards the Wave Rule can leave: one, or one per group tied for largest."""
    parts = groups(board)
    if len(parts) == 1:
        return [board]

    def size(group: set[Coord]) -> tuple[int, int]:
        return len(group), sum(len(board[qr]) for qr in group)

    best = max(size(g) for g in parts)
    return [{qr: board[qr] for qr in g} for g in parts if size(g) == best]


def successors(board: Board, player: int) -> Iterator[list[Board]]:
    """For each move of ``player``: the boards the wave may leave (several on a tie)."""
    for start, end in sorted(moves(board, player)):
        new = dict(board)
        crab, rest = board[start][-1], board[start][:-1]
        if rest:
            new[start] = rest
        else:
            del new[start]
        new[end] = (*board[end], crab)
        yield after_wave(new)


def next_player(board: Board, mover: int, players: int, out: set[int]) -> tuple[int, set[int]]:
    """After a completed move: who is out, and who moves next (``-1``: the game is over).

    Every player still in who has no move is out at once, the mover included; the game
    goes on while at least two players are left.
    """
    out = out | {p for p in range(players) if p not in out and not moves(board, p)}
    if players - len(out) < 2:
        return -1, out
    p = (mover + 1) % players
    while p in out:
        p = (p + 1) % players
    return p, out


def perft(board: Board, to_move: int, players: int, out: set[int], depth: int) -> int:
    """Action sequences of length ``depth``; settling a wave tie is an action of its own."""
    if depth == 0:
        return 1
    total = 0
    for options in successors(board, to_move):
        if depth == 1:
            total += 1
            continue
        # A tie costs a second action (KeepGroup) before the turn ends.
        cost = 1 if len(options) == 1 else 2
        for option in options:
            if cost == depth:
                total += 1
                continue
            nxt, now_out = next_player(option, to_move, players, out)
            if nxt >= 0:
                total += perft(option, nxt, players, now_out, depth - cost)
    return total
