"""The table: one game on a board (``board``) and its views."""
