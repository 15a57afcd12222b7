"""Adapters to reinforcement-learning and game-AI frameworks, each an optional extra.

- :mod:`crabrules.adapters.pettingzoo` (``crabrules[pettingzoo]``): AEC environments;
- :mod:`crabrules.adapters.openspiel` (``crabrules[openspiel]``): ``pyspiel`` games.

Both build on :mod:`crabrules.encoding`. Import the module of the framework you use:
this package imports neither.
"""
