"""One way through an action: the working copy, the effects and the turn.

:func:`~crabrules.oh_crab.engine.play.apply` copies the state into a
:class:`~crabrules.oh_crab.engine.work.Work`, plays the action by its kind's rule
(:mod:`~crabrules.oh_crab.engine.actions`: each family's options, refusal and play, and
the table from kind to rule), runs its steps
(:mod:`~crabrules.oh_crab.engine.effects`, :mod:`~crabrules.oh_crab.engine.movement`,
:mod:`~crabrules.oh_crab.engine.turns`, :mod:`~crabrules.oh_crab.engine.market`,
:mod:`~crabrules.oh_crab.engine.cards`, :mod:`~crabrules.oh_crab.engine.shells`) and freezes
the result; :mod:`~crabrules.oh_crab.engine.refusals` says why an action is illegal. The
steps being resolved are one stack of decisions
(:attr:`~crabrules.oh_crab.engine.work.Work.decisions`): the turn's own at the bottom, the
Adventure Pack's frames above it, the top one resolving. What a config's rules need is
computed once (:mod:`~crabrules.oh_crab.engine.tables`). The Adventure Pack plugs in
through :mod:`~crabrules.oh_crab.engine.expansion`: its action kinds join the table, its
handlers join the named moments of play (:mod:`~crabrules.oh_crab.engine.moments`).
"""
