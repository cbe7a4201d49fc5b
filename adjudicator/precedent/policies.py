"""Policies' effect: when an announced policy (or a later status) releases a precedent.

"If a mistake was made and the policy needs to change, the Storyteller should state that
openly before it comes up." (rulebook). Test 2 of `conflicts`: standing. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.ledger.rulings import Status
from adjudicator.precedent.cases import PolicyNote, Precedent, Question


def announced_before(policy: PolicyNote, question: Question) -> bool:
    """A policy precedes the question when its record is earlier (live: the question is
    now), else when its session is earlier ("A policy announced in an earlier session than
    the proposal supersedes the rulings it names")."""
    if question.record is None and policy.record is not None:
        return True
    if question.record is not None and policy.record is not None:
        return policy.record < question.record
    return (
        policy.session is not None
        and question.session is not None
        and policy.session < question.session
    )


def recorded_before(precedent: Precedent, policy: PolicyNote) -> bool:
    """A ruling precedes a policy by record, else by session (a policy refers to the
    rulings of its own session and earlier)."""
    if precedent.record is not None and policy.record is not None:
        return precedent.record < policy.record
    if precedent.canon:
        return True
    return (
        precedent.session is not None
        and policy.session is not None
        and precedent.session <= policy.session
    )


def release(precedent: Precedent, question: Question, policies: Sequence[PolicyNote]) -> str | None:
    """Why `precedent` does not bind `question`, or None when it does."""
    for policy in policies:
        if not announced_before(policy, question):
            continue
        if precedent.id in policy.supersedes:
            return f"superseded by policy {policy.id}"
        named = {w.text for w in (*question.words, *question.needs)}
        if policy.concept and policy.concept in named and recorded_before(precedent, policy):
            return f"policy {policy.id} about [{policy.concept}] came after it"
    if precedent.status is Status.OVERRULED:
        return f"overruled by {precedent.status_by}"
    if precedent.status is Status.SUPERSEDED and not precedent.status_by_policy:
        return f"corrected by {precedent.status_by}"  # a policy's own record is checked above
    return None
