"""Words of Power Adjudicator: a Storyteller's assistant for a language-based RPG."""

__version__ = "0.1.0"
