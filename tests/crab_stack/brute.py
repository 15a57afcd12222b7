"""An independent, slow move generator over raw axial coordinates, for cross-checks.

It shares nothing with the library's move generation: no cell-id tables, no bitmasks,
no memos; it walks every path of the exact length step by step, as the rules say.
"""

from __future__ import annotations

from crabrules import crab_stack as cs

HEX_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def brute_moves(state: cs.State) -> set[tuple[int, int]]:
    """Every (src, dst) the player to move can play, by walking every path."""
    coords = state.config.spaces
    where = {qr: i for i, qr in enumerate(coords)}
    stacks = state.stacks
    found: set[tuple[int, int]] = set()
    for src, stack in enumerate(stacks):
        if not stack or stack[-1] // 3 != state.to_move:
            continue
        size = stack[-1] % 3
        length = {0: 3, 1: 2, 2: 1}[size]

        def walk(
            qr: tuple[int, int],
            visited: list[tuple[int, int]],
            left: int,
            src: int = src,
            size: int = size,
        ) -> None:
            if left == 0:
                dst = where[qr]
                if stacks[dst][-1] % 3 <= size:
                    found.add((src, dst))
                return
            for dq, dr in HEX_STEPS:
                nxt = (qr[0] + dq, qr[1] + dr)
                if nxt in where and stacks[where[nxt]] and nxt not in visited:
                    walk(nxt, [*visited, nxt], left - 1)

        walk(coords[src], [coords[src]], length)
    return found
