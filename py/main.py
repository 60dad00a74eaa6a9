"""The page's script, which PyScript runs once Python is up (index.html's ``<script type="py">``).

Three layers, one import each way: this script -> ``page`` (everything that touches the DOM)
-> ``opening_hand`` (the pure engine). The start-up itself is ``page/start.py``: a module of
the Python bundle (static/python.json), so the browser runs its bytecode instead of compiling
this script's text on every load.
"""

from page import start  # noqa: F401
