"""A plain-text picture of a game: the hex board, each stack's top crab and height.

Each space shows its top crab's colour (first letter, lower case) and size (``L``, ``M``,
``S``) and how many crabs the stack holds (``rL2``: a red large crab on one other crab);
``.`` is an empty space, blanks are open water. Rows are the axial ``r`` coordinate, each
shifted half a hex from the last.
"""

from __future__ import annotations

from crabrules.core import check_state_type
from crabrules.crab_stack.crabs import crab_player, crab_size
from crabrules.crab_stack.state import State, Termination

__all__ = ["colour_letters", "render"]

_SIZE_LETTERS = "SML"
_WIDTH = 3  # columns per half hex: a hex is 6 columns wide, room for "rL12"


def colour_letters(colours: tuple[str, ...]) -> tuple[str, ...]:
    """One letter per player: the colours' initials, or the player ids if two share one.

    >>> colour_letters(("red", "blue")), colour_letters(("red", "rose"))
    (('r', 'b'), ('0', '1'))
    """
    initials = tuple(c[0].lower() for c in colours)
    if len(set(initials)) == len(initials):
        return initials
    return tuple(str(p) for p in range(len(colours)))


def render(state: State) -> str:
    """Draw the board and the game's status, for terminals, logs and docs.

    >>> from crabrules.crab_stack.rules import initial_state
    >>> print(render(initial_state(seed=1)))  # doctest: +NORMALIZE_WHITESPACE
    Crab Stack, turn 0: blue to move
          bS1   rL1   rM1
       bS1   bM1   rL1   bM1
    rL1   rS1         bL1   rM1
       bS1   rS1   bL1   bL1
          bM1   rS1   rM1
    r = red, b = blue; L/M/S = large/medium/small crab; digits = stack height
    """
    check_state_type(state, State)
    config = state.config
    letters = colour_letters(config.colours)
    coords = config.spaces
    xs = [2 * q + r for q, r in coords]
    rows = [r for _, r in coords]
    x0, r0 = min(xs), min(rows)
    grid = [[" "] * ((max(xs) - x0) * _WIDTH + 4) for _ in range(max(rows) - r0 + 1)]
    for cell, stack in enumerate(state.stacks):
        if stack:
            top = stack[-1]
            token = f"{letters[crab_player(top)]}{_SIZE_LETTERS[crab_size(top)]}{len(stack)}"
        else:
            token = "."
        col = (xs[cell] - x0) * _WIDTH
        grid[rows[cell] - r0][col : col + len(token)] = token
    board = ["".join(line).rstrip() for line in grid]
    legend = ", ".join(
        f"{letter} = {name}" for letter, name in zip(letters, config.colours, strict=True)
    )
    return "\n".join(
        [
            _status(state),
            *board,
            f"{legend}; L/M/S = large/medium/small crab; digits = stack height",
        ]
    )


def _status(state: State) -> str:
    """The first line of the picture: the turn, who acts or how the game ended, who is out."""
    colours = state.config.colours
    head = f"Crab Stack, turn {state.turn}: "
    if state.termination is Termination.LAST_PLAYER:
        (winner,) = (p for p in range(len(colours)) if p not in state.eliminated)
        line = f"{head}{colours[winner]} wins, the last player left"
    elif state.termination is Termination.REPETITION:
        line = f"{head}draw, the position occurred three times"
    elif state.termination is Termination.TURN_LIMIT:
        line = f"{head}draw, the turn limit is reached"
    elif state.termination is Termination.ALL_ELIMINATED:
        line = f"{head}draw, no player is left with a legal move"
    elif state.pending:
        firsts = ", ".join(str(group[0]) for group in state.pending)
        line = f"{head}{colours[state.to_move]} keeps one tied group (lowest cells {firsts})"
    else:
        line = f"{head}{colours[state.to_move]} to move"
    if state.eliminated:
        line += "; out: " + ", ".join(colours[p] for p in state.eliminated)
    return line
