"""The glue between the live facts (`snippets/`) and MkDocs: hooks, page variables, generated pages."""
