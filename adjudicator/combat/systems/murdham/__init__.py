"""Murdham's combat chapter (`seeds/002`) as a game system: zones, faction initiative,
alternating activations with passing, main/bonus actions and reactions, saves, morale.

state — the fight at one moment; events — its facts and the fold; commands — what the GM and
players ask; rounds, movement (with sneaking and hiding), attacks (with stunts), chases —
the handlers; checks — what they share; errors — one error per rule; engine — `MurdhamFight`
and `MurdhamSystem`; legal — the commands open now; odds — exact odds of an attack and of a
chase; board — its zones as text.
"""
