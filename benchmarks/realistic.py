"""Realistic benchmark fixtures: the real CLI's own frames, scaled up.

The *shapes* come from the wire captures of CLI 2.1.330 in ``tests/data/wire/transcripts`` (every key the
real CLI writes, in its order, with its nulls): the ``assistant`` frames of ``a_thinking.330.jsonl`` (a
``thinking`` line with ``thinking_duration_ms`` and ``thinking_display``, then a ``text`` line) and of
``b_perm_allow_rules.330.jsonl`` (a ``tool_use`` line), and the ``stream_event`` frames of
``j_partial.330.jsonl`` (every event and delta kind: ``message_start`` with ``ttft_ms``,
``content_block_start`` of ``thinking``/``text``/``tool_use``, ``thinking_delta``, ``signature_delta``,
``text_delta``, ``input_json_delta``, ``content_block_stop``, ``message_delta``, ``message_stop``).  The
captures' *contents* are tiny ("hmm", "Running"), so the values are replaced by what users see: several
lines of text mixing ASCII with é, ï, 日本語, λ, ✓ and —, base64 signatures of a real length, tool inputs
with nested objects and arrays, and a full ``usage`` block with the cache fields.

``assistant_lines(n)`` gives ``n`` lines of ~2 KB (mostly one line per content block as the real CLI
writes them, and every third line a ``text`` and a ``tool_use`` block together, as the independent
harness of issue 25 does); ``stream_lines(n)`` gives ``n`` ``stream_event`` lines (~350 B).  Both are
deterministic (a seeded generator).
"""

from __future__ import annotations

import base64
import copy
import json
import random
import uuid
from pathlib import Path
from typing import Any

TRANSCRIPTS = Path(__file__).resolve().parent.parent / "tests" / "data" / "wire" / "transcripts"

#: Lines of text as a model writes them: prose, lists, code, non-ASCII.
_LINES = (
    "Je vais d'abord lire le fichier — la fonction naïve échoue sur les entrées vides.",
    "The café's Noël menu is parsed by `parse_menu()`; ✓ the tests pass now.",
    "日本語のテキストも正しく処理されます。ファイルを確認しました。",
    "- λ-expressions in `handlers.py` capture the loop variable — a classic bug.",
    "1. Read `src/main.py` (412 lines) ✓",
    "2. Édit the three call sites — no behaviour change for ASCII input.",
    "```python\ndef naïve(x: str) -> str:\n    return x.strip() or \"—\"\n```",
    "Résumé: the coöperative scheduler yields every 64 KiB; λ ≈ 0.8 under load.",
    "Ich prüfe jetzt die Größe der Einträge, danach die Übersetzungen (日本語, 中文).",
    "Next I'll run the suite again and compare the timings — expect ±5 %.",
)  # fmt: skip

_WORDS = (
    "the", "naïve", "café", "λ", "résumé", "✓", "—", "日本語", "tests", "pass", "reading", "file",
    "src/main.py", "then", "editing",
)  # fmt: skip


def _text(rng: random.Random, size: int) -> str:
    """Several lines of text, about ``size`` characters."""
    lines: list[str] = []
    while sum(map(len, lines)) < size:
        lines.append(rng.choice(_LINES))
    return "\n".join(lines)


def _words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n))


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _signature(rng: random.Random, size: int = 300) -> str:
    return base64.b64encode(rng.randbytes(size)).decode()


def _captured(name: str) -> list[dict[str, Any]]:
    """The frames the CLI wrote in one capture."""
    frames: list[dict[str, Any]] = []
    with open(TRANSCRIPTS / name, encoding="utf-8") as file:
        for line in file:
            record = json.loads(line)
            if record.get("dir") == "cli->sdk" and isinstance(record.get("msg"), dict):
                frames.append(record["msg"])
    return frames


def _templates() -> dict[str, dict[str, Any]]:
    """One captured frame of each kind, by a short name."""
    found: dict[str, dict[str, Any]] = {}
    for name in ("a_thinking.330.jsonl", "b_perm_allow_rules.330.jsonl", "j_partial.330.jsonl"):
        for frame in _captured(name):
            if frame["type"] == "assistant":
                block = frame["message"]["content"][0]["type"]
                found.setdefault(f"assistant/{block}", frame)
            elif frame["type"] == "stream_event":
                event: dict[str, Any] = frame["event"]
                part: dict[str, Any] = event.get("delta") or event.get("content_block") or {}
                sub = part.get("type", "")
                found.setdefault(f"{event['type']}/{sub}".rstrip("/"), frame)
    return found


def _usage(rng: random.Random) -> dict[str, Any]:
    """A full ``usage`` block, as the API writes it on a cached conversation."""
    return {
        "input_tokens": rng.randint(1, 40),
        "cache_creation_input_tokens": rng.randint(0, 20_000),
        "cache_read_input_tokens": rng.randint(0, 200_000),
        "cache_creation": {
            "ephemeral_5m_input_tokens": rng.randint(0, 20_000),
            "ephemeral_1h_input_tokens": 0,
        },
        "output_tokens": rng.randint(1, 4_000),
        "service_tier": "standard",
        "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
    }


def _tool_use(rng: random.Random) -> dict[str, Any]:
    """A ``tool_use`` block with a nested input (a todo list, or an edit with options)."""
    tool_id = f"toolu_01{rng.getrandbits(88):022x}"
    if rng.random() < 0.5:
        todos = [
            {"content": _words(rng, 8), "status": rng.choice(("pending", "in_progress", "completed")),
             "activeForm": _words(rng, 5)}
            for _ in range(4)
        ]  # fmt: skip
        return {"type": "tool_use", "id": tool_id, "name": "TodoWrite", "input": {"todos": todos}}
    edit = {
        "file_path": f"/home/dev/project/src/módulo_{rng.randint(1, 99)}/naïve.py",
        "old_string": _text(rng, 120),
        "new_string": _text(rng, 140),
        "options": {"replace_all": False, "context": {"before": 3, "after": 3, "tags": ["λ", "✓"]}},
    }
    return {"type": "tool_use", "id": tool_id, "name": "Edit", "input": edit}


def _assistant(rng: random.Random, templates: dict[str, dict[str, Any]], n: int) -> dict[str, Any]:
    kind = ("thinking", "text", "tool_use")[n % 3]
    frame = copy.deepcopy(templates[f"assistant/{kind}"])
    message = frame["message"]
    message["id"] = f"msg_01{rng.getrandbits(88):022x}"
    message["usage"] = _usage(rng)
    if kind == "thinking":
        message["content"] = [{"type": "thinking", "thinking": _text(rng, 900), "signature": _signature(rng)}]
        frame["thinking_duration_ms"] = rng.randint(200, 9_000)
    elif kind == "text":
        message["content"] = [{"type": "text", "text": _text(rng, 1_300)}]
    else:  # the independent harness's shape: a text and a tool use in one message
        message["content"] = [{"type": "text", "text": _text(rng, 400)}, _tool_use(rng)]
    frame["uuid"] = _uuid(rng)
    frame["request_id"] = f"req_01{rng.getrandbits(88):022x}"
    frame["timestamp"] = f"2026-11-22T14:{n // 60 % 60:02d}:{n % 60:02d}.{n % 1000:03d}Z"
    return frame


def assistant_lines(count: int, seed: int = 25) -> list[bytes]:
    """``count`` ``assistant`` lines (~2 KB each) of the real CLI's shapes with realistic contents."""
    rng = random.Random(seed)
    templates = _templates()
    return [_dumps(_assistant(rng, templates, n)) for n in range(count)]


def _event(rng: random.Random, templates: dict[str, dict[str, Any]], n: int) -> dict[str, Any]:
    """The ``n``-th event of a stream of turns: per 40 events, one message's start and stop, a thinking
    block, a text block and a tool use, mostly text deltas."""
    step = n % 40
    if step == 0:
        frame = copy.deepcopy(templates["message_start"])
        frame["event"]["message"]["usage"] = _usage(rng)
        frame["ttft_ms"] = rng.randint(300, 3_000)
    elif step in (1, 8, 30):
        block = {1: "thinking", 8: "text", 30: "tool_use"}[step]
        frame = copy.deepcopy(templates[f"content_block_start/{block}"])
    elif step < 6:
        frame = copy.deepcopy(templates["content_block_delta/thinking_delta"])
        frame["event"]["delta"]["thinking"] = _words(rng, rng.randint(4, 14))
    elif step == 6:
        frame = copy.deepcopy(templates["content_block_delta/signature_delta"])
        frame["event"]["delta"]["signature"] = _signature(rng, 120)
    elif step in (7, 29, 37):
        frame = copy.deepcopy(templates["content_block_stop"])
    elif step < 29:
        frame = copy.deepcopy(templates["content_block_delta/text_delta"])
        text = rng.choice(_LINES)
        start = rng.randint(0, max(0, len(text) - 30))
        frame["event"]["delta"]["text"] = text[start : start + rng.randint(8, 40)]
    elif step < 37:
        frame = copy.deepcopy(templates["content_block_delta/input_json_delta"])
        frame["event"]["delta"]["partial_json"] = json.dumps(_words(rng, 5), ensure_ascii=False)[:-1]
    elif step == 38:
        frame = copy.deepcopy(templates["message_delta"])
    else:
        frame = copy.deepcopy(templates["message_stop"])
    frame["uuid"] = _uuid(rng)
    return frame


def stream_lines(count: int, seed: int = 26) -> list[bytes]:
    """``count`` ``stream_event`` lines of every event and delta kind, the real CLI's shapes."""
    rng = random.Random(seed)
    templates = _templates()
    return [_dumps(_event(rng, templates, n)) for n in range(count)]


def _dumps(frame: dict[str, Any]) -> bytes:
    """Compact JSON with raw UTF-8, as the CLI writes it (``JSON.stringify``)."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
