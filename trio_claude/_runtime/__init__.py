"""The session: process, writer, router, message buffer and stream, shutdown, ``ClaudeSession``,
``open_session`` / ``open_query``.  With the test kit, the only layer that runs trio."""
