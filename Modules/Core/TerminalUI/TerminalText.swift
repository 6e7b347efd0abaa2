import LineEditing

/// Makes text safe to write to a terminal: control characters shown escaped, lines cut to the terminal's width.
///
/// Text from input or data (a user's name, a typed command echoed in an error)
/// can hold escape sequences that would move the cursor or clear the screen;
/// here they become visible spellings such as `\e[2J`.
public enum TerminalText {
  /// `text` with every control character spelled out: `\e`, `\n`, `\t`, `\r`, `\x07`, `\u{9B}`.
  ///
  /// For one value from data or input, before a view styles or lays it out.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars { append(scalar, escapedTo: &result) }
    return result
  }

  /// A whole rendered screen made safe: line breaks and the color codes `TextStyle` writes stay, every other
  /// control character is spelled out.
  ///
  /// The session passes everything it writes through this, so a view that forgot
  /// to escape a value still cannot move the cursor or clear the screen.
  public static func safeScreen(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
    var result = ""
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\n" {
        result.unicodeScalars.append(scalar)
        index += 1
      } else if scalar == "\u{1B}", let length = styleCodeLength(scalars, at: index) {
        result.unicodeScalars.append(contentsOf: scalars[index..<index + length])
        index += length
      } else {
        append(scalar, escapedTo: &result)
        index += 1
      }
    }
    return result
  }

  /// `line` cut to `columns` display columns, ending in `…` when cut; color codes take no room, and a cut line
  /// ends with a reset so its color does not run on.
  public static func truncated(_ line: some StringProtocol, toColumns columns: Int) -> String {
    let characters = Array(line)
    guard DisplayWidth.of(line) > columns else { return String(line) }
    var result = ""
    var width = 0
    var styled = false
    var position = 0
    while position < characters.count {
      let character = characters[position]
      if character == "\u{1B}" {
        // A color code: ESC, '[', digits, 'm' (each its own character); copied whole, it takes no room.
        var end = position + 1
        while end < characters.count - 1, characters[end] != "m" { end += 1 }
        result.append(contentsOf: characters[position...end])
        styled = true
        position = end + 1
        continue
      }
      let characterWidth = DisplayWidth.of(character)
      // Room for the ellipsis is kept: the cut line is exactly `columns` wide at most.
      if width + characterWidth > columns - 1 { break }
      width += characterWidth
      result.append(character)
      position += 1
    }
    // Color codes made the line look longer than it is: it fits.
    if position == characters.count { return result }
    result.append("…")
    if styled { result.append("\u{1B}[0m") }
    return result
  }

  /// Whether `scalar` is a C0 or C1 control character or DEL.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The length of a `TextStyle` color code (`ESC [ digits m`) starting at `index`, if one starts there.
  static func styleCodeLength(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
    guard index + 2 < scalars.count, scalars[index + 1] == "[" else { return nil }
    var end = index + 2
    while end < scalars.count, end - index < 8, ("0"..."9").contains(scalars[end]) || scalars[end] == ";" {
      end += 1
    }
    guard end < scalars.count, end > index + 2, scalars[end] == "m" else { return nil }
    return end - index + 1
  }

  private static func append(_ scalar: Unicode.Scalar, escapedTo result: inout String) {
    switch scalar {
    case "\u{1B}": result += "\\e"
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
    case _ where isControl(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: result.unicodeScalars.append(scalar)
    }
  }
}
