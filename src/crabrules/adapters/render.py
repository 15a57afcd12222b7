"""Pictures for learners: a game's SVG as an RGB array, or in a window (extra ``render``).

The Gymnasium and PettingZoo environments draw ``render_mode="rgb_array"`` and
``"human"`` with it, from the game's ``render_svg``.

**The rasteriser is resvg** (the ``resvg-py`` binding): a maintained, self-contained
SVG renderer in Rust whose wheels need no system library, so ``pip install`` is all it
takes on Linux, macOS and Windows, and the same SVG gives the same pixels everywhere.
CairoSVG, the other common choice, needs the system's Cairo library, which pip cannot
install. Pillow turns resvg's PNG into an array. The window of ``"human"`` is pygame's
(SDL), the library Gymnasium's own environments draw their windows with.

>>> from crabrules import crab_stack
>>> picture = svg_to_rgb_array(crab_stack.render_svg(crab_stack.initial_state(seed=1)))
>>> picture.dtype.name, picture.shape[2], picture.shape[1]
('uint8', 3, 420)
"""

from __future__ import annotations

import io
import time
from typing import Any

import numpy as np
import numpy.typing as npt
import resvg_py
from PIL import Image

from crabrules.core.errors import InvalidConfigError

__all__ = ["MODES", "Renderer", "svg_to_rgb_array"]

#: The render modes a :class:`Renderer` draws.
MODES = ("rgb_array", "human")


def svg_to_rgb_array(svg: str, *, scale: float = 1.0) -> npt.NDArray[np.uint8]:
    """``svg`` as a height x width x 3 ``uint8`` array, on a white background.

    Raises:
        InvalidConfigError: ``scale`` is not a positive number, or ``svg`` is not an SVG.
    """
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not scale > 0:
        raise InvalidConfigError(f"scale: a positive number, not {scale!r}")
    try:
        png = bytes(resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff", zoom=scale))
    except Exception as error:  # resvg's parse errors: say it is the picture that is wrong
        raise InvalidConfigError(f"svg: not a picture resvg can draw ({error})") from None
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


class Renderer:
    """Draws SVG pictures as arrays (``"rgb_array"``) or in a window (``"human"``).

    Args:
        render_mode: ``"rgb_array"`` or ``"human"``.
        fps: the most pictures a second a ``"human"`` window shows (it waits between).

    Raises:
        InvalidConfigError: another ``render_mode``, or ``fps`` not a positive int.

    >>> from crabrules import crab_stack
    >>> renderer = Renderer("rgb_array")
    >>> renderer.render(crab_stack.render_svg(crab_stack.initial_state(seed=1))).ndim
    3
    """

    def __init__(self, render_mode: str, *, fps: int = 4) -> None:
        if render_mode not in MODES:
            raise InvalidConfigError(
                f"render_mode: one of {', '.join(MODES)}, not {render_mode!r}"
            )
        if type(fps) is not int or fps < 1:
            raise InvalidConfigError(f"fps: a positive int, not {fps!r}")
        self.render_mode = render_mode
        self.fps = fps
        self._window: Any = None
        self._shown_at = 0.0

    def render(self, svg: str) -> npt.NDArray[np.uint8] | None:
        """The picture as an array (``rgb_array``), or shown in the window (``None``)."""
        picture = svg_to_rgb_array(svg)
        if self.render_mode == "rgb_array":
            return picture
        self._show(picture)
        return None

    def close(self) -> None:
        """Close the window, if one is open."""
        if self._window is not None:
            import pygame

            pygame.display.quit()
            self._window = None

    def _show(self, picture: npt.NDArray[np.uint8]) -> None:
        import pygame  # only "human" needs a window

        height, width, _ = picture.shape
        if self._window is None or self._window.get_size() != (width, height):
            pygame.display.init()
            pygame.display.set_caption("crabrules")
            self._window = pygame.display.set_mode((width, height))
        pygame.event.pump()  # a window that handles no events is "not responding"
        surface = pygame.surfarray.make_surface(picture.swapaxes(0, 1))
        self._window.blit(surface, (0, 0))
        pygame.display.flip()
        wait = 1 / self.fps - (time.monotonic() - self._shown_at)
        if wait > 0:
            time.sleep(wait)
        self._shown_at = time.monotonic()
