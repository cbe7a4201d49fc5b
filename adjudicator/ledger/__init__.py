"""The campaign ledger: one SQLite file per campaign, append-only and hash-chained.

Modules, in dependency order:
- `location`: which file is the ledger (`--ledger`, `$ADJUDICATOR_LEDGER`, ./campaign.sqlite),
  without loading sqlite-utils; `database`: open/create the file, PRAGMAs, write
  transactions with retry, backup; `files`: files written beside a ledger, never the
  ledger itself, never half-written.
- `migrations/`: the schema, one module per migration (`m0001_...`), found by number.
- `hashing` (how a record's hash is computed) and `records`: the hash chain every record
  joins, and `verify`; `health`: the cheap check every open runs.
- `sessions`: sessions of play and players; `decks`: the Deck and hands per session;
  `characters`: character sheets as versions; `casting`: who casts with which Words.
- `rulings`, `policies`: the Storyteller's rulings, their statuses, policy announcements;
  `spell_requests`: spells asked for from the table's pages.
- `canon`: the rulebook's own examples; `campaign`: `init_campaign` and the summary.
- `io/`: the ruling log out (`export`: `book` for Markdown and HTML, `csv_export`,
  `json_export`) and back in (`importing`).
- `fights/`: fights on the Battle Board, stored as chained steps (undo is a record).

Precedent (search, conflicts, the checks of `ruling add`) is `adjudicator.precedent`, one
layer up: it reads and writes through this package, which never imports it.

Every function takes the open `Ledger` explicitly; nothing here holds global state.

Decisions where the issue is silent:
- Everything is a chained, append-only record, not only rulings and policies: the campaign,
  a session's start and its end, players, characters and each version of their sheet, each
  version of a session's Deck, homonym declarations, ruling statuses. `verify` covers it all.
- Ids: campaign rulings R1, R2, ...; the rulebook's canon C1...C15 (the same in every
  ledger, so the campaign's first ruling is still R1); policies P1, P2, ...
- A ruling is recorded in the open session. A policy goes to the open session, else to the
  one just played (announced between sessions, it precedes the next), else to none.
- Each character belongs to one player; a spell's Drawn Words come from that player's hand.
  Structural checks apply to vetoes too; a veto spends nothing, an approval spends the
  Drawn Words in the same transaction as the ruling.
- A ruling's status is its latest status record (standing if none). A correction is a new
  ruling whose status record supersedes the old one; a policy supersedes those it names.
- `--word` filters match the Words a ruling used and the Words its veto said were missing.
- Writes use `synchronous=FULL`: a ruling reported as recorded survives a power cut.
- Import restores into a new ledger (or one with no records), never merges; every hash in
  the file is recomputed and must match. A filtered JSON export is for reading only.
- Exports carry no export time, so the same ledger always exports the same bytes.
- Nothing the tool writes ever replaces the ledger or its -wal/-shm (`files`); every open
  runs a cheap check (`health`), and a ledger that fails it is read but never written. The
  chain head `COUNT:HASH` is the anchor to keep outside the file (docs/ledger-integrity.md).
"""
