"""Shadow of the Weird Wizard's combat page (`seeds/004`) as a game system: the Sage's side
acts first, then the players in any order; one reaction a round; attribute rolls against
Defense with boons and banes; damage totals against Health; attack circumstances; lasting
effects and afflictions; long tasks; obstacles and objects.

state — the fight; events, effect_events, object_events — its facts and the fold; commands —
what the Sage and players ask; rolls — attribute rolls with boons and banes, and their exact
odds; turns, attacks, options, unarmed, movement, effects, objects — the handlers; expiry —
effects at the end of a turn and of a round, in the page's order; afflictions — what they
do and what their onset ends; errors — one error per rule; engine — `WeirdWizardFight`,
`WeirdWizardSystem`; legal — the commands open now; board — the battlefield as a line of
yards.
"""
