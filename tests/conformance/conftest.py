from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# The default run (and CI) is derandomised: the same code always meets the same examples,
# so a run that passed here passes on CI. `nox -s fuzz` sets CRABRULES_FUZZ to explore new
# examples, as many as it says.
_FUZZ = os.environ.get("CRABRULES_FUZZ")

settings.register_profile(
    "conformance",
    max_examples=int(_FUZZ) if _FUZZ else 15,
    derandomize=not _FUZZ,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
