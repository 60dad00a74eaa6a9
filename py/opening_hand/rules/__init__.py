"""The rules of the start of a game (CR 103): the state machine, its states and actions, the editions
and formats, the cards the rules name, match play, the rule index and Arena's hand smoothing.
"""
