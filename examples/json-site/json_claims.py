import json

from claims import Claim, Mutant, Patch, SimpleProvider


def measure():  # called once per build
    return {"dumps": json.dumps("café")}


CLAIMS = [
    Claim("dumps-escapes-non-ascii", "json.dumps escapes every non-ASCII character by default", None,
          lambda facts: facts["dumps"] == '"caf\\u00e9"'),
]
MUTANTS = [
    Mutant("dumps-keeps-non-ascii", "json.dumps writes non-ASCII characters as they are by default",
           (Patch("__init__.py", "def dumps(obj, *, skipkeys=False, ensure_ascii=True,",
                  "def dumps(obj, *, skipkeys=False, ensure_ascii=False,", package="json"),),
           flips=("dumps-escapes-non-ascii",)),
]

provider = SimpleProvider(CLAIMS, MUTANTS, measure)
