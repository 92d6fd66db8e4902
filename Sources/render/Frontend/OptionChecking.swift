/// A command whose combinations of options are checked after parsing, once swift-argument-parser
/// has reported unknown options: `--rat 8000` is then blamed on `--rat`, never on its stray value.
protocol OptionChecking {
  /// Throws `ValidationError` for values out of range or options that do not go together.
  func checkOptions() throws
}
