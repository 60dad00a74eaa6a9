"""Rules editions on the page: the compare view, the Paris rules and the original rule."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, expect

from tests.browser.pages import AppPage

NO_LANDS = "60 Lightning Bolt"  # a hand of zero lands, whatever the shuffle


def in_board(app: AppPage, board: str) -> Locator:
    return app.page.locator(f'[data-board="{board}"]')


def board_button(app: AppPage, board: str, name: str) -> Locator:
    return in_board(app, board).get_by_role("button", name=name, exact=True)


def board_hand(app: AppPage, board: str) -> list[str]:
    cards = in_board(app, board).locator('[data-testid="card"][data-zone="hand"][data-player="1"]')
    return [c.get_attribute("data-card-name") or "" for c in cards.all()]


def test_compare_deals_the_same_shuffle_under_two_rules_side_by_side(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("london")
    app.page.get_by_label("Compare with").select_option("paris-2001")
    app.deal(seed=42)
    compare = in_board(app, "compare")
    expect(compare).to_be_visible()
    expect(compare.get_by_role("heading", level=2)).to_have_text(re.compile(r"Compare: Paris mulligan.*2001"))
    expect(in_board(app, "main").get_by_role("heading", level=2)).to_have_text(re.compile(r"Table: London"))
    for board in ("main", "compare"):
        if board_button(app, board, "Play first").is_visible():
            board_button(app, board, "Play first").click()
    expect(in_board(app, "compare").locator('[data-zone="hand"][data-player="1"]')).to_have_count(7)
    first = board_hand(app, "main")
    assert len(first) == 7 and board_hand(app, "compare") == first  # the same seeded shuffle

    board_button(app, "main", "Mulligan").click()
    board_button(app, "compare", "Mulligan").click()
    expect(in_board(app, "compare").locator('[data-zone="hand"][data-player="1"]')).to_have_count(6)
    london, paris = board_hand(app, "main"), board_hand(app, "compare")
    assert len(london) == 7, "London: draw seven again, then bottom one (103.5)"
    assert paris == london[:6], "Paris: the same shuffle, one card fewer (2001 P.1.7)"
    bottom = "Put 1 card on the bottom as part of the mulligan (103.5)"
    expect(in_board(app, "main").get_by_test_id("prompt")).to_contain_text(bottom)
    expect(compare.get_by_test_id("prompt")).to_contain_text("Keep 6 cards")
    expect(compare.get_by_test_id("compare-log").locator('[data-rule="2001 P.1.7"]').first).to_be_visible()
    assert not [r for r in app.log_rules() if r.startswith("2001")], "the main log cites the current rules"

    # Each board is its own game: a decision on one leaves the other waiting.
    board_button(app, "compare", "Keep").click()
    expect(compare.get_by_test_id("prompt")).to_contain_text("The game begins")
    expect(in_board(app, "main").get_by_test_id("prompt")).to_contain_text(bottom)

    app.change_setup()
    app.page.get_by_label("Compare with").select_option("")
    app.deal(seed=42)
    expect(compare).to_have_count(0)
    expect(in_board(app, "main").get_by_role("heading", level=2)).to_have_text("Table")


def test_compare_refuses_the_same_rules_twice_and_keeps_the_table(app: AppPage) -> None:
    app.open().deal(seed=7)
    app.choose_to_play_if_asked()
    before = app.hand_ids()
    app.change_setup()
    app.page.get_by_label("Compare with").select_option("london")
    app.deal(seed=8)
    expect(app.message).to_contain_text("choose a second rules edition")
    assert app.hand_ids() == before  # the game on the table is untouched
    expect(in_board(app, "compare")).to_have_count(0)


def test_paris_2008_the_starting_player_takes_all_mulligans_first(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("paris-2008")
    app.page.get_by_label("Control").select_option("all")
    app.deal(seed=5)
    app.button("Play first").click()
    expect(app.prompt).to_contain_text("Seat 1")
    app.button("Mulligan").click()
    app.expect_hand_size(6)
    expect(app.prompt).to_contain_text("Seat 1: Keep 6 cards")  # still Seat 1 (2008 101.4)
    app.button("Mulligan").click()
    app.expect_hand_size(5)
    expect(app.hand(2)).to_have_count(7)
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("Seat 2: Keep 7 cards")  # then the next player in turn order
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    assert "2008 101.4" in app.log_rules()
    # Every mulligan step cites the 2008 text; only steps it does not cover (the sideboard) cite today's.
    assert not [r for r in app.log_rules() if r.startswith("103.5")], app.log_rules()


def test_original_rule_replaces_a_no_land_hand_once(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("original")
    app.deal(seed=3, deck=NO_LANDS, unchecked=True)
    app.choose_to_play_if_asked()
    expect(app.prompt).to_contain_text("take a mulligan (to 7)")
    app.button("Mulligan").click()
    expect(app.prompt).to_contain_text("The game begins")  # once per game: no second offer
    app.expect_hand_size(7)
    expect(app.page.get_by_test_id("log")).to_contain_text("may not take further mulligans")
    rules = app.log_rules()
    assert "Mulligan article: Original mulligan" in rules, "the original rule's source"
    assert "2001 P.1.1" in rules, "the other steps: the oldest text there is, named as such"

    # A hand with some lands and some spells may not be replaced at all.
    app.deal(seed=42, deck=app.page.evaluate("document.querySelector('#decklist').defaultValue"))
    app.choose_to_play_if_asked()
    expect(app.prompt).to_contain_text("The game begins")
    expect(app.button("Mulligan")).to_be_hidden()


def test_the_2008_two_headed_giant_worked_example_plays_out_on_the_page(app: AppPage) -> None:
    """2008 101.4b: Bob and Clare both mulligan and draw seven; Bob keeps; Clare mulligans
    again and draws six; she keeps; only then does the other team decide."""
    app.open().choose_format("two-headed-giant", hot_seat=True)
    app.page.get_by_label("Rules").select_option("paris-2008")
    app.deal(seed=11)
    app.button("Play first").click()

    def deciding() -> int:
        expect(app.prompt).to_have_text(re.compile(r"^Seat \d: Keep"))
        return int(app.prompt.inner_text().split(":")[0].removeprefix("Seat "))

    bob = deciding()
    app.button("Mulligan").click()
    clare = deciding()
    assert clare != bob
    app.button("Mulligan").click()
    expect(app.hand(bob)).to_have_count(7)  # the first mulligan draws seven (2008 101.4a/b)
    expect(app.hand(clare)).to_have_count(7)
    assert deciding() == bob
    app.button("Keep").click()
    assert deciding() == clare
    app.button("Mulligan").click()
    expect(app.hand(clare)).to_have_count(6)
    assert deciding() == clare  # only Clare has the option to mulligan
    app.button("Keep").click()
    other = deciding()
    assert other not in (bob, clare)  # after that, the other team decides
    assert "2008 101.4b" in app.log_rules()
    for seat in (bob, clare):
        expect(app.page.get_by_test_id(f"hand-{seat}").locator('[data-zone="hand"]')).to_have_count(
            7 if seat == bob else 6
        )


def test_london_as_cr_103_4_reads_beside_london_as_on_mtgo_and_a_link_carries_it(app: AppPage) -> None:
    """The two bottoming procedures side by side on the same shuffle: as CR 103.5 reads the
    bottom card goes with the mulligan; as on MTGO and Arena, only on keeping."""
    app.open()
    app.page.get_by_label("Rules", exact=True).select_option("london")
    app.page.get_by_label("Compare with").select_option("london-mtgo")
    app.deal(seed=42)
    compare = in_board(app, "compare")
    expect(compare.get_by_role("heading", level=2)).to_have_text(re.compile(r"MTGO and Arena"))
    for board in ("main", "compare"):
        if board_button(app, board, "Play first").is_visible():
            board_button(app, board, "Play first").click()
        board_button(app, board, "Mulligan").click()
    expect(in_board(app, "main").get_by_test_id("prompt")).to_contain_text("Put 1 card on the bottom as part")
    expect(compare.get_by_test_id("prompt")).to_contain_text("Keep 6 cards (then put 1 on the bottom)")
    assert board_hand(app, "main") == board_hand(app, "compare"), "the same seven cards either way"
    board_button(app, "compare", "Keep").click()
    expect(compare.get_by_test_id("prompt")).to_contain_text("Put 1 card on the bottom, in order")
    board_button(app, "compare", "Put on bottom").click()
    cited = compare.get_by_test_id("compare-log").locator('[data-rule="Mulligan article: London mulligan"]')
    expect(cited).to_be_visible()

    app.change_setup()
    app.page.get_by_label("Rules", exact=True).select_option("london-mtgo")
    app.page.get_by_label("Compare with").select_option("")
    app.deal(seed=42)
    app.reopen_from_share_link()
    expect(app.page.get_by_label("Rules", exact=True)).to_have_value("london-mtgo")


LEYLINES = "30 Leyline of the Void\n30 Mountain"


def test_2008_leylines_are_chosen_then_put_in_together_and_the_starting_player_orders_them(app: AppPage) -> None:
    """2008 101.Ruling.1 on the page: the choice stays in the hand until every player has
    chosen; then all go onto the battlefield together and the starting player orders their
    timestamps from the decision bar."""
    app.open()
    app.page.get_by_label("Rules", exact=True).select_option("paris-2008")
    app.deal(seed=5, deck=LEYLINES, unchecked=True)  # seed 5: Seat 1 chooses who starts
    app.button("Play first").click()
    app.button("Keep").click()
    choices = app.page.locator('[data-board="main"] [data-el="choices"] button')
    put = choices.filter(has_text="Put Leyline of the Void onto the battlefield")
    expect(put.first).to_be_visible()
    before = put.count()
    put.first.click()
    expect(app.page.locator('[data-testid="hand-1"] .card-badge', has_text="to the battlefield")).to_have_count(1)
    expect(put).to_have_count(before - 1)  # the chosen one is no longer offered
    choices.filter(has_text="Done with opening-hand actions").click()
    # Seat 2 (the computer) chose too; now every chosen card is on the battlefield together.
    log = app.page.get_by_test_id("log")
    expect(log).to_contain_text("Every player reveals their choices")
    expect(app.prompt).to_contain_text("order their timestamps")
    while app.prompt.inner_text().startswith("These cards"):
        expect(choices.first).to_contain_text("Leyline of the Void (Seat")
        choices.first.click()
    expect(app.prompt).to_contain_text("The game begins")
    expect(log).to_contain_text("Seat 1 orders their timestamps")
    assert "2008 101.Ruling.1" in app.log_rules()


def test_the_rules_menus_show_each_editions_years(app: AppPage) -> None:
    app.open()
    for menu in ("Rules", "Compare with"):
        names = app.page.get_by_label(menu).locator("option").all_inner_texts()
        editions = [n for n in names if not n.startswith(("House rule", "No comparison"))]
        assert editions and all(re.search(r"\b(1994|2001|2008|2015|2018|2019|2024|2025|2026)\b", n) for n in editions)
        assert "London mulligan — current rules (2025–)" in names
        assert "London mulligan — earlier numbering (2019–2023)" in names


def test_compare_sets_the_2025_text_beside_the_text_before_it(app: AppPage) -> None:
    """The same game, new numbers: the same hands on both boards, the mulligan cited 103.5 on
    one and 2019–23 103.4 on the other."""
    app.open()
    app.page.get_by_label("Rules").select_option("london")
    app.page.get_by_label("Compare with").select_option("london-2019")
    app.deal(seed=42)
    for board in ("main", "compare"):
        if board_button(app, board, "Play first").is_visible():
            board_button(app, board, "Play first").click()
        board_button(app, board, "Mulligan").click()
    compare = in_board(app, "compare")
    expect(compare.get_by_test_id("prompt")).to_contain_text(
        "Put 1 card on the bottom as part of the mulligan (2019–23 103.4)"
    )
    expect(in_board(app, "main").get_by_test_id("prompt")).to_contain_text("as part of the mulligan (103.5)")
    assert board_hand(app, "main") == board_hand(app, "compare")
    expect(compare.get_by_test_id("compare-log").locator('[data-rule="2019–23 103.4"]').first).to_be_visible()
    assert "103.5" in app.log_rules() and not [r for r in app.log_rules() if r.startswith("2019")]


def test_arena_best_of_one_deals_smoothed_sevens_logs_the_candidates_and_says_it_is_a_model(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("arena-bo1")
    expect(app.page.locator("#rules-description")).to_contain_text("public model of Arena's behaviour")
    expect(app.page.locator("#rules-description")).to_contain_text("not Wizards' code")
    app.deal(seed=12)
    app.choose_to_play_if_asked()
    model = app.page.get_by_test_id("log").locator('[data-rule="Arena model: Tim Lewis, Dec 2024 (17lands data)"]')
    expect(model.first).to_contain_text("come from 3 shuffles")
    app.button("Mulligan").click()
    expect(app.prompt).to_contain_text("Keep 6 cards (then put 1 on the bottom)")  # bottom on keep, as on Arena
    app.expect_hand_size(7)
    expect(model).to_have_count(3)  # both opening sevens and the mulligan's
