"""Spellwoven's combat chapter (`seeds/003`) as a game system: momentum initiative (3d10
against a skill, +1/-1 a round), one Action a round, Proximities, Fighting Skill tests
against Quickness Defence, Menace and the Glance...Mortal wound ladder with overflow, armour
soak and shields.

state — the fight; rolls — 3d10 skill tests and their exact odds; wounds — the ladder,
overflow and soak; events — facts and the fold; commands; rounds, actions — the handlers;
errors — one error per rule; engine — `SpellwovenFight`, `SpellwovenSystem`; legal — the
commands open now; board — the Proximities as text.
"""
