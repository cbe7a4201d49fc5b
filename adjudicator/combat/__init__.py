"""The Battle Board engine (rulebook chapter 3): pure rules, no I/O, no database.

Where things are:
- board, movement, ranged, flanking — the board graph, walking, shots, opposite sides.
- units — combatants from a Character or a quick NPC; stack — spell rulings, enhancements,
  the counterspell stack; state — `CombatState`, the fight at one moment.
- events, fight_events — the facts a fight is made of; history — the fold (`replay`) and
  reading events back from JSON; record — the JSON both ways.
- commands — what players and the Storyteller ask for; engine — `Combat`: play, undo, redo,
  log, legal commands, odds; transaction — one command being resolved; dispatch — which
  handler resolves each command (`@handles`); registry — the tables events, commands and
  handlers fill where they are defined.
- setup, initiative, actions, attacks, damage, special, counterspell, storyteller — the
  handlers, one module per part of the chapter; checks — the checks they share; legal — the
  acting unit's legal commands.
- fight — the kernel every game system shares (`FightHistory`: groups of events, fold, undo,
  redo, log); systems — game systems as plugins found by name: Words of Power (this
  package's `Combat`, its rulesets as variants), Murdham (`systems/murdham/`), Spellwoven
  (`systems/spellwoven/`) and Shadow of the Weird Wizard (`systems/weird_wizard/`).
- rulesets — the rulebook and the alternate draft as hook classes in a registry; dice_source
  — seeded or entered dice; hit_odds — exact hit-zone odds; errors — one `CombatError`
  subclass per rule broken; skirmish — random legal fights for tests and benchmarks.

The package imports only `adjudicator.rules`, `adjudicator.errors` and itself.
"""
