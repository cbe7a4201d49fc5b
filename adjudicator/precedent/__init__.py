"""The campaign's case law: which earlier ruling binds a new one, and is it contradicted?

"If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal] [Mist] the
next." (rulebook). Modules, in dependency order:
- `thresholds`: every number of retrieval and conflict detection, each with its reason.
- `cases`: the values compared (an earlier ruling, a policy, the ruling to make).
- `same_situation`: are two intents the same situation? meaning, scope and effects.
- `policies`: policies' effect, when an announced policy or a status releases a precedent.
- `conflicts`: the stricter / looser test and the decision (`decide`); pure.
- `scores`, `store`, `vector_clusters`, `retrieval`: finding precedents (FTS5 + vectors);
  `store` reads and writes the derived tables that ledger migration 0005 creates.
- `ruling_checks`: what `ruling add` runs; `spell_check`: `spell check` / `spell draft`
  against a campaign; `evaluation`: the precedent benchmark's scoring.

It reads and writes the ledger through `adjudicator.ledger`; the ledger never imports it.
"""
