"""The browser side of tichu_fast (docs/web.md): the replay viewer's and the table's pages.

This package holds the pages' assets (`assets/`: style, scripts, HTML). The table's
server, `tichu_fast.web.server`, needs the `[web]` extra (Starlette, uvicorn);
`tichu_fast.web.table` (one table's game and what its person may see) and
`tichu_fast.view` (the viewer) need nothing beyond the core.
"""
