"""A person at a real-time table, played by the library's plausible agent (for the tests)."""

from __future__ import annotations

from typing import Any

from crabweb.tables import Table

from crabrules.agents import Decision, Turn, agent_rngs, make_agent


class CasualPerson:
    """Decides for ``player``'s seat of ``table`` as a casual person would, on its clock."""

    def __init__(self, table: Table, player: int) -> None:
        self.table = table
        self.player = player
        self.agent = make_agent("plausible")
        self.rng = agent_rngs(table.seed + 1, player + 1)[player]
        self.decision: Decision | None = None
        self.asked_at, self.again = -1, 0.0

    def due(self) -> Any | None:
        """The action this person takes now, or ``None`` (waiting, or nothing to do).

        As the server's agents do (``Table.tick``): a decision stands until the game moves
        on, and is taken once the clock reaches its time; one to wait is asked again a
        game second later.
        """
        table = self.table
        with table.lock:
            state, now, moves = table.state, table.clock(), table.moves
            if table.game.is_terminal(state):
                return None
            stale = self.asked_at != moves or (self.decision is None and now >= self.again)
            if stale:
                legal = table.game.legal_actions(state, self.player)
                self.decision = None
                if legal:
                    self.rng, mine = self.rng.split()
                    turn = Turn(table.game, self.player, legal, now, state)
                    self.decision = self.agent.act(turn, mine)
                self.asked_at, self.again = moves, now + 1.0
        if self.decision is None or self.decision.at > now:
            return None
        return self.decision.action
