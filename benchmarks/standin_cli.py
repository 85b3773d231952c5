"""A stand-in for the Claude Code CLI, for ``benchmarks/bench_runtime.py``.

Run as ``python standin_cli.py MODE [CLI flags…]`` (the flags are accepted and ignored).  It speaks the
stream-json protocol on stdin/stdout like the real CLI (frame shapes from the 2.1.330 wire captures), with
blocking stdio, and is built never to be the bottleneck: every turn's output bytes are generated at start-up,
before ``initialize`` is answered, and written with large writes.

Common behaviour (all modes):

* ``initialize`` → a minimal success answer; ``interrupt`` while idle → success; other control requests,
  control responses and unknown frames are ignored.
* each ``user`` line plays the mode's turn, framed by ``session_state_changed`` ``running``/``idle`` (as
  CLI 2.1.330 with ``CLAUDE_CODE_SDK_READS_SESSION_STATE=1``) and ended by a ``result`` frame;
* stdin EOF → exit 0.

Modes (``STANDIN_COUNT`` sets the size; ``STANDIN_REPORT`` names a JSON file the stand-in writes its
measurements to):

``stream``
    ``system/init``, then ``STANDIN_COUNT`` ``stream_event`` lines (``message_start``,
    ``content_block_start``, ``content_block_delta``/``text_delta``…, ``content_block_stop``,
    ``message_delta``, ``message_stop``), the ``assistant`` message, the ``result``.
``permission``
    ``STANDIN_COUNT`` sequential ``can_use_tool`` requests: each is written, then the answer awaited.  The
    latency of each (``time.perf_counter`` from the write to the answer) goes to ``STANDIN_REPORT`` before
    the ``result``.
``endless``
    A text turn that never ends by itself: a ``text_delta`` every ``STANDIN_INTERVAL`` seconds (default
    0.005) until an ``interrupt`` arrives, which is answered and ends the turn as the real CLI does (partial
    ``assistant``, ``[Request interrupted by user]``, closing stream events, an ``error_during_execution``
    result).  Stdin EOF mid-turn exits at once.  ``STANDIN_REPORT`` gets how the process ended.
``assistant``
    ``system/init``, then ``STANDIN_COUNT`` complete ``assistant`` lines of about 2 KB (one ``text`` block
    and one ``tool_use`` block each, with ``usage``), the ``result``.
``replay``
    ``system/init``, then the first ``STANDIN_COUNT`` lines of the file ``STANDIN_FIXTURE`` as they are
    (the realistic fixtures of ``benchmarks/realistic.py``), the ``result``.
``short``
    ``system/init``, one ``assistant`` text message, the ``result``.
"""

from __future__ import annotations

import json
import os
import select
import sys
import time
from collections import deque

# Not ``typing.TYPE_CHECKING``: importing typing would slow down the start-up of every stand-in.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MODES = ("stream", "assistant", "replay", "permission", "endless", "short")

SESSION_ID = "8711552b-67a0-4f3c-aeca-11599ad94f4d"
MESSAGE_ID = "msg_bench_001"
MODEL = "claude-opus-5-5"
VERSION = "2.1.330"

RESULT_OK: dict[str, Any] = {
    "type": "result",
    "subtype": "success",
    "is_error": False,
    "duration_ms": 1,
    "duration_api_ms": 1,
    "num_turns": 1,
    "session_id": "s",
    "result": "ok",
    "stop_reason": "end_turn",
    "total_cost_usd": 0,
    "uuid": "u",
}

RESULT_INTERRUPTED: dict[str, Any] = {
    "type": "result",
    "subtype": "error_during_execution",
    "is_error": True,
    "duration_ms": 1,
    "duration_api_ms": 1,
    "num_turns": 1,
    "session_id": "s",
    "stop_reason": None,
    "total_cost_usd": 0,
    "terminal_reason": "aborted_streaming",
    "errors": ["[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null"],
    "uuid": "u",
}

TOOLS = [
    "Task", "Bash", "CronCreate", "CronDelete", "CronList", "Edit", "EnterWorktree", "ExitWorktree",
    "ListAgents", "Monitor", "NotebookEdit", "Read", "ReportFindings", "ScheduleWakeup", "SendMessage",
    "Skill", "TaskStop", "ToolSearch", "WebFetch", "WebSearch", "Workflow", "Write",
]  # fmt: skip

# Text deltas as the model streams them: a few words each, some with escapes and non-ASCII.
WORDS = [
    "The benchmark streams ", "text deltas like a ", "real model would: ", "short chunks of a few ",
    "tokens, some with “quotes”, ", "some with\nnewlines ", "and accents — café, ", "naïve, déjà vu; ",
    "code `x = 1` and ", "numbers 3.14159 ", "until the very end. ",
]  # fmt: skip


def dumps(obj: object) -> bytes:
    """One compact JSON line, as the CLI writes them (``JSON.stringify``: no spaces, raw UTF-8)."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def fake_uuid(n: int, salt: int = 0) -> str:
    """A UUID4-shaped id (36 characters), distinct per ``n``."""
    return (
        f"{salt:08x}-{n >> 48 & 0xFFFF:04x}-4{n >> 36 & 0xFFF:03x}-8{n >> 24 & 0xFFF:03x}-{n & 0xFFFFFF:012x}"
    )


class LineReader:
    """Blocking line reader over a raw fd, with an optional timeout (``select``)."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._lines: deque[bytes] = deque()
        self._tail = b""
        self.eof = False

    def next_line(self, timeout: float | None = None) -> bytes | None:
        """The next non-blank line; ``None`` at EOF (then :attr:`eof` is set) or when ``timeout`` passed."""
        while True:
            while self._lines:
                line = self._lines.popleft().strip()
                if line:
                    return line
            if self.eof:
                return None
            if timeout is not None:
                ready, _, _ = select.select([self._fd], [], [], timeout)
                if not ready:
                    return None
            data = os.read(self._fd, 1 << 16)
            if not data:
                self.eof = True
                self._lines.append(self._tail)
                self._tail = b""
                continue
            *complete, self._tail = (self._tail + data).split(b"\n")
            self._lines.extend(complete)


class StandIn:
    """The protocol loop shared by every mode."""

    def __init__(self, mode: str, count: int, report: str | None) -> None:
        self.mode = mode
        self.count = count
        self.report = report
        self.reader = LineReader(sys.stdin.fileno())
        self.out = sys.stdout.buffer
        self.state_frames = os.environ.get("CLAUDE_CODE_SDK_READS_SESSION_STATE") == "1"
        self.queued_prompts = 0
        self.turns = 0
        self.events: list[str] = []
        # Everything a turn writes, generated before the first turn.
        self.init = dumps(self._init_message())
        self.running = self._state("running")
        self.idle = self._state("idle")
        self.result_ok = dumps(RESULT_OK)
        self.result_interrupted = dumps(RESULT_INTERRUPTED)
        self.turn_bytes = b""
        self.requests: list[tuple[str, bytes]] = []
        self.deltas: list[bytes] = []
        if mode == "stream":
            self.turn_bytes = self._stream_turn(count)
        elif mode == "assistant":
            self.turn_bytes = self.init + b"".join(self._tool_message(i) for i in range(count))
        elif mode == "replay":
            with open(os.environ["STANDIN_FIXTURE"], "rb") as fixture:
                self.turn_bytes = self.init + b"".join(fixture.readlines()[:count])
        elif mode == "short":
            self.turn_bytes = self.init + self._assistant("Hello from the stand-in CLI.")
        elif mode == "permission":
            self.requests = [self._can_use_tool(i) for i in range(count)]
        elif mode == "endless":
            self.deltas = [self._text_delta(i + 2, WORDS[i % len(WORDS)]) for i in range(4096)]

    # -- frames ---------------------------------------------------------------------------------------

    def _state(self, state: str) -> bytes:
        if not self.state_frames:
            return b""
        return dumps(
            {
                "type": "system",
                "subtype": "session_state_changed",
                "state": state,
                "sdk_host_only": True,
                "uuid": fake_uuid(0 if state == "idle" else 1, 0xA),
                "session_id": SESSION_ID,
            }
        )

    def _init_message(self) -> dict[str, Any]:
        return {
            "type": "system",
            "subtype": "init",
            "cwd": os.getcwd(),
            "session_id": SESSION_ID,
            "tools": TOOLS,
            "mcp_servers": [],
            "model": MODEL,
            "permissionMode": "default",
            "slash_commands": ["compact", "context", "init", "review", "security-review"],
            "apiKeySource": "ANTHROPIC_API_KEY",
            "claude_code_version": VERSION,
            "output_style": "default",
            "agents": ["claude", "Explore", "general-purpose", "Plan"],
            "skills": [],
            "plugins": [],
            "uuid": fake_uuid(2, 0xB),
            "fast_mode_state": "off",
        }

    def _stream_event(self, n: int, event: dict[str, Any]) -> bytes:
        return dumps(
            {
                "type": "stream_event",
                "event": event,
                "session_id": SESSION_ID,
                "parent_tool_use_id": None,
                "uuid": fake_uuid(n, 0xC),
                "api_message_id": MESSAGE_ID,
            }
        )

    def _text_delta(self, n: int, text: str) -> bytes:
        delta = {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}}
        return self._stream_event(n, delta)

    def _assistant(self, text: str) -> bytes:
        return dumps(
            {
                "type": "assistant",
                "message": {
                    "id": MESSAGE_ID,
                    "type": "message",
                    "role": "assistant",
                    "model": MODEL,
                    "content": [{"type": "text", "text": text}],
                    "stop_reason": None,
                    "stop_sequence": None,
                    "usage": {
                        "input_tokens": 11,
                        "output_tokens": 1,
                        "cache_creation_input_tokens": 0,
                        "cache_read_input_tokens": 0,
                    },
                    "context_management": None,
                },
                "parent_tool_use_id": None,
                "session_id": SESSION_ID,
                "uuid": fake_uuid(3, 0xD),
                "request_id": "req_bench_1",
            }
        )

    def _tool_message(self, n: int) -> bytes:
        """A complete assistant message of about 2 KB: one ``text`` and one ``tool_use`` block."""
        words = [WORDS[(n + i) % len(WORDS)] for i in range(46)]
        return dumps(
            {
                "type": "assistant",
                "message": {
                    "id": f"msg_01bench{n:016d}",
                    "type": "message",
                    "role": "assistant",
                    "model": MODEL,
                    "content": [
                        {"type": "text", "text": "".join(words)},
                        {
                            "type": "tool_use",
                            "id": f"toolu_01bench{n:014d}",
                            "name": "Bash",
                            "input": {
                                "command": f"cd /home/dev/project && ls -la src/module_{n}/ && grep -rn 'def "
                                "handle' src/ | head -n 40 && python -m pytest tests/ -x -q",
                                "description": "".join(words[:6]).strip(),
                                "timeout": 120000,
                            },
                        },
                    ],
                    "stop_reason": None,
                    "stop_sequence": None,
                    "usage": {
                        "input_tokens": 4 + n % 5000,
                        "cache_creation_input_tokens": n % 20000,
                        "cache_read_input_tokens": n * 7 % 200000,
                        "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
                        "output_tokens": 1 + n % 4000,
                        "service_tier": "standard",
                        "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
                    },
                    "context_management": None,
                },
                "parent_tool_use_id": None,
                "session_id": SESSION_ID,
                "uuid": fake_uuid(n, 0xF),
                "timestamp": f"2026-11-22T14:{n // 60 % 60:02d}:{n % 60:02d}.{n % 1000:03d}Z",
                "request_id": f"req_01bench{n:016d}",
            }
        )

    def _message_start(self) -> bytes:
        message: dict[str, Any] = {
            "id": MESSAGE_ID,
            "type": "message",
            "role": "assistant",
            "model": MODEL,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 11, "output_tokens": 1},
        }
        return self._stream_event(0, {"type": "message_start", "message": message})

    def _block_start(self) -> bytes:
        block = {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}
        return self._stream_event(1, block)

    def _closing_events(self, n: int, stop_reason: str | None) -> bytes:
        return (
            self._stream_event(n, {"type": "content_block_stop", "index": 0})
            + self._stream_event(
                n + 1,
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                    "usage": {"output_tokens": 7},
                },
            )
            + self._stream_event(n + 2, {"type": "message_stop"})
        )

    def _stream_turn(self, count: int) -> bytes:
        """``count`` stream events (5 structural ones and ``count - 5`` text deltas) and their message."""
        deltas = max(count - 5, 0)
        parts = [self.init, self._message_start(), self._block_start()]
        text: list[str] = []
        for i in range(deltas):
            word = WORDS[i % len(WORDS)]
            parts.append(self._text_delta(i + 2, word))
            if i < 64:
                text.append(word)
        parts.append(self._assistant("".join(text)))
        parts.append(self._closing_events(deltas + 2, "end_turn"))
        return b"".join(parts)

    def _can_use_tool(self, i: int) -> tuple[str, bytes]:
        request_id = fake_uuid(i, 0xE)
        command = f"touch hi{i}.txt && echo hi"
        frame = {
            "type": "control_request",
            "request_id": request_id,
            "request": {
                "subtype": "can_use_tool",
                "tool_name": "Bash",
                "display_name": "Bash",
                "input": {"command": command, "description": "Touch and print"},
                "description": "Touch and print",
                "permission_suggestions": [
                    {
                        "type": "addRules",
                        "rules": [{"toolName": "Bash", "ruleContent": command}],
                        "behavior": "allow",
                        "destination": "localSettings",
                    },
                    {"type": "setMode", "mode": "acceptEdits", "destination": "session"},
                ],
                "blocked_path": f"{os.getcwd()}/hi{i}.txt",
                "tool_use_id": f"toolu_bench_{i:06d}",
            },
        }
        return request_id, dumps(frame)

    # -- the loop -------------------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        self.out.write(data)
        self.out.flush()

    def run(self) -> int:
        while True:
            if self.queued_prompts:
                self.queued_prompts -= 1
                if not self.play_turn():
                    return 0
                continue
            line = self.reader.next_line()
            if line is None:
                return 0
            self.handle_idle(line)

    def handle_idle(self, line: bytes) -> None:
        frame = parse(line)
        kind = frame.get("type")
        if kind == "user":
            self.queued_prompts += 1
        elif kind == "control_request":
            self.answer_control(frame)

    def answer_control(self, frame: dict[str, Any]) -> str | None:
        """Answer ``initialize`` and ``interrupt``; return the subtype."""
        request = frame.get("request")
        subtype = field(request, "subtype")
        request_id = frame.get("request_id")
        if subtype == "initialize":
            body: dict[str, Any] = {
                "commands": [],
                "agents": [],
                "models": [],
                "pid": os.getpid(),
                "claude_code_version": VERSION,
            }
        elif subtype == "interrupt":
            body = {"still_queued": []}
        else:
            return None
        self.write(
            dumps(
                {
                    "type": "control_response",
                    "response": {"subtype": "success", "request_id": request_id, "response": body},
                }
            )
        )
        return str(subtype)

    def play_turn(self) -> bool:
        """Play one turn; False if stdin reached EOF during it (then exit)."""
        self.turns += 1
        if self.mode == "permission":
            return self.permission_turn()
        if self.mode == "endless":
            return self.endless_turn()
        self.write(self.running + self.turn_bytes + self.result_ok + self.idle)
        return True

    def permission_turn(self) -> bool:
        latencies: list[float] = []
        interrupted = False
        self.write(self.running + self.init)
        for request_id, data in self.requests:
            self.out.write(data)
            self.out.flush()
            start = time.perf_counter()
            answered = False
            while not answered:
                line = self.reader.next_line()
                if line is None:
                    return False
                frame = parse(line)
                kind = frame.get("type")
                if kind == "control_response":
                    response = frame.get("response")
                    answered = field(response, "request_id") == request_id
                elif kind == "user":
                    self.queued_prompts += 1
                elif kind == "control_request" and self.answer_control(frame) == "interrupt":
                    interrupted = answered = True
            latencies.append(time.perf_counter() - start)
            if interrupted:
                break
        self.save_report({"latencies": latencies})
        self.write((self.result_interrupted if interrupted else self.result_ok) + self.idle)
        return True

    def endless_turn(self) -> bool:
        interval = float(os.environ.get("STANDIN_INTERVAL", "0.005"))
        start = time.perf_counter()
        self.write(self.running + self.init + self._message_start() + self._block_start())
        sent = 0
        while True:
            line = self.reader.next_line(timeout=interval)
            if line is None:
                if self.reader.eof:
                    self.save_report({"ended": "eof mid-turn", "deltas": sent})
                    return False
                self.write(self.deltas[sent % len(self.deltas)])
                sent += 1
                continue
            frame = parse(line)
            kind = frame.get("type")
            if kind == "user":
                self.queued_prompts += 1
            elif kind == "control_request" and self.answer_control(frame) == "interrupt":
                break
        text = "".join(WORDS[i % len(WORDS)] for i in range(sent))
        interrupted_marker = dumps(
            {
                "type": "user",
                "message": {
                    "role": "user",
                    "content": [{"type": "text", "text": "[Request interrupted by user]"}],
                },
                "parent_tool_use_id": None,
                "session_id": SESSION_ID,
                "uuid": fake_uuid(4, 0xD),
            }
        )
        self.write(
            self._assistant(text)
            + interrupted_marker
            + self._closing_events(sent + 2, None)
            + self.result_interrupted
            + self.idle
        )
        self.events.append(f"interrupted after {time.perf_counter() - start:.3f} s, {sent} deltas")
        self.save_report({"ended": "interrupted", "events": self.events})
        return True

    def save_report(self, data: dict[str, Any]) -> None:
        if self.report:
            tmp = f"{self.report}.tmp"
            with open(tmp, "w") as file:
                json.dump(data, file)
            os.replace(tmp, self.report)


def field(obj: Any, key: str) -> object:
    """``obj[key]`` if ``obj`` is a JSON object that has it, else ``None``."""
    try:
        value: object = obj[key]
    except (TypeError, KeyError):
        return None
    return value


def parse(line: bytes) -> dict[str, Any]:
    try:
        frame = json.loads(line)
    except ValueError:
        return {}
    return frame if isinstance(frame, dict) else {}  # pyright: ignore[reportUnknownVariableType]


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[1] not in MODES:
        print(f"usage: standin_cli.py {{{'|'.join(MODES)}}} [CLI flags…]", file=sys.stderr)
        return 2
    count = int(os.environ.get("STANDIN_COUNT", "1000"))
    standin = StandIn(argv[1], count, os.environ.get("STANDIN_REPORT"))
    try:
        return standin.run()
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
