/// Splits a typed line into words, honouring "double" and 'single' quotes.
public enum CommandLineWords {
  /// The words, or an error for an unterminated quote.
  public static func split(_ line: String) -> Result<[String], CommandError> {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character.isWhitespace {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if quote != nil { return .failure(CommandError("Unterminated quote in: \(line)")) }
    if inWord { words.append(current) }
    return .success(words)
  }
}
