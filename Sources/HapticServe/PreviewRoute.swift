/// What a request's path asks `render serve` for. Nothing else is served: the path is only
/// compared with these shapes and with the names of the served patterns, never joined to a
/// folder, so no spelling of it (`..`, `%2e%2e`, a link) reaches another file.
package enum PreviewRoute: Equatable, Sendable {
  /// `/`: the index of a folder, or the page of the one pattern served.
  case home
  /// `/<name>.html`: the page of a pattern of a folder.
  case page(name: String)
  /// `/<name>.flac`: the audio of a pattern too long to embed in its page.
  case audio(name: String)
  /// ``LivePage/versionPath``, `?page=NAME` or not: what an open page polls.
  case version(name: String?)

  /// The route of a request for `path` (decoded), with the `page` query item when there is one;
  /// `nil` for any other path.
  ///
  /// - Parameter isFolder: Whether a folder is served: only its patterns have `/<name>.html`,
  ///   and `/index.html` is its index.
  package init?(path: String, page: String?, isFolder: Bool) {
    if path == "/" || (isFolder && path == "/index.html") {
      self = .home
      return
    }
    if path == LivePage.versionPath {
      self = .version(name: page)
      return
    }
    // One segment, `NAME.EXT`; a name never holds `/`, NUL, or starts with a dot (hidden
    // files are never served), so `..` and its spellings match no pattern.
    guard path.hasPrefix("/") else { return nil }
    let file = path.dropFirst()
    guard !file.contains("/"), !file.contains("\0"), !file.hasPrefix(".") else { return nil }
    if isFolder, file.hasSuffix(".html") {
      self = .page(name: String(file.dropLast(".html".count)))
    } else if file.hasSuffix(".flac") {
      self = .audio(name: String(file.dropLast(".flac".count)))
    } else {
      return nil
    }
  }
}
