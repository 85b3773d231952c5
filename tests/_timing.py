"""Upper bounds on elapsed time that hold on a loaded machine.

A test that checks that something happens *promptly* (a CLI exits at once, the graces are not exceeded)
needs an upper bound; a constant one flakes when the machine is busy (CI shares two cores; a second heavy
job made such tests fail).  :func:`slack` measures how slow the machine is right now, the time a fresh
Python interpreter takes to start and exit, and scales from it: about 1 s on an idle machine, several
seconds on a loaded one.  Lower bounds (a grace is waited for) need no slack.
"""

from __future__ import annotations

import subprocess
import sys
import time

#: The bound on an idle machine (a fresh interpreter there takes ~20-40 ms).
FLOOR = 1.0
#: How many fresh interpreter starts the bound allows for.
FACTOR = 25


def slack() -> float:
    """Seconds that "at once" may take on this machine now: ``max(FLOOR, FACTOR * t)``, where ``t`` is the
    longest of three starts and exits of a fresh interpreter (measured now, so a load that comes and goes
    is seen)."""
    longest = 0.0
    for _ in range(3):
        started = time.monotonic()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        longest = max(longest, time.monotonic() - started)
    return max(FLOOR, FACTOR * longest)
