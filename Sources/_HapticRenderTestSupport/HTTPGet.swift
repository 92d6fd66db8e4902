import Foundation

/// One HTTP/1.1 request to a server on 127.0.0.1, written byte for byte as given (a path
/// with `..` or `%2e%2e` reaches the server unchanged, as no URL type would let it), and its
/// answer read to the end. Waits at most `timeout` seconds for each read and write.
public struct HTTPGet: Sendable {
  /// The answer.
  public struct Response: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// Why no answer came.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public var port: UInt16
  public var timeout: Int = 60

  public init(port: UInt16) {
    self.port = port
  }

  /// Sends `method path` with `Host: host` (by default the server's own address).
  public func callAsFunction(_ path: String, host: String? = nil, method: String = "GET") throws -> Response {
    #if os(Linux)
      let stream = Int32(SOCK_STREAM.rawValue)
    #else
      let stream = SOCK_STREAM
    #endif
    let connection = socket(AF_INET, stream, 0)
    guard connection >= 0 else { throw Failure(description: "socket: \(errno)") }
    defer { close(connection) }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure(description: "cannot connect to 127.0.0.1:\(port): errno \(errno)") }
    let request = Array(
      "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, 0) }) == request.count else {
      throw Failure(description: "the request was not sent")
    }
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(connection, &chunk, chunk.count, 0)
      if count == 0 { break }
      guard count > 0 else { throw Failure(description: "no answer within \(timeout) s (errno \(errno))") }
      answer += chunk[..<count]
      if let response = Self.parse(answer) { return response }
    }
    guard let response = Self.parse(answer) else { throw Failure(description: "an incomplete answer") }
    return response
  }

  /// The response in `bytes`, once its head and `Content-Length` bytes of body are there.
  private static func parse(_ bytes: [UInt8]) -> Response? {
    let separator = Array("\r\n\r\n".utf8)
    guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
    let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let body = Array(bytes[(end + separator.count)...])
    guard let length = headers["content-length"].flatMap(Int.init) else { return nil }
    guard body.count >= length else { return nil }
    return Response(status: status, headers: headers, body: Array(body.prefix(length)))
  }
}
