import HapticPreview
import HapticReader
import HapticSupport

/// The pages as `render serve` sends them: a preview page, the index of a folder, or the
/// diagnostics of a pattern that cannot be shown, each with a line that says what it follows
/// and a script that asks the server every ``pollMilliseconds`` whether that has changed, and
/// reloads the page when it has.
package enum LivePage {
  /// How often an open page asks whether its pattern changed, in milliseconds.
  package static let pollMilliseconds = 250

  /// The path that answers the version of a page: `?page=NAME` for a pattern, nothing for the
  /// index or the one pattern served.
  package static let versionPath = "/_version"

  /// `html` (a document of ``PreviewHTML/document(title:body:script:)``) with the live line
  /// at the top of its body and the polling script at the end.
  ///
  /// - Parameters:
  ///   - version: What the version path answers while the page is current.
  ///   - name: The pattern whose version the page follows; `nil` for the index or the one
  ///     pattern served.
  ///   - following: What the line says the page follows (a file or a folder).
  ///   - linksIndex: Whether the line links to the index (`/`).
  package static func live(
    _ html: String, version: String, name: String?, following: String, linksIndex: Bool
  ) -> String {
    let poll = versionPath + (name.map { "?page=" + Markup.percentEncoded($0) } ?? "")
    let index = linksIndex ? " <a href=\"/\">All patterns</a>" : ""
    let line =
      "<p id=\"live\" data-version=\"\(Markup.escaped(version))\" data-poll=\"\(Markup.escaped(poll))\">"
      + "<span>Live: follows \(Markup.escaped(following)) and shows each change.</span>\(index)</p>"
    var page = html
    if let body = page.firstRange(of: "<body>\n") {
      page.insert(contentsOf: line + "\n", at: body.upperBound)
    }
    let end = "</body>\n</html>\n"
    let script = "<style>\(style)</style>\n<script>\(self.script)</script>\n"
    if page.hasSuffix(end) {
      page.insert(contentsOf: script, at: page.index(page.endIndex, offsetBy: -end.count))
    } else {
      page += script
    }
    return page
  }

  /// The page of a pattern that cannot be shown: its errors and warnings, and the error that
  /// stopped its render.
  package static func failure(_ entry: PreviewSite.Entry, name: String) -> String {
    let errors = entry.diagnostics.filter { $0.severity == .error }.count
    // With errors listed, the entry's own error only says that there are some.
    let reason =
      errors > 0 ? "\(errors) error\(errors == 1 ? "" : "s")" : entry.error?.description ?? "it could not be rendered"
    let omitted =
      entry.omittedDiagnostics > 0 ? "<p class=\"note\">\(entry.omittedDiagnostics) more not shown.</p>" : ""
    let body = [
      "<h1>\(Markup.escaped(name))</h1>",
      "<p class=\"note\" id=\"failure\">\(Markup.escaped(entry.input)) cannot be shown: \(Markup.escaped(reason)). "
        + "The page shows the pattern again once the file is mended.</p>",
      "<h2>Diagnostics</h2>", PreviewHTML.list(of: entry.diagnostics), omitted,
    ]
    return PreviewHTML.document(title: "\(name) — render preview", body: body.filter { !$0.isEmpty })
  }

  private static let style = """
    #live{color:#555;font-size:12px;margin:0 0 8px}#live.stopped span{color:#b00020}
    """

  /// Polls the version path; reloads when the answer differs from the page's version (or the
  /// page is gone), and says so when the server no longer answers.
  private static let script = """
    (function () {
      var live = document.getElementById("live");
      var text = live.querySelector("span"), following = text.textContent;
      function check() {
        fetch(live.dataset.poll, { cache: "no-store" }).then(function (response) {
          return response.ok ? response.text() : "";
        }).then(function (version) {
          if (version !== live.dataset.version) { location.reload(); return; }
          live.className = "";
          text.textContent = following;
          setTimeout(check, \(pollMilliseconds));
        }, function () {
          live.className = "stopped";
          text.textContent = "The server has stopped: this page no longer follows the file.";
          setTimeout(check, 1000);
        });
      }
      setTimeout(check, \(pollMilliseconds));
    })();
    """
}
