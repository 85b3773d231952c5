"""Hypothesis profiles.

``ci`` (the default): 100 examples per property, no deadline and no "too slow" health check (shared CI
machines are noisy: under load, generating examples passed hypothesis' time limit) and no example
database.  ``dev``: a quick loop with 20 examples, keeping failures in ``.hypothesis/`` to replay them.
``lane``: 25 examples, otherwise as ``ci``: ``./dev test``'s lanes of the other Pythons and the dependency
floors, which check that the suite holds there, while the primary lane explores with ``ci``.  Choose one
with ``HYPOTHESIS_PROFILE=dev``.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=100,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("lane", settings.get_profile("ci"), max_examples=25)
settings.register_profile("dev", deadline=None, max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# In a developer's plain `pytest` run (no ./dev, no $TRIO_CLAUDE_CLI), use the project's pinned install.
_ROOT = Path(__file__).resolve().parents[1]
_VERSIONS = dict(
    line.split("=", 1)
    for line in (_ROOT / ".ci" / "cli-versions").read_text().splitlines()
    if "=" in line and not line.startswith("#")
)
_PINNED = _ROOT / ".cli" / _VERSIONS["primary"] / "node_modules" / ".bin" / "claude"
if "TRIO_CLAUDE_CLI" not in os.environ and _PINNED.exists():
    os.environ["TRIO_CLAUDE_CLI"] = str(_PINNED)
