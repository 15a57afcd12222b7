"""Gymnasium spaces of an encoding, shared by the PettingZoo and Gymnasium environments.

>>> from crabrules.encoding import encoding
>>> box = observation_box(encoding("crab-stack"))
>>> box.shape == encoding("crab-stack").observation_shape, bool(box.is_bounded())
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from crabrules.encoding import Encoding

__all__ = ["mask_box", "observation_box"]


def observation_box(enc: Encoding[Any, Any, Any]) -> spaces.Box:
    """The observation tensor's space: from 0 to the encoding's ``observation_high``."""
    high = np.array(enc.observation_high, dtype=np.float32)
    return spaces.Box(np.zeros_like(high), high, dtype=np.float32)


def mask_box(enc: Encoding[Any, Any, Any]) -> spaces.Box:
    """The action mask's space: an ``int8`` 0 or 1 per action number."""
    return spaces.Box(0, 1, (enc.num_distinct_actions,), dtype=np.int8)
