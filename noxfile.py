"""The project's checks: ``nox -l`` lists them, ``nox`` runs the default ones.

``nox`` runs tests, ray, typecheck, lint, docs, build, compiled, adapters, rl and web
(about 20 minutes); ``nox -s bench`` rewrites the figures of docs/speed.md, ``nox -s hotpaths``
times every game's hot paths, ``nox -s compare -- REF`` times this checkout against a git
ref. Every session installs what it needs into its own environment; docs and web install
Debian's Chromium when it is missing (as root), and compiled needs a C compiler.
"""

from __future__ import annotations

import io
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import tarfile
import tempfile
from typing import Any

import nox

# The conformance suite is derandomised so that CI meets the examples the developer met;
# string hashing must be fixed too, or the order of a frozenset of module names (and with
# it every example Hypothesis draws from it) changes from one run to the next.
os.environ.setdefault("PYTHONHASHSEED", "0")

nox.options.sessions = [
    "tests",
    "ray",
    "typecheck",
    "lint",
    "docs",
    "build",
    "compiled",
    "adapters",
    "web",
]
nox.options.error_on_missing_interpreters = False
nox.options.reuse_existing_virtualenvs = True

# Checkers are pinned: a new release of one must not turn main red overnight.
MYPY = "mypy==2.4.1"
RUFF = "ruff==0.17.6"
# Radon's complexity count, as reviewers measure it (it counts `and`/`or`, which ruff's
# C901 does not): no block above rank C, a complexity of 20.
XENON = "xenon==0.9.3"
# hypothesis-jsonschema 0.23 fails on Hypothesis 6.170.9 and later ('many' has no 'more');
# the pin goes when it catches up.
HYPOTHESIS = "hypothesis>=6.100,<6.170.9"
SCHEMA_TEST_DEPS = ["jsonschema>=4.18", "hypothesis-jsonschema>=0.23"]
# pytest-xdist: the suites run on every core (the default run must stay short on 2 cores).
XDIST = "pytest-xdist>=3.5"
# IPython: the notebook display of states and observations is tested through its formatter.
# pandas: the results file of `simulate` is checked to load as one column per field.
TEST_DEPS = [
    "pytest>=8",
    "pytest-cov>=5",
    XDIST,
    HYPOTHESIS,
    "ipython>=8",
    "pandas>=2",
    *SCHEMA_TEST_DEPS,
]
BUILD_DEPS = ["build>=1.2"]
# What the suite needs against an installed wheel (no coverage: the wheel is not src/).
WHEEL_TEST_DEPS = ["pytest>=8", XDIST, HYPOTHESIS, *SCHEMA_TEST_DEPS]
# The web example (examples/web) and its tests: their own requirements, Debian's Chromium.
WEB = "examples/web"
WEB_DEPS = ["-r", f"{WEB}/requirements-test.txt"]
CHROMIUM = pathlib.Path("/usr/bin/chromium")
PLAYWRIGHT = "playwright>=1.45"


@nox.session
def tests(session: nox.Session) -> None:
    """Run the unit, rule, conformance and doctests, with coverage of src/ (at least 90%).

    The ``tournament`` extra (OpenSkill) is installed, so that the tournament's OpenSkill
    ratings are tested here; Debian's Node.js is installed when missing (as root), for the
    JavaScript bot's test.
    """
    ensure_node(session)
    session.install("-e", ".[tournament]", *TEST_DEPS)
    session.run(
        "pytest",
        "--numprocesses=auto",
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
def ray(session: nox.Session) -> None:
    """Test the Ray backend of simulate and tournament on a local Ray and a two-node cluster.

    The ``ray`` extra is installed; the local Ray has 2 CPUs. ``nox -s ray -- bench``
    times it beside the processes.
    """
    session.install("-e", ".[ray]", *TEST_DEPS)
    if session.posargs[:1] == ["bench"]:
        session.run("python", "-m", "tests.benchmarks.ray_vs_process", *session.posargs[1:])
        return
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "tests/simulate/test_ray.py",
        "tests/tournament/test_ray.py",
        *session.posargs,
    )


#: The Pythons the package declares; ``nox -s versions`` runs the determinism checks on each
#: one present (GitHub Actions runs the whole suite on each: .github/workflows/ci.yml).
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


@nox.session(python=PYTHONS)
def versions(session: nox.Session) -> None:
    """Run the golden corpus, core and conformance tests on each supported Python.

    Every supported Python found here is used; not in the default run, as each
    interpreter takes minutes.
    """
    session.install("-e", ".", *TEST_DEPS)
    session.run(
        "pytest",
        "--numprocesses=auto",
        "-p",
        "no:cacheprovider",
        "tests/golden",
        "tests/core",
        "tests/conformance",
        *session.posargs,
    )


@nox.session
def fuzz(session: nox.Session) -> None:
    """Run the conformance suite on new random examples, 200 a check.

    Not in the default run, which is derandomised so that it passes or fails the same way
    everywhere; this session explores: ``nox -s fuzz -- -k oh-crab``.
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
    # Oh Crab!'s Module 4 invariants on 1,000 random games per player count (issue 13).
    session.run(
        "pytest",
        "tests/oh_crab/adventure/test_asymmetry_games.py",
        "-k",
        "invariant",
        "-p",
        "no:cacheprovider",
        env={"CRABRULES_FUZZ": "200"},
    )


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check the library, its tests, the noxfile and the examples with mypy --strict.

    The RL extras' libraries and the web example's are installed, so that their types
    are checked too.
    """
    session.install(
        "-e",
        ".[rl,pettingzoo,gymnasium,render,tournament]",
        MYPY,
        *TEST_DEPS,
        "types-jsonschema",
        "pytest-benchmark>=4",
        *BENCH_DEPS,
        "nox",
        *WEB_DEPS,
    )
    session.run("mypy", "--strict", "src", "tests", "noxfile.py", "examples")


#: No module of src/ is longer than this many lines (``nox -s lint``).
MAX_MODULE_LINES = 600
#: The modules still over it, each to be split; the list only shrinks.
OVERSIZED_MODULES: set[str] = set()


@nox.session
def lint(session: nox.Session) -> None:
    """Lint with Ruff, then check the import contracts, complexity and the length of modules.

    ``ruff check`` and ``ruff format --check``; the architecture's import contracts
    (import-linter, in pyproject.toml); no function of src/ or examples/ above complexity 20
    as radon counts it (xenon); no module over :data:`MAX_MODULE_LINES` lines.
    """
    session.install(RUFF, XENON, "import-linter>=2.1", "-e", ".")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("lint-imports")
    session.run("xenon", "--max-absolute", "C", "src", "examples")
    long = {
        str(path): lines
        for path in sorted(pathlib.Path("src").rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    if grown := {path: n for path, n in long.items() if path not in OVERSIZED_MODULES}:
        session.error(f"modules over {MAX_MODULE_LINES} lines (split them): {grown}")
    if shrunk := OVERSIZED_MODULES - set(long):
        session.error(f"within the limit now, drop from OVERSIZED_MODULES: {shrunk}")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx site strictly, run its examples and open its pages in Chromium.

    Warnings are errors and every internal reference is checked (nitpicky: a link to a
    page, heading or Python name that does not exist fails); every example in docs/ and
    README.md runs as a doctest; every page is opened in headless Chromium (Debian's,
    installed from apt when it is missing, as root).
    """
    # The docs extra (as Read the Docs installs it); numpy (the rl extra): docs/rl.md
    # documents crabrules.encoding from its docstrings.
    session.install("-e", ".[docs,rl]", "pytest>=8")
    # -W makes Sphinx's own warnings errors; the Python deprecation notices that Sphinx
    # extensions print about each other are not ours to fix, so they are hidden.
    quiet = {"PYTHONWARNINGS": "ignore::DeprecationWarning,ignore::PendingDeprecationWarning"}
    session.run(
        "sphinx-build",
        "-W",
        "-n",
        "--keep-going",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
        env=quiet,
    )
    session.run("pytest", "--doctest-glob=*.md", "-p", "no:cacheprovider", "docs", "README.md")
    # Every built page opened in Debian's Chromium: no console errors, no broken images or
    # links; screenshots of the index, a game page and the gallery to look at.
    ensure_chromium(session)
    session.install(PLAYWRIGHT, XDIST)
    session.run(
        "pytest",
        "--numprocesses=auto",
        "-p",
        "no:cacheprovider",
        "tests/docs",
        env={
            "CRABRULES_DOCS_HTML": "docs/_build/html",
            "CRABRULES_DOCS_SCREENSHOTS": "docs/_build/screenshots",
        },
    )


def ensure_chromium(session: nox.Session) -> None:
    """Install Debian's Chromium from apt when it is missing (as root); Playwright drives
    it, so no browser is ever downloaded (``playwright install`` is not used)."""
    if CHROMIUM.exists():
        return
    if not _root():
        session.error(f"{CHROMIUM} is missing: install Debian's chromium package (as root)")
    _apt_install(session, "chromium")


def ensure_node(session: nox.Session) -> None:
    """Install Debian's Node.js when ``node`` is missing (as root), for the JavaScript
    reference bot's test (examples/bots); without it, that test skips and says why."""
    if shutil.which("node") is not None:
        return
    if not _root():
        session.warn("node is missing: the JavaScript bot's test skips (Debian: nodejs)")
        return
    _apt_install(session, "nodejs")


def _root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _apt_install(session: nox.Session, package: str) -> None:
    apt = {"DEBIAN_FRONTEND": "noninteractive"}
    session.run("apt-get", "update", "-q", external=True, env=apt)
    session.run("apt-get", "install", "-y", "-q", package, external=True, env=apt)


@nox.session
def web(session: nox.Session) -> None:
    """Test the web example's server, then play its page in headless Chromium.

    The server tests include fuzzed bodies; the page is played in Debian's Chromium with
    Playwright. ``CRABWEB_SCREENSHOTS=docs/_static nox -s web`` refreshes the docs'
    screenshots of the page.

    Chromium comes from apt when it is missing (as root); Playwright drives it, so no
    browser is ever downloaded (``playwright install`` is not used).
    """
    ensure_chromium(session)
    session.install("-e", ".", *WEB_DEPS, HYPOTHESIS)
    session.run("pytest", "-p", "no:cacheprovider", f"{WEB}/tests", *session.posargs)


@nox.session
def build(session: nox.Session) -> None:
    """Build the sdist and the wheel, check them, then try the wheel in a fresh environment."""
    session.install(*BUILD_DEPS, "twine>=5")
    dist = pathlib.Path(tempfile.mkdtemp(prefix="crabrules-dist-"))
    session.run("python", "-m", "build", "--outdir", str(dist), env={"CRABRULES_COMPILE": "0"})
    session.run("twine", "check", "--strict", *map(str, dist.iterdir()))
    wheel = next(dist.glob("*.whl"))
    venv = dist / "venv"
    session.run("python", "-m", "venv", str(venv))
    python = str(venv / "bin" / "python")
    session.run(python, "-m", "pip", "install", "--quiet", str(wheel), external=True)
    session.chdir(str(dist))  # import the installed wheel, not the source tree
    session.run(python, "-m", "crabrules", "list", external=True)
    session.run(python, "-m", "crabrules", "demo", "crab-stack", "--seed", "1", external=True)


#: The optional extras and the suites and modules that need them, in install order.
EXTRAS = {
    "rl": ("tests/encoding", "src/crabrules/encoding"),
    "pettingzoo": ("tests/adapters/test_pettingzoo.py", "src/crabrules/adapters/pettingzoo.py"),
    "gymnasium": ("tests/adapters/test_gymnasium.py", "src/crabrules/adapters/gymnasium.py"),
    "render": ("tests/adapters/test_render.py", "src/crabrules/adapters/render.py"),
    "openspiel": ("tests/adapters/test_openspiel.py", "src/crabrules/adapters/openspiel.py"),
}


def install_extras(session: nox.Session) -> tuple[list[str], list[str]]:
    """Install each extra that installs here: the suites and modules of those, then the others'.

    An extra that cannot be installed on this platform (open_spiel publishes wheels for
    Linux and macOS only) is skipped with the reason printed; the others still count.
    """
    installed: list[str] = []
    skipped: list[str] = []
    for extra, suite in EXTRAS.items():
        try:
            session.install("-e", f".[{extra}]", silent=True)
        except nox.command.CommandFailed as error:
            session.warn(f"skipping the {extra!r} extra: it does not install here ({error})")
            skipped.append(suite[1])
            continue
        installed.extend(suite)
    return installed, skipped


@nox.session
def adapters(session: nox.Session) -> None:
    """Test the RL extras' adapters, doctests and examples, with coverage.

    The extras are rl, pettingzoo, gymnasium, render and openspiel; pygame's window is
    drawn by SDL's dummy driver, so no screen is needed.
    """
    session.install("-e", ".", *TEST_DEPS)
    paths, skipped = install_extras(session)
    if not paths:
        session.error("no extra could be installed")
    # pyproject.toml's coverage settings leave these modules out (nox -s tests cannot
    # import them), so coverage here runs on its own settings, with no config file; the
    # modules of a skipped extra are left out of it.
    settings = ["--rcfile=/dev/null", f"--omit={','.join(f'*/{m}*' for m in skipped)}"]
    session.run(
        "coverage",
        "run",
        *settings,
        "--branch",
        "--source=crabrules.encoding,crabrules.adapters",
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "--doctest-modules",
        *paths,
        "tests/adapters/test_examples.py",
        *session.posargs,
        env={"SDL_VIDEODRIVER": "dummy"},
    )
    session.run("coverage", "report", *settings, "--show-missing", "--fail-under=90")


#: PyTorch's CPU build, for ``nox -s rl``: the example trains on the CPU, and Linux's
#: default torch wheel brings gigabytes of CUDA libraries. Pinned, as the checkers are.
TORCH_CPU = ["torch==2.13.0+cpu", "--extra-index-url", "https://download.pytorch.org/whl/cpu"]
RL_DEPS = ["sb3-contrib>=2.3", "pytest>=8"]


@nox.session
def rl(session: nox.Session) -> None:
    """Train examples/train_maskable_ppo.py for its default step budget; test the budget.

    Under 2 minutes on an idle 2-core machine once PyTorch is installed; docs/rl.md gives a
    longer run. Not in the default ``nox``: like the benchmarks, it trains rather than checks,
    and installing PyTorch would add minutes to every clean run.
    """
    session.install(*TORCH_CPU)  # first, so that sb3-contrib finds it
    session.install("-e", ".[gymnasium]", *RL_DEPS)
    budget = ["tests/adapters/test_examples.py", "-k", "maskable"]
    session.run("pytest", "-p", "no:cacheprovider", "-q", *budget)
    session.run("python", "examples/train_maskable_ppo.py")


#: What only ``nox -s bench`` needs: the engines the games are timed beside.
BENCH_DEPS = ["chess>=1.10"]
#: Where ``nox -s bench`` writes the run (JSON) and the tables docs/speed.md includes.
SPEED_PAGE = pathlib.Path("docs/_speed")


@nox.session
def bench(session: nox.Session) -> None:
    """Time every game beside python-chess and OpenSpiel, and rewrite docs/speed.md's tables.

    Builds the pure and the compiled wheel, then times uniformly random games of every game
    beside python-chess and OpenSpiel, in rounds, in each build; in the pure build also the
    learning environments against the bare loop and the agents against ``random``
    (tests/benchmarks/run.py). Writes both runs' JSON and the page's tables to
    ``docs/_speed`` and prints them.
    """
    session.install(*BUILD_DEPS)
    work = pathlib.Path(tempfile.mkdtemp(prefix="crabrules-bench-"))
    extras = nox.project.load_toml("pyproject.toml")["project"]["optional-dependencies"]
    needs = [*BENCH_DEPS, *extras["pettingzoo"], *extras["openspiel"]]
    builds = {
        "pure": _wheel_env(session, work / "pure", compiled=False),
        "compiled": _wheel_env(session, work / "compiled", compiled=True),
    }
    for python in builds.values():
        session.run(python, "-m", "pip", "install", "--quiet", *needs, external=True)
    out = SPEED_PAGE.resolve()
    runs = {build: str(out / f"{build}.json") for build in builds}
    session.chdir(str(_test_tree(work)))
    session.run(builds["pure"], "-m", "tests.benchmarks.run", runs["pure"], external=True)
    fast = (builds["compiled"], "-m", "tests.benchmarks.run", runs["compiled"], "--games-only")
    session.run(*fast, external=True)
    session.run("python", "-m", "tests.benchmarks.page", runs["pure"], runs["compiled"], str(out))


@nox.session
def hotpaths(session: nox.Session) -> None:
    """Time every game's hot paths, then both builds on the same work.

    pytest-benchmark times the hot paths; then the pure and the compiled wheel run the same
    fixed work side by side, with the ratio.
    """
    session.install("-e", ".", "pytest>=8", "pytest-benchmark>=4", "hypothesis>=6.100")
    install_extras(session)  # tests/benchmarks/test_adapters.py skips an adapter not installed
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
    _side_by_side(session)


#: Each figure of ``nox -s compare`` is the best of this many runs of its work.
BEST_OF = {"CRABRULES_BENCH_REPEATS": "7"}


@nox.session
def compare(session: nox.Session) -> None:
    """Time this checkout against a git ref in both builds: nox -s compare -- REF [N].

    Builds REF's and this checkout's pure and compiled wheels, then times the same work
    (tests/benchmarks/builds.py, from this checkout) on REF and on this checkout in turn, N
    times (10 by default), alternating which goes first. Each figure's median ratio of the
    pairs is printed: above 1, this checkout is faster. A pair shares the machine's state
    of the moment, so the ratio holds where a single time would drift.
    """
    if not session.posargs:
        session.error("name the ref to compare with: nox -s compare -- REF [ROUNDS]")
    ref = session.posargs[0]
    rounds = int(session.posargs[1]) if len(session.posargs) > 1 else 10
    session.install(*BUILD_DEPS)
    work = pathlib.Path(tempfile.mkdtemp(prefix="crabrules-compare-"))
    base = work / "base-source"
    archive = subprocess.run(["git", "archive", ref], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(base, filter="data")
    pythons = {
        (build, side): _wheel_env(
            session, work / f"{side}-{build}", compiled=build == "compiled", source=source
        )
        for build in ("pure", "compiled")
        for side, source in (("base", base), ("this", None))
    }
    session.chdir(str(_test_tree(work)))
    for build in ("pure", "compiled"):
        ratios: dict[str, list[float]] = {}
        for n in range(rounds):
            sides = ("base", "this") if n % 2 == 0 else ("this", "base")
            speed = {
                s: _json(session, pythons[build, s], "speed", env=BEST_OF)["speed"] for s in sides
            }
            for name, theirs in speed["base"].items():
                ours = speed["this"][name]
                ratios.setdefault(name, []).append(
                    ours / theirs if name.endswith("/s)") else theirs / ours
                )
        print(f"\n{build} build, this checkout against {ref} (median of {rounds} pairs)")
        for name, values in ratios.items():
            print(f"{name:<52}{statistics.median(values):>9.3f}x")


# The compiled build (mypyc): see hatch_build.py and docs/installation.md.


def _wheel_env(
    session: nox.Session,
    where: pathlib.Path,
    *,
    compiled: bool,
    extras: bool = False,
    source: pathlib.Path | None = None,
) -> str:
    """Build the compiled or the pure wheel, install it in a new venv; its python.

    With ``extras``, the RL extras too (each that installs here, as :func:`install_extras`),
    so that the encoding and adapter suites run against that wheel instead of skipping.
    ``source`` builds another checkout's wheel (this one's by default).
    """
    dist = where / "dist"
    flag = "1" if compiled else "0"
    build = ("python", "-m", "build", "--wheel", "--outdir", str(dist), str(source or "."))
    session.run(*build, env={"CRABRULES_COMPILE": flag})
    venv = where / "venv"
    session.run("python", "-m", "venv", str(venv))
    python = str(venv / "bin" / "python")
    wheel = str(next(dist.glob("*.whl")))
    session.run(python, "-m", "pip", "install", "--quiet", wheel, *WHEEL_TEST_DEPS, external=True)
    for extra in EXTRAS if extras else ():
        try:
            pip = (python, "-m", "pip", "install", "--quiet")
            session.run(*pip, f"{wheel}[{extra}]", external=True)
        except nox.command.CommandFailed as error:
            session.warn(f"skipping the {extra!r} extra: it does not install here ({error})")
    return python


def _test_tree(where: pathlib.Path) -> pathlib.Path:
    """A copy of what the tests read, outside the source tree: ``import crabrules`` there
    finds the installed wheel, never ``src/``."""
    tree = where / "tree"
    tree.mkdir()
    for name in ("tests", "examples", "docs"):
        shutil.copytree(name, tree / name, ignore=shutil.ignore_patterns("_build", "__pycache__"))
    for name in ("pyproject.toml", "README.md"):  # tests read the README's commands
        shutil.copy(name, tree)
    return tree


def _compiled_modules() -> list[str]:
    """The modules the compiled wheel compiles, as pyproject.toml lists their files."""
    hook = nox.project.load_toml("pyproject.toml")["tool"]["hatch"]["build"]["targets"]["wheel"]
    files = hook["hooks"]["custom"]["include"]
    return [f.removeprefix("src/").removesuffix(".py").replace("/", ".") for f in files]


def _json(
    session: nox.Session, python: str, *args: str, env: dict[str, str] | None = None
) -> dict[str, Any]:
    """What ``python -m tests.benchmarks.builds ARGS`` prints, run with that python."""
    builds = (python, "-m", "tests.benchmarks.builds", *args)
    out = session.run(*builds, external=True, silent=True, env=env)
    assert isinstance(out, str)
    result: dict[str, Any] = json.loads(out)
    return result


CHECK_COMPILED = """
import importlib, sys
import crabrules
pure = [m for m in sys.argv[1:] if importlib.import_module(m).__file__.endswith(".py")]
assert crabrules.compiled and not pure, f"not compiled: {pure or 'crabrules'}"
print(f"{len(sys.argv) - 1} compiled modules imported, crabrules.compiled is True")
"""


@nox.session
def compiled(session: nox.Session) -> None:
    """Build the compiled (mypyc) wheel and run the whole suite against it.

    It needs a C compiler. In a fresh environment, the wheel's compiled modules are the
    ones imported, the whole test suite passes against it (conformance, and with the RL
    extras installed the encoding and adapter suites, included; not the doctests of src/,
    which the tests session runs), and seeded games serialise byte for byte as in the pure
    wheel.
    """
    session.install(*BUILD_DEPS)
    work = pathlib.Path(tempfile.mkdtemp(prefix="crabrules-compiled-"))
    # With the RL extras: numpy's integers reach the compiled modules only through them.
    python = _wheel_env(session, work / "compiled", compiled=True, extras=True)
    pure = _wheel_env(session, work / "pure", compiled=False)
    tree = _test_tree(work)
    modules = _compiled_modules()
    session.chdir(str(tree))
    session.run(python, "-c", CHECK_COMPILED, *modules, external=True)
    session.run(
        python,
        "-m",
        "pytest",
        "--numprocesses=auto",
        "-p",
        "no:cacheprovider",
        "tests",
        "--ignore=tests/benchmarks",
        *session.posargs,
        external=True,
    )
    ours, theirs = _json(session, python, "fingerprints"), _json(session, pure, "fingerprints")
    if ours["fingerprints"] != theirs["fingerprints"]:
        session.error(f"the builds play different games: {ours} != {theirs}")
    session.log(f"seeded games identical in both builds: {ours['fingerprints']}")


def _side_by_side(session: nox.Session) -> None:
    """Time the same work (tests/benchmarks/builds.py) on both wheels and print the ratios."""
    session.install(*BUILD_DEPS)
    work = pathlib.Path(tempfile.mkdtemp(prefix="crabrules-bench-"))
    pure = _wheel_env(session, work / "pure", compiled=False)
    python = _wheel_env(session, work / "compiled", compiled=True)
    session.chdir(str(_test_tree(work)))
    slow, fast = _json(session, pure, "speed")["speed"], _json(session, python, "speed")["speed"]
    print(f"\n{'pure vs compiled (best of 3)':<52}{'pure':>12}{'compiled':>12}{'speed-up':>10}")
    for name, before in slow.items():
        after = fast[name]
        # Rates grow, times shrink: the speed-up is how much better the compiled one does.
        ratio = after / before if name.endswith("/s)") else before / after
        print(f"{name:<52}{before:>12,.1f}{after:>12,.1f}{ratio:>9.2f}x")
