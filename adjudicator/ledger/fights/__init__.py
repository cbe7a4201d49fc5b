"""Fights on the Battle Board kept in the ledger: `combats` starts one and plays each step,
`steps` reads the chained steps back and folds them, `spells` turns a ruling into a spell in
a fight, `effects` writes what a fight does to the campaign outside it (sheets, hands).
"""
