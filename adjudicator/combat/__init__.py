"""The Battle Board engine: the board graph, movement, ranged attacks, flanking (chapter 3)."""
