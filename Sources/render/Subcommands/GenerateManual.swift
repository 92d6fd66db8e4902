import ArgumentParser

/// `render generate-manual`: the manual page, which scripts/install installs (hidden from the help).
struct GenerateManual: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate-manual",
    abstract: "Print the manual page of render (mdoc); dated from SOURCE_DATE_EPOCH when it is set.",
    shouldDisplay: false)

  func run() throws {
    print(try ManualPage.current().text, terminator: "")
  }
}
