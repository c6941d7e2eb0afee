"""The site under every deepagents release with fork mode, side by side: the reader picks the release.

    python -m tools.releases                   # every release of data/matrix.json (make releases)
    python -m tools.releases 0.7.30 0.7.32     # these (make releases RELEASES="0.7.30 0.7.32")
    python -m tools.releases --sample          # the oldest, a middle one and the newest (pull requests)
    python -m tools.releases --shard 2/3 --no-assemble --prune   # a third of them, unassembled (CI)
    python -m tools.releases --assemble site-releases            # the shards' trees, merged, assembled (CI)

It writes site-releases/ (to serve from its root; SITE_URL is where it is
served), laid out by sitegen/releases.py: one site per release and language,
Material's version selector, `latest/` and a shared copy of the assets.

Each release is built in an environment of its own: `.venv` for the pinned
release, .cache/envs/release-<version> for the others (uv.lock's packages with
deepagents replaced by that release, this project installed editable), made
once and reused while uv.lock and pyproject.toml are unchanged. Each build is
an ordinary strict build of mkdocs.yml with SITE_RELEASE set; the facts and
exec-block caches are keyed by release, so a rerun measures nothing twice, and
after a run over every release the cache entries no release used are removed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from sitegen import languages
from sitegen.releases import AssemblyError, assemble
from sitegen.verdicts import matrix_rows, release_key
from snippets import paths

ROOT = paths.ROOT
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"  # as mkdocs.yml's default: `python -m http.server -d site-releases`
BUILD_ENV = {"DISABLE_MKDOCS_2_WARNING": "true", "NO_MKDOCS_2_WARNING": "1", "PYTHONWARNINGS": "ignore::SyntaxWarning"}
# Asks an environment for the exec-block cache folder its builds use (sitegen/blocks.py; the facts cache
# keeps a bounded number of results per section by itself: snippets/cache.py).
KEYS = "from sitegen.blocks import release_key; print(release_key())"


class ReleasesError(SystemExit):
    """A problem the reader can fix, said in one message (exit status 1)."""

    def __init__(self, message: str) -> None:
        super().__init__(f"releases: {message}")


# ---------------------------------------------------------------- which releases


def pinned() -> str:
    """The release pyproject.toml pins: the latest the site covers, built in .venv."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for requirement in project["project"]["dependencies"]:
        found = re.fullmatch(r"deepagents\s*==\s*([\w.]+)", requirement.strip())
        if found:
            return found.group(1)
    raise ReleasesError("pyproject.toml pins no deepagents release (`deepagents==x.y.z`)")


def measured() -> list[str]:
    """The releases with fork mode that data/matrix.json measured, oldest first."""
    return list(matrix_rows())


def choose(asked: list[str], sample: bool, shard: str | None) -> list[str]:
    known = measured()
    unknown = [release for release in asked if release not in known]
    if unknown:
        raise ReleasesError(f"{', '.join(unknown)}: not in {paths.shown(paths.MATRIX)} "
                            f"(it measured {known[0]} to {known[-1]}; `make matrix` measures new releases)")
    chosen = asked or known
    if sample:  # the oldest, a middle one and the newest: what a pull request checks
        chosen = sorted({known[0], known[len(known) // 2], known[-1]}, key=release_key)
    if shard:
        number, count = (int(part) for part in shard.split("/"))
        if not 1 <= number <= count:
            raise ReleasesError(f"--shard {shard}: expected i/n with 1 <= i <= n")
        return chosen[number - 1::count]  # round robin: every shard gets old and new releases
    if pinned() not in chosen:  # the `latest` alias and the banners link to it
        chosen.append(pinned())
    return sorted(set(chosen), key=release_key)


# ---------------------------------------------------------------- environments


def uv() -> list[str]:
    found = os.environ.get("UV") or shutil.which("uv")  # `uv run` names itself in $UV
    return [found] if found else [sys.executable, "-m", "uv"]


def environment(release: str) -> Path:
    return ROOT / ".venv" if release == pinned() else paths.CACHE / "envs" / f"release-{release}"


def prepare(release: str) -> tuple[Path, float]:
    """The Python that builds under `release`, and the seconds it took to make its environment (0 if reused)."""
    env = environment(release)
    python = env / "bin" / "python"
    if release == pinned():
        if not python.exists():
            raise ReleasesError(f"{paths.shown(env)} is missing: run `make setup`")
        return python, 0.0
    wanted = hashlib.sha256(b"".join((ROOT / name).read_bytes() for name in ("uv.lock", "pyproject.toml")))
    wanted.update(release.encode())
    ready = env / ".ready"
    if ready.exists() and ready.read_text() == wanted.hexdigest():
        return python, 0.0
    started = time.monotonic()
    run = [*uv(), "venv", "-q", "--allow-existing", "--python", "3.11", str(env)]
    _checked(run, f"deepagents {release}: could not make its environment {paths.shown(env)}")
    # uv.lock's packages (what .venv has), but this release of deepagents.
    locked = _checked([*uv(), "export", "--locked", "--no-hashes", "--no-emit-project", "--no-default-groups",
                       "--group", "docs", "-q"], "uv.lock could not be exported: run `make setup` to see why")
    # (not the editable claims engine, `-e ./claims`: the project's own install below brings it, and a
    # constraint must name a release)
    pins = [line for line in locked.splitlines() if line and not line.startswith((" ", "#", "-e ", "deepagents=="))]
    (env / "constraints.txt").write_text("\n".join(pins) + "\n")
    (env / "overrides.txt").write_text(f"deepagents=={release}\n")
    install = [*uv(), "pip", "install", "-q", "--compile-bytecode", "--python", str(python),
               "--constraints", str(env / "constraints.txt"), "--override", str(env / "overrides.txt"),
               "-e", str(ROOT), "--group", "docs"]
    _checked(install, f"deepagents {release}: could not be installed beside uv.lock's packages in {paths.shown(env)}")
    ready.write_text(wanted.hexdigest())
    return python, time.monotonic() - started


def _checked(command: list[str], failure: str) -> str:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise ReleasesError(f"{failure}:\n{done.stderr.strip()[-2000:]}")
    return done.stdout


# ---------------------------------------------------------------- builds


@dataclass
class Built:
    release: str
    seconds: float = 0.0  # the build alone
    setup: float = 0.0  # making its environment (0 when reused)
    keys: str | None = None  # the exec-block cache folder it used
    error: str | None = None


def site_url(root_url: str, release: str) -> str:
    return f"{root_url.rstrip('/')}/{release}/"


def build(release: str, tree: Path, root_url: str, latest: str, want_keys: bool) -> Built:
    """One release, every language, into tree/<release>/ and tree/<code>/<release>/ (sitegen/languages.py)."""
    try:
        python, setup = prepare(release)
    except ReleasesError as error:
        return Built(release, error=str(error.code))
    env = environment(release)
    variables = {**os.environ, **BUILD_ENV, "SITE_RELEASE": release, "SITE_LATEST_RELEASE": latest,
                 "SITE_URL": site_url(root_url, release), "VIRTUAL_ENV": str(env),
                 "PATH": f"{env / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    started = time.monotonic()
    done = subprocess.run([str(python), "-m", "mkdocs", "build", "--strict", "-d", str(tree / release)],
                          cwd=ROOT, env=variables, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        return Built(release, seconds, setup, error=_what_failed(done.stderr + done.stdout))
    keys = None
    if want_keys:
        found = subprocess.run([str(python), "-c", KEYS], cwd=ROOT, env=variables, capture_output=True, text=True)
        keys = found.stdout.strip() if found.returncode == 0 else None
    return Built(release, seconds, setup, keys)


def _what_failed(log: str) -> str:
    """The lines of a failed build that say why: MkDocs' warnings and errors, else the log's end."""
    said = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR")) or "Error" in line[:40]]
    return "\n".join(said[-12:]) if said else "\n".join(log.strip().splitlines()[-12:])


# ---------------------------------------------------------------- caches


def prune_caches(used: list[str], releases: list[str]) -> int:
    """After a run over every release: remove the exec-block folders and release environments that
    none of them used. Returns how many entries went."""
    environments = {environment(release).name for release in releases}
    stale = [entry for entry in sorted((paths.CACHE / "blocks").glob("*")) if entry.is_dir() and entry.name not in used]
    stale += [entry for entry in sorted((paths.CACHE / "envs").glob("release-*")) if entry.name not in environments]
    for entry in stale:
        shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    return len(stale)


# ---------------------------------------------------------------- the command


def assembled(tree: Path, releases: list[str], root_url: str, final: Path | None = None) -> None:
    """Assemble `tree` (to be moved to `final`, when given) and say what it holds."""
    try:
        saved = assemble(tree, releases, pinned(), root_url)
    except AssemblyError as error:
        raise ReleasesError(str(error)) from error
    size = sum(file.stat().st_size for file in tree.rglob("*") if file.is_file())
    print(f"assembled {paths.shown(final or tree)}: {len(releases)} releases in {len(languages.codes())} languages, "
          f"{size / 1e6:.1f} MB ({saved / 1e6:.1f} MB of duplicate assets shared)", flush=True)


def run(releases: list[str], out: Path, jobs: int, assemble_tree: bool, prune: bool) -> int:
    latest, root_url = pinned(), os.environ.get("SITE_URL") or DEFAULT_SITE_URL
    staging = out.with_name(out.name + ".partial") if assemble_tree else out
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    print(f"building {len(releases)} deepagents releases ({releases[0]} to {releases[-1]}), {jobs} at a time, "
          f"into {paths.shown(out)}/", flush=True)
    started = time.monotonic()
    results: list[Built] = []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        running = [pool.submit(build, release, staging, root_url, latest, prune) for release in releases]
        for done, job in enumerate(as_completed(running), 1):
            built = job.result()
            results.append(built)
            setup = f", its environment made in {built.setup:.1f} s" if built.setup else ""
            status = f"FAILED after {built.seconds:.1f} s" if built.error else f"built in {built.seconds:.1f} s"
            print(f"[{done}/{len(releases)}] deepagents {built.release}: {status}{setup} "
                  f"({time.monotonic() - started:.0f} s elapsed)", flush=True)
    failed = sorted((b for b in results if b.error), key=lambda b: release_key(b.release))
    if failed:
        for built in failed:
            print(f"\ndeepagents {built.release} failed:\n{built.error}", file=sys.stderr)
        print(f"\n{len(failed)} of {len(releases)} releases failed; what was built is in {paths.shown(staging)}/",
              file=sys.stderr)
        return 1
    if assemble_tree:
        assembled(staging, releases, root_url, out)
        shutil.rmtree(out, ignore_errors=True)
        staging.replace(out)
    if prune and all(b.keys for b in results):
        removed = prune_caches([b.keys for b in results], releases)
        if removed:
            print(f"cache: removed {removed} entries no release uses any more", flush=True)
    print(f"done in {time.monotonic() - started:.1f} s: {paths.shown(out)}/", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.releases", description=__doc__.splitlines()[0])
    parser.add_argument("releases", nargs="*", help="releases to build (default: every one data/matrix.json measured)")
    parser.add_argument("--sample", action="store_true", help="the oldest, a middle and the newest release")
    parser.add_argument("--shard", metavar="I/N", help="build every N-th release from the I-th (CI splits the work)")
    parser.add_argument("--no-assemble", action="store_true", help="leave the builds as they are (for --assemble)")
    parser.add_argument("--assemble", metavar="TREE", type=Path, help="only assemble builds already in TREE")
    parser.add_argument("--out", type=Path, default=paths.RELEASES_SITE, help="where the site goes (site-releases/)")
    parser.add_argument("--prune", action="store_true",
                        help="remove the cache entries this run did not use (the default when building every release)")
    parser.add_argument("--jobs", type=int, default=min(os.cpu_count() or 1, 8), help="builds at a time")
    options = parser.parse_args(argv)
    if options.assemble:
        tree = options.assemble.resolve()
        found = [e.name for e in tree.iterdir() if e.is_dir() and e.name in measured()] if tree.is_dir() else []
        if not found:
            raise ReleasesError(f"{tree} holds no built release")
        assembled(tree, sorted(found, key=release_key), os.environ.get("SITE_URL") or DEFAULT_SITE_URL)
        return 0
    releases = choose(options.releases, options.sample, options.shard)
    if not releases:
        print("nothing to build in this shard")
        return 0
    every = not (options.releases or options.sample or options.shard)
    prune = every or options.prune
    return run(releases, options.out.resolve(), max(1, options.jobs), not options.no_assemble, prune)


if __name__ == "__main__":
    sys.exit(main())
