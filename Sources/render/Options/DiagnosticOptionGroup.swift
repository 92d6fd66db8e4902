import ArgumentParser

/// How much the tool says on standard error.
struct DiagnosticOptionGroup: ParsableArguments {
  @Flag(name: [.customShort("q"), .long], help: "Print errors only: no warnings, no summary.")
  var quiet = false
}
