"""A plain-text picture of a game: the hex board, each stack's top crab and height.

Each space shows its top crab's colour (first letter, lower case) and size (``L``, ``M``,
``S``) and how many crabs the stack holds (``rL2``: a red large crab on one other crab);
``.`` is an empty space, blanks are open water. Under each space is its label in the
notation (``C4``), so a move in a log can be found on the picture. Rows are the axial
``r`` coordinate, each shifted half a hex from the last.
"""

from __future__ import annotations

from crabrules.core import check_state_type
from crabrules.crab_stack._board import Layout
from crabrules.crab_stack._crabs import Stack, crab_player, crab_size
from crabrules.crab_stack._state import State, Termination

_SIZE_LETTERS = "SML"
_WIDTH = 3  # columns per half hex: a hex is 6 columns wide, room for "rL12"
_MAX_WIDTH = 100  # the widest line of a picture (terminals, logs, the docs)


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

    Under each space its label in the notation: row letter from the top, place in the row
    from the left (``C4``). A board too wide for 100 columns (only a custom layout can be)
    is listed instead, one ``label token`` per space.

    >>> from crabrules.crab_stack._rules import initial_state
    >>> print(render(initial_state(seed=1)))
    Crab Stack, turn 0: blue to move
          bS1   rL1   rM1
          A1    A2    A3
       bS1   bM1   rL1   bM1
       B1    B2    B3    B4
    rL1   rS1         bL1   rM1
    C1    C2          C3    C4
       bS1   rS1   bL1   bL1
       D1    D2    D3    D4
          bM1   rS1   rM1
          E1    E2    E3
    r = red, b = blue; L/M/S = large/medium/small; digits = height
    under each space its name: row letter, place in the row (C4: row C, 4th space)
    """
    check_state_type(state, State)
    config = state.config
    letters = colour_letters(config.colours)
    tokens = [_token(stack, letters) for stack in state.stacks]
    labels = config.geometry.labels
    board, names = _board(config.spaces, tokens, labels)
    legend = ", ".join(
        f"{letter} = {name}" for letter, name in zip(letters, config.colours, strict=True)
    )
    return "\n".join(
        [
            _status(state),
            *board,
            f"{legend}; L/M/S = large/medium/small; digits = height",
            f"{names}: row letter, place in the row (C4: row C, 4th space)",
        ]
    )


def _token(stack: Stack, letters: tuple[str, ...]) -> str:
    """A space's picture: its top crab's colour and size, and its height (``.``: empty)."""
    if not stack:
        return "."
    top = stack[-1]
    return f"{letters[crab_player(top)]}{_SIZE_LETTERS[crab_size(top)]}{len(stack)}"


def _board(coords: Layout, tokens: list[str], labels: tuple[str, ...]) -> tuple[list[str], str]:
    """The hex rows, each with its labels on the line below, or a list if it would not fit.

    Also the legend's words for where the labels are.
    """
    xs = [2 * q + r for q, r in coords]
    rows = [r for _, r in coords]
    x0, r0 = min(xs), min(rows)
    width = (max(xs) - x0) * _WIDTH + 5
    if width > _MAX_WIDTH:
        entries = [f"{label} {token}" for label, token in zip(labels, tokens, strict=True)]
        per_line = _MAX_WIDTH // (max(map(len, entries)) + 2)
        lines = ["  ".join(entries[i : i + per_line]) for i in range(0, len(entries), per_line)]
        return lines, "each space by its name, then its top crab"
    grid = [[" "] * width for _ in range(2 * (max(rows) - r0 + 1))]
    for cell, (token, label) in enumerate(zip(tokens, labels, strict=True)):
        col = (xs[cell] - x0) * _WIDTH
        line = 2 * (rows[cell] - r0)
        grid[line][col : col + len(token)] = token
        grid[line + 1][col : col + len(label)] = label
    return ["".join(line).rstrip() for line in grid], "under each space its name"


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
        labels = state.config.geometry.labels
        firsts = " or ".join(f"keep {labels[group[0]]}" for group in state.pending)
        line = f"{head}{colours[state.to_move]} keeps one tied group ({firsts})"
    else:
        line = f"{head}{colours[state.to_move]} to move"
    if state.eliminated:
        line += "; out: " + ", ".join(colours[p] for p in state.eliminated)
    # Only a custom layout can tie many groups at once; the picture stays 100 columns wide.
    return line if len(line) <= _MAX_WIDTH else line[: _MAX_WIDTH - 3] + "..."
