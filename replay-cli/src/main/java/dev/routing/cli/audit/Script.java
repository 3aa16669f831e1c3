package dev.routing.cli.audit;

/**
 * The report's one script, inline so the page stands alone; it fetches nothing. It filters the
 * findings and the timelines by agent, channel and words, from the address's query
 * ({@code ?agent=qa&channel=work&q=ACME}, tokens as {@link Anchors#token} writes them) and keeps the
 * query in step, so a filtered view can be passed on; a link followed to something the filter hides
 * clears the filter; and printing opens every finding's facts. Written inside a CDATA section, so
 * the page stays XML a test can parse: it must never hold the three characters that end one.
 */
final class Script {
    private Script() {}

    static final String JS = """
            //<![CDATA[
            (function () {
              "use strict";
              var form = document.getElementById("filters");
              var agent = document.getElementById("filter-agent");
              var channel = document.getElementById("filter-channel");
              var words = document.getElementById("filter-words");
              var count = document.getElementById("filter-count");
              var rows = Array.prototype.slice.call(document.querySelectorAll("tr.finding-row"));
              var panels = Array.prototype.slice.call(document.querySelectorAll("section.agent"));

              // a value the address names that no option holds is kept, and said, never widened to "every"
              function choose(select, value) {
                if (!value) return;
                var known = Array.prototype.some.call(select.options, function (o) { return o.value === value; });
                if (!known) {
                  var missing = document.createElement("option");
                  missing.value = value;
                  missing.textContent = value + " (not in this report)";
                  select.appendChild(missing);
                }
                select.value = value;
              }

              function apply() {
                var a = agent.value, c = channel.value, q = words.value.trim().toLowerCase(), shown = 0;
                rows.forEach(function (row) {
                  var keep = (!a || row.dataset.agent === a) && (!c || row.dataset.channel === c)
                      && (!q || row.textContent.toLowerCase().indexOf(q) >= 0);
                  row.hidden = !keep;
                  if (keep) shown++;
                });
                panels.forEach(function (panel) {
                  panel.hidden = !((!a || panel.dataset.agent === a) && (!c || panel.dataset.channels.split(" ").indexOf(c) >= 0));
                });
                count.textContent = a || c || q ? shown + " of " + rows.length + " findings shown" : rows.length + " findings";
              }

              function remember() {
                var query = new URLSearchParams();
                if (agent.value) query.set("agent", agent.value);
                if (channel.value) query.set("channel", channel.value);
                if (words.value.trim()) query.set("q", words.value.trim());
                var search = query.toString();
                try {
                  history.replaceState(null, "", (search ? "?" + search : location.pathname) + location.hash);
                } catch (e) {
                  // an address that cannot change: the filter works, it is only not kept in it
                }
              }

              // a row or a mark the filter hides, reached by a link: the filter gives way, so no link leads nowhere
              function reveal() {
                var target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
                if (!target || !target.closest("[hidden]")) return;
                agent.value = "";
                channel.value = "";
                words.value = "";
                apply();
                remember();
                target.scrollIntoView();
              }

              var given = new URLSearchParams(location.search);
              choose(agent, given.get("agent"));
              choose(channel, given.get("channel"));
              words.value = given.get("q") || "";
              form.addEventListener("submit", function (e) { e.preventDefault(); });
              form.addEventListener("input", function () { apply(); remember(); });
              window.addEventListener("hashchange", reveal);
              apply();
              form.hidden = false;
              reveal();

              // on paper there is no clicking: every finding's facts print open, and close again after
              var opened = [];
              window.addEventListener("beforeprint", function () {
                opened = Array.prototype.filter.call(document.querySelectorAll("details"), function (d) { return !d.open; });
                opened.forEach(function (d) { d.open = true; });
              });
              window.addEventListener("afterprint", function () {
                opened.forEach(function (d) { d.open = false; });
                opened = [];
              });
            })();
            //]]>
            """;
}
