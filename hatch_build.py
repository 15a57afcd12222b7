"""The build hook of the compiled wheel: ``CRABRULES_COMPILE=1 python -m build --wheel``.

Without ``CRABRULES_COMPILE=1`` this hook does nothing and asks for nothing, so the default
build stays the pure-Python wheel. With it, the hook asks the build frontend for
hatch-mypyc, mypy and the runtime dependencies (mypyc type-checks what it compiles), then
hands the build to hatch-mypyc's own hook, configured by this hook's table in
``pyproject.toml`` (``include``, ``mypy-args``). hatch-mypyc compiles next to the sources;
``finalize`` removes those extension modules once the wheel holds them, so that the source
tree (and an editable install of it) stays pure.
"""

from __future__ import annotations

import os
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The compiler is pinned with the type checker: mypyc is the mypy that checks the code.
COMPILE_REQUIRES = ["hatch-mypyc==0.16.0", "mypy==2.4.1"]


def compiling() -> bool:
    """Whether this build is the compiled one."""
    return os.environ.get("CRABRULES_COMPILE", "") == "1"


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """hatch-mypyc's build hook, switched on by ``CRABRULES_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """What the build needs beyond hatchling: nothing, unless compiling."""
        if not compiling():
            return []
        return [*COMPILE_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the configured modules next to their sources (wheels only)."""
        if self.target_name != "wheel" or not compiling():
            return
        from hatch_mypyc.plugin import MypycBuildHook

        self.mypyc = MypycBuildHook(
            self.root,
            self.config,
            self.build_config,
            self.metadata,
            self.directory,
            self.target_name,
            self.app,
        )
        self.mypyc.initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the extension modules from the source tree: the wheel has them now."""
        if self.target_name != "wheel" or not compiling():
            return
        self.mypyc.clean([version])
