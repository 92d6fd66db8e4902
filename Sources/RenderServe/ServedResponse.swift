import HapticFiles
import HapticServe
import NIOHTTP1

/// One answer of `render serve`: a status, its headers, and a text or a part of a file.
struct ServedResponse: Sendable {
  enum Body: Sendable {
    case bytes([UInt8])
    /// `range` of the bytes of `file`, read piece by piece as they are sent.
    case file(FileSystem.OpenedFile, range: Range<Int>)

    var count: Int {
      switch self {
      case .bytes(let bytes): bytes.count
      case .file(_, let range): range.count
      }
    }
  }

  var status: HTTPResponseStatus
  var headers: [(name: String, value: String)]
  var body: Body

  /// Sent with every answer: never cached, never sniffed as another type.
  private static let always = [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]

  static func text(
    _ status: HTTPResponseStatus, _ text: String, headers: [(name: String, value: String)] = []
  ) -> ServedResponse {
    ServedResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + always + headers,
      body: .bytes(Array(text.utf8)))
  }

  static func html(_ html: String) -> ServedResponse {
    ServedResponse(
      status: .ok, headers: [("Content-Type", "text/html; charset=utf-8")] + always, body: .bytes(Array(html.utf8)))
  }

  static let notFound = text(.notFound, "not found\n")

  /// The head that sends this answer: its headers, its length, and whether the connection
  /// stays open (said in HTTP/1.0's words where that is not the default).
  func head(version: HTTPVersion, keepsOpen: Bool) -> HTTPResponseHead {
    var fields = HTTPHeaders(headers)
    fields.add(name: "Content-Length", value: String(body.count))
    if !keepsOpen {
      fields.add(name: "Connection", value: "close")
    } else if version == .http1_0 {
      fields.add(name: "Connection", value: "keep-alive")
    }
    return HTTPResponseHead(version: version, status: status, headers: fields)
  }

  /// `file` (of `type`) as `range` asks: whole (`200`), one part (`206`), or `416` when the
  /// range starts past its end.
  static func file(_ file: FileSystem.OpenedFile, type: String, range: ByteRange) -> ServedResponse {
    let size = file.size
    let headers = [("Content-Type", type), ("Accept-Ranges", "bytes")] + always
    switch range {
    case .whole:
      return ServedResponse(status: .ok, headers: headers, body: .file(file, range: 0..<size))
    case .part(let lower, let upper):
      return ServedResponse(
        status: .partialContent, headers: headers + [("Content-Range", "bytes \(lower)-\(upper)/\(size)")],
        body: .file(file, range: lower..<(upper + 1)))
    case .unsatisfiable:
      var answer = text(.rangeNotSatisfiable, "the range is outside the file's \(size) bytes\n")
      answer.headers.append(("Content-Range", "bytes */\(size)"))
      return answer
    }
  }
}
