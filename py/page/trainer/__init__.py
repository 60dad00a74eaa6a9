"""The trainer beside the hand: the outlook, the feedback line and quizzes."""
