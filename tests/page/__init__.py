"""The page's pure-Python parts and the files it loads, under CPython (no browser)."""
