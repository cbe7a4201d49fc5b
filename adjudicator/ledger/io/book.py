"""The ruling log as a readable book: Markdown (an Obsidian note) and one self-contained HTML file.

Both show the same thing: a table of contents, then each session in order, with its rulings
(Words, intent, verdict, implementation, reason, status) and its policy announcements where
they were made, linked both ways to what they superseded, and last the canon (the rulebook's
own rulings) as an appendix: the table reads its own campaign first. Times are shown in the
reader's local time with the zone ("2025-03-01 20:00:01 CET"); the ledger keeps UTC. Anchors are
stable: a ruling's is its id in lower case (`#r12`, `#c3`), a policy's likewise (`#p2`), a
session's `#session-3`; headings hold only those names, so Markdown renderers (GitHub,
Obsidian) derive the same anchors. Every piece of user text is escaped: intents are typed at
the table, and a ledger's content must never become markup or script.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from adjudicator.ledger.fields import visible
from adjudicator.ledger.io.log import RulingLog
from adjudicator.ledger.policies import Policy
from adjudicator.ledger.rulings import Ruling, StatusRecord
from adjudicator.rules.wording import plural
from adjudicator.rules.words import format_words

#: A piece of a value: its text and, when it links to another entry, that entry's anchor.
Segment = tuple[str, str | None]


@dataclass(frozen=True)
class Section:
    """A part of the book: the canon, the time before the first session, or one session."""

    anchor: str
    title: str
    subtitle: str | None
    items: tuple[Ruling | Policy, ...]


def local_time(stamp: str, zone: tzinfo | None = None) -> str:
    """A ledger time (ISO 8601, UTC) in `zone`, by default this machine's local zone, with the
    zone named: "2025-03-01 20:00:01 CET" ("UTC+05:30" where the zone has no name)."""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(zone)
    except ValueError:
        return stamp
    name = moment.strftime("%Z")
    if not name or name[0] in "+-" or name[0].isdigit():
        offset = moment.strftime("%z")
        name = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    return moment.strftime("%Y-%m-%d %H:%M:%S ") + name


def sections(log: RulingLog, zone: tzinfo | None = None) -> tuple[Section, ...]:
    """The book's parts in order, each with its rulings and policies in the order recorded:
    the campaign's sessions first, the canon last as an appendix."""
    by_session: dict[int | None, list[Ruling | Policy]] = {}
    canon: list[Ruling | Policy] = []
    for ruling in log.rulings:
        if ruling.canon:
            canon.append(ruling)
        else:
            by_session.setdefault(ruling.session, []).append(ruling)
    for policy in log.policies:
        by_session.setdefault(policy.session, []).append(policy)
    parts = []
    if by_session.get(None):
        items = tuple(sorted(by_session[None], key=lambda item: item.record))
        parts.append(Section("before-the-first-session", "Before the first session", None, items))
    whole = log.filter.session is None and log.filter.character is None and log.filter.word is None
    for session in log.sessions:
        items = tuple(sorted(by_session.get(session.number, []), key=lambda item: item.record))
        if not items and not whole:
            continue
        when = f"started {local_time(session.started_at, zone)}" + (
            f", ended {local_time(session.ended_at, zone)}" if session.ended_at else ", in progress"
        )
        subtitle = f"{session.title} · {when}" if session.title else "S" + when[1:]
        parts.append(
            Section(f"session-{session.number}", f"Session {session.number}", subtitle, items)
        )
    if canon:
        subtitle = "The rulebook's own worked examples: precedent in every campaign."
        parts.append(Section("appendix-canon", "Appendix: Canon", subtitle, tuple(canon)))
    return tuple(parts)


class _Context:
    """What rendering one entry needs to know about the rest of the log."""

    def __init__(self, log: RulingLog, zone: tzinfo | None = None) -> None:
        self.zone = zone
        self.current = log.current()
        self.changed_by = log.changed_by()
        self.shown = {r.id for r in log.rulings} | {p.id for p in log.policies}

    def link(self, entry_id: str) -> Segment:
        return (entry_id, entry_id.lower() if entry_id in self.shown else None)


def _ruling_rows(ruling: Ruling, context: _Context) -> list[tuple[str, list[Segment]]]:
    rows: list[tuple[str, list[Segment]]] = [("Words", [(_words(ruling), None)])]
    if ruling.caster:
        rows.append(("Caster", [(ruling.caster, None)]))
    rows.append(("Intent", [(ruling.intent, None)]))
    rows.append(("Verdict", [(ruling.verdict.value, None)]))
    if ruling.needs:
        rows.append(("Missing Words", [(format_words(ruling.needs), None)]))
    for label, text in ruling.implementation.items():
        rows.append((label.capitalize(), [(text, None)]))
    if ruling.mapping:
        mapped = "; ".join(f"{c} → {format_words_text(w)}" for c, w in ruling.mapping.items())
        rows.append(("Concepts", [(mapped, None)]))
    if ruling.reason:
        rows.append(("Reason", [(ruling.reason, None)]))
    rows.append(("Status", _status(context.current.get(ruling.id), context)))
    changes = context.changed_by.get(ruling.id, [])
    if changes:
        rows.append(("Changed", _changes(changes, context)))
    if ruling.citation:
        rows.append(("Source", [(f'rulebook, "{ruling.citation}"', None)]))
    rows.append(("Recorded", [(local_time(ruling.recorded_at, context.zone), None)]))
    return rows


def _policy_rows(policy: Policy, context: _Context) -> list[tuple[str, list[Segment]]]:
    rows: list[tuple[str, list[Segment]]] = [("Policy", [(policy.text, None)])]
    if policy.supersedes:
        links: list[Segment] = []
        for index, ruling_id in enumerate(policy.supersedes):
            if index:
                links.append((", ", None))
            links.append(context.link(ruling_id))
        rows.append(("Supersedes", links))
    if policy.concept:
        rows.append(("Concept", [(f"[{policy.concept}]", None)]))
        releases = f"every earlier ruling, for a spell that uses [{policy.concept}] or needs it"
        rows.append(("Releases", [(releases, None)]))
    rows.append(("Announced", [(local_time(policy.recorded_at, context.zone), None)]))
    return rows


def format_words_text(texts: Sequence[str]) -> str:
    return " ".join(f"[{text}]" for text in texts)


def _words(ruling: Ruling) -> str:
    return " ".join(
        f"[{used.word.text}] ({used.word.sense})" if used.word.sense else f"[{used.word.text}]"
        for used in ruling.words
    )


def _status(status: StatusRecord | None, context: _Context) -> list[Segment]:
    if status is None:
        return [("standing", None)]
    segments: list[Segment] = [(status.status.value, None)]
    if status.by:
        segments += [(" by ", None), context.link(status.by)]
    if status.reason:
        segments.append((f": {status.reason}", None))
    return segments


def _changes(changes: list[StatusRecord], context: _Context) -> list[Segment]:
    segments: list[Segment] = []
    for index, change in enumerate(changes):
        if index:
            segments.append(("; ", None))
        segments += [(f"{change.status.value} ", None), context.link(change.ruling)]
    return segments


def _title(log: RulingLog) -> str:
    return f"Ruling log: {log.campaign}" if log.campaign else "Ruling log"


def _counts(section: Section) -> str:
    rulings = sum(1 for item in section.items if isinstance(item, Ruling))
    policies = len(section.items) - rulings
    text = plural(rulings, "ruling")
    return text + (f", {plural(policies, 'policy', 'policies')}" if policies else "")


# -- Markdown ------------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_|<>#~$])")
# Sequences that would start a link, an Obsidian wikilink, comment or highlight.
_MD_ANY = re.compile(r"[\\`*_|<>#~$\r\n]|\[\[|\]\]|\](?=[(\[:])|%%|==")
_MD_SEQUENCES = re.compile(r"\[\[|\]\]|\](?=[(\[:])|%%|==")


def md_escape(text: str) -> str:
    """User text made inert in Markdown and Obsidian (no links, tags, markup or HTML), and fit
    for a table cell (line breaks become <br>). Brackets alone stay as they are: "[Fire]"."""
    text = visible(text)
    if not _MD_ANY.search(text):
        return text
    escaped = _MD_SPECIAL.sub(r"\\\1", text)
    escaped = _MD_SEQUENCES.sub(lambda m: "".join("\\" + char for char in m.group()), escaped)
    return escaped.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "<br>")


def _md_value(segments: list[Segment]) -> str:
    if len(segments) == 1 and segments[0][1] is None:
        return md_escape(segments[0][0])
    return "".join(
        f"[{md_escape(text)}](#{anchor})" if anchor else md_escape(text)
        for text, anchor in segments
    )


def to_markdown(log: RulingLog, zone: tzinfo | None = None) -> str:
    """The log as Markdown: YAML front matter, a contents list, then one table per entry."""
    context = _Context(log, zone)
    parts = sections(log, zone)
    title = _title(log)
    out = [
        "---",
        f"title: {json.dumps(title, ensure_ascii=False)}",
        f"campaign: {json.dumps(log.campaign, ensure_ascii=False)}",
        f"rulings: {len(log.rulings)}",
        f"policies: {len(log.policies)}",
        "---",
        "",
        f"# {md_escape(title)}",
        "",
        "## Contents",
        "",
    ]
    out += [f"- [{s.title}](#{s.anchor}): {_counts(s)}" for s in parts] or ["Nothing recorded yet."]
    for section in parts:
        out += ["", f"## {section.title}", ""]
        if section.subtitle:
            out += [f"*{md_escape(section.subtitle)}*", ""]
        if not section.items:
            out += ["No rulings.", ""]
        for item in section.items:
            rows = (
                _ruling_rows(item, context)
                if isinstance(item, Ruling)
                else _policy_rows(item, context)
            )
            cells = [
                f"| {label} | **{_md_value(segments)}** |"
                if label == "Verdict"
                else f"| {label} | {_md_value(segments)} |"
                for label, segments in rows
            ]
            out.append(
                "\n".join([f"### {item.id}", "", "| Field | Value |", "|---|---|", *cells, ""])
            )
    out += ["", "---", "", _head_note(log, lambda code: f"`{code}`")]
    return "\n".join(out).rstrip("\n") + "\n"


def _head_note(log: RulingLog, code: Callable[[str], str]) -> str:
    """The closing line of the book: the chain head it was read at, so that a printed or
    shared log is itself an anchor (`ledger verify --head` checks a ledger against it)."""
    return (
        f"Chain head when this log was written: {code(str(log.head))} "
        f"({log.head.count} records). Check a ledger against it with "
        f"{code('adjudicator ledger verify --head COUNT:HASH')}."
    )


# -- HTML ----------------------------------------------------------------------------------------

_CSS = """
body{font-family:Georgia,serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222;
line-height:1.45}h1,h2,h3{font-family:system-ui,sans-serif}h2{border-bottom:2px solid #ccc;
margin-top:2.5rem}h3{margin:1.6rem 0 .4rem}table{border-collapse:collapse;width:100%}
th{text-align:left;width:9rem;vertical-align:top;color:#555;font-weight:600}
td,th{border-bottom:1px solid #eee;padding:.25rem .5rem}td{white-space:pre-wrap}
.approved{color:#1a7f37;font-weight:700}
.vetoed{color:#b3261e;font-weight:700}.subtitle{color:#666;font-style:italic}
nav li{margin:.15rem 0}nav .ids{font-size:.85rem;color:#666}a{color:#0b57d0}
"""


def _escape(text: str) -> str:
    """User text made inert in HTML, its control characters written out."""
    return html.escape(visible(text))


def _html_value(segments: list[Segment]) -> str:
    return "".join(
        f'<a href="#{html.escape(anchor)}">{_escape(text)}</a>' if anchor else _escape(text)
        for text, anchor in segments
    )


def to_html(log: RulingLog, zone: tzinfo | None = None) -> str:
    """The log as one HTML file with inline CSS, no external assets, and a table of contents."""
    context = _Context(log, zone)
    parts = sections(log, zone)
    title = _escape(_title(log))
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title>",
        f"<style>{_CSS.strip()}</style>",
        "</head>",
        "<body>",
        f"<h1>{title}</h1>",
        '<nav id="contents"><h2>Contents</h2><ul>',
    ]
    for section in parts:
        ids = ", ".join(f'<a href="#{item.id.lower()}">{item.id}</a>' for item in section.items)
        out.append(
            f'<li><a href="#{section.anchor}">{html.escape(section.title)}</a>: '
            f"{_counts(section)}" + (f'<div class="ids">{ids}</div>' if ids else "") + "</li>"
        )
    if not parts:
        out.append("<li>Nothing recorded yet.</li>")
    out.append("</ul></nav>")
    for section in parts:
        out.append(f'<section id="{section.anchor}"><h2>{html.escape(section.title)}</h2>')
        if section.subtitle:
            out.append(f'<p class="subtitle">{_escape(section.subtitle)}</p>')
        if not section.items:
            out.append("<p>No rulings.</p>")
        for item in section.items:
            if isinstance(item, Ruling):
                kind, rows = "ruling", _ruling_rows(item, context)
            else:
                kind, rows = "policy", _policy_rows(item, context)
            anchor, name = html.escape(item.id.lower()), html.escape(item.id)
            out.append(f'<article class="{kind}" id="{anchor}"><h3>{name}</h3><table>')
            for label, segments in rows:
                value = _html_value(segments)
                if label == "Verdict":
                    value = f'<span class="{html.escape(segments[0][0])}">{value}</span>'
                out.append(f"<tr><th>{html.escape(label)}</th><td>{value}</td></tr>")
            out.append("</table></article>")
        out.append("</section>")
    head = _head_note(log, lambda code: f"<code>{html.escape(code)}</code>")
    out += [f'<footer id="chain-head"><p>{head}</p></footer>', "</body>", "</html>"]
    return "\n".join(out) + "\n"
