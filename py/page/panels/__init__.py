"""The panels beside the table: setup, deck, my decks, statistics, recent hands, match and odds."""
