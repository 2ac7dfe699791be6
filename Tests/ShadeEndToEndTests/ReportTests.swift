import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// `report --html` through the binary, on the demo store with a hostile title added: a page whose
/// SVG is well-formed XML (xmllint), that fetches nothing, shows user text as text, agrees with
/// `stats` figure for figure, and renders in headless Chromium to a page that is not blank.
@Suite(.serialized) struct ReportCommandTests {
    static let hostile = "<script>alert(1)</script>"

    /// The demo store with a task and a goal whose titles are markup.
    private func demo() throws -> ShadeProcess {
        let shade = ShadeProcess()
        try FileManager.default.copyItem(
            atPath: ShadeProcess.packageRoot.appendingPathComponent("data/demo-store").path, toPath: shade.store)
        let added = try shade.run([], stdin: "add tue \(Self.hostile)\ngoal add AT&T &lt;b&gt; \"quoted\" for:week\n")
        #expect(added.status == 0, "\(added.stderr)")
        return shade
    }

    private func write(_ shade: ShadeProcess, _ extra: [String] = []) throws -> String {
        let file = shade.root + "/report.html"
        let result = try shade.run(["report", "--html", file] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(file)"))
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    /// Each `<svg>…</svg>` of the page.
    private func svgs(_ html: String) -> [String] {
        var result: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg"),
            let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex)
        {
            result.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return result
    }

    /// The text of every `<title>` of the page.
    private func titles(_ html: String) -> [String] {
        html.components(separatedBy: "<title>").dropFirst().compactMap { $0.components(separatedBy: "</title>").first }
    }

    @Test func everySVGIsWellFormedAndThePageFetchesNothing() throws {
        let shade = try demo()
        let html = try write(shade)
        let charts = svgs(html)
        #expect(charts.count == 5)
        for chart in charts {
            let file = shade.root + "/chart.svg"
            try chart.write(toFile: file, atomically: true, encoding: .utf8)
            let lint = try ExternalCommand.run("/usr/bin/xmllint", ["--noout", file])
            #expect(lint.status == 0, "xmllint: \(lint.output)\n\(chart.prefix(300))")
            #expect(chart.contains("role=\"img\"") && chart.contains("<desc"), "a text alternative")
        }
        let lint = try ExternalCommand.run("/usr/bin/xmllint", ["--noout", shade.root + "/report.html"])
        #expect(lint.status == 0, "the whole page is well-formed too: \(lint.output)")
        for reference in [
            "http:", "https:", "//", "src=", "href=", "<script", "<link", "url(", "@import", "<img", "<iframe",
        ] {
            #expect(!html.contains(reference), "\(reference) in the page")
        }
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("prefers-color-scheme: dark"))
        let attributes = try FileManager.default.attributesOfItem(atPath: shade.root + "/report.html")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func userTextIsShownAsTextNeverAsMarkup() throws {
        let shade = try demo()
        try shade.run([], stdin: "goal add \(Self.hostile) for:week\ngoal add Léa's \u{202E}birthday for:week\n")
        let html = try write(shade)
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "a goal's title, as text")
        #expect(!html.contains(Self.hostile))
        #expect(html.contains("AT&amp;T &amp;lt;b&amp;gt; quoted"), "an ampersand and an entity-like text stay text")
        #expect(html.contains("Léa&#39;s \\u202ebirthday"), "a bidi override is shown as a mark, as views show it")
        #expect(!html.contains("\u{202E}"))
    }

    @Test func everyFigureOfThePageIsWhatStatsSays() throws {
        let shade = try demo()
        let html = try write(shade, ["--from", "2026-W35", "--to", "2026-W48"])
        let shown = Set(titles(html))
        let stats = try shade.json(["stats", "--from", "2026-W35", "--to", "2026-W48"])
        func summary(_ object: JSONObject) -> String {
            let done = object.int("done") ?? 0
            let counted = done + (object.int("open") ?? 0)
            let cancelled = object.int("cancelled") ?? 0
            guard counted > 0 else { return cancelled > 0 ? "\(cancelled) cancelled, no rate" : "nothing planned" }
            let rate = Int(((object["rate"]?.doubleValue ?? 0) * 100).rounded())
            return "\(done) of \(counted) done · \(rate)%" + (cancelled > 0 ? " · \(cancelled) cancelled" : "")
        }
        let weeks = stats.objectValue?["weeks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(weeks.count == 14)
        for week in weeks {
            let title = "\(week.string("week") ?? "") · \(summary(week))"
            #expect(shown.contains(title), "the heat map's week cell: \(title)")
            if let rate = week["rate"]?.doubleValue {
                #expect(html.contains(">\(Int((rate * 100).rounded()))%</text>"), "the week's rate as text in its cell")
            }
        }
        for slot in ["morning", "afternoon", "evening"] {
            let object = try #require(stats.objectValue?["by_slot"]?.objectValue?[slot]?.objectValue)
            #expect(shown.contains("\(slot): \(summary(object))"))
        }
        for (name, label) in [("monday", "Mon"), ("friday", "Fri"), ("sunday", "Sun")] {
            let object = try #require(stats.objectValue?["by_weekday"]?.objectValue?[name]?.objectValue)
            #expect(shown.contains("\(label): \(summary(object))"))
        }
        let months =
            try shade.json(["stats", "--by", "month", "2026"]).objectValue?["periods"]?.arrayValue?
            .compactMap(\.objectValue) ?? []
        for (index, name) in [(7, "Aug 2026"), (8, "Sep 2026"), (9, "Oct 2026"), (10, "Nov 2026")] {
            let month = months[index]
            #expect(shown.contains("\(name): \(month.int("planned") ?? -1) planned"), "\(name)")
            let rate = Int(((month["rate"]?.doubleValue ?? 0) * 100).rounded())
            #expect(shown.contains("\(name): \(month.int("done") ?? -1) done · \(rate)%"), "\(name)")
        }
        #expect(!shown.contains { $0.hasPrefix("Dec 2026") }, "only the months the weeks touch")
        let streak = try #require(stats.objectValue?["streak"]?.objectValue)
        #expect(html.contains("<span class=\"figure\">\(streak.int("best") ?? -1)</span>"))
        let rate = Int(((stats.objectValue?["rate"]?.doubleValue ?? 0) * 100).rounded())
        #expect(html.contains("<span class=\"figure\">\(rate)%</span>"))
    }

    @Test func headlessChromiumRendersThePageWithItsCharts() throws {
        let chromium = "/usr/bin/chromium"
        #expect(FileManager.default.isExecutableFile(atPath: chromium), "bash scripts/install-deps --tests installs it")
        let shade = try demo()
        _ = try write(shade)
        let page = "file://" + shade.root + "/report.html"
        let png = shade.root + "/report.png"
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--log-level=3", "--hide-scrollbars",
            "--user-data-dir=" + shade.root + "/chromium",
        ]
        let shot = try ExternalCommand.run(
            chromium, common + ["--window-size=1100,1600", "--screenshot=" + png, page],
            environment: ["HOME": shade.root, "PATH": "/usr/bin:/bin"])
        #expect(shot.status == 0, "\(shot.output)")
        #expect(FileManager.default.fileExists(atPath: png), "\(shot.output)")
        let stats = try ExternalCommand.run(
            "/usr/bin/env",
            ["python3", ShadeProcess.packageRoot.appendingPathComponent("scripts/png-stats.py").path, png])
        let facts = try JSONParser.parse(Array(stats.output.utf8)).objectValue
        #expect(facts?.int("width") == 1100 && facts?.int("height") == 1600, "\(stats.output)")
        #expect((facts?.int("colors") ?? 0) > 50, "a page with charts has many colours: \(stats.output)")
        let ink = facts?["ink"]?.doubleValue ?? 0
        #expect(ink > 0.1 && ink < 0.9, "not blank, not one block of colour: \(stats.output)")
        let dom = try ExternalCommand.run(
            chromium, common + ["--dump-dom", page], environment: ["HOME": shade.root, "PATH": "/usr/bin:/bin"])
        for id in ["heatmap", "rate-per-week", "planned-done-per-month", "by-slot", "by-weekday"] {
            #expect(dom.output.contains("<svg") && dom.output.contains("id=\"\(id)\""), "\(id) in the rendered DOM")
        }
        #expect(dom.output.contains("The weeks at a glance") && dom.output.contains("polyline"))
    }

    @Test func badRequestsAreRefusedAndNothingIsWritten() throws {
        let shade = try demo()
        let cases: [([String], Int32, String)] = [
            (["report"], 64, "report --html FILE"),
            (["report", "--html"], 64, "--html needs a value"),
            (["report", "--html", shade.root + "/none/r.html"], 1, "none/r.html"),
            (
                ["report", "--html", shade.root + "/r.html", "--from", "2026-W48", "--to", "2026-W40"], 1,
                "runs forward"
            ),
            (["report", "--html", shade.root + "/r.html", "--from", "someday"], 1, "not a week"),
        ]
        for (arguments, status, message) in cases {
            let result = try shade.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("store"), "a page is no store file: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: shade.root + "/r.html"))
        let piped = try shade.run([], stdin: "report --html - --from last\n")
        #expect(piped.status == 0 && piped.stdout.hasPrefix("<!DOCTYPE html>") && piped.stdout.contains("2026-W47"))
    }
}
