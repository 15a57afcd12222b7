"""A plain-text picture of a game: the board, then each player's cards and shells.

The sea is at the top. A space shows its content token (see
:mod:`crabrules.oh_crab.content`); a standing crab shows as ``<2>`` (player 2), a
knocked-over one as ``_2_``. Rows are numbered from the land, with each tile's id at its
first row.

>>> from crabrules.oh_crab.rules import initial_state
>>> from crabrules.oh_crab.config import Config
>>> print(render(initial_state(Config(players=3, quick=True), seed=1)).splitlines()[-6])
 0 | <2> <0> <1> 4   5   | 0A
"""

from __future__ import annotations

from crabrules.core.game import PlayerId, not_a_state
from crabrules.oh_crab.board import SEA
from crabrules.oh_crab.content import COLUMNS, get_content
from crabrules.oh_crab.state import NO_CARD, RESTING, Phase, State
from crabrules.oh_crab.work import rules_for

__all__ = ["render"]


def render(state: State) -> str:
    """Draw the board, the Market and every player's Trace, Hand size, Discard pile and shells."""
    if type(state) is not State:
        raise not_a_state(state, State)
    lines = _board_lines(state)
    lines.append(_market_line(state))
    lines.extend(_player_line(state, p) for p in range(len(state.crabs)))
    if state.phase is Phase.PLANNING:
        lines.append(f"Round {state.round}, planning phase")
    elif state.phase is Phase.ACTION:
        lines.append(f"Round {state.round}, action phase: player {state.current}'s turn")
    else:
        lines.append(f"Game over after round {state.round}")
    return "\n".join(lines)


def _board_lines(state: State) -> list[str]:
    """The sea line, then each row from the sea down, each tile's id at its first row."""
    layout = rules_for(state.config).layout
    content = get_content(state.config.content)
    tokens: list[str] = []
    for tile_id in layout.board:
        rows = content.tile(tile_id).rows
        tokens.extend(tok for row in reversed(rows) for tok in row.split())
    where = {cell: p for p, cell in enumerate(state.crabs) if cell != SEA}
    in_sea = [str(p) for p, cell in enumerate(state.crabs) if cell == SEA]
    lines = [f"   ~~~~~~~~~~~~~~~~~~~~~~~ sea: {' '.join(in_sea) or '-'}"]
    for row in range(layout.rows - 1, -1, -1):
        cells = []
        for cell in range(row * COLUMNS, row * COLUMNS + COLUMNS):
            if cell in where:
                p = where[cell]
                cells.append(f"_{p}_" if state.knocked[p] else f"<{p}>")
            else:
                cells.append(f"{tokens[cell]:<3}")
        tile = ""
        if row in layout.tile_starts:
            tile = f" {layout.board[layout.tile_starts.index(row)]}"
        lines.append(f"{row:2} | {' '.join(cells)} |{tile}")
    return lines


def _market_line(state: State) -> str:
    """Each face-up pile's top card, special action and size; the draw pile; the supply."""
    rules = rules_for(state.config)
    names, specials = [c.id for c in rules.cards], rules.special_ids
    piles = " ".join(
        f"[{names[p[-1]]} {specials[p[-1]]} x{len(p)}]" if p else "[empty]" for p in state.market
    )
    return f"Market: {piles} draw {len(state.draw)}; shell supply {state.supply}"


def _player_line(state: State, p: PlayerId) -> str:
    """One player: colour, cook pawn, shells, Hand size, face-down card, Trace, Discard pile."""
    cards = rules_for(state.config).cards
    colour = get_content(state.config.content).colours[p]
    plan = {NO_CARD: "-", RESTING: "rest"}.get(state.planned[p], "face down")
    mark = " cook" if p == state.cook else ""
    return (
        f"P{p} {colour:<6}{mark:<5} shells {state.shells[p]} hand {len(state.hands[p])}"
        f" planned {plan}; trace [{' '.join(cards[c].id for c in state.traces[p])}]"
        f" discard [{' '.join(cards[c].id for c in state.discards[p])}]"
    )
