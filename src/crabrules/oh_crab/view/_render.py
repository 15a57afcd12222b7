r"""The text picture: ``render``'s board and cards.

``_svg`` draws the board around that panel; an expansion adds its lines through
``_observe``'s tables.

>>> from crabrules.oh_crab.rules import initial_state
>>> from crabrules.oh_crab.model._state import Config
>>> lines = render(initial_state(Config(players=3, quick=True), seed=1)).splitlines()
>>> print("\n".join(lines[:2] + lines[12:15]))
     a   b   c   d   e
   ~~~~~~~~~~~~~~~~~~~~~ sea: -
 1 | .   .$  .   .   .   |
 0 | <2> <0> <1> 4   5   | 0A
     a   b   c   d   e
"""

from __future__ import annotations

import textwrap

from crabrules.core.game import PlayerId, not_a_state
from crabrules.oh_crab.content._components import COLUMNS, NOWHERE, SEA
from crabrules.oh_crab.content._loading import get_content
from crabrules.oh_crab.content._primitives import Phase, Primitive, Stage
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import COLUMN_LETTERS, cell_label, grant_words, pile_label
from crabrules.oh_crab.model._state import NO_CARD, RESTING, State, Turn
from crabrules.oh_crab.view import _observe as expansion
from crabrules.oh_crab.view._notation import grant_labels

#: The widest line :func:`render` draws.
WIDTH = 100

#: What the board's tokens and the cards' edges mean (printed under every board).
LEGEND = (
    r"Spaces: . standard  # inaccessible  o Obstacle (lose a card)  x knocking-over Obstacle",
    r"  e Card Exchange  s Shortcut  ^ < > / \ Water Current (N, W, E, NE, NW)  1-5 Start space",
    r"  after a space: $ Shell space  r Reeds on its land edge  ? Surprise (no effect here)",
    r"Cards: id (main action, special action) [left edge | right edge, each upper and lower",
    r"  half-icon: F forward, D diagonally, T toward the sea, S take a shell, - none]",
)

_EDGE = {
    Primitive.MOVE_FORWARD: "F",
    Primitive.MOVE_DIAGONAL: "D",
    Primitive.MOVE_TOWARD_SEA: "T",
    Primitive.TAKE_SHELL: "S",
}


def render(state: State) -> str:
    """Draw the board with its labels and legend, the Market, every player and the turn."""
    if type(state) is not State:
        raise not_a_state(state, State)
    rules = rules_for(state.config)
    lines = _board_lines(state, rules)
    lines.extend(LEGEND)
    lines.append(_wrap(_crabs_line(state, rules)))
    lines.extend(_wrap(line) for line in _market_lines(state, rules))
    for p in range(rules.players):
        lines.extend(_wrap(line) for line in _player_lines(state, rules, p))
    lines.extend(_wrap(line) for line in expansion.player_lines(state.adventure, state, rules))
    lines.extend(_wrap(line) for line in _turn_lines(state, rules))
    lines.extend(_wrap(line) for line in expansion.table_lines(state.adventure, state, rules))
    return "\n".join(lines)


def _wrap(line: str) -> str:
    return "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent="     ")) or line


def _board_lines(state: State, rules: Rules) -> list[str]:
    """Column letters, the sea line, each row from the sea down, column letters again."""
    layout = rules.layout
    tokens = _tokens(state, rules)
    where = {cell: p for p, cell in enumerate(state.crabs) if cell >= 0}
    active = _marked_crab(state, rules)
    in_sea = [str(p) for p, cell in enumerate(state.crabs) if cell == SEA]
    letters = "     " + "   ".join(COLUMN_LETTERS)
    lines = [letters, f"   {'~' * (4 * COLUMNS + 1)} sea: {' '.join(in_sea) or '-'}"]
    for row in range(layout.rows - 1, -1, -1):
        cells = [
            _crab_mark(where[cell], active, state.knocked)
            if cell in where
            else f"{tokens[cell]:<3}"
            for cell in range(row * COLUMNS, row * COLUMNS + COLUMNS)
        ]
        tile = ""
        if row in layout.tile_starts:
            tile = f" {layout.board[layout.tile_starts.index(row)]}"
        lines.append(f"{row:2} | {' '.join(cells)} |{tile}")
    lines.append(letters)
    shortcuts = [
        f"{cell_label(at)} to {cell_label(arrow[0])} (discard {arrow[2]} "
        f"{rules.titles[arrow[1].value]} card{'s' if arrow[2] > 1 else ''})"
        for at, arrow in enumerate(layout.shortcut)
        if arrow is not None
    ]
    if shortcuts:
        lines.append(_wrap("Shortcuts: " + "; ".join(shortcuts)))
    return lines


def _tokens(state: State, rules: Rules) -> list[str]:
    """Each space's content token, by cell (a Surprise space loses its ``?`` once taken)."""
    content = get_content(state.config.content)
    tokens = [
        token
        for tile_id in rules.layout.board
        for row in reversed(content.tile(tile_id).rows)
        for token in row.split()
    ]
    surprises = expansion.surprise_board(state.adventure)
    return [
        token.replace("?", "") if cell < len(surprises) and surprises[cell] < 0 else token
        for cell, token in enumerate(tokens)
    ]


def _crab_mark(crab: int, active: int, knocked: tuple[bool, ...]) -> str:
    """A standing crab ``<2>``, knocked over ``_2_``; the active one ``[2]``, ``=2=``."""
    if crab == active:
        return f"={crab}=" if knocked[crab] else f"[{crab}]"
    return f"_{crab}_" if knocked[crab] else f"<{crab}>"


def _marked_crab(state: State, rules: Rules) -> int:
    """The crab drawn as active: the turn's, when a player has two crabs (else none)."""
    if rules.team and state.turn is not None:
        return state.turn.crab
    return -1


def _crabs_line(state: State, rules: Rules) -> str:
    if not rules.team:
        names = [f"{p} {rules.colours[p]}" for p in range(len(state.crabs))]
        return "Crabs: " + ", ".join(names) + " (<0> standing, _0_ knocked over)"
    teams = [
        f"P{p} " + " and ".join(f"{c} {rules.colours[c]}" for c in mine)
        for p, mine in enumerate(rules.crabs_of)
    ]
    return "Crabs: " + "; ".join(teams) + " (<0> standing, _0_ knocked over, [0] =0= active)"


def card_text(rules: Rules, card: int) -> str:
    """A card with its actions and edges: ``a07 (Move forward, Faster!) [FD|T-]``."""
    info = rules.cards[card]
    edges = "".join(_EDGE.get(h, "-") if h else "-" for h in info.left)
    edges += "|" + "".join(_EDGE.get(h, "-") if h else "-" for h in info.right)
    return f"{rules.card_names[card]} [{edges}]"


def _market_lines(state: State, rules: Rules) -> list[str]:
    """Each face-up pile's top card and size; the draw pile; the supply."""
    piles = []
    for index, pile in enumerate(state.market):
        top = card_text(rules, pile[-1]) + f" x{len(pile)}" if pile else "empty"
        piles.append(f"{pile_label(index)} {top}")
    return [
        "Market: " + "; ".join(piles),
        f"Draw pile: {len(state.draw)} cards; shell supply: {state.supply}",
    ]


def _player_lines(state: State, rules: Rules, p: PlayerId) -> list[str]:
    """One player: colour, cook pawn, shells, Hand size, face-down card, Trace, Discard pile."""
    plan = {NO_CARD: "-", RESTING: "rest"}.get(state.planned[p], "face down")
    mark = " cook" if p == state.cook else ""
    head = (
        f"P{p} {rules.names[p]:<6}{mark:<5} shells {state.shells[p]} "
        f"hand {len(state.hands[p])} planned {plan}"
    )
    lines = [head]
    if rules.team:
        crabs = []
        for c in rules.crabs_of[p]:
            token = f"token {state.tokens[c]}" if state.tokens[c] else "no token"
            where = (
                "not placed" if state.crabs[c] == NOWHERE else "at " + cell_label(state.crabs[c])
            )
            active = ", active" if c == _marked_crab(state, rules) else ""
            crabs.append(f"{c} {rules.colours[c]} {where} ({token}{active})")
        used = "; the cook is used this round" if p == state.cook and state.cook_used else ""
        lines.append("   crabs: " + "; ".join(crabs) + used)
    if state.traces[p]:
        lines.append("   trace: " + ", ".join(card_text(rules, c) for c in state.traces[p]))
    if state.discards[p]:
        lines.append("   discard: " + ", ".join(rules.card_names[c] for c in state.discards[p]))
    return lines


def _turn_lines(state: State, rules: Rules) -> list[str]:
    # 2-player mode: the second Planning and Action phases follow the tokens 1.
    number = ""
    if rules.team:
        second = 2 in state.tokens or (
            state.phase is Phase.PLANNING
            and all(any(state.tokens[c] for c in m) for m in rules.crabs_of)
        )
        number = " 2" if second else " 1"
    who = rules.names[state.current]
    if state.phase is Phase.PLACING:
        return [f"Setup: {who} (P{state.current}) places a crab on a Start space"]
    if state.phase is Phase.PLANNING:
        return [f"Round {state.round}, planning phase{number}"]
    if state.phase is Phase.OVER:
        return [f"Game over after round {state.round}"]
    lines = [f"Round {state.round}, action phase{number}: {who}'s turn (P{state.current})"]
    turn = state.turn
    if turn is not None and rules.team:
        if turn.stage is Stage.ACTIVATE:
            lines.append("   activating a crab (token 1)")
        else:
            crab = turn.crab
            lines.append(
                f"   active crab: {crab} {rules.colours[crab]} (token {state.tokens[crab]})"
            )
    if turn is not None and turn.stage is Stage.ENDING:
        lines.append("   the turn has ended; what it triggered is resolved first")
    if turn is None or turn.stage is not Stage.ACT:
        return lines
    return lines + _acting_lines(turn, rules)


def _acting_lines(turn: Turn, rules: Rules) -> list[str]:
    """The step being resolved, else the actions left; Head Down!."""
    lines = []
    if turn.queue:
        step = turn.queue[0].value
        lines.append(
            f"   resolving: {rules.titles.get(step, step)} ({len(turn.queue)} step(s) left)"
        )
    elif turn.grants:
        labels = grant_labels(turn.grants)
        words = [
            f"{label} = {grant_words(rules.titles, g)}"
            for label, g in zip(labels, turn.grants, strict=True)
        ]
        lines.append("   actions: " + "; ".join(words))
    if turn.head_down:
        lines.append("   Head Down! is in effect")
    return lines
