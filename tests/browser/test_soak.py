"""Soak: 500 deal/mulligan/keep cycles in one page, without growth in DOM nodes or in what
Python keeps beyond what undo needs."""

from __future__ import annotations

from pages import AppPage

CYCLE = """(cycles) => {
  const board = document.querySelector('[data-board="main"]');
  const click = (name) => { const b = board.querySelector(`[data-button="${name}"]`); if (!b.hidden) b.click(); };
  const seen = [];
  for (let i = 0; i < cycles; i++) {
    document.getElementById('deal').click();
    click('play-first');
    click('mulligan');
    click('keep');
    const card = board.querySelector('[data-zone="hand"][data-player="1"]');
    if (card) card.click();
    click('bottom');
    seen.push(board.dataset.history);
  }
  return { nodes: document.getElementsByTagName('*').length, history: seen,
           prompt: board.querySelector('[data-el="prompt"]').textContent,
           log: document.getElementById('log').children.length };
}"""


def test_500_cycles_do_not_grow_the_page_or_the_history(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Seed").fill("")  # a new random deal each cycle
    warm = app.page.evaluate(CYCLE, 20)
    assert warm["prompt"].startswith("The game begins"), warm["prompt"]
    soak = app.page.evaluate(CYCLE, 500)
    assert soak["prompt"].startswith("The game begins"), soak["prompt"]
    # The same page state after 20 and after 520 games: no nodes left behind.
    assert abs(soak["nodes"] - warm["nodes"]) <= 40, (warm["nodes"], soak["nodes"])
    assert soak["log"] <= 40  # one game's log, not 520
    # Python keeps one game's actions and undo points (a handful), never the session's.
    actions, undo = (max(int(h.split()[i]) for h in soak["history"]) for i in (0, 1))
    assert actions <= 20 and undo <= 6, (actions, undo)
    app.button("Undo").click()  # and undo still works at the end
    assert "Put on bottom" in app.prompt.inner_text() or "Click" in app.prompt.inner_text()
