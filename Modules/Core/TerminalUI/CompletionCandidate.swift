/// One thing Tab can put on the line, and a note a listing of the choices shows beside it (the name of the user
/// in row 3, the value a field has now).
public struct CompletionCandidate: Hashable, Sendable {
  /// The text Tab inserts.
  public let value: String
  /// Shown after the value when the choices are listed; empty for none.
  public let note: String

  /// A candidate `value`, listed with `note`.
  public init(_ value: String, note: String = "") {
    self.value = value
    self.note = note
  }

  /// The candidates that continue the words typed so far toward one of `phrases` (names, cities, a field's
  /// value), for a command whose argument is the rest of the line.
  ///
  /// Tab completes one word at a time, so a phrase whose first words are exactly `typed` offers the rest of it:
  /// with nothing typed, "Ada Lovelace" is offered whole; after "Ada", "Lovelace". Phrases compare ignoring
  /// case, so that "ada" still reaches "Lovelace".
  public static func continuing(_ typed: [String], among phrases: some Sequence<String>) -> [CompletionCandidate] {
    let typed = typed.map { $0.lowercased() }
    var seen: Set<String> = []
    var candidates: [CompletionCandidate] = []
    for phrase in phrases {
      let words = phrase.split(whereSeparator: \.isWhitespace)
      guard words.count > typed.count, zip(words, typed).allSatisfy({ $0.lowercased() == $1 }) else { continue }
      let rest = words.dropFirst(typed.count).joined(separator: " ")
      if seen.insert(rest).inserted { candidates.append(CompletionCandidate(rest)) }
    }
    return candidates
  }
}
