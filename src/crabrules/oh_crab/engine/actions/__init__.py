"""Oh Crab!'s actions as rules: each family's options, refusal and play; one table.

Each family owns, for each of its action kinds, the options ``legal_actions`` offers, the
refusal ``apply`` gives when the action is not among them, and its play on the working
copy: :mod:`~crabrules.oh_crab.engine.actions._turn` (placing, activating, planning, and
the turn's own actions) and :mod:`~crabrules.oh_crab.engine.actions._table` (the answers
to a step). :mod:`~crabrules.oh_crab.engine.actions._table` also holds the table and the
dispatch through it; the Adventure Pack adds its own kinds to the table when it is
registered. :mod:`~crabrules.oh_crab.engine.actions._moment` holds the words refusals
share.
"""
