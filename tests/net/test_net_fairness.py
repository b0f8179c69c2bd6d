"""Commit-reveal public randomness: nobody, the host included, chooses the seed; anyone can check it."""

from __future__ import annotations

import dataclasses
import json

from parlour.engine import MatchRecord, Ply
from parlour.net import SeedLog, commitment, derive_seed, verify_match, verify_seed
from parlour.net.fairness import SALT_ID
from toygame import GAME

from .kit import messages, play_to_end, seated_table


def sample_log() -> tuple[SeedLog, str]:
    reveals = {"h": "1" * 64, "p1": "2" * 64, "p2": "3" * 64}
    log = SeedLog(
        ["h", "p1", "p2"],
        {pid: commitment(v, pid) for pid, v in reveals.items()},
        reveals,
        commitment("salt!", SALT_ID),
        "salt!",
    )
    return log, derive_seed(reveals, "salt!")


def test_a_commitment_binds_the_value_and_the_peer():
    assert commitment("a" * 64, "p1") != commitment("a" * 64, "p2")
    assert commitment("a" * 64, "p1") != commitment("b" * 64, "p1")
    assert commitment("a" * 64, "p1") == commitment("a" * 64, "p1")


def test_every_participant_changes_the_seed_and_order_does_not_matter():
    log, seed = sample_log()
    assert derive_seed(dict(reversed(list(log.reveals.items()))), "salt!") == seed
    for pid in log.reveals:
        assert derive_seed({**log.reveals, pid: "f" * 64}, "salt!") != seed
    assert derive_seed(log.reveals, "other salt") != seed


def test_verify_seed_accepts_an_honest_log_and_names_each_kind_of_cheat():
    log, seed = sample_log()
    assert verify_seed(log, seed) == []
    swapped = dataclasses.replace(log, reveals={**log.reveals, "p1": "9" * 64})
    assert [p.code for p in verify_seed(swapped, derive_seed(swapped.reveals, "salt!"))] == [
        "net.verify.commit"
    ]
    assert [p.code for p in verify_seed(dataclasses.replace(log, salt="other"), seed)] == ["net.verify.salt"]
    assert [p.code for p in verify_seed(log, "chosen-by-host")] == ["net.verify.seed"]
    missing = dataclasses.replace(log, reveals={k: v for k, v in log.reveals.items() if k != "p2"})
    assert "net.verify.missing" in [p.code for p in verify_seed(missing, seed)]


def test_in_a_session_the_host_commits_before_any_guest_reveals():
    table = seated_table(start=False)
    table.net.host_out(table.host.start(table.net.now))
    table.net.run()
    received = [m["t"] for m in messages(table, table.anna)]
    assert received.index("seed") < received.index("commits") < received.index("start")
    commits = next(m for m in messages(table, table.anna) if m["t"] == "commits")
    assert set(commits["c"]) == {"h", table.anna.pid, table.boris.pid}
    # The host's value, revealed at the start, is the one it committed to before.
    start = next(m for m in messages(table, table.anna) if m["t"] == "start")
    assert commitment(start["reveals"]["h"], "h") == commits["c"]["h"]
    # The seed depends on every guest's value: the host alone could not have picked it.
    host = table.host
    assert host.match is not None
    salt = host._secret("salt")
    assert host.match.record.seed == derive_seed(host.seedlog.reveals, salt)
    tampered = {**host.seedlog.reveals, table.anna.pid: "0" * 64}
    assert derive_seed(tampered, salt) != host.match.record.seed


def test_a_host_that_swaps_the_seed_or_a_move_is_caught_by_every_guest():
    table = seated_table()
    play_to_end(table)
    anna = table.anna
    assert anna.record is not None and anna.final is not None
    honest = anna.record
    other_seed = dataclasses.replace(honest, seed="another seed")
    codes = {p.code for p in verify_match(GAME, other_seed, anna.final, anna.seen, anna.seat)}
    assert "net.verify.seed" in codes
    # A record whose first move differs from what was played: the views Anna saw no longer match.
    first = honest.plies[0]
    changed = "take2" if first.move != "take2" else "take1"
    forged = dataclasses.replace(honest, plies=(Ply(first.player, changed), *honest.plies[1:]))
    codes = {p.code for p in verify_match(GAME, forged, anna.final, anna.seen, anna.seat)}
    assert codes & {"net.verify.view", "net.verify.replay"}
    assert verify_match(GAME, honest, anna.final, anna.seen, anna.seat) == []


def test_a_guest_notices_when_the_host_alters_its_commitment():
    table = seated_table(start=False)
    anna_conn = table.conn_of(table.anna)
    table.net.host_out(table.host.start(table.net.now))
    # Deliver until the host's "commits" message to Anna is in flight, then tamper with it.
    for _ in range(200):
        pending = [m for m in table.net.queue if m[1] == anna_conn and '"t":"commits"' in m[2]]
        if pending:
            break
        frm, to, text = table.net.queue.popleft()
        if to == "host":
            table.net.host_out(table.net.host.receive(frm, text, table.net.now))
        else:
            table.net.guest_out(table.net.guests[to], table.net.guests[to].receive(text, table.net.now))
    frm, to, text = pending[0]
    data = json.loads(text)
    data["c"][table.anna.pid] = "0" * 64
    table.net.queue.remove(pending[0])
    table.anna.receive(json.dumps(data), table.net.now)
    assert [p.code for p in table.anna.problems] == ["net.verify.commit"]


def test_the_end_record_replays_to_the_final_state():
    table = seated_table()
    play_to_end(table)
    record = MatchRecord.from_json(next(m for m in messages(table, table.wanda) if m["t"] == "end")["record"])
    assert record == table.host.match.record
