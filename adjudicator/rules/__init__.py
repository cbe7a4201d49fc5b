"""Pure Words of Power rules: no I/O, no NLP, no database."""
