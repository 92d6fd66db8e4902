import Foundation
import HapticFiles
import HapticPipeline
import HapticPreview
import HapticServe
import HapticSupport
import HapticSynthesis
import NIOCore
import NIOHTTP1
import NIOPosix

/// The web server of `render serve`: on 127.0.0.1 only, it shows the preview page of a
/// pattern, or the index of a folder of them and their pages, and an open page follows its file:
/// it polls the page's version (the stamp of the file) and reloads when it changed; the poll
/// that meets the new stamp starts the render that the reload gets. A pattern that cannot be
/// shown gets a page of its diagnostics instead (docs/serve.md).
///
/// HTTP is SwiftNIO's server pipeline, held to ``ServerLimits``. The pages are written into a
/// scratch folder of `$TMPDIR`, removed with the server (and on SIGINT, SIGTERM or SIGHUP:
/// ``TemporaryFiles/removeAll()``).
final class PreviewServer: Sendable {
  /// Why the server cannot listen.
  struct ListenError: Error, CustomStringConvertible {
    var port: UInt16
    var reason: String
    var description: String { "cannot listen on 127.0.0.1:\(port): \(reason)" }
  }

  private typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

  private let patterns: ServedPatterns
  private let pages: RenderedPages
  private let scratch: ScratchFolder
  /// The port listened on, once known: requests must name it in their `Host`.
  private let port = Locked<UInt16?>(nil)

  /// - Parameters:
  ///   - path: An `.ahap` file or a folder.
  ///   - rendered: Called after each render, on the render thread (to print its diagnostics).
  /// - Throws: ``FileSystemError`` when `path` is neither, or no scratch folder can be made.
  init(
    serving path: String, options: RenderOptions, loader: PatternLoader, treatsWarningsAsErrors: Bool,
    plotWidth: Int, rendered: @escaping @Sendable (PreviewSite.Entry) -> Void
  ) throws(FileSystemError) {
    patterns = try ServedPatterns(path: path)
    scratch = try ScratchFolder(prefix: "render-serve-")
    let site = PreviewSite(
      folder: scratch.path, options: options, loader: loader, treatsWarningsAsErrors: treatsWarningsAsErrors,
      plotWidth: plotWidth)
    pages = RenderedPages(site: site, patterns: patterns, rendered: rendered)
  }

  /// Listens on 127.0.0.1 at `port` (0: a free port that the system picks), calls `listening`
  /// with the port once it does, and serves until the task is cancelled.
  ///
  /// Connections are served ``ServerLimits/connections`` at a time (``ConnectionSlots``); the
  /// next ones wait in the system's queue. When the process runs out of descriptors, accepting
  /// pauses and resumes (SwiftNIO's accept back-off) instead of failing, and a connection that
  /// cannot be set up (closed by its client before it is) is dropped alone: the listening
  /// channel takes no error from it.
  ///
  /// - Throws: ``ListenError`` when it cannot listen (the port is taken, say).
  func run(port requested: UInt16, listening: @escaping @Sendable (UInt16) -> Void) async throws {
    let (connections, accepted) = AsyncStream.makeStream(of: Connection.self)
    let server: any Channel
    do {
      server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.backlog, value: ServerLimits.backlog)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        // A client that has sent its request and shut its side still gets the answer.
        .childChannelOption(.allowRemoteHalfClosure, value: true)
        .childChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture { accepted.yield(try Self.configure(channel)) }
        }
        .bind(host: "127.0.0.1", port: Int(requested)).get()
    } catch let error as IOError {
      throw ListenError(port: requested, reason: String(cString: strerror(error.errnoCode)).lowercased())
    }
    server.closeFuture.whenComplete { _ in accepted.finish() }
    guard let number = server.localAddress?.port.flatMap(UInt16.init(exactly:)) else {
      throw ListenError(port: requested, reason: "the system gave no port")
    }
    port.withLock { $0 = number }
    listening(number)
    let slots = ConnectionSlots(server: server)
    // A task per connection, not a task group's child: a group would keep every finished
    // child until it is awaited, for as long as the server runs.
    for await connection in connections {
      slots.take()
      Task {
        await self.serve(connection, slots: slots)
        slots.release()
      }
    }
    try? await server.close()
  }

  /// The pipeline of one connection: SwiftNIO's HTTP/1.1 decoder and encoder, the decoder held
  /// to ``ServerLimits``, the answer to a request it refuses, and the deadlines.
  private static func configure(_ channel: any Channel) throws -> Connection {
    var limits = NIOHTTPDecoderLimitConfiguration()
    limits.maxHeaderFieldSize = ServerLimits.fieldBytes
    limits.maxHeaderListSize = ServerLimits.headerBytes
    limits.maxHeaderFieldCount = ServerLimits.headerFields
    let pipeline = channel.pipeline.syncOperations
    let watch = RequestLineWatch()
    try pipeline.addHandler(watch)
    try pipeline.configureHTTPServerPipeline(
      withPipeliningAssistance: false, withErrorHandling: false, withEncoderConfiguration: .init(),
      withDecoderLimitConfiguration: limits)
    try pipeline.addHandler(MalformedRequestAnswer(watch: watch))
    try pipeline.addHandler(ConnectionDeadlines())
    return try Connection(wrappingChannelSynchronously: channel)
  }

  /// Answers the requests of one connection in turn, until it closes or asks to, yielding to
  /// the other connections after each answer (a client that pipelines thousands of requests
  /// holds no thread).
  ///
  /// The connection is closed after an answer to a request with a body (which is not read), a
  /// method other than GET and HEAD, or an `Upgrade` header (none is made: the decoder would
  /// read nothing after it), and while every slot is taken, so that connections kept alive
  /// cannot keep a waiting one out.
  private func serve(_ connection: Connection, slots: ConnectionSlots) async {
    try? await connection.executeThenClose { requests, answers in
      for try await part in requests {
        guard case .head(let head) = part else { continue }
        let hasBody =
          head.headers["content-length"].contains { $0 != "0" } || head.headers.contains(name: "transfer-encoding")
        let response = await respond(to: head)
        let keepsOpen =
          head.isKeepAlive && !hasBody && (head.method == .GET || head.method == .HEAD)
          && !head.headers.contains(name: "upgrade") && !slots.isFull
        try await write(
          response, to: answers, version: head.version, keepsOpen: keepsOpen, sendsBody: head.method != .HEAD)
        if !keepsOpen { return }
        await Task.yield()
      }
    }
  }

  private func write(
    _ response: ServedResponse, to answers: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
    version: HTTPVersion, keepsOpen: Bool, sendsBody: Bool
  ) async throws {
    try await answers.write(.head(response.head(version: version, keepsOpen: keepsOpen)))
    if sendsBody {
      switch response.body {
      case .bytes(let bytes):
        try await answers.write(.body(.byteBuffer(ByteBuffer(bytes: bytes))))
      case .file(let file, let range):
        var offset = range.lowerBound
        while offset < range.upperBound {
          let piece = try file.read(from: offset, count: min(ServerLimits.chunkBytes, range.upperBound - offset))
          // A file that shrank since it was opened: the answer is cut short, and so is the connection.
          guard !piece.isEmpty else { throw FileSystemError.failed(path: file.path, reason: "ended early") }
          try await answers.write(.body(.byteBuffer(ByteBuffer(bytes: piece))))
          offset += piece.count
        }
      }
    }
    try await answers.write(.end(nil))
  }

  /// The answer to one request: a page, its version, a long pattern's audio; 404 for any other
  /// path, 405 for a method but GET and HEAD, 400 for a request with no `Host` or several, 403
  /// for a `Host` other than the server's own (a page of another site that has its name resolve
  /// to 127.0.0.1 cannot read the pages).
  private func respond(to head: HTTPRequestHead) async -> ServedResponse {
    guard head.method == .GET || head.method == .HEAD else {
      return .text(.methodNotAllowed, "only GET and HEAD are served\n", headers: [("Allow", "GET, HEAD")])
    }
    let hosts = head.headers["host"]
    guard hosts.count == 1 else { return .text(.badRequest, "a request names one Host\n") }
    guard let port = port.withLock({ $0 }),
      case let host = hosts[0].trimmingCharacters(in: [" ", "\t"]).lowercased(),
      host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
    else {
      return .text(.forbidden, "this server answers requests for 127.0.0.1 and localhost only\n")
    }
    guard let target = RequestTarget(head.uri),
      let route = PreviewRoute(path: target.path, page: target.page, isFolder: patterns.isFolder)
    else { return .notFound }
    let listing = patterns.list()
    switch route {
    case .home:
      guard patterns.isFolder else { return await page(of: listing.items[0], named: nil) }
      return .html(await index(listing))
    case .page(let name):
      guard let item = listing.item(named: name) else { return .notFound }
      return await page(of: item, named: name)
    case .version(let name):
      let item: ServedPatterns.Item
      if let name {
        guard patterns.isFolder, let named = listing.item(named: name) else { return .notFound }
        item = named
      } else if patterns.isFolder {
        return .text(.ok, listing.version)
      } else {
        item = listing.items[0]
      }
      // The page that asks will reload when its file changed: its render starts now, while the
      // answer travels and the page reloads (nothing is rendered again when nothing changed,
      // nor while the file is missing).
      if item.stamp != nil { Task { [pages] in _ = await pages.page(for: item) } }
      return .text(.ok, Self.version(of: item))
    case .audio(let name):
      guard listing.item(named: name) != nil, let entry = await pages.lastPage(named: name),
        case .linked(let name) = entry.summary?.audio,
        let file = try? FileSystem.openFile("\(scratch.path)/\(name)")
      else { return .notFound }
      return .file(
        file, type: "audio/flac", range: ByteRange(header: head.headers.first(name: "range"), size: file.size))
    }
  }

  /// The page of `item`, or of its diagnostics; `name` is `nil` for the one pattern served.
  private func page(of item: ServedPatterns.Item, named name: String?) async -> ServedResponse {
    let entry = await pages.page(for: item)
    let html: String
    if entry.succeeded {
      do {
        html = String(decoding: try FileSystem.readAll(entry.page, limit: 1 << 30), as: UTF8.self)
      } catch {
        return .text(.internalServerError, "\(error)\n")
      }
    } else {
      html = LivePage.failure(entry, name: item.name)
    }
    return .html(
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
}
