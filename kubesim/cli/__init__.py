"""The `kubesim` command line: one module per command; only this package prints or exits."""
