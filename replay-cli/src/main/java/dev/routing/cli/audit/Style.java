package dev.routing.cli.audit;

/** The report's stylesheet, inline so the page stands alone. */
final class Style {
    private Style() {}

    static final String CSS = """
            :root { --ink:#0f172a; --muted:#64748b; --line:#e2e8f0; --paper:#ffffff; --wash:#f8fafc;
              --violet:#7c3aed; --violet-soft:#ddd6fe; --amber:#d97706; --red:#dc2626; --green:#16a34a; --orange:#ea580c;
              --yellow:#ca8a04; }
            * { box-sizing: border-box; }
            body { margin:0; background:var(--wash); color:var(--ink);
              font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
            main { max-width: 1360px; margin: 0 auto; padding: 28px 20px 60px; }
            header h1 { font-size: 30px; margin: 2px 0 6px; letter-spacing: -0.02em; }
            .eyebrow { text-transform: uppercase; letter-spacing: .12em; font-size: 11px; color: var(--muted); margin: 0; }
            .sub { color: var(--muted); margin: 0 0 22px; }
            code { background:#eef2f7; padding: 1px 5px; border-radius: 4px; font-size: 12px; }
            .cards { display: grid; grid-template-columns: repeat(5, 1fr); gap: 14px; margin-bottom: 22px; }
            .card { background: var(--paper); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px;
              box-shadow: 0 1px 2px rgba(15,23,42,.04); }
            .card-title { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .08em; }
            .card-value { font-size: 30px; font-weight: 700; margin: 2px 0; }
            .card-detail { font-size: 12px; color: var(--muted); }
            .card.alarm { border-color: #fecaca; background: #fef2f2; }
            .card.alarm .card-value { color: var(--red); }
            .card.calm .card-value { color: var(--green); }
            .verdict { background: #fffbeb; border: 1px solid #fde68a; border-radius: 12px; padding: 12px 18px; margin-bottom: 22px; }
            .verdict.good { background: #f0fdf4; border-color: #bbf7d0; }
            .verdict h2 { font-size: 16px; margin: 4px 0; }
            .verdict p { margin: 4px 0 6px; }
            section h2 { font-size: 19px; margin: 26px 0 6px; }
            .explain { color: var(--muted); margin: 0 0 12px; max-width: 980px; }
            .none { color: var(--green); font-weight: 600; }
            table { border-collapse: collapse; width: 100%; background: var(--paper); border: 1px solid var(--line);
              border-radius: 10px; overflow: hidden; }
            th, td { text-align: left; vertical-align: top; padding: 8px 10px; border-bottom: 1px solid var(--line); }
            th { font-size: 12px; color: var(--muted); font-weight: 600; background: #f1f5f9; }
            .nowrap { white-space: nowrap; }
            .words { font-weight: 600; }
            details summary { cursor: pointer; color: var(--muted); font-size: 12px; margin-top: 4px; }
            ol.evidence { margin: 6px 0 2px; padding-left: 20px; font-size: 12px; }
            ol.evidence li { margin: 2px 0; }
            .ev-at { color: var(--muted); font-variant-numeric: tabular-nums; margin-right: 6px; }
            .ev-type { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; background: #eef2f7;
              padding: 0 4px; border-radius: 3px; margin-right: 6px; }
            td.outcome.delivered { color: var(--red); font-weight: 600; }
            td.outcome.unknown { color: var(--yellow); font-weight: 600; }
            td.kept { color: var(--green); font-weight: 600; }
            td.still { color: var(--red); font-weight: 600; }
            .keys { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 8px 18px; margin: 0 0 8px; font-size: 12px; }
            .keys li { display: flex; align-items: center; gap: 6px; color: var(--muted); }
            .agent { background: var(--paper); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px 10px;
              margin: 14px 0; box-shadow: 0 1px 2px rgba(15,23,42,.04); }
            .agent-head { display: flex; align-items: baseline; gap: 8px; flex-wrap: wrap; margin-bottom: 6px; }
            .agent-head h3 { margin: 0 6px 0 0; font-size: 18px; }
            .badge { font-size: 11px; padding: 1px 8px; border-radius: 999px; background: #eef2f7; color: #334155; }
            .badge.alarm { background: #fee2e2; color: var(--red); font-weight: 700; }
            .agent-counts { color: var(--muted); font-size: 12px; margin-left: auto; }
            .scroll { overflow-x: auto; }
            svg.timeline { display: block; max-width: 100%; height: auto; }
            .workday { fill: #f1f5f9; }
            .midnight { stroke: #cbd5e1; stroke-width: 1; }
            .lane { stroke: #eef2f7; stroke-width: 1; }
            .day { font-size: 11px; fill: var(--muted); text-anchor: middle; }
            .lane-label { font-size: 11px; fill: #334155; text-anchor: end; font-weight: 600; }
            .lane-label.channel { font-weight: 400; fill: var(--muted); }
            .turn { fill: #94a3b8; }
            .turn.private { fill: var(--violet); }
            .turn.took-in { fill: var(--violet-soft); stroke: var(--violet); stroke-width: 1; }
            .turn.leaked { stroke: var(--red); stroke-width: 1.6; }
            .pub.delivered { fill: var(--green); }
            .pub.failed { fill: var(--orange); }
            .pub.unknown { fill: var(--yellow); }
            .pub.awaiting { fill: #94a3b8; }
            .pub.resend { stroke: #ffffff; stroke-width: .8; }
            .dense { fill: #64748b; }
            .dense.marked { fill: var(--violet); }
            .finding, .key-finding { fill: var(--red); stroke: #ffffff; stroke-width: 2; }
            .leak-line { stroke: var(--red); stroke-width: 1.2; stroke-dasharray: 3 2; }
            .more-lists { margin: 4px 0; }
            table.small td { font-size: 12px; padding: 4px 8px; }
            td.state { font-weight: 600; }
            footer { color: var(--muted); font-size: 12px; margin-top: 30px; border-top: 1px solid var(--line); padding-top: 12px; }
            @media (max-width: 900px) { .cards { grid-template-columns: repeat(2, 1fr); } }
            [hidden] { display: none !important; }
            dl.audited { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0 0 22px;
              font-size: 12px; color: var(--muted); }
            dl.audited dt { font-weight: 600; color: #334155; }
            dl.audited dd { margin: 0; }
            table.files { width: auto; border: 0; background: transparent; }
            table.files td { padding: 1px 12px 1px 0; border: 0; font-size: 12px; }
            td.bytes { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            code.sha256 { word-break: break-all; }
            td.unreadable { color: var(--red); font-weight: 600; }
            .note { margin: 4px 0 0; }
            .filters { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center;
              gap: 8px 18px; padding: 10px 0; margin: 8px 0 0; background: var(--wash); border-bottom: 1px solid var(--line);
              font-size: 13px; color: #334155; }
            .filters select, .filters input { font: inherit; padding: 3px 6px; border: 1px solid #cbd5e1; border-radius: 6px;
              background: var(--paper); }
            .filters input { width: 240px; }
            .filters output { color: var(--muted); }
            [id] { scroll-margin-top: 64px; }
            a.turn-link { color: var(--violet); }
            td.nowrap a { color: inherit; }
            .finding-link { cursor: pointer; }
            /* where a link leads: one colour, for the eye and for the test that follows a link in Chromium */
            tr.finding-row:target > td { background: #ffe45c; }
            rect.turn:target { fill: #ffe45c; stroke: #ffe45c; stroke-width: 6; }
            circle.finding:target { stroke: #ffe45c; stroke-width: 4; }
            @media print {
              body { background: #ffffff; }
              main { max-width: none; padding: 0; }
              .filters { display: none !important; }
              details > summary { list-style: none; }
              details::details-content { content-visibility: visible; display: block; }
              .cards { grid-template-columns: repeat(5, 1fr); gap: 8px; }
              .card { padding: 8px 10px; }
              .card-value { font-size: 20px; }
              code.sha256 { font-size: 9px; }
              .card, .agent, tr, ol.evidence li { break-inside: avoid; }
              .agent, .card { box-shadow: none; }
              a { color: inherit; text-decoration: none; }
              [id] { scroll-margin-top: 0; }
            }
            """;
}
