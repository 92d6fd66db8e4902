import FlyingFox
import FlyingSocks
import Foundation
import HapticFiles
import HapticPipeline
import HapticPreview
import HapticSupport
import HapticSynthesis

/// The web server of `render serve`: on 127.0.0.1 only, it shows the preview page of a
/// pattern, or the index of a folder of them and their pages, and an open page follows its file:
/// it polls the page's version (the stamp of the file) and reloads when it changed; the poll
/// that meets the new stamp starts the render that the reload gets. A pattern that cannot be
/// shown gets a page of its diagnostics instead (docs/serve.md).
///
/// The pages are written into a scratch folder of `$TMPDIR`, removed with the server (and on
/// SIGINT, SIGTERM or SIGHUP: ``TemporaryFiles/removeAll()``).
package final class PreviewServer: Sendable {
  /// Why the server cannot listen.
  package struct ListenError: Error, CustomStringConvertible {
    package var port: UInt16
    package var reason: String
    package var description: String { "cannot listen on 127.0.0.1:\(port): \(reason)" }
  }

  private let patterns: ServedPatterns
  private let pages: RenderedPages
  private let scratch: ScratchFolder
  /// The port listened on, once known: requests must name it in their `Host`.
  private let port = Locked<UInt16?>(nil)

  /// Seconds a request may take before it is answered 500: long enough for the render of a
  /// long pattern.
  private static let requestTimeout: Double = 600

  /// - Parameters:
  ///   - path: An `.ahap` file or a folder.
  ///   - rendered: Called after each render, on the render thread (to print its diagnostics).
  /// - Throws: ``FileSystemError`` when `path` is neither, or no scratch folder can be made.
  package init(
    serving path: String, options: RenderOptions, loader: PatternLoader, treatsWarningsAsErrors: Bool,
    plotWidth: Int, rendered: @escaping @Sendable (PreviewSite.Entry) -> Void
  ) throws(FileSystemError) {
    patterns = try ServedPatterns(path: path)
    scratch = try ScratchFolder(prefix: "render-serve-")
    let site = PreviewSite(
      folder: scratch.path, options: options, loader: loader, treatsWarningsAsErrors: treatsWarningsAsErrors,
      plotWidth: plotWidth)
    pages = RenderedPages(site: site, rendered: rendered)
  }

  /// Listens on 127.0.0.1 at `port` (0: a free port that the system picks), calls `listening`
  /// with the port once it does, and serves until the task is cancelled.
  ///
  /// - Throws: ``ListenError`` when it cannot listen (the port is taken, say).
  package func run(port requested: UInt16, listening: @escaping @Sendable (UInt16) -> Void) async throws {
    let configuration = HTTPServer.Configuration(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: requested), timeout: Self.requestTimeout,
      logger: .disabled)
    let server = HTTPServer(config: configuration, handler: ClosureHTTPHandler { [self] in await respond(to: $0) })
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.run() }
        group.addTask { [port] in
          try await server.waitUntilListening(timeout: 60)
          guard case .ip4(_, let number) = await server.listeningAddress else { throw SocketError.unsupportedAddress }
          port.withLock { $0 = number }
          listening(number)
        }
        for try await _ in group {}
      }
    } catch let error as SocketError {
      throw ListenError(port: requested, reason: Self.reason(error))
    }
  }

  private static func reason(_ error: SocketError) -> String {
    switch error {
    case .failed(_, _, let message): message.lowercased()
    default: error.errorDescription ?? "\(error)"
    }
  }

  /// The answer to one request: a page, its version, a long pattern's audio; 404 for any other
  /// path, 405 for a method but GET, 403 for a `Host` other than the server's own (a page of
  /// another site that has its name resolve to 127.0.0.1 cannot read the pages).
  private func respond(to request: HTTPRequest) async -> HTTPResponse {
    guard request.method == .GET else {
      return Self.text(.methodNotAllowed, "only GET is served\n", headers: [HTTPHeader("Allow"): "GET"])
    }
    guard let port = port.withLock({ $0 }), let host = request.headers[.host]?.lowercased(),
      host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
    else {
      return Self.text(.forbidden, "this server answers requests for 127.0.0.1 and localhost only\n")
    }
    guard let route = PreviewRoute(path: request.path, page: request.query["page"], isFolder: patterns.isFolder)
    else { return Self.notFound }
    let listing = patterns.list()
    switch route {
    case .home:
      guard patterns.isFolder else { return await page(of: listing.items[0], named: nil) }
      return Self.html(await index(listing))
    case .page(let name):
      guard let item = listing.item(named: name) else { return Self.notFound }
      return await page(of: item, named: name)
    case .version(let name):
      let item: ServedPatterns.Item
      if let name {
        guard patterns.isFolder, let named = listing.item(named: name) else { return Self.notFound }
        item = named
      } else if patterns.isFolder {
        return Self.text(.ok, listing.version)
      } else {
        item = listing.items[0]
      }
      // The page that asks will reload when its file changed: its render starts now, while the
      // answer travels and the page reloads (nothing is rendered again when nothing changed,
      // nor while the file is missing).
      if item.stamp != nil { Task { [pages] in _ = await pages.page(for: item) } }
      return Self.text(.ok, Self.version(of: item))
    case .audio(let name):
      guard listing.item(named: name) != nil, let entry = await pages.lastPage(named: name),
        case .linked(let file) = entry.summary?.audio
      else { return Self.notFound }
      let handler = FileHTTPHandler(
        path: URL(fileURLWithPath: "\(scratch.path)/\(file)"), contentType: "audio/flac", cacheControl: [.noStore])
      return (try? await handler.handleRequest(request)) ?? Self.notFound
    }
  }

  /// The page of `item`, or of its diagnostics; `name` is `nil` for the one pattern served.
  private func page(of item: ServedPatterns.Item, named name: String?) async -> HTTPResponse {
    let entry = await pages.page(for: item)
    let html: String
    if entry.succeeded {
      do {
        html = String(decoding: try FileSystem.readAll(entry.page, limit: 1 << 30), as: UTF8.self)
      } catch {
        return Self.text(.internalServerError, "\(error)\n")
      }
    } else {
      html = LivePage.failure(entry, name: item.name)
    }
    return Self.html(
      LivePage.live(
        html, version: Self.version(of: item), name: name, following: item.path, linksIndex: patterns.isFolder))
  }

  /// The index of the folder: every pattern's page rendered (again where its file changed),
  /// the refused files listed with their reason.
  private func index(_ listing: ServedPatterns.Listing) async -> String {
    var entries: [PreviewSite.Entry] = []
    for item in listing.items { entries.append(await pages.page(for: item)) }
    entries += listing.refused.map { PreviewSite.Entry(input: $0.path, page: "", diagnostics: [], error: .other($0)) }
    if let error = listing.error {
      entries.append(PreviewSite.Entry(input: patterns.path, page: "", diagnostics: [], error: .fileSystem(error)))
    }
    return LivePage.live(
      PreviewSite.index(of: entries), version: listing.version, name: nil, following: patterns.path,
      linksIndex: false)
  }

  /// What a page of `item` polls for: the stamp of its file, or `missing`.
  private static func version(of item: ServedPatterns.Item) -> String { item.stamp?.text ?? "missing" }

  private static let notFound = text(.notFound, "not found\n")

  private static func text(
    _ status: HTTPStatusCode, _ text: String, headers: [HTTPHeader: String] = [:]
  ) -> HTTPResponse {
    response(status, text, type: "text/plain; charset=utf-8", headers: headers)
  }

  private static func html(_ html: String) -> HTTPResponse {
    response(.ok, html, type: "text/html; charset=utf-8")
  }

  private static func response(
    _ status: HTTPStatusCode, _ text: String, type: String, headers: [HTTPHeader: String] = [:]
  ) -> HTTPResponse {
    var all = HTTPHeaders()
    all[.contentType] = type
    all[.cacheControl] = "no-store"
    all[HTTPHeader("X-Content-Type-Options")] = "nosniff"
    for (name, value) in headers { all[name] = value }
    return HTTPResponse(statusCode: status, headers: all, body: Data(text.utf8))
  }
}
