"""What is printed on Oh Crab!'s components, as data, and the board they make.

``_primitives`` (the steps content is written in), ``_components`` (the checked values and
the board) and ``_loading`` (the documents' shapes, reading them, and naming content). The
Adventure Pack reads its own tokens and cards (``adventure/``).
"""
