extension RunningCommand {
  /// `render serve ARGUMENTS --port 0`, once it has printed its address, and a client for it.
  public static func serve(
    _ arguments: [String], in folder: String, environment: [String: String] = [:], descriptorLimit: Int? = nil
  ) throws -> (server: RunningCommand, get: HTTPGet) {
    let server = try RunningCommand(
      ["serve"] + arguments + ["--port", "0"], in: folder, environment: environment, descriptorLimit: descriptorLimit)
    let address = try server.firstLine(within: 60)
    guard let port = address.wholeMatch(of: #/http:\/\/127\.0\.0\.1:(\d+)\//#).flatMap({ UInt16($0.1) }) else {
      throw Timeout(description: "no address but '\(address)'; standard error: \(server.standardError)")
    }
    return (server, HTTPGet(port: port))
  }
}
