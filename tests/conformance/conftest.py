from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "conformance",
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
