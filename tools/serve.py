"""`make serve`: `mkdocs serve`, started afresh whenever Python code of the project changes.

MkDocs rebuilds in the process it started, which keeps the modules it imported:
an edited experiment or plugin would be measured or run as it was. So Python
files (snippets/, sitegen/, claims/) restart the server (watchfiles), and every other
edit (pages, strings, templates) is rebuilt in place by `mkdocs serve` itself;
the reader's page reloads either way (livereload sees the new server's epoch).

    python -m tools.serve [mkdocs serve options]
"""

from __future__ import annotations

import shlex
import signal
import sys

from watchfiles import PythonFilter, run_process

from snippets import paths


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C stops it, even started with SIGINT ignored (a job run with &)
    command = [sys.executable, "-m", "mkdocs", "serve", "--livereload", *argv]
    run_process(paths.SNIPPETS, paths.SITEGEN, paths.ROOT / "claims", target=shlex.join(command), target_type="command",
                watch_filter=PythonFilter(), callback=lambda changes: print(f"restarting: {len(changes)} Python file(s) changed"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
