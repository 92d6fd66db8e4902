import Foundation

/// A request's target (`/path?query`) decoded: the path, percent escapes resolved, and the
/// `page` query item that a page's poll names its pattern with.
package struct RequestTarget: Equatable, Sendable {
  package var path: String
  package var page: String?

  /// `nil` when the target is not a path (`*`, an absolute URL) or holds a malformed escape.
  package init?(_ target: String) {
    guard target.hasPrefix("/") else { return nil }
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = parts[0].removingPercentEncoding else { return nil }
    self.path = path
    guard parts.count > 1 else { return }
    for item in parts[1].split(separator: "&") {
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair[0] == "page" else { continue }
      guard let value = (pair.count > 1 ? pair[1] : "").removingPercentEncoding else { return nil }
      page = value
      return
    }
  }
}
