"""The intent walker: a parsed intent to concepts with roles (DESIGN.md, "Adjudication policy").

Its modules import in one direction: `language.cues` (the policy's word lists) ->
`tokens` (facts about tokens and their phrases) -> `drafts` (the concepts found so far) ->
`record` (concepts that end the walk: scope cues, purposes, named Words) -> `walk` (the
walk over clauses, nouns and modifiers, and the entry points `walk` and `analyse`).
"""

from adjudicator.language.walker.walk import analyse, parse, walk

__all__ = ["analyse", "parse", "walk"]
