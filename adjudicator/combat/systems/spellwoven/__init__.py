"""Spellwoven's combat chapter (`seeds/003`) as a game system: momentum initiative (3d10
against a skill, +1/-1 a round), one Action a round, Proximities, Fighting Skill tests
against Quickness Defence, Menace and the Glance...Mortal wound ladder with overflow, armour
soak and shields.

The chapter's "Optional Combat Rules" are chosen by the Gamesmaster when the fight starts.

options — the optional rules and how a fight records them; state — the fight; rolls — 3d10
skill tests (Advantage and Disadvantage) and their exact odds; wounds — the ladder, overflow,
soak, stacked armour, natural recuperation; edges — what the options do to a test and to
Quickness Defence; lean — records that store their later fields only when set; events,
optional_events — facts and the fold; commands; rounds, actions, blows, optional — the
handlers; errors — one error per rule; engine — `SpellwovenFight`, `SpellwovenSystem`; legal
— the commands open now; board — the Proximities as text.
"""
