"""What is printed on Oh Crab!'s components, as data, and the board they make.

:mod:`~crabrules.oh_crab.content._components` holds the checked content classes and
stacks tile sides into one grid with its move tables; :mod:`~crabrules.oh_crab.content._loading`
reads them from the JSON files in ``data/`` (or any other set in the same format).
"""
