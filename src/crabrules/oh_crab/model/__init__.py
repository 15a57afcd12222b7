"""Oh Crab!'s frozen nouns: the config, the state, the actions, the events and their names.

Nothing here runs a rule. :mod:`~crabrules.oh_crab.model._state` is the complete truth of a
game, :mod:`~crabrules.oh_crab.model._actions` and :mod:`~crabrules.oh_crab.model._events`
what players do and what they see happen (with the labels people read, ``c1``, ``m2``).
"""
