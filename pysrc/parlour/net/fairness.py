"""Fair public randomness by commit and reveal, and the check anyone can run at the end.

Every participant (the host and each seated guest) draws a random value and first sends only
``sha256(value, its peer id)``. Once the host has every commitment it publishes them all, its own
included, and only then does anyone reveal. The match seed is a hash of every revealed value and
of a *salt* the host committed to alongside its value, so:

* no peer, the host included, can choose the seed: each value was fixed before anyone else's
  was known, and one honest value makes the seed unpredictable;
* no guest can compute the seed during the match (the salt stays secret until the end), so the
  host's hidden information (other players' hands, the shuffled deck) cannot be predicted from it;
* at the end the host publishes the salt and the match record, and :func:`verify_match` checks
  every commitment, the seed, the replay and every view a guest was sent.

The peer id inside each commitment stops a peer from copying another's commitment and reveal.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import JSON, Game, Match, MatchRecord, ParlourError, canonical_json
from parlour.net.wire import digest, view_hash

SALT_ID = "salt"
"""The name the host's salt is committed under (never a peer id: peer ids are ``h`` and ``p<n>``)."""


def commitment(value: str, pid: str) -> str:
    """What a peer sends before revealing ``value``."""
    return digest("parlour-commit", pid, value)


def derive_seed(reveals: Mapping[str, str], salt: str) -> str:
    """The match seed from every revealed value and the host's salt (order-free)."""
    return digest("parlour-seed", canonical_json(dict(sorted(reveals.items()))), salt)[:32]


@dataclass
class SeedLog:
    """Everything exchanged while drawing the seed: who took part, the commitments, the reveals,
    the host's salt commitment and, once the match is over, the salt itself."""

    participants: list[str] = field(default_factory=list)
    commits: dict[str, str] = field(default_factory=dict)
    reveals: dict[str, str] = field(default_factory=dict)
    salt_commit: str = ""
    salt: str | None = None

    def all_committed(self) -> bool:
        return bool(self.participants) and set(self.commits) == set(self.participants)

    def all_revealed(self) -> bool:
        return bool(self.participants) and set(self.reveals) == set(self.participants)

    def to_json(self) -> dict[str, JSON]:
        return {
            "participants": list(self.participants),
            "commits": dict(self.commits),
            "reveals": dict(self.reveals),
            "salt_commit": self.salt_commit,
            "salt": self.salt,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeedLog:
        return cls(
            [str(p) for p in data.get("participants", [])],
            {str(k): str(v) for k, v in dict(data.get("commits", {})).items()},
            {str(k): str(v) for k, v in dict(data.get("reveals", {})).items()},
            str(data.get("salt_commit", "")),
            None if data.get("salt") is None else str(data["salt"]),
        )


@dataclass(frozen=True)
class Problem:
    """One thing that did not check out; ``code`` is a message key."""

    code: str
    detail: str = ""


def verify_seed(log: SeedLog, seed: JSON) -> list[Problem]:
    """Check every commitment against its reveal, the salt, and that ``seed`` derives from them."""
    problems: list[Problem] = []
    if not log.participants:
        problems.append(Problem("net.verify.missing", "no participants"))
    for pid in log.participants:
        value, commit = log.reveals.get(pid), log.commits.get(pid)
        if value is None or commit is None:
            problems.append(Problem("net.verify.missing", pid))
        elif commitment(value, pid) != commit:
            problems.append(Problem("net.verify.commit", pid))
    if set(log.reveals) - set(log.participants):
        problems.append(Problem("net.verify.commit", "reveal from a non-participant"))
    if log.salt is None or commitment(log.salt, SALT_ID) != log.salt_commit:
        problems.append(Problem("net.verify.salt"))
    elif seed != derive_seed(log.reveals, log.salt):
        problems.append(Problem("net.verify.seed"))
    return problems


def verify_match(
    game: Game[Any, Any],
    record: MatchRecord,
    log: SeedLog,
    seen: Iterable[tuple[int, str]] = (),
    seat: int | None = None,
) -> list[Problem]:
    """Everything a peer can check once the match is over: the seed was drawn fairly, the record
    replays under the rules, and each view hash it was sent (``seen``: ``(ply, hash)`` pairs) is
    the hash of ``game.view(state before ply, seat)`` in the replay. An empty list means all is well.
    """
    return finish(verify_steps(game, record, log, seen, seat))


Steps = Generator[None, None, list[Problem]]
"""A check in steps: each ``next`` does one ply or one view; its ``StopIteration`` holds the problems."""


def verify_steps(
    game: Game[Any, Any],
    record: MatchRecord,
    log: SeedLog,
    seen: Iterable[tuple[int, str]] = (),
    seat: int | None = None,
) -> Steps:
    """:func:`verify_match` a ply or a view at a time, so that a page can check a long match in
    slices between which the browser stays live (issue #17); run whole it is the same check."""
    problems = verify_seed(log, record.seed)
    steps = Match.replaying(game, record)
    try:
        match = next(steps)
        for _ in steps:  # the same match, a ply further each time
            yield
    except ParlourError as exc:
        return [*problems, Problem("net.verify.replay", str(exc))]
    for ply, sent in seen:
        if not 0 <= ply < len(match.states) or view_hash(game.view(match.state_at(ply), seat)) != sent:
            problems.append(Problem("net.verify.view", f"ply {ply}"))
        yield
    return problems


def finish(steps: Steps) -> list[Problem]:
    """Run a check in steps to its end: its problems."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
