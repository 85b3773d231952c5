"""A scripted fake of the Anthropic Messages API, served over HTTP/1.1 on 127.0.0.1 (Trio + h11).

The real ``claude`` CLI runs fully offline when ``ANTHROPIC_BASE_URL`` points at this server: every request
of the agent's main loop takes the next *step* of a script (a model turn to stream back, or an HTTP error),
while side requests (the model-validation probe after ``set_model``, token counting, title generation…) get
canned answers and never consume the script.  Every request is recorded, so a test can also check what the
CLI sent.

The parts: ``script`` (the steps a test writes and the requests it reads back), ``render`` (a step as the
JSON message or the server-sent events of one answer; pure), ``http`` (HTTP/1.1 through h11, the one module
that imports it) and ``server`` (:class:`~trio_claude.testing.MessagesAPI` and
:func:`~trio_claude.testing.serve_messages_api`).  The public names are those of :mod:`trio_claude.testing`.
"""
