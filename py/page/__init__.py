"""The page: everything that touches the DOM, between the page's script (``py/main.py``)
and the pure engine (``opening_hand``).

* ``start`` wires the controls and says ready; ``app`` is the page, loaded when idle.
* ``table/``: one game on a board and the views of the table (seats, cards, the decision
  bar, turns, the log, the enlarged card).
* ``panels/``: the panels beside the table (setup, deck, my decks, statistics and recent
  hands, match, odds).
* ``trainer/``: the outlook beside the hand, the feedback line and quizzes.
* ``services/``: what the parts share (card data, card images, Scryfall look-ups, saved
  data, share links, keys, event routing).

``seams`` says what a panel may ask of the page. Nothing here decides a rule.
"""
