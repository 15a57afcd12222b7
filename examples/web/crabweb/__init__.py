"""crabweb: every crabrules game over HTTP and JSON, and a page that plays them.

- :mod:`crabweb.tables`: the games being played and each player's view;
- :mod:`crabweb.store`: the games saved in SQLite, so that a restart resumes them.
- :mod:`crabweb.clicks`: which clicks on a picture spell each legal action.
- :mod:`crabweb.app`: the Starlette app (routes, JSON errors).

Run it with ``python -m crabweb`` from ``examples/web`` (see its README).
"""
