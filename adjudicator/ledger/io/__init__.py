"""The ledger's files in and out: exports (`export`: the readable `book`, `csv_export`,
`json_export`, from the `log` they read), `importing` a JSON export back, and `files`, which
writes beside a ledger without ever replacing it.
"""
