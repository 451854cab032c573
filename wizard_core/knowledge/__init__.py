"""The knowledge wing: code notes and imported text, retrieval, excerpt expansion, the standalone query."""
