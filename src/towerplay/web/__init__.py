"""Play in the browser: the server (FastAPI, WebSocket) over the store's tables.

`games` says which games a table can hold, `tables` keeps them in the store (seats, tokens,
one transaction per action), `app` serves them.
"""
