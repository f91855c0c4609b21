"""Readers every topic may use: how a phrase relates to its neighbours (negation, whose card, which card of
the deal), and facts several topics decide on (players who had acted, whether the betting was complete, the
street). A topic module imports what it needs from here rather than re-reading the text its own way."""
