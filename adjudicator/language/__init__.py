"""The language layer: intents to concepts, Word coverage, homonym senses. Knows no SQLite."""
