"""Network play in real Chromium over real WebRTC data channels, with manual signalling: the host's
invite link → the guest's answer code → the host pastes it. Each browser context is one person's
browser. These tests need ICE candidates, so they run inside a private network namespace
(``python build.py test`` makes one); elsewhere they are skipped."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import build
import pytest

from browser.conftest import BOOT_TIMEOUT_MS, forget, leave, open_app, watch
from browser.test_match_screen import VIEWPORTS, audit, inside
from parlour.engine import Match, MatchRecord
from parlour.games.boop import GAME

pytestmark = pytest.mark.webrtc

DECISION = "#main .legal .open, #no-ghost, [data-action=graduate]"
NET_TIMEOUT_MS = 60_000
GATHER_JS = """async () => {
  const pc = new RTCPeerConnection({iceServers: []});
  pc.createDataChannel("probe");
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((done) => {
    if (pc.iceGatheringState === "complete") done();
    pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && done();
    setTimeout(done, 4000);
  });
  const n = (pc.localDescription.sdp.match(/a=candidate/g) || []).length;
  pc.close();
  return n;
}"""


@pytest.fixture(scope="session")
def rtc_ready(browser: Any) -> None:
    """Skip unless Chromium gathers at least one ICE candidate here (it needs a non-loopback
    interface and a default route: see NETNS_SETUP in build.py)."""
    context = browser.new_context()
    try:
        count = context.new_page().evaluate(GATHER_JS)
    finally:
        context.close()
    if not count:
        pytest.skip(
            "no ICE candidate can be gathered here: run inside a network namespace (python build.py test)"
        )


class People:
    """People's browsers (one context per person) whose pages are watched; all checked clean at the
    end. ``context()`` lends a kept browser (conftest's ``kept_browsers``: cold the first time in a
    run, warm after); a test may make and add its own to ``contexts`` (closed at the end)."""

    def __init__(self, browser: Any, url: str, kept: dict[bool, list[Any]]) -> None:
        self.browser, self.url, self.kept = browser, url, kept
        self.lent: list[Any] = []
        self.contexts: list[Any] = []
        self.watches: list[Any] = []
        self.setup: dict[Any, tuple[tuple[int, int] | None, str | None]] = {}

    def context(self, touch: bool = False, size: tuple[int, int] | None = None, init: str = "") -> Any:
        """A kept browser not yet lent in this test (a touch screen's if ``touch``). Its pages in this
        test get the window ``size`` and the ``init`` script (a page's, not the browser's: the browser
        goes on to other tests)."""
        free = [c for c in self.kept[touch] if c not in self.lent]
        if not free:
            free = [self.browser.new_context(has_touch=touch)]
            self.kept[touch].append(free[0])
        self.lent.append(free[0])
        self.setup[free[0]] = (size, init or None)
        return free[0]

    def page(self, context: Any, fragment: str) -> Any:
        page = context.new_page()
        size, init = self.setup.get(context, (None, None))
        if size:
            page.set_viewport_size({"width": size[0], "height": size[1]})
        if init:
            page.add_init_script(init)
        self.watches.append(watch(page))
        open_app(page, self.url, fragment)
        return page


@pytest.fixture
def people(
    browser: Any, site_url: str, rtc_ready: None, kept_browsers: dict[bool, list[Any]]
) -> Iterator[People]:
    group = People(browser, site_url, kept_browsers)
    yield group
    try:  # checked before closing: a context closing is a peer leaving, which trystero logs
        for w in group.watches:
            w.assert_clean()
    finally:
        for context in group.contexts:
            context.close()
        for context in group.lent:
            for page in context.pages:
                leave(page)
            forget(context, site_url)


# --- what people do -----------------------------------------------------------------------------
def host_table(people: People) -> Any:
    page = people.page(people.context(), "#/boop/host")
    page.wait_for_selector("[data-screen=net-host]", timeout=BOOT_TIMEOUT_MS)
    return page


def invite(host: Any) -> str:
    """The table's invite link, shown on the host's page (what a person would send)."""
    host.wait_for_selector("#invite-link", timeout=NET_TIMEOUT_MS)
    return str(host.input_value("#invite-link"))


def answer(people: People, context: Any, link: str, name: str, want: str = "play") -> tuple[Any, str]:
    """A guest opens the invite link in its browser and gets its answer code."""
    page = people.page(context, link[len(people.url) :])
    page.wait_for_selector("#net-answer", timeout=BOOT_TIMEOUT_MS)
    page.fill("#net-name", name)
    page.select_option("#net-want", want)
    page.click("#net-answer")
    page.wait_for_selector("#answer-out", timeout=NET_TIMEOUT_MS)
    return page, str(page.input_value("#answer-out"))


def paste(host: Any, code: str) -> None:
    host.fill("#answer-code", code)
    host.click("#net-accept")


SHOWN = """() => ({
  screen: document.querySelector("#main")?.dataset.screen,
  said: [...document.querySelectorAll("#error-banner, #net-why, .notice")].map((e) => e.innerText).join(" | "),
  answer: document.querySelector("#answer-code")?.value.length,
  invite: document.querySelector("#invite-link")?.value.slice(-40),
  rtc: window.parlourRtc?.states(),
  open: window.parlourRtc?.open(),
  got: (window.parlourRtc?.received || []).slice(-3).map((text) => text.slice(0, 50)),
})"""
"""What a network page shows and its connections' states: a handshake that stalls says where."""


def join(people: People, host: Any, name: str, want: str = "play", context: Any = None) -> Any:
    """The whole manual handshake: invite link → answer code → pasted by the host."""
    link = invite(host)
    guest, code = answer(people, context or people.context(), link, name, want)
    paste(host, code)
    try:
        guest.wait_for_selector("[data-screen=net-guest]", timeout=NET_TIMEOUT_MS)
    except Exception as exc:
        raise AssertionError(
            f"{name} not let in; invite ...{link[-40:]}: host {host.evaluate(SHOWN)}; guest {guest.evaluate(SHOWN)}"
        ) from exc
    return guest


def start(host: Any, players: list[Any]) -> None:
    for guest in players:
        guest.click("#net-ready")
    host.wait_for_selector("#net-start:not([disabled])", timeout=NET_TIMEOUT_MS)
    host.click("#net-start")
    for page in [host, *players]:
        page.wait_for_selector("[data-phase=playing] svg.boop-bed", timeout=NET_TIMEOUT_MS)


def phase(page: Any) -> str:
    return str(page.get_attribute("#main", "data-phase") or "")


def decide(page: Any, turn: int) -> bool:
    """Make the next decision on ``page`` if it has one (as the boop. board test does)."""
    try:
        grads = page.locator("[data-action=graduate]")
        if grads.count():
            grads.first.click(timeout=2_000)
        elif page.locator("#no-ghost").count():
            entries = page.locator("g.entry")
            target = entries.nth(turn % entries.count()) if turn % 4 == 0 and entries.count() else None
            (target or page.locator("#no-ghost")).click(timeout=2_000)
        else:
            cells = page.locator("#main .legal .open")
            if not cells.count():
                return False
            cells.nth((turn * 7) % cells.count()).click(timeout=2_000)
    except Exception:  # the board was redrawn under the click (a message arrived): try again
        return False
    return True


def play(players: list[Any], watchers: list[Any], decisions: int = 10_000, hostile: Any = None) -> int:
    """Players take their decisions until the game is over everywhere (or ``decisions`` were made)."""
    made = 0
    for turn in range(4_000):
        if all(phase(p) == "over" for p in players + watchers):
            break
        if made >= decisions:
            return made
        moved = False
        for page in players:
            if page.locator(DECISION).count() and decide(page, turn):
                made, moved = made + 1, True
                break
        if not moved:
            players[0].wait_for_timeout(100)
        if hostile is not None and turn % 15 == 7:
            hostile(made)
    return made


def saved_host(host: Any) -> dict[str, Any]:
    """The host's saved table: one record per table, under its session id (issue #15)."""
    sid = host.get_attribute("#main", "data-sid")
    return json.loads(host.evaluate(f"localStorage.getItem('parlour.net.host.{sid}')"))


def received(page: Any) -> list[dict[str, Any]]:
    return [json.loads(text) for text in page.evaluate("parlourRtc.received")]


def winner_line(page: Any) -> str:
    return str(page.inner_text("#status"))


def assert_finished_alike(host: Any, guests: list[Any]) -> MatchRecord:
    record = MatchRecord.from_json(saved_host(host)["record"])
    match = Match.replay(GAME, record)
    assert match.outcome() is not None, "the host's game is over"
    for page in [host, *guests]:
        page.wait_for_selector("[data-phase=over]", timeout=NET_TIMEOUT_MS)
    assert all("wins" in winner_line(p) for p in [host, *guests])
    return record


COUNT_BOT_ANSWERS = """
window.botAnswers = [];
Object.defineProperty(window, "parlourBots", {
  configurable: true,
  set(bots) { window.realBots = bots; },
  get() {
    return {
      start: () => window.realBots.start(),
      think: (request) => window.realBots.think(request).then((reply) => {
        window.botAnswers.push(JSON.parse(request).kind || "local");
        return reply;
      }),
    };
  },
});
"""
"""Counts the answers the bot worker gives, by kind (``host-bot``: a network host's question)."""


# --- the tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_network_table_is_the_shared_match_screen_at_every_size(people, viewport):
    """Issue #16 at a network table (the host against the computer, no guest needed): the status
    names the decision, its buttons and the bed are on screen with no scrolling, and a refused tap
    shows its reason beside the board with the rule's link, the cell marked and focused. The
    computer's move is thought out in the bot worker."""
    context = people.context(viewport != "desktop", VIEWPORTS[viewport], COUNT_BOT_ANSWERS)
    host = people.page(context, "#/boop/host")
    host.wait_for_selector("#net-host-name", timeout=BOOT_TIMEOUT_MS)
    host.fill("#net-host-name", "Hanna")
    host.dispatch_event("#net-host-name", "change")
    host.select_option("#net-seat-1", "ai:easy")
    host.wait_for_selector("#net-start:not([disabled])", timeout=NET_TIMEOUT_MS)
    host.click("#net-start")
    host.wait_for_selector("[data-phase=playing] svg.boop-bed", timeout=NET_TIMEOUT_MS)
    assert host.locator("#status").inner_text().startswith("Hanna: Place a kitten or a cat")
    inside(host, "#status, #choices button, svg.boop-bed")
    host.click("#cell-c3")
    host.wait_for_selector("#no-ghost")
    assert host.locator("#status").inner_text().startswith("Hanna: Bring your ghost cat in")
    inside(host, "#status, #choices button, svg.boop-bed, g.entry")
    host.click("#no-ghost")
    host.wait_for_selector("#kind-kitten", timeout=NET_TIMEOUT_MS)  # the computer has moved
    # ... having thought in the bot worker, not on the host's page (decision 0028)
    assert "host-bot" in host.evaluate("window.botAnswers")
    inside(host, "#status, #choices button, svg.boop-bed")
    taken = host.locator("g.cell:not(.open)").first.get_attribute("id")
    host.locator(f"#{taken}").dispatch_event("click")
    host.wait_for_selector("#refusal")
    inside(host, f"#refusal, #feedback .rule-link, #{taken}")
    assert "refused" in (host.locator(f"#{taken}").get_attribute("class") or "")
    assert host.locator("#feedback .rule-link").get_attribute("href") == "#/boop/rules?rule=BP-2"
    assert host.evaluate("document.activeElement.id") == taken
    assert host.locator("#error-banner").count() == 0, "no banner at the top"
    # The side panels: beside the board on a desktop, folded away below it when narrower.
    folded = host.locator("#fold-log").get_attribute("aria-expanded") == "false"
    assert folded == (viewport != "desktop")
    if viewport == "desktop":  # the network table passes the accessibility audit the local screen does
        assert audit(host, build.axe_script().read_text(encoding="utf-8")) == []
        # "Embed this moment" (decision 0077): one position as the table saw it, never the record.
        host.click("#embed")
        snippet = host.locator("#embed-snippet").input_value()
        assert "pos=" in snippet and "&amp;m=" not in snippet and "seat=" not in snippet
        preview = host.frame_locator("#embed-preview")
        caption = preview.locator("#author-caption")
        caption.wait_for(timeout=BOOT_TIMEOUT_MS)
        plies = host.locator("#move-log > li").count()
        assert caption.inner_text() == f"The position after move {plies}."
        on_bed = "svg.boop-bed .piece:not(.leaving)"
        assert preview.locator(on_bed).count() == host.locator(on_bed).count() > 0
        host.keyboard.press("Escape")
        host.wait_for_selector("#embed-dialog", state="detached")
        assert host.evaluate("document.activeElement.id") == "embed"


def test_two_browsers_play_a_whole_game_over_manual_signalling(people):
    host = host_table(people)
    link = invite(host)
    assert "#/join?o=o." in link and len(link) - len(people.url) < 200
    assert host.locator("#net-invite-panel figure.qr svg").count() == 1, "the invite has a QR code"
    guest, code = answer(people, people.context(), link, "Anna")
    assert code.startswith("a.") and len(code) < 160
    assert guest.locator("#net-answer-panel figure.qr svg").count() == 1
    paste(host, code)
    guest.wait_for_selector("[data-screen=net-guest]", timeout=NET_TIMEOUT_MS)
    host.wait_for_selector("#net-peers li[data-pid=p1][data-state=connected]", timeout=NET_TIMEOUT_MS)
    assert "Anna" in host.inner_text("#net-peers")
    start(host, [guest])
    assert play([host, guest], [], decisions=6) == 6
    # Issue #16: the guest's log says the host's move in words (decision 0074), and an entry shows
    # that moment read-only from the view the guest kept, with a way back (decision 0075).
    first = guest.inner_text("#replay-1")
    assert first.startswith("1. Host: Orange places a kitten on "), first
    live = guest.locator("#board g.piece").count()
    guest.click("#replay-1")
    guest.wait_for_selector("#back-to-game")
    assert guest.inner_text("#status").startswith("Showing the position after move 1.")
    assert guest.locator("#board g.piece").count() == 1 < live, "one kitten on the bed after move 1"
    assert guest.locator(DECISION).count() == 0, "a moment of the log takes no move"
    guest.click("#back-to-game")
    guest.wait_for_selector("#back-to-game", state="detached")
    assert guest.locator("#board g.piece").count() == live
    assert not guest.inner_text("#status").startswith("Showing")
    play([host, guest], [])
    record = assert_finished_alike(host, [guest])
    assert len(record.plies) >= 8
    assert winner_line(host) == winner_line(guest)
    guest.wait_for_selector("#net-verify[data-ok]", timeout=NET_TIMEOUT_MS)
    assert "Checked" in guest.inner_text("#net-verify")
    # Nothing the guest received carries the host's secrets or the whole saved state.
    saved = saved_host(host)
    texts = " ".join(guest.evaluate("parlourRtc.received"))
    assert saved["entropy"] not in texts
    for message in received(guest):
        assert not {"entropy", "members", "seedlog"} & set(message), message["t"]
    assert host.locator("#undo").count() == 0 and guest.locator("#undo").count() == 0, (
        "no undo in network games"
    )


def test_a_spectator_sees_the_public_view_and_a_hostile_one_changes_nothing(people):
    host = host_table(people)
    player = join(people, host, "Anna")
    spectator = join(people, host, "Seth", want="watch")
    assert spectator.get_attribute("#main", "data-seat") == ""
    start(host, [player])
    spectator.wait_for_selector("[data-phase=playing] svg.boop-bed", timeout=NET_TIMEOUT_MS)
    assert spectator.locator(DECISION).count() == 0, "a spectator cannot act"
    attacks: list[int] = []

    def attack(made: int) -> None:
        """The spectator's page sends garbage, forged and illegal moves on its own data channel."""
        before = saved_host(host)["record"]["moves"]
        ply = len(before)
        junk = [
            "not json {",
            "x" * 20_000,
            "[" * 4_000 + "]" * 4_000,
            json.dumps({"v": 2, "t": "move", "s": 10**6 + made, "ply": ply, "seat": 0, "m": "k@a1"}),
            json.dumps({"v": 1, "t": "move", "s": 10**6 + made + 1, "ply": ply, "seat": 0, "m": "k@a1"}),
            json.dumps({"v": 1, "t": "move", "s": 10**6 + made + 2, "ply": ply, "seat": 1, "m": "k@z9"}),
            json.dumps({"v": 1, "t": "hello", "s": 1, "name": "again", "want": "play"}),
            json.dumps({"v": 1, "t": "seat", "s": 10**6 + made + 3, "seat": 1}),
            json.dumps({"v": 1, "t": "ready", "s": 10**6 + made + 4, "ready": True}),
        ]
        spectator.evaluate("(junk) => junk.forEach((t) => parlourRtc.send(parlourRtc.open()[0], t))", junk)
        spectator.wait_for_timeout(300)
        after = saved_host(host)["record"]["moves"]
        assert after[: len(before)] == before
        attacks.append(ply)

    play([host, player], [spectator], hostile=attack)
    assert attacks, "the hostile spectator attacked during the game"
    record = assert_finished_alike(host, [player, spectator])
    assert all(p[0] in (0, 1) for p in record.to_json()["moves"])
    # The spectator's last view is exactly the public view of the final state.
    views = [m["view"] for m in received(spectator) if m["t"] in ("view", "update")]
    final = Match.replay(GAME, record).state
    assert views[-1] == json.loads(json.dumps(GAME.view(final, None)))
    # No guest ever received another guest's seat token.
    tokens = {m["pid"]: m["token"] for m in saved_host(host)["members"] if m["token"]}
    for page, pid in ((player, "p1"), (spectator, "p2")):
        texts = " ".join(page.evaluate("parlourRtc.received"))
        assert tokens[pid] in texts
        assert all(token not in texts for other, token in tokens.items() if other != pid)


def test_a_guest_who_closes_the_tab_comes_back_to_its_seat_and_the_game_finishes(people):
    host = host_table(people)
    context = people.context()
    guest = join(people, host, "Anna", context=context)
    start(host, [guest])
    assert play([host, guest], [], decisions=6) == 6
    link = guest.url
    guest.close()
    host.wait_for_selector("#net-peers li[data-pid=p1][data-state=reconnecting]", timeout=NET_TIMEOUT_MS)
    plies = len(saved_host(host)["record"]["moves"])
    # The same browser opens the same invite link: its seat token, kept in its storage, gets the seat back.
    assert invite(host) == link
    back = join(people, host, "Anna", context=context)
    back.wait_for_selector("[data-phase=playing] svg.boop-bed", timeout=NET_TIMEOUT_MS)
    assert back.get_attribute("#main", "data-seat") == "1"
    host.wait_for_selector("#net-peers li[data-pid=p1][data-state=connected]", timeout=NET_TIMEOUT_MS)
    assert host.locator("#net-peers li").count() == 2, "no new peer: the same one came back"
    assert len(saved_host(host)["record"]["moves"]) == plies
    play([host, back], [])
    assert_finished_alike(host, [back])


def test_a_host_reload_resumes_the_table_and_the_guest_reconnects(people):
    host = host_table(people)
    guest = join(people, host, "Anna")
    start(host, [guest])
    play([host, guest], [], decisions=4)
    plies = len(saved_host(host)["record"]["moves"])
    link = invite(host)
    host.reload()
    host.wait_for_selector("[data-screen=net-host][data-phase=playing]", timeout=BOOT_TIMEOUT_MS)
    host.wait_for_selector("#net-peers li[data-pid=p1][data-state=reconnecting]", timeout=NET_TIMEOUT_MS)
    assert invite(host) == link, "the invite link still works after the host's reload"
    # The guest's page saw the connection go and answers the same invite again.
    guest.wait_for_selector("#net-lost #net-reconnect", timeout=NET_TIMEOUT_MS)
    guest.click("#net-reconnect")
    guest.wait_for_selector("#answer-out", timeout=NET_TIMEOUT_MS)
    paste(host, guest.input_value("#answer-out"))
    guest.wait_for_selector("[data-phase=playing] svg.boop-bed", timeout=NET_TIMEOUT_MS)
    assert guest.get_attribute("#main", "data-seat") == "1"
    host.wait_for_selector("#net-peers li[data-pid=p1][data-state=connected]", timeout=NET_TIMEOUT_MS)
    assert len(saved_host(host)["record"]["moves"]) == plies
    play([host, guest], [])
    assert_finished_alike(host, [guest])


def test_a_guest_whose_token_was_dropped_joins_afresh_and_plays(people):
    """Issue #15: a guest the host no longer knows (away too long, a new table) is not denied for ever:
    its page drops the dead token and joins as a new player; the host opens the old seat for it."""
    host = host_table(people)
    context = people.context()
    guest = join(people, host, "Anna", context=context)
    link = guest.url
    sid = host.get_attribute("#main", "data-sid")
    guest.close()
    host.wait_for_selector("#net-peers li[data-pid=p1][data-state=reconnecting]", timeout=NET_TIMEOUT_MS)
    # The same browser comes back holding a token this table does not know (as after 60 s away).
    back = people.page(context, link[len(people.url) :])
    back.wait_for_selector("#net-answer", timeout=BOOT_TIMEOUT_MS)
    key = f"parlour.net.guest.{sid}"
    back.evaluate(
        """(key) => { const s = JSON.parse(localStorage.getItem(key));
                      s.token = "f".repeat(32); localStorage.setItem(key, JSON.stringify(s)); }""",
        key,
    )
    back.fill("#net-name", "Anna")
    back.click("#net-answer")
    back.wait_for_selector("#answer-out", timeout=NET_TIMEOUT_MS)
    paste(host, back.input_value("#answer-out"))
    back.wait_for_selector("[data-screen=net-guest] #net-rejoined", timeout=NET_TIMEOUT_MS)
    assert back.locator("#net-denied").count() == 0
    host.wait_for_selector("#net-peers li[data-pid=p2][data-state=connected]", timeout=NET_TIMEOUT_MS)
    kept = json.loads(back.evaluate("(key) => localStorage.getItem(key)", key))
    assert kept["pid"] == "p2" and kept["token"] != "f" * 32
    # The old seat is still held for p1: the host opens it, and the new Anna sits and plays.
    host.select_option("#net-seat-1", "open")
    back.wait_for_selector("#net-sit-1", timeout=NET_TIMEOUT_MS)
    back.click("#net-sit-1")
    back.wait_for_selector("#net-ready", timeout=NET_TIMEOUT_MS)
    start(host, [back])
    assert back.get_attribute("#main", "data-seat") == "1"
    play([host, back], [])
    assert_finished_alike(host, [back])
