"""The page's script, which PyScript runs once Python is up (index.html's ``<script type="py">``).

The start-up itself is ``start.py``: a module of the Python bundle (static/python.json), so
the browser runs its bytecode instead of compiling this script's text on every load.
"""

import start  # noqa: F401
