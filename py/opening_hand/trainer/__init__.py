"""The trainer: exact odds and the hand outlook, the playout of a hand and the value of a mulligan, the
verdict, the reading of a hand, quizzes, practice statistics and recent hands.
"""
