import HapticFiles
import HapticModel
import HapticPipeline
import HapticPresets
import HapticReader
import HapticSupport
import HapticSynthesis

/// Preview pages (``PreviewPage``) for many patterns or presets in one folder, with an
/// `index.html` that lists them all: name, duration, events, a thumbnail of the waveform, and
/// the error of each pattern that could not be shown.
///
/// Pages are written on several threads, each on its own, so the bytes do not depend on the
/// number of threads; one pattern's failure does not stop the others.
public struct PreviewSite: Sendable {
  /// One page, or why there is none.
  public struct Entry: Sendable {
    /// The input's path, or the preset's id.
    public var input: String
    /// The page's path.
    public var page: String
    public var diagnostics: [Diagnostic]
    public var omittedDiagnostics = 0
    /// The page, when it was written.
    public var summary: PreviewPage.Summary?
    /// Why the page was not written, other than its diagnostics.
    public var error: PatternFailure?

    public var succeeded: Bool { summary != nil }

    /// An entry without a page yet; `error` says why there is none.
    package init(input: String, page: String, diagnostics: [Diagnostic], error: PatternFailure? = nil) {
      self.input = input
      self.page = page
      self.diagnostics = diagnostics
      self.error = error
    }
  }

  public var folder: String
  public var options: RenderOptions
  public var loader: PatternLoader
  public var treatsWarningsAsErrors: Bool
  /// Width of each plot's time axis, in pixels.
  public var plotWidth: Int

  public init(
    folder: String, options: RenderOptions = RenderOptions(), loader: PatternLoader = PatternLoader(),
    treatsWarningsAsErrors: Bool = false, plotWidth: Int = 1_200
  ) {
    self.folder = folder
    self.options = options
    self.loader = loader
    self.treatsWarningsAsErrors = treatsWarningsAsErrors
    self.plotWidth = plotWidth
  }

  /// The index page's path.
  public var indexPath: String { "\(folder)/index.html" }

  /// The page of the pattern or preset called `name`: `folder/<name>.html`.
  public func pagePath(named name: String) -> String { "\(folder)/\(name).html" }

  /// The AHAP files under `paths` (see `PatternFiles.find(in:isSandboxed:)`), refused when two would
  /// share a page or one would replace the index.
  ///
  /// - Throws: `PatternSearchError`.
  public func inputs(from paths: [String]) throws(PatternSearchError) -> [String] {
    let files = try PatternFiles.find(
      in: paths, isSandboxed: loader.isSandboxed,
      refusingCollisions: { "would all be written to '\(pagePath(named: PatternFiles.stem(of: $0)))'" })
    try refuseIndexName(files, name: PatternFiles.stem(of:))
    try PatternFiles.refuseOutputsOverInputs(
      files,
      outputs: {
        let page = pagePath(named: PatternFiles.stem(of: $0))
        return [page, "\(folder)/\(PatternFiles.stem(of: $0)).flac"]
      }, loader: loader)
    return files
  }

  /// Writes one page per input and the index; `progress` is called (from worker threads, one
  /// call at a time) after each page.
  ///
  /// - Parameters:
  ///   - inputs: The AHAP files, one page each.
  ///   - jobs: Threads to use, ≥ 1.
  ///   - progress: Called after each page with its entry.
  /// - Returns: One entry per input, in input order.
  /// - Throws: `FileSystemError` when the index cannot be written.
  public func run(
    _ inputs: [String], jobs: Int, progress: @Sendable (Entry) -> Void = { _ in }
  ) throws(FileSystemError) -> [Entry] {
    try? FileSystem.createDirectory(folder)  // a failure shows in every entry
    let entries = ParallelWork.map(
      count: inputs.count, jobs: jobs, body: { page(for: inputs[$0]) }, finished: { _, entry, _ in progress(entry) })
    try writeIndex(entries)
    return entries
  }

  /// Writes one page per preset (see `Preset.pattern(intensity:)`) and the index.
  ///
  /// - Throws: `PatternSearchError` when two presets share a name (before anything is
  ///   written); `FileSystemError` when the index cannot be written.
  public func run(
    _ presets: [Preset], intensity: Double = 1, jobs: Int, progress: @Sendable (Entry) -> Void = { _ in }
  ) throws -> [Entry] {
    let collisions = PatternSearchError.collidingGroups(
      in: presets, by: { pagePath(named: $0.name) }, name: \.id,
      reason: { "would all be written to '\(pagePath(named: $0.name))'; preview the families separately" })
    if let collisions { throw collisions }
    try refuseIndexName(presets, name: \.name)
    try? FileSystem.createDirectory(folder)
    let entries = ParallelWork.map(
      count: presets.count, jobs: jobs,
      body: { index in
        let preset = presets[index]
        return write(preset.pattern(intensity: intensity), input: preset.id, name: preset.name, diagnostics: [])
      },
      finished: { _, entry, _ in progress(entry) })
    try writeIndex(entries)
    return entries
  }

  /// `wrote 41 of 42 pages and the index into DIR; 1 failed`.
  public func summary(of entries: [Entry]) -> String {
    let failed = entries.filter { !$0.succeeded }.count
    let pages = "\(entries.count) page\(entries.count == 1 ? "" : "s")"
    return "wrote \(entries.count - failed) of \(pages) and \(indexPath)\(failed > 0 ? "; \(failed) failed" : "")"
  }

  /// Reads one pattern and writes its page.
  public func page(for input: String) -> Entry {
    page(for: input) { () throws(FileSystemError) in try FileSystem.openFile(input) }
  }

  /// Reads the pattern that `open` opens (and checks) and writes its page: what is checked is
  /// what is shown, whatever happens to `input`'s path meanwhile.
  package func page(for input: String, opening open: () throws(FileSystemError) -> FileSystem.OpenedFile) -> Entry {
    let loaded = loader.load(treatsWarningsAsErrors: treatsWarningsAsErrors, opening: open)
    let name = PatternFiles.stem(of: input)
    var entry = Entry(input: input, page: pagePath(named: name), diagnostics: loaded.diagnostics)
    if let pattern = loaded.pattern {
      entry = write(pattern, input: input, name: name, diagnostics: loaded.diagnostics)
    } else {
      entry.error = loaded.error.map(PatternFailure.unreadable) ?? .invalid(path: input)
    }
    entry.omittedDiagnostics = loaded.omittedDiagnostics
    return entry
  }

  private func write(_ pattern: some RenderablePattern, input: String, name: String, diagnostics: [Diagnostic]) -> Entry
  {
    var entry = Entry(input: input, page: pagePath(named: name), diagnostics: diagnostics)
    do {
      try PatternFiles.checkOutput(entry.page, isNot: input)
      entry.summary = try PreviewPage.write(
        pattern, name: name, diagnostics: diagnostics, options: options, plotWidth: plotWidth,
        inputs: [input], to: entry.page)
    } catch {
      entry.error = PatternFailure(error)
    }
    return entry
  }

  private func refuseIndexName<Item>(_ items: [Item], name: (Item) -> String) throws(PatternSearchError) {
    let clashing = items.filter { name($0) == "index" }
    guard let first = clashing.first else { return }
    throw .collisions([
      (clashing.map { "\($0)" }, "would be written to '\(pagePath(named: name(first)))', the site's index; rename it")
    ])
  }

  private func writeIndex(_ entries: [Entry]) throws(FileSystemError) {
    try TextFile.write(Self.index(of: entries), to: indexPath)
  }

  /// The index: a table of every entry, in input order, each row linking to `<name>.html`
  /// beside it.
  package static func index(of entries: [Entry]) -> String {
    let rows = entries.map { entry -> String in
      let name = FileSystem.stem(of: entry.page)
      guard let summary = entry.summary else {
        let firstError = entry.diagnostics.first { $0.severity == .error }.map(\.description)
        let reason = firstError ?? entry.error?.description ?? "not written"
        return "<tr class=\"failed\"><td></td><td>\(Markup.escaped(entry.input))</td><td></td><td></td>"
          + "<td class=\"error\">\(Markup.escaped(reason))</td></tr>"
      }
      let link = Markup.percentEncoded(name) + ".html"
      return "<tr><td><a href=\"\(link)\">\(summary.thumbnail)</a></td>"
        + "<td><a href=\"\(link)\">\(Markup.escaped(name))</a></td>"
        + "<td>\(NumberText.fixed(summary.duration, 3)) s</td><td>\(summary.eventCount)</td>"
        + "<td>\(Markup.escaped(summary.title == name ? "" : summary.title))</td></tr>"
    }
    let failed = entries.filter { !$0.succeeded }.count
    let body =
      [
        "<h1>\(entries.count) pattern\(entries.count == 1 ? "" : "s")</h1>",
        failed > 0 ? "<p class=\"note\">\(failed) could not be shown; their errors are listed.</p>" : "",
        "<table id=\"patterns\"><tr><th></th><th>name</th><th>duration</th><th>events</th><th>description</th></tr>",
      ] + rows + ["</table>"]
    return PreviewHTML.document(title: "Haptic patterns — render preview", body: body)
  }
}
