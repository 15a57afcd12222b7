"""One way through an action: the working copy, the effects and the turn.

:func:`~crabrules.oh_crab.engine._action_table.apply` copies the state into a
:class:`~crabrules.oh_crab.engine._work.Work`, plays the action by its kind's rule
(each action family's options, refusal and play in one module:
:mod:`~crabrules.oh_crab.engine._turn_actions` for placing, activating, planning and the
turn's own actions, :mod:`~crabrules.oh_crab.engine._action_table` for the answers to a
step, with the table from kind to rule and the dispatch through it;
:mod:`~crabrules.oh_crab.engine._moment` for the words refusals share), runs its steps
(:mod:`~crabrules.oh_crab.engine._effects`, :mod:`~crabrules.oh_crab.engine._movement`,
:mod:`~crabrules.oh_crab.engine._turns`, with the cards and shells moving in the working
copy) and freezes the result. The steps being resolved are one stack of decisions
(:attr:`~crabrules.oh_crab.engine._work.Work.decisions`): the turn's own at the bottom, the
Adventure Pack's frames above it, the top one resolving. What a config's rules need is
computed once (:mod:`~crabrules.oh_crab.engine._tables`). The Adventure Pack plugs in
through :mod:`~crabrules.oh_crab.engine._expansion`: its action kinds join the table, its
handlers join the named moments of play.
"""
