import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The manual page of `render` in mdoc(7), made from what `--help` shows: each command's abstract,
/// discussion and usage, and every option with its value list and default.
///
/// swift-argument-parser's own generator (`generate-manual`) copies discussions verbatim, so their
/// blank lines and indented examples make mdoc warnings, and it leaves out defaults. Here a blank
/// line becomes a paragraph, indented lines a literal display, each sentence starts a line (as
/// mdoc asks), no line is longer than 80 bytes, and the text is escaped for roff, so that
/// `mandoc -T lint` and `groff -mandoc -ww` find nothing to say.
struct ManualPage {
  var tool: ToolInfo.Command
  /// The usage lines of each command, by name (`RenderCommand.usageString(for:)`).
  var usage: [String: String]
  /// The page's date, `Month D, YYYY`.
  var date: String

  /// Text lines longer than this are broken.
  static let width = 78

  /// The page of the tool, dated from `SOURCE_DATE_EPOCH` when set (for reproducible builds),
  /// otherwise today.
  static func current() throws -> ManualPage {
    let tool = try ToolInfo.current().command
    var usage: [String: String] = [:]
    for subcommand in RenderCommand.configuration.subcommands {
      usage[subcommand.commandName] = RenderCommand.usageString(for: subcommand)
    }
    let epoch = getenv("SOURCE_DATE_EPOCH").flatMap { Int(String(cString: $0)) } ?? time(nil)
    return ManualPage(tool: tool, usage: usage, date: date(secondsSinceEpoch: epoch))
  }

  /// The mdoc source.
  var text: String {
    var lines = [
      ".Dd \(date)",
      ".Dt \(tool.name.uppercased()) 1",
      ".Os",
      ".Sh NAME",
      ".Nm \(tool.name)",
      ".Nd \(Self.escaped(String(tool.abstract.trimmingSuffix("."))))",
      ".Sh SYNOPSIS",
    ]
    for command in subcommands {
      for line in (usage[command.name] ?? "").split(separator: "\n") {
        lines += Self.synopsis(String(line))
      }
    }
    lines.append(".Sh DESCRIPTION")
    lines += Self.paragraphs(tool.discussion)
    lines += Self.list(tool.arguments)
    for command in subcommands {
      lines.append(".Ss \(tool.name) \(command.name)")
      lines += Self.paragraphs(command.abstract)
      if !command.discussion.isEmpty {
        lines.append(".Pp")
        lines += Self.paragraphs(command.discussion)
      }
      lines += Self.list(command.arguments)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The subcommands in the help, the default first.
  private var subcommands: [ToolInfo.Command] {
    let shown = tool.subcommands.filter { $0.isShown && $0.name != "help" }
    return shown.filter { $0.name == tool.defaultSubcommand } + shown.filter { $0.name != tool.defaultSubcommand }
  }

  // MARK: - Blocks

  /// A usage line (`render plot [<options>] <file.ahap> --output <file.svg>`) as synopsis macros.
  static func synopsis(_ usage: String) -> [String] {
    var lines: [String] = []
    var rest = Substring(usage)
    while let first = rest.first {
      switch first {
      case " ":
        rest = rest.dropFirst()
      case "[":
        lines.append(".Oo")
        rest = rest.dropFirst()
      case "]":
        lines.append(".Oc")
        rest = rest.dropFirst()
      case "<":
        let name = rest.dropFirst().prefix { $0 != ">" }
        lines.append(".Ar \(argument(String(name)))")
        rest = rest.dropFirst(name.count + 2)
      default:
        let word = String(rest.prefix { $0 != " " && $0 != "]" })
        rest = rest.dropFirst(word.count)
        if word == "...", let last = lines.indices.last {
          lines[last] += " ..."
        } else if word.hasPrefix("-") {
          lines.append(".Fl \(argument(String(word.dropFirst())))")
        } else if lines.isEmpty {
          lines.append(".Nm")
        } else {
          lines.append(".Cm \(argument(word))")
        }
      }
    }
    return lines
  }

  /// The arguments shown in the help, as a tagged list.
  static func list(_ arguments: [ToolInfo.Argument]) -> [String] {
    let shown = arguments.filter(\.isShown)
    guard !shown.isEmpty else { return [] }
    var lines = [".Bl -tag -width Ds"]
    for argument in shown {
      let value = argument.valueName.isEmpty ? "" : self.argument(argument.valueName)
      let repeats = argument.isRepeating ? " ..." : ""
      let names = argument.names.map { self.argument(String($0.dropFirst())) }.joined(separator: " , ")
      switch argument.kind {
      case .positional: lines.append(".It Ar \(value)\(repeats)")
      case .option: lines.append(".It Fl \(names) Ar \(value)\(repeats)")
      case .flag: lines.append(".It Fl \(names)")
      }
      let description = [argument.abstract, argument.valuesAndDefault].filter { !$0.isEmpty }.joined(separator: " ")
      lines += paragraphs(description)
      if !argument.discussion.isEmpty {
        lines.append(".Pp")
        lines += paragraphs(argument.discussion)
      }
    }
    lines.append(".El")
    return lines
  }

  /// Help text as mdoc: paragraphs at blank lines, lines indented by two spaces as literal
  /// displays, other lines of a paragraph joined and then set one sentence per line.
  static func paragraphs(_ text: String) -> [String] {
    var lines: [String] = []
    var prose: [String] = []
    var literal: [String] = []
    var needsBreak = false
    func flush() {
      if !prose.isEmpty {
        if needsBreak { lines.append(".Pp") }
        lines += sentences(prose.joined(separator: " "))
        prose = []
        needsBreak = true
      }
      if !literal.isEmpty {
        lines.append(".Bd -literal -offset indent")
        lines += literal.map { escaped(String($0.drop { $0 == " " }), literal: true) }
        lines.append(".Ed")
        literal = []
        needsBreak = true
      }
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) {
        flush()
      } else if line.hasPrefix("  ") {
        if !prose.isEmpty { flush() }
        literal.append(String(line))
      } else {
        if !literal.isEmpty { flush() }
        prose.append(line.trimmingCharacters(in: " "))
      }
    }
    flush()
    return lines
  }

  /// Prose as text lines: each sentence on a line of its own, lines broken at `width`, and no
  /// line ending in a full stop that does not end a sentence (roff would take it for one).
  static func sentences(_ text: String) -> [String] {
    var lines: [String] = []
    var line = ""
    let words = text.split(separator: " ")
    for (index, word) in words.enumerated() {
      let next = index + 1 < words.count ? words[index + 1] : nil
      let endsSentence = next.map { Self.endsSentence(word, before: $0) } ?? true
      // Not the end of a sentence: `\&` keeps roff from taking the full stop for one.
      var piece = escaped(String(word))
      if !endsSentence, word.last.map(".?!".contains) == true { piece += "\\&" }
      if !line.isEmpty, line.utf8.count + 1 + piece.utf8.count > width {
        lines.append(line)
        line = ""
      }
      line = line.isEmpty ? startOfLine(piece) : line + " " + piece
      if endsSentence {
        lines.append(line)
        line = ""
      }
    }
    return lines
  }

  /// Whether `word` ends a sentence that `next` starts: a full stop, question or exclamation
  /// mark (before any closing bracket or quote), then a capital letter or a digit.
  private static func endsSentence(_ word: Substring, before next: Substring) -> Bool {
    let trimmed = word.trimmingSuffix(")\"'")
    guard let mark = trimmed.last, ".?!".contains(mark), let start = next.first else { return false }
    return start.isUppercase || start.isNumber
  }

  // MARK: - Escaping

  /// `text` for a text line or a macro's argument: backslashes and hyphens escaped, every
  /// character beyond ASCII as its Unicode escape.
  static func escaped(_ text: String, literal: Bool = false) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return literal ? startOfLine(result) : result
  }

  /// `line`, with a zero-width space before a first character that roff reads as a request.
  private static func startOfLine(_ line: String) -> String {
    line.first.map { ".'".contains($0) } == true ? "\\&" + line : line
  }

  /// A word for a macro line: quoted when it holds a space, and kept from being read as a
  /// macro name.
  static func argument(_ word: String) -> String {
    let text = escaped(word)
    if word.contains(" ") { return "\"\(text)\"" }
    let looksLikeMacro =
      (2...3).contains(word.count) && word.first?.isUppercase == true && word.dropFirst().allSatisfy(\.isLowercase)
    return looksLikeMacro ? "\\&" + text : text
  }

  // MARK: - Date

  /// `November 25, 2026` for a time in seconds since 1970 (UTC).
  static func date(secondsSinceEpoch seconds: Int) -> String {
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
      "November", "December",
    ]
    // Days to a civil date (Howard Hinnant's algorithm).
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return "\(months[month - 1]) \(day), \(year)"
  }
}

extension StringProtocol {
  /// The text without the trailing characters that are in `characters`.
  fileprivate func trimmingSuffix(_ characters: String) -> SubSequence {
    var end = endIndex
    while end > startIndex, characters.contains(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }

  /// The text without leading and trailing characters that are in `characters`.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    String(drop { characters.contains($0) }.trimmingSuffix(characters))
  }
}
