"""The experiments: deepagents -> measurements. The bottom layer: it imports no other part of the project.

The scenarios in snippets/scenarios/ import `scripted_model` the way a reader's
folder does (the file beside the script), so that folder is made importable here.
"""

import sys

from snippets.paths import SCENARIOS

if str(SCENARIOS) not in sys.path:
    sys.path.append(str(SCENARIOS))
