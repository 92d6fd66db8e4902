import HapticRender

/// Text with one `⚑` marker, for tests that check where a diagnostic points.
public struct MarkedText {
  /// The text without the marker.
  public let text: String
  /// Where the marker was: 1-based line and UTF-8 column of the character after it.
  public let position: TextPosition

  public init(_ marked: String) {
    var line = 1
    var column = 1
    var found: TextPosition?
    var clean = ""
    for character in marked {
      if character == "⚑" {
        found = TextPosition(line: line, column: column)
        continue
      }
      clean.append(character)
      if character == "\n" {
        line += 1
        column = 1
      } else {
        column += character.utf8.count
      }
    }
    precondition(found != nil, "no ⚑ marker in the fixture")
    text = clean
    position = found ?? TextPosition(line: 0, column: 0)
  }
}
