"""Match play: the result of the game just begun and the score, shown once the first
turn begins. The next game's chooser is the engine's (``opening_hand.rules.match``)."""

from __future__ import annotations

from opening_hand.rules.match import Match, Outcome
from opening_hand.rules.state import GameState
from page.dom import by_id, element, fragment


class MatchPanel:
    def __init__(self) -> None:
        self.root, self.result, self.score = by_id("match"), by_id("result"), by_id("score-body")

    def render(self, state: GameState, match: Match | None) -> None:
        self.root.hidden = state.pending is not None or match is None
        if state.pending is not None or match is None:
            return
        results = fragment()
        for index, team in enumerate(state.teams):
            names = " and ".join(state.player(s).name for s in team)
            results.append(element("option", "", f"{names} won", value=str(index)))
        results.append(element("option", "", "Draw", value="draw"))
        self.result.replaceChildren(results)
        body = fragment()
        for seat, (won, lost, drawn) in match.score().items():
            row = element("tr")
            for text in (state.player(seat).name, str(won), str(lost), str(drawn)):
                row.append(element("td", "", text))
            body.append(row)
        self.score.replaceChildren(body)

    def results(self, state: GameState) -> dict[int, Outcome]:
        value = str(self.result.value)
        if value == "draw":
            return {seat: "draw" for seat in state.seats}
        winners = state.teams[int(value)]
        return {seat: ("win" if seat in winners else "loss") for seat in state.seats}
