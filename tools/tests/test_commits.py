# SPDX-License-Identifier: Apache-2.0
"""Commit messages since the rule was adopted follow it (tools/commits.py), and the checker
itself tells good messages from bad ones."""
from __future__ import annotations

from tools import commits


def test_history_follows_the_rule() -> None:
    errors, note = commits.check()
    print(note)
    assert not errors, "\n".join(errors)


def test_rule_accepts_a_good_message() -> None:
    good = "coupling: register the dispatcher's answer\n\nWhy, and what it measured.\n"
    assert commits.problems(good) == []


def test_rule_names_each_fault() -> None:
    long = "core: " + "x" * 70 + "\n\nbody\n"
    assert any("characters" in p for p in commits.problems(long))
    assert any("part: what to do" in p for p in commits.problems("Fix things\n\nbody\n"))
    assert any("imperative" in p for p in commits.problems("core: fixed the divider\n\nb\n"))
    assert any("full stop" in p for p in commits.problems("core: fix the divider.\n\nb\n"))
    assert any("no body" in p for p in commits.problems("core: fix the divider\n"))
    assert any("no body" in p for p in commits.problems("core: fix the divider\nbody\n"))
