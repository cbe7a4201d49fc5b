"""Generators of the docs/ pages, run by `make docs`; not part of the installed package."""
