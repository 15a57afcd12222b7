from __future__ import annotations

from crabrules.core import register_game
from tests.conformance import tictactoe

# The conformance suite's test game is a registered game for the whole test session, so
# records and the registry-driven tools can be tested against it.
register_game(tictactoe.GAME)
