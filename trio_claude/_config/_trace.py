"""The caller's OpenTelemetry trace context, for the CLI's environment (``TRACEPARENT`` / ``TRACESTATE``).

Only when ``opentelemetry-api`` is installed (the ``otel`` extra) and the program has loaded it (no span can
be current otherwise: a session does not import it for nothing); otherwise nothing.  The W3C trace context
is written whatever propagator the application configured, as the official SDKs do, so that the CLI's own
spans join the caller's trace.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable


@functools.cache
def _injector() -> Callable[[dict[str, str]], None] | None:
    try:
        from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator
    except ImportError:
        return None
    propagator = TraceContextTextMapPropagator()
    return lambda carrier: propagator.inject(carrier)


def trace_env() -> dict[str, str]:
    """``TRACEPARENT`` (and ``TRACESTATE`` when the trace has one) for the current span's context; empty
    without ``opentelemetry-api`` or outside a recording span."""
    if "opentelemetry.context" not in sys.modules:
        return {}  # a program that never loaded OpenTelemetry has no current span: not loaded for nothing
    inject = _injector()
    if inject is None:
        return {}
    carrier: dict[str, str] = {}
    inject(carrier)
    env: dict[str, str] = {}
    if carrier.get("traceparent"):
        env["TRACEPARENT"] = carrier["traceparent"]
        if carrier.get("tracestate"):
            env["TRACESTATE"] = carrier["tracestate"]
    return env
