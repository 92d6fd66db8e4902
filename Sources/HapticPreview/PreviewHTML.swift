import HapticInspection
import HapticModel
import HapticPipeline
import HapticReader
import HapticSupport
import HapticSynthesis

/// The HTML of a preview page (see ``PreviewPage``) and the document frame shared with the
/// index of a site (see ``PreviewSite``).
package struct PreviewHTML {
  package var name: String
  package var pattern: Pattern
  package var summary: PreviewPage.Summary
  package var options: RenderOptions
  package var diagnostics: [Diagnostic]
  package var plot: String
  package var plotWidth: Int
  /// The `src` of the audio element: a `data:` URI or the name of a file beside the page.
  package var audioSource: String
  /// Seconds of silence that follow the render in the audio (``PreviewPage/minimumAudioSeconds``).
  package var audioPadding = 0.0

  /// The pattern's `Metadata.Description`, or `name`.
  package static func title(of pattern: Pattern, name: String) -> String {
    if case .object(let members) = pattern.metadata?.kind,
      let description = members.first(where: { $0.key == "Description" }),
      case .string(let text) = description.value.kind, !text.isEmpty
    {
      return text
    }
    return name
  }

  package var text: String {
    let playhead = "<line id=\"playhead\" x1=\"\(SVGPlot.margin)\" y1=\"26\" x2=\"\(SVGPlot.margin)\" y2=\"100%\"/>"
    let plotWithPlayhead = plot.trimmingTrailingNewline.dropLast("</svg>".count) + playhead + "</svg>"
    let body = [
      "<h1>\(Markup.escaped(summary.title))</h1>",
      "<p class=\"facts\">\(Markup.escaped(facts))</p>",
      metadataList,
      "<audio id=\"audio\" controls preload=\"auto\" src=\"\(audioSource)\"></audio>",
      audioNote,
      "<figure id=\"plot\" data-x0=\"\(SVGPlot.margin)\" data-width=\"\(plotWidth)\" data-duration=\"\(summary.duration)\">",
      String(plotWithPlayhead),
      "<figcaption>Click the plot to move the playhead; the space bar plays and pauses.</figcaption></figure>",
      "<h2>Diagnostics</h2>",
      diagnosticList,
      "<h2>Render options</h2>",
      optionTable,
    ]
    return Self.document(title: "\(name) — render preview", body: body.filter { !$0.isEmpty }, script: Self.script)
  }

  /// `19.02 s · 2 events · peak −1.9 dBFS · 48000 Hz · haptic layout (1 channel)`.
  private var facts: String {
    let layout = options.layout.resolved(for: pattern)
    let events = "\(summary.eventCount) event\(summary.eventCount == 1 ? "" : "s")"
    return
      "\(name) · \(NumberText.fixed(summary.duration, 3)) s · \(events) · peak \(NumberText.dBFS(summary.peak)) · "
      + "\(options.sampleRate) Hz · \(layout.rawValue) layout (\(layout.channelCount) channel\(layout.channelCount == 1 ? "" : "s"))"
  }

  /// The pattern's metadata, one row per key.
  private var metadataList: String {
    guard case .object(let members) = pattern.metadata?.kind, !members.isEmpty else { return "" }
    let rows = members.map { member in
      let value: String
      switch member.value.kind {
      case .string(let text): value = text
      default: value = member.value.text()
      }
      return "<dt>\(Markup.escaped(member.key))</dt><dd>\(Markup.escaped(value))</dd>"
    }
    return "<dl class=\"metadata\">\(rows.joined())</dl>"
  }

  private var audioNote: String {
    switch summary.audio {
    case .embedded(let rate) where rate != options.sampleRate:
      return
        "<p class=\"note\">The pattern is long: the audio here is a \(rate) Hz preview (the haptic signal is whole; audio events lose what lies above \(rate / 2) Hz). Render it with <code>render</code> for the full rate.</p>"
    case .linked(let file):
      return
        "<p class=\"note\">The pattern is too long to embed: the audio is the file <a href=\"\(Markup.percentEncoded(file))\">\(Markup.escaped(file))</a> beside this page; keep them together.</p>"
    default:
      guard audioPadding > 0 else { return "" }
      let seconds = NumberText.fixed(summary.duration, 3)
      let total = NumberText.fixed(PreviewPage.minimumAudioSeconds, 0)
      return
        "<p class=\"note\">The pattern lasts \(seconds) s: the audio is followed by silence up to \(total) s, so that the player can play it.</p>"
    }
  }

  private var diagnosticList: String { Self.list(of: diagnostics) }

  /// The list of `diagnostics` (`#diagnostics`), errors and warnings told apart by colour.
  package static func list(of diagnostics: [Diagnostic]) -> String {
    guard !diagnostics.isEmpty else { return "<p id=\"diagnostics\" class=\"none\">No warnings.</p>" }
    let items = diagnostics.map {
      "<li class=\"\($0.severity == .error ? "error" : "warning")\">\(Markup.escaped($0.description))</li>"
    }
    return "<ul id=\"diagnostics\">\(items.joined())</ul>"
  }

  private var optionTable: String {
    let profile = options.profile
    let rows = [
      ("sample rate", "\(options.sampleRate) Hz"),
      ("layout", options.layout.rawValue),
      (
        "profile",
        "carrier \(NumberText.fixed(profile.minimumFrequency, 0))–\(NumberText.fixed(profile.maximumFrequency, 0)) Hz, amplitude = intensity^\(NumberText.fixed(profile.amplitudeExponent, 2))"
      ),
      ("peak", options.peakPolicy.rawValue),
      ("intensity scale", NumberText.fixed(options.intensityScale, 2)),
      ("gain", "\(NumberText.fixed(options.gainDecibels, 1)) dB"),
      ("tail", "\(NumberText.fixed(options.tailSeconds, 3)) s"),
    ]
    return "<table id=\"options\">"
      + rows.map { "<tr><th>\($0.0)</th><td>\(Markup.escaped($0.1))</td></tr>" }.joined() + "</table>"
  }

  /// A complete HTML document with the shared style.
  package static func document(title: String, body: [String], script: String = "") -> String {
    ([
      "<!doctype html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
      "<title>\(Markup.escaped(title))</title>", "<style>\(style)</style>", "</head>", "<body>",
    ]
      + body + (script.isEmpty ? [] : ["<script>\(script)</script>"]) + ["</body>", "</html>"])
      .joined(separator: "\n") + "\n"
  }

  package static let style = """
    body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}\
    h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:24px 0 6px}\
    .facts{color:#555;margin:0 0 12px}.note{background:#fff6dd;padding:6px 10px}\
    dl.metadata{display:grid;grid-template-columns:max-content auto;gap:2px 12px;margin:0 0 12px}\
    dt{color:#555}dd{margin:0}audio{width:100%;max-width:800px}\
    figure{margin:12px 0}figure svg{max-width:100%;height:auto;cursor:pointer}\
    figcaption{color:#777;font-size:12px}#playhead{stroke:#e67e22;stroke-width:2}\
    #diagnostics li.warning{color:#8a5a00}#diagnostics li.error{color:#b00020}\
    #diagnostics{font-family:ui-monospace,monospace;font-size:13px}\
    table{border-collapse:collapse}th,td{text-align:left;padding:2px 12px 2px 0;vertical-align:middle}\
    th{color:#555;font-weight:normal}td{white-space:nowrap}td:last-child{white-space:normal}\
    td.error{color:#b00020;font-family:ui-monospace,monospace;font-size:13px}
    """

  /// Moves the playhead with the audio (every frame while playing), seeks on a click, plays
  /// and pauses with the space bar.
  package static let script = """
    (function () {
      var audio = document.getElementById("audio");
      var figure = document.getElementById("plot");
      var svg = figure.querySelector("svg");
      var head = document.getElementById("playhead");
      var x0 = Number(figure.dataset.x0), width = Number(figure.dataset.width);
      var duration = Number(figure.dataset.duration);
      function place() {
        var x = x0 + Math.min(audio.currentTime, duration) / duration * width;
        head.setAttribute("x1", x);
        head.setAttribute("x2", x);
      }
      function follow() {
        place();
        if (!audio.paused) requestAnimationFrame(follow);
      }
      audio.addEventListener("play", function () { requestAnimationFrame(follow); });
      ["timeupdate", "seeked", "pause", "loadedmetadata"].forEach(function (name) {
        audio.addEventListener(name, place);
      });
      svg.addEventListener("click", function (event) {
        var point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
        audio.currentTime = Math.max(0, Math.min(duration, (point.x - x0) / width * duration));
        place();
      });
      document.addEventListener("keydown", function (event) {
        var tag = event.target.tagName;
        if (event.code !== "Space" || tag === "AUDIO" || tag === "INPUT" || tag === "BUTTON") return;
        event.preventDefault();
        if (audio.paused) audio.play(); else audio.pause();
      });
    })();
    """
}

extension String {
  fileprivate var trimmingTrailingNewline: Substring {
    hasSuffix("\n") ? dropLast() : self[...]
  }
}
