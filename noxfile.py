"""The project's checks. ``nox`` runs tests, typecheck, lint, docs and build; ``nox -s bench``
runs the benchmarks. Every session installs what it needs into its own environment."""

from __future__ import annotations

import pathlib
import tempfile

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs", "build"]
nox.options.error_on_missing_interpreters = False
nox.options.reuse_existing_virtualenvs = True

# Checkers are pinned: a new release of one must not turn main red overnight.
MYPY = "mypy==2.4.1"
RUFF = "ruff==0.17.6"
# hypothesis-jsonschema 0.23 fails on Hypothesis 6.170.9 and later ('many' has no 'more');
# the pin goes when it catches up.
TEST_DEPS = [
    "pytest>=8",
    "pytest-cov>=5",
    "hypothesis>=6.100,<6.170.9",
    "jsonschema>=4.18",
    "hypothesis-jsonschema>=0.23",
]
DOCS_DEPS = ["sphinx>=7.2", "furo>=2024.1", "myst-parser>=3", "sphinx-autodoc-typehints>=2"]


@nox.session
def tests(session: nox.Session) -> None:
    """Unit, rule, conformance and doctests, with coverage of src/ (at least 90%)."""
    session.install("-e", ".", *TEST_DEPS)
    session.run(
        "pytest",
        "--cov=crabrules",
        "--cov-report=term",
        "--cov-fail-under=90",
        "--doctest-modules",
        "src",
        "tests",
        "--ignore=tests/benchmarks",
        *session.posargs,
    )


@nox.session
def fuzz(session: nox.Session) -> None:
    """The conformance suite on new random examples, 200 a check (not in the default run).

    The default run is derandomised so that it passes or fails the same way everywhere;
    this session explores: ``nox -s fuzz -- -k oh-crab``.
    """
    session.install("-e", ".", *TEST_DEPS)
    session.run(
        "pytest",
        "tests/conformance",
        "-p",
        "no:cacheprovider",
        *session.posargs,
        env={"CRABRULES_FUZZ": "200"},
    )


@nox.session
def typecheck(session: nox.Session) -> None:
    """``mypy --strict`` over the library and its tests."""
    session.install("-e", ".", MYPY, *TEST_DEPS, "types-jsonschema", "pytest-benchmark>=4", "nox")
    session.run("mypy", "--strict", "src", "tests", "noxfile.py", "examples")


@nox.session
def lint(session: nox.Session) -> None:
    """``ruff check`` and ``ruff format --check``."""
    session.install(RUFF)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """The Sphinx site with warnings as errors, and every example in docs/ run as a doctest."""
    session.install("-e", ".", *DOCS_DEPS, "pytest>=8")
    # -W makes Sphinx's own warnings errors; the Python deprecation notices that Sphinx
    # extensions print about each other are not ours to fix, so they are hidden.
    quiet = {"PYTHONWARNINGS": "ignore::DeprecationWarning,ignore::PendingDeprecationWarning"}
    session.run(
        "sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html", env=quiet
    )
    session.run("pytest", "--doctest-glob=*.md", "-p", "no:cacheprovider", "docs", "README.md")


@nox.session
def build(session: nox.Session) -> None:
    """sdist and wheel, ``twine check``, then the wheel alone in a fresh environment."""
    session.install("build>=1.2", "twine>=5")
    dist = pathlib.Path(tempfile.mkdtemp(prefix="crabrules-dist-"))
    session.run("python", "-m", "build", "--outdir", str(dist))
    session.run("twine", "check", "--strict", *map(str, dist.iterdir()))
    wheel = next(dist.glob("*.whl"))
    venv = dist / "venv"
    session.run("python", "-m", "venv", str(venv))
    python = str(venv / "bin" / "python")
    session.run(python, "-m", "pip", "install", "--quiet", str(wheel), external=True)
    session.chdir(str(dist))  # import the installed wheel, not the source tree
    session.run(python, "-m", "crabrules", "list", external=True)
    session.run(python, "-m", "crabrules", "demo", "crab-stack", "--seed", "1", external=True)


@nox.session
def bench(session: nox.Session) -> None:
    """The hot paths and random playouts of every game (not part of the default run)."""
    session.install("-e", ".", "pytest>=8", "pytest-benchmark>=4", "hypothesis>=6.100")
    session.run(
        "pytest",
        "tests/benchmarks",
        "--benchmark-only",
        "--benchmark-columns=min,mean,stddev,ops,rounds",
        "--benchmark-sort=name",
        "--benchmark-group-by=module",
        "-p",
        "no:cacheprovider",
        "-s",
        *session.posargs,
    )
