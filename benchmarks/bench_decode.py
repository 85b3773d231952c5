"""Decode and encode cost of the wire layer, as a ratio to plain :func:`orjson.loads` / :func:`orjson.dumps`.

Run ``python benchmarks/bench_decode.py`` (``--quick`` for a smoke run with 10x fewer lines).  Two
workloads, shaped like what the real CLI writes (see ``tests/data/wire/transcripts/j_partial.330.jsonl``):

* ``stream_event``: 100,000 lines of about 300 bytes, mostly ``content_block_delta`` / ``text_delta``
  events, with the other streaming events mixed in as a turn produces them;
* ``assistant``: 20,000 lines of about 2 KB, one text block and one ``tool_use`` block each;
* ``stream_real`` and ``assistant_real``: as many lines of the realistic fixtures of ``realistic.py`` (the
  real CLI's frame shapes with multi-line non-ASCII text, thinking blocks, nested tool inputs, full usage).

Each measurement is the best of 5 repetitions over the whole list (``time.perf_counter``, garbage
collector paused, like :mod:`timeit`); the measurements of a workload take turns within each
repetition.  The absolute figures depend on the machine; the ratios, measured in one run, are what to
compare.  The target is ``decode_line`` ≤ 3x ``orjson.loads``.  A last table shows ``decode_line`` with
cattrs' generated functions only, without the hand-tuned functions of ``trio_claude/wire/_hot.py`` for
these two frames: what that path saves.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import platform
import random
import sys
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing

import realistic  # this script's folder

from trio_claude import model as m
from trio_claude.wire import decode_line, encode_line
from trio_claude.wire._converter import WireConverter

TARGET_RATIO = 3.0
REPEAT = 5

#: Words of the generated text; "case.\n" puts newlines (escaped on the wire) in some lines.
_WORDS = (
    "the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while", "tests", "run", "and",
    "build", "passes;", "reading", "file", "src/main.py,", "then", "editing", "three", "functions", "to",
    "handle", "edge", "case.\n", "über", "naïve", "→", "😀",
)  # fmt: skip


def _text(rng: random.Random, n_words: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n_words))


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _stream_event(rng: random.Random, session_id: str, message_id: str, index: int) -> dict[str, Any]:
    """One streaming event, drawn with roughly the mix of a real turn with tool use."""
    roll = rng.random()
    event: dict[str, Any]
    if roll < 0.80:
        event = {
            "type": "content_block_delta",
            "index": index,
            "delta": {"type": "text_delta", "text": _text(rng, rng.randint(2, 9))},
        }
    elif roll < 0.88:
        partial = '{"command": "' + _text(rng, rng.randint(2, 6)).replace('"', "")
        event = {
            "type": "content_block_delta",
            "index": index,
            "delta": {"type": "input_json_delta", "partial_json": partial},
        }
    elif roll < 0.92:
        event = {
            "type": "content_block_delta",
            "index": index,
            "delta": {"type": "thinking_delta", "thinking": _text(rng, rng.randint(3, 12))},
        }
    elif roll < 0.95:
        event = {"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}}
    elif roll < 0.98:
        event = {"type": "content_block_stop", "index": index}
    elif roll < 0.99:
        event = {
            "type": "message_delta",
            "delta": {"stop_reason": "tool_use", "stop_sequence": None},
            "usage": {"output_tokens": rng.randint(1, 4000)},
        }
    else:
        event = {"type": "message_stop"}
    return {
        "type": "stream_event",
        "event": event,
        "session_id": session_id,
        "parent_tool_use_id": None,
        "uuid": _uuid(rng),
        "api_message_id": message_id,
    }


def _assistant(rng: random.Random, session_id: str, n: int) -> dict[str, Any]:
    """A completed assistant message: one text block and one ``tool_use`` block (about 2 KB)."""
    message_id = f"msg_01{rng.getrandbits(80):020x}"
    return {
        "type": "assistant",
        "message": {
            "id": message_id,
            "type": "message",
            "role": "assistant",
            "model": "claude-opus-5-5",
            "content": [
                {"type": "text", "text": _text(rng, 130)},
                {
                    "type": "tool_use",
                    "id": f"toolu_01{rng.getrandbits(80):020x}",
                    "name": "Bash",
                    "input": {
                        "command": "cd /home/dev/project && " + _text(rng, 40).replace('"', ""),
                        "description": _text(rng, 12),
                        "timeout": 120000,
                    },
                },
            ],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {
                "input_tokens": rng.randint(1, 5000),
                "cache_creation_input_tokens": rng.randint(0, 20000),
                "cache_read_input_tokens": rng.randint(0, 200000),
                "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
                "output_tokens": rng.randint(1, 4000),
                "service_tier": "standard",
                "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
            },
            "context_management": None,
        },
        "parent_tool_use_id": None,
        "session_id": session_id,
        "uuid": _uuid(rng),
        "timestamp": f"2026-11-22T14:{n // 60 % 60:02d}:{n % 60:02d}.{n % 1000:03d}Z",
        "request_id": f"req_01{rng.getrandbits(80):020x}",
    }


def stream_event_lines(count: int, seed: int = 1) -> list[bytes]:
    """``count`` distinct ``stream_event`` lines (about 300 bytes each)."""
    rng = random.Random(seed)
    session_id = _uuid(rng)
    lines: list[bytes] = []
    for n in range(count):
        message_id = f"msg_01{n // 500:020x}"
        event = _stream_event(rng, session_id, message_id, index=n % 500 // 100)
        lines.append(orjson.dumps(event) + b"\n")
    return lines


def assistant_lines(count: int, seed: int = 2) -> list[bytes]:
    """``count`` distinct ``assistant`` lines (about 2 KB each)."""
    rng = random.Random(seed)
    session_id = _uuid(rng)
    return [orjson.dumps(_assistant(rng, session_id, n)) + b"\n" for n in range(count)]


def best_times(runs: Mapping[str, Callable[[], object]], repeat: int = REPEAT) -> dict[str, float]:
    """The best of ``repeat`` timings of each run, in seconds, with the garbage collector paused.

    The runs take turns within each repetition, so that a burst of load from other processes on the
    machine slows all of them rather than one: the ratios stay comparable.
    """
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                run()
                best[name] = min(best[name], time.perf_counter() - start)
            finally:
                gc.enable()
    return best


def _each(fn: Callable[[Any], object], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for item in items:
            fn(item)

    return run


@dataclasses.dataclass(frozen=True)
class Result:
    """The timings of one workload, in µs per line."""

    name: str
    lines: int
    size: float  # mean bytes per line
    loads: float
    decode: float
    dumps: float
    encode: float
    decode_cattrs: float  # decode_line without the hand-tuned functions: cattrs' generated ones only


#: A converter without the hand-tuned functions of ``trio_claude/wire/_hot.py``.
_CATTRS_ONLY = WireConverter(hand_tuned=False)


def decode_line_cattrs_only(line: bytes) -> m.Frame:
    """``decode_line`` with cattrs' generated functions only (what the hot path saves)."""
    return _CATTRS_ONLY.structure_frame(orjson.loads(line))


def measure(name: str, lines: list[bytes]) -> Result:
    """Time ``orjson.loads`` and ``decode_line`` over ``lines``, and ``orjson.dumps`` and ``encode_line``
    over what they return."""
    values = [orjson.loads(line) for line in lines]
    frames: list[m.Frame] = [decode_line(line) for line in lines]
    unknown = sum(isinstance(frame, (m.UnknownMessage, m.UnknownSystemMessage)) for frame in frames)
    if unknown:
        raise SystemExit(f"{name}: {unknown} lines did not type; the workload is wrong")
    n = len(lines)
    best = best_times(
        {
            "loads": _each(orjson.loads, lines),
            "decode": _each(decode_line, lines),
            "dumps": _each(orjson.dumps, values),
            "encode": _each(encode_line, frames),
            "decode_cattrs": _each(decode_line_cattrs_only, lines),
        }
    )
    us = {key: seconds / n * 1e6 for key, seconds in best.items()}
    return Result(
        name=name,
        lines=n,
        size=sum(map(len, lines)) / n,
        loads=us["loads"],
        decode=us["decode"],
        dumps=us["dumps"],
        encode=us["encode"],
        decode_cattrs=us["decode_cattrs"],
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run with 10x fewer lines")
    parser.add_argument("--smoke", action="store_true", help="100x fewer lines: only that it runs")
    args = parser.parse_args(argv)
    scale = 100 if args.smoke else 10 if args.quick else 1

    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"{python}, orjson {orjson.__version__}, {platform.machine()}, {os.cpu_count()} CPUs")
    mode = " (--smoke)" if args.smoke else " (--quick)" if args.quick else ""
    print(f"best of {REPEAT} repetitions, µs per line{mode}")
    results = [
        measure("stream_event", stream_event_lines(100_000 // scale)),
        measure("assistant", assistant_lines(20_000 // scale)),
        measure("stream_real", realistic.stream_lines(100_000 // scale)),
        measure("assistant_real", realistic.assistant_lines(20_000 // scale)),
    ]

    print()
    header = (
        f"{'workload':<15} {'lines':>7} {'bytes':>6} {'orjson.loads':>13} {'decode_line':>12} {'ratio':>7}"
    )
    print(header + "  target")
    for r in results:
        ratio = r.decode / r.loads
        verdict = "ok" if ratio <= TARGET_RATIO else "OVER"
        print(
            f"{r.name:<15} {r.lines:>7} {r.size:>6.0f} {r.loads:>13.2f} {r.decode:>12.2f}"
            f" {ratio:>6.2f}x  <= {TARGET_RATIO:g}x {verdict}"
        )
    print()
    print(f"{'workload':<15} {'orjson.dumps':>13} {'encode_line':>12} {'ratio':>7}  (for information)")
    for r in results:
        print(f"{r.name:<15} {r.dumps:>13.2f} {r.encode:>12.2f} {r.encode / r.dumps:>6.2f}x")
    print()
    print(f"{'workload':<15} {'cattrs only':>13} {'ratio':>7}  (decode_line without the hand-tuned path)")
    for r in results:
        print(f"{r.name:<15} {r.decode_cattrs:>13.2f} {r.decode_cattrs / r.loads:>6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
