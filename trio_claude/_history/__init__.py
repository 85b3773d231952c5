"""Sessions on disk: paths, reading, writing, and the summaries a session store keeps.  Imports no trio."""
