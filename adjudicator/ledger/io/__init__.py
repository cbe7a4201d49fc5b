"""The ruling log in and out of a ledger: exports (`export`: the readable `book`,
`csv_export`, `json_export`, from the `log` they read) and `importing` a JSON export back.
Every file is written through `ledger.files`, which never replaces the ledger itself.
"""
