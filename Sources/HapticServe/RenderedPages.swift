import Dispatch
import HapticFiles
import HapticPreview

/// The preview pages of the served patterns, written into a scratch folder (``PreviewSite``)
/// when first asked for and again when their file has changed.
///
/// Renders run one at a time on a dispatch queue of their own: a render is long work that must
/// not hold one of Swift concurrency's few threads, which keep answering the pages' polls
/// meanwhile. Two requests for a page that is being rendered wait for the one render.
package actor RenderedPages {
  private let site: PreviewSite
  private let patterns: ServedPatterns
  private let queue = DispatchQueue(label: "render serve: pages")
  /// Called on the render queue after each render (to print its diagnostics).
  private let rendered: @Sendable (PreviewSite.Entry) -> Void
  /// Each pattern's last render, by name, with the stamp its file had when it began.
  private var pages: [String: (stamp: FileStamp?, render: Task<PreviewSite.Entry, Never>)] = [:]

  package init(
    site: PreviewSite, patterns: ServedPatterns, rendered: @escaping @Sendable (PreviewSite.Entry) -> Void
  ) {
    self.site = site
    self.patterns = patterns
    self.rendered = rendered
  }

  /// The page of `item`, rendered anew when its file has changed since the last render (or is
  /// gone: the entry then says so), or when the last render failed for want of descriptors or
  /// memory.
  package func page(for item: ServedPatterns.Item) async -> PreviewSite.Entry {
    if let page = pages[item.name], page.stamp == item.stamp, item.stamp != nil {
      return await page.render.value
    }
    let render = Task { [site, patterns, queue, rendered] in
      await withCheckedContinuation { continuation in
        queue.async {
          let entry = site.page(for: item.path) { () throws(FileSystemError) in try patterns.open(item) }
          rendered(entry)
          continuation.resume(returning: entry)
        }
      }
    }
    pages[item.name] = (item.stamp, render)
    let entry = await render.value
    // A render that failed because the process ran out of descriptors or memory is not kept:
    // the next request renders the page again.
    if Self.failedForWantOfResources(entry), pages[item.name]?.render == render { pages[item.name] = nil }
    return entry
  }

  private static func failedForWantOfResources(_ entry: PreviewSite.Entry) -> Bool {
    switch entry.error {
    case .unreadable(let error), .fileSystem(let error): error.isExhaustion
    default: false
    }
  }

  /// The last render of the pattern called `name`, when one has finished or is under way.
  package func lastPage(named name: String) async -> PreviewSite.Entry? {
    await pages[name]?.render.value
  }
}
