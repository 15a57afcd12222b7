"""Oh Crab!'s actions as rules: one module per family, one table from kind to rule.

Each family's module owns, for each of its action kinds, the options ``legal_actions``
offers, the refusal ``apply`` gives when the action is not among them, and its play on
the working copy: :mod:`~crabrules.oh_crab.engine.actions._turn` (placing, activating,
planning), :mod:`~crabrules.oh_crab.engine.actions._turn` (the turn's own actions) and
:mod:`~crabrules.oh_crab.engine.actions._table` (the answers to a step).
:mod:`~crabrules.oh_crab.engine.actions._table` holds the table; the Adventure Pack adds its
own kinds to it when it is registered.
"""
