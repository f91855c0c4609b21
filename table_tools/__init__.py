"""Floor Call's table tools: read a showdown from the cards, split the pots, check a raise.

Pure Python, no Discord and no I/O after import. Import the module you need: `raising` uses only the
standard library (the rules engine reuses it), the showdown modules wrap pokerkit's hand evaluator.

- `cards`     forgiving card input (Ah, AhKd, A♥, 10h/Th, "asso di picche") → Card
- `hands`     a player's best five cards (pokerkit) with the ranks that decide ties
- `showdown`  who holds what, who wins, why (kickers, board plays, cards speak)
- `pots`      contributions → main and side pots → who wins each, odd chips by the rulebook
- `raising`   blinds and bets → the minimum raise and whether an all-in reopened the betting
- `reading`   the text of the hands, pots and bets options → the values above
- `report`    results → sentences in English or Italian (words in words.toml, citations in rules.toml)
"""
