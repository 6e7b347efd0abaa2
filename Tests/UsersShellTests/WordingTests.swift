import Foundation
import Testing

/// The sentences the product prints (every string literal in `Modules/` and `App/`) have none of the mistakes a
/// machine can catch: "a" before a vowel sound or "an" before a consonant, a doubled period, a raw type name
/// where a reader expects words ("not a Int").
struct WordingTests {
  /// The repository's root.
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Words that start with a vowel letter but a consonant sound ("a user"), or the other way round ("an hour").
  private static let consonantSoundVowelWords: Set<String> = [
    "one", "once", "user", "users", "unique", "usable", "union", "unit", "uniform", "useful", "usual", "universal",
    "unicode", "uuid", "url", "utf", "utf-8", "eu", "uri",
  ]
  private static let vowelSoundConsonantWords: Set<String> = [
    "hour", "honest", "f", "h", "l", "m", "n", "r", "s", "x", "http", "html", "mit", "nsl", "sql", "svg", "rfc",
    "lldb",
  ]
  private static let rawTypeNames = [
    "Int", "String", "Bool", "Double", "Float", "Array", "Dictionary", "Optional", "UInt", "Int64", "Data", "Character",
  ]

  /// What is wrong with `sentence`, one line per mistake.
  static func mistakes(in sentence: String) -> [String] {
    var found: [String] = []
    let words = sentence.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    for (index, word) in words.enumerated() where index + 1 < words.count {
      let next = words[index + 1].trimmingCharacters(
        in: CharacterSet.letters.union(.decimalDigits).union(["-"]).inverted)
      let lowered = next.lowercased()
      guard let first = lowered.first, first.isLetter else { continue }
      let startsWithVowelLetter = "aeiou".contains(first)
      if word == "a" || word == "A" {
        if startsWithVowelLetter, !consonantSoundVowelWords.contains(lowered),
          !consonantSoundVowelWords.contains(where: { lowered.hasPrefix($0) && $0.count > 2 })
        {
          found.append("'a \(next)' should be 'an \(next)'")
        }
        if rawTypeNames.contains(next) { found.append("'a \(next)' names a Swift type where a reader expects words") }
      }
      if word == "an" || word == "An" {
        if (!startsWithVowelLetter && !vowelSoundConsonantWords.contains(lowered))
          || consonantSoundVowelWords.contains(lowered)
        {
          found.append("'an \(next)' should be 'a \(next)'")
        }
        if rawTypeNames.contains(next) { found.append("'an \(next)' names a Swift type where a reader expects words") }
      }
    }
    // A doubled period, but not an ellipsis ("..."), a range ("..<") or a path ("../").
    let characters = Array(sentence)
    for index in characters.indices.dropLast() where characters[index] == "." && characters[index + 1] == "." {
      let before = index > 0 ? characters[index - 1] : " "
      let after = index + 2 < characters.count ? characters[index + 2] : " "
      guard before != ".", after != ".", after != "<", after != "/" else { continue }
      found.append(
        "a doubled period: '…\(String(characters[max(0, index - 1)...min(characters.count - 1, index + 2)]))…'")
    }
    return found
  }

  /// The string literals of a Swift file: single-line and multi-line, interpolations left as `\(…)`.
  static func stringLiterals(in source: String) -> [String] {
    var literals: [String] = []
    let characters = Array(source)
    var index = 0
    func starts(with text: String, at position: Int) -> Bool {
      let needle = Array(text)
      return position + needle.count <= characters.count
        && Array(characters[position..<position + needle.count]) == needle
    }
    while index < characters.count {
      if starts(with: "//", at: index) {
        while index < characters.count, characters[index] != "\n" { index += 1 }
        continue
      }
      let multiLine = starts(with: "\"\"\"", at: index)
      guard multiLine || characters[index] == "\"" else {
        index += 1
        continue
      }
      let delimiter = multiLine ? "\"\"\"" : "\""
      index += delimiter.count
      var literal = ""
      var depth = 0
      while index < characters.count {
        if depth == 0, starts(with: delimiter, at: index) { break }
        if !multiLine, depth == 0, characters[index] == "\n" { break }
        if characters[index] == "\\", index + 1 < characters.count {
          if characters[index + 1] == "(" { depth += 1 }
          literal.append(characters[index])
          literal.append(characters[index + 1])
          index += 2
          continue
        }
        if depth > 0, characters[index] == "(" { depth += 1 }
        if depth > 0, characters[index] == ")" { depth -= 1 }
        literal.append(characters[index])
        index += 1
      }
      index += delimiter.count
      literals.append(literal)
    }
    return literals
  }

  @Test func theProductsSentencesHaveNoMechanicalMistakes() throws {
    var problems: [String] = []
    var sentences = 0
    for folder in ["Modules", "App"] {
      let enumerator = FileManager.default.enumerator(
        at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        let source = try String(contentsOf: url, encoding: .utf8)
        for literal in Self.stringLiterals(in: source) {
          sentences += 1
          for mistake in Self.mistakes(in: literal) {
            problems.append("\(url.path.replacingOccurrences(of: Self.root.path + "/", with: "")): \(mistake)")
          }
        }
      }
    }
    #expect(sentences > 2_000, "the scan found too few literals: it no longer reads the sources")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func eachRuleCatchesItsMistake() {
    #expect(
      Self.mistakes(in: "the field 'id' is not a Int") == [
        "'a Int' should be 'an Int'", "'a Int' names a Swift type where a reader expects words",
      ])
    #expect(Self.mistakes(in: "an user was added") == ["'an user' should be 'a user'"])
    #expect(Self.mistakes(in: "It was not saved.. Retry") == ["a doubled period: '…d.. …'"])
    #expect(Self.mistakes(in: "an error, a user, an hour, a URL, an M, … and ../data").isEmpty)
    #expect(Self.stringLiterals(in: #"let a = "x \("y") z" // "comment""#) == [#"x \("y") z"#])
  }
}
