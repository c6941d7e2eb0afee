"""A mutant's patches applied to scratch copies of the installed packages it changes: what a mutation runner
needs to observe a mutant without touching the environment it runs in.

    from claims.patching import Packages

    packages = Packages()
    scratch = packages.prepare(mutant, folder)  # <folder>/scratch/<package>/..., every patch applied
    env = packages.environment(scratch)         # PYTHONPATH with the copies first: a process started with it
                                                # imports the patched packages (python -m mkdocs build ...)

Any importable Python package can be patched this way (one of the standard library too: `json`). A copy is real
folders whose files are hard links to the installed ones (copies across file systems); a patch replaces the
file it changes, never writes through the link, and drops that module's compiled code. A patch whose `old`
text is not in its file exactly once (the library moved on) raises `PatchNoLongerApplies`, naming the mutant,
the release and the text.

A client whose mutants patch packages of another kind (an npm package in node_modules) subclasses `Packages`
and says where such a package is installed (`installed`), where a scratch folder holds its copy (`copied`)
and how messages name its release (`release`).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
import shutil
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from claims.model import Mutant, Patch


class PatchNoLongerApplies(RuntimeError):
    """A mutant's `old` text is not in the installed package exactly once, or its file glob does not match
    exactly one file."""


class Packages:
    """Where the packages a mutant patches are installed, and where a scratch folder holds their copies.
    This class: importable Python packages, each copied to <scratch>/<package>."""

    def installed(self, package: str) -> Path:
        """The folder of an importable package, found without importing it."""
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            what = "not installed in this environment" if spec is None else "a module, not a package (a folder)"
            raise PatchNoLongerApplies(f"{package} is {what}: a Patch names an installed package")
        return Path(next(iter(spec.submodule_search_locations))).resolve()

    def copied(self, scratch: Path, package: str) -> Path:
        """Where a scratch folder holds its copy of a package."""
        return scratch / package

    def release(self, package: str) -> str:
        """How messages name the release a package comes from: "somelib 1.2.3", "json of Python 3.11.9"."""
        names = importlib.metadata.packages_distributions().get(package, [])
        name = next((n for n in names if re.sub(r"[-_.]+", "_", n).lower() == package), names[0] if names else None)
        if name:
            return f"{name} {importlib.metadata.version(name)}"
        if package in sys.stdlib_module_names:
            return f"{package} of Python {sys.version.split()[0]}"
        return package

    # ------------------------------------------------------------------ what follows from those three

    def scratch_copy(self, target: Path, packages: Iterable[str]) -> Path:
        """A copy of each installed package in `target` (where `copied` says): real folders, every file a hard
        link (a copy across file systems). Whatever `target` held is removed first."""
        shutil.rmtree(target, ignore_errors=True)
        for package in packages:
            source, copy = self.installed(package), self.copied(target, package)
            for folder, _, files in os.walk(source):
                here = copy / Path(folder).relative_to(source)
                here.mkdir(parents=True, exist_ok=True)
                for name in files:
                    try:
                        os.link(Path(folder) / name, here / name)
                    except OSError:
                        shutil.copy2(Path(folder) / name, here / name)
        target.mkdir(parents=True, exist_ok=True)
        return target

    def source_file(self, patch: Patch) -> str:
        """The file a patch changes, relative to its package: its `file`, a glob matching exactly one file."""
        root = self.installed(patch.package)
        found = sorted(path for path in root.glob(patch.file) if path.is_file())
        if len(found) != 1:
            where = f"{patch.file} matches {'no file' if not found else f'{len(found)} files'} in {self.release(patch.package)}"
            raise PatchNoLongerApplies(f"{where} (it must match exactly one)")
        return found[0].relative_to(root).as_posix()

    def patched_file(self, scratch: Path, patch: Patch) -> Path:
        """The file of a scratch copy that a patch changes."""
        return self.copied(scratch, patch.package) / self.source_file(patch)

    def prepare(self, mutant: Mutant, folder: Path) -> Path:
        """The mutant's patched copies in <folder>/scratch; raises PatchNoLongerApplies naming what moved."""
        try:
            files = [self.source_file(patch) for patch in mutant.patches]
        except PatchNoLongerApplies as error:
            raise PatchNoLongerApplies(f"mutant {mutant.name} no longer applies: {error}") from None
        scratch = self.scratch_copy(Path(folder) / "scratch", mutant.packages)
        for patch, file in zip(mutant.patches, files):
            path = self.copied(scratch, patch.package) / file
            text = path.read_text(encoding="utf-8") if path.exists() else None
            count = 0 if text is None else text.count(patch.old)
            if count != 1:
                where = f"mutant {mutant.name} no longer applies to {self.release(patch.package)}: {file}"
                if text is None:
                    raise PatchNoLongerApplies(f"{where} does not exist")
                shown = _cut(" ⏎ ".join(line.strip() for line in patch.old.strip().splitlines()), 120)
                found = "no" if count == 0 else f"{count} copies of"
                raise PatchNoLongerApplies(f"{where} has {found} {shown!r}" + (" (it must occur exactly once)" * (count > 1)))
            path.unlink()  # a hard link to the installed file: replaced, never written through
            path.write_text(text.replace(patch.old, patch.new), encoding="utf-8")
            for compiled in (path.parent / "__pycache__").glob(f"{path.stem}.*.pyc"):
                compiled.unlink()  # the copy's link to the installed module's compiled code
        return scratch

    def environment(self, scratch: Path, base: Mapping[str, str] | None = None) -> dict[str, str]:
        """`base` (default: this process's environment) with the scratch copies first on PYTHONPATH."""
        env = dict(os.environ if base is None else base)
        env["PYTHONPATH"] = os.pathsep.join([str(scratch), *filter(None, [env.get("PYTHONPATH")])])
        return env


def _cut(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
