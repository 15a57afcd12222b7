"""Sphinx configuration for the crabrules documentation."""

from __future__ import annotations

import pathlib
import sys

import crabrules

sys.path.insert(0, str(pathlib.Path(__file__).parent / "_ext"))

import crab_api  # docs/_ext, on the path just above

project = "crabrules"
author = "The crabrules developers"
copyright = "2026, The crabrules developers"
release = crabrules.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
    "crab_pictures",  # docs/_ext: the games' pictures, drawn at build time
    "crab_records",  # docs/_ext: one game of each as a text record, played at build time
    "crab_api",  # docs/_ext: type variables resolved, no "Bases: object", aliases documented
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_generated", "_ext", "_speed"]  # _speed: included by speed.md
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
# Defaults as the source writes them (REFERENCE_CAMPAIGN, not a page of its repr).
autodoc_preserve_defaults = True
autodoc_typehints = "description"
# Parameters are listed where the docstring names them: an attrs class's fields are listed
# once, under its Attributes (the constructor's parameters are the same names).
autodoc_typehints_description_target = "documented"
autodoc_default_options = {"members": True, "show-inheritance": True}
always_document_param_types = False
typehints_fully_qualified = False
typehints_formatter = crab_api.format_type_hint
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True
# Every cross-reference must resolve (nox -s docs builds with -n -W): the internal link
# check. The standard library and numpy are not linked (no intersphinx: the build needs
# no network), so their names are the exceptions.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(typing|collections\.abc|enum|abc|operator|numpy)\..*"),
    (r"py:.*", r"Ellipsis|numpy"),
]

html_theme = "furo"
html_title = f"crabrules {release}"
html_static_path = ["_static"]
html_css_files = ["crabrules.css"]
# typehints_formatter is a function, which Sphinx cannot pickle into its cache: the cache is
# rebuilt when conf.py changes, which is what it would check anyway.
suppress_warnings = ["config.cache"]
