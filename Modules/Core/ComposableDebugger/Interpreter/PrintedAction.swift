import Foundation

/// An action written as the timeline prints it (`list.userTapped(3)`, `path[id: 0].detail.editTapped`,
/// `appStarted(interactive: false)`, `delegate(.selected(21))`), read back into the JSON its `Codable` conformance
/// reads: what `:send` takes besides a recording's JSON.
///
/// The printed form leaves out what the JSON needs: the `presented` level of a presentation, and whether brackets
/// stand for a collection's `element` case. So a printed action stands for a few JSON texts, which the caller tries
/// in turn (`jsonCandidates`).
struct PrintedAction {
  /// One level of the path: `name`, `name[id: 0]` or `name(payload)`.
  struct Segment {
    let name: String
    let element: [Argument]?
    let payload: [Argument]?
  }

  /// A payload's argument, labelled or not.
  struct Argument {
    let label: String?
    let value: Value
  }

  /// A payload's value as printed.
  indirect enum Value {
    /// A number, a string, `true`, `false` or `nil`, already as JSON.
    case literal(String)
    /// `.name` or `.name(arguments)`: an enum case.
    case enumCase(String, [Argument]?)
    /// `Type(arguments)`: a struct's fields, or a wrapper's one value.
    case instance([Argument])
    /// `[a, b]`.
    case list([Value])
  }

  let segments: [Segment]

  /// The action `text` prints, or where it stops reading as one.
  static func parse(_ text: String) -> Result<PrintedAction, TimelineQueryError> {
    var reader = PrintedActionReader(text)
    do {
      let action = PrintedAction(segments: try reader.path())
      guard reader.isAtEnd() else { throw reader.failure("expected '.' or the end") }
      return .success(action)
    } catch let error as TimelineQueryError {
      return .failure(error)
    } catch {
      return .failure(TimelineQueryError("\(error)"))
    }
  }

  /// The JSON texts this action may stand for, the plainest first: each level may be a presentation's `presented`
  /// case, and brackets may be a collection's `element` case or a case of their own. At most 256.
  var jsonCandidates: [String] {
    let boundaries = max(segments.count - 1, 0)
    let elements = segments.filter { $0.element != nil }.count
    let choices = min(boundaries + elements, 8)
    return (0..<(1 << choices)).map { mask in render(from: 0, mask: mask, bit: 0).text }
  }

  /// The JSON of the segments from `index` on; `mask` says, bit by bit, where `presented` goes and which form
  /// brackets take.
  private func render(from index: Int, mask: Int, bit: Int) -> (text: String, bit: Int) {
    let segment = segments[index]
    let isLast = index == segments.count - 1
    var bit = bit
    func choose() -> Bool {
      defer { bit += 1 }
      return bit < 8 && mask & (1 << bit) != 0
    }
    if let payload = segment.payload {
      return (object([(segment.name, Self.arguments(payload))]), bit)
    }
    guard !isLast else { return (object([(segment.name, "{}")]), bit) }
    let wrapsInPresented = choose()
    if let fields = segment.element {
      let asCase = choose()
      let (rest, after) = render(from: index + 1, mask: mask, bit: bit)
      let inner = Self.object(fields, extra: [("action", wrapsInPresented ? presented(rest) : rest)])
      let value = asCase ? inner : object([("_0", object([("element", inner)]))])
      return (object([(segment.name, value)]), after)
    }
    let (rest, after) = render(from: index + 1, mask: mask, bit: bit)
    return (object([(segment.name, object([("_0", wrapsInPresented ? presented(rest) : rest)]))]), after)
  }

  private func presented(_ json: String) -> String { object([("presented", object([("_0", json)]))]) }

  private func object(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { "\(Self.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  /// Arguments as an object: labelled ones by their label, the others as `_0`, `_1`…, as Swift encodes a case.
  static func arguments(_ arguments: [Argument]) -> String {
    object(arguments, extra: [])
  }

  private static func object(_ arguments: [Argument], extra: [(String, String)]) -> String {
    let pairs =
      arguments.enumerated().map { index, argument in
        (argument.label ?? "_\(index)", json(argument.value))
      } + extra
    return "{" + pairs.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  private static func json(_ value: Value) -> String {
    switch value {
    case let .literal(text): text
    case let .enumCase(name, arguments): "{\(quoted(name)):\(arguments.map(Self.arguments) ?? "{}")}"
    case let .instance(arguments):
      // A wrapper printed with its one value (`User.ID(3)`) encodes as that value.
      arguments.count == 1 && arguments[0].label == nil ? json(arguments[0].value) : Self.arguments(arguments)
    case let .list(values): "[" + values.map(json).joined(separator: ",") + "]"
    }
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}

/// Reads a printed action character by character.
struct PrintedActionReader {
  private let characters: [Character]
  private var position = 0
  private let text: String

  /// A reader at the start of `text`.
  init(_ text: String) {
    self.text = text
    characters = Array(text)
  }

  /// Whether nothing but spaces is left.
  mutating func isAtEnd() -> Bool {
    skipSpaces()
    return position == characters.count
  }

  /// Why the text is not an action, at the reader's position.
  func failure(_ expected: String) -> TimelineQueryError {
    let shown = position < characters.count ? "'\(characters[position])' at column \(position + 1)" : "its end"
    return TimelineQueryError(
      "'\(text)' is not an action as the timeline prints it (list.userTapped(3)) or as JSON: \(expected), found \(shown)."
    )
  }

  /// The segments of a path: `a.b[id: 1].c(2)`.
  mutating func path() throws -> [PrintedAction.Segment] {
    var segments = [try segment()]
    while peek(".") {
      position += 1
      segments.append(try segment())
    }
    return segments
  }

  private mutating func segment() throws -> PrintedAction.Segment {
    let name = try identifier()
    var element: [PrintedAction.Argument]?
    var payload: [PrintedAction.Argument]?
    if peek("[") {
      position += 1
      element = try arguments(closing: "]")
    }
    if peek("(") {
      position += 1
      payload = try arguments(closing: ")")
    }
    return PrintedAction.Segment(name: name, element: element, payload: payload)
  }

  private mutating func arguments(closing: Character) throws -> [PrintedAction.Argument] {
    var arguments: [PrintedAction.Argument] = []
    if peek(closing) {
      position += 1
      return arguments
    }
    while true {
      let start = position
      var label: String?
      if let name = try? identifier(), peek(":") {
        position += 1
        label = name
      } else {
        position = start
      }
      arguments.append(PrintedAction.Argument(label: label, value: try value()))
      if peek(",") {
        position += 1
        continue
      }
      guard peek(closing) else { throw failure("expected ',' or '\(closing)'") }
      position += 1
      return arguments
    }
  }

  private mutating func value() throws -> PrintedAction.Value {
    skipSpaces()
    guard position < characters.count else { throw failure("expected a value") }
    let character = characters[position]
    if character == "\"" { return .literal(try string()) }
    if character == "-" || character.isNumber { return .literal(number()) }
    if character == "." {
      position += 1
      let name = try identifier()
      guard peek("(") else { return .enumCase(name, nil) }
      position += 1
      return .enumCase(name, try arguments(closing: ")"))
    }
    if character == "[" {
      position += 1
      var values: [PrintedAction.Value] = []
      if peek("]") {
        position += 1
        return .list(values)
      }
      while true {
        values.append(try value())
        if peek(",") {
          position += 1
          continue
        }
        guard peek("]") else { throw failure("expected ',' or ']'") }
        position += 1
        return .list(values)
      }
    }
    let name = try identifier(allowingDots: true)
    switch name {
    case "true", "false": return .literal(name)
    case "nil": return .literal("null")
    default:
      guard peek("(") else { throw failure("expected a value (a number, a string, .case, Type(…))") }
      position += 1
      return .instance(try arguments(closing: ")"))
    }
  }

  private mutating func identifier(allowingDots: Bool = false) throws -> String {
    skipSpaces()
    let start = position
    while position < characters.count,
      characters[position].isLetter || characters[position].isNumber || characters[position] == "_"
        || (allowingDots && characters[position] == "." && position > start)
    {
      position += 1
    }
    guard position > start, !characters[start].isNumber else { throw failure("expected a name") }
    return String(characters[start..<position])
  }

  private mutating func number() -> String {
    let start = position
    position += 1
    while position < characters.count, characters[position].isNumber || "._eE+-".contains(characters[position]) {
      position += 1
    }
    return String(characters[start..<position]).replacingOccurrences(of: "_", with: "")
  }

  /// A string literal as printed (Swift's escapes, which JSON shares but for `\0`, `\t` and `\u{…}`), as JSON.
  private mutating func string() throws -> String {
    position += 1
    var value = ""
    while position < characters.count, characters[position] != "\"" {
      if characters[position] == "\\", position + 1 < characters.count {
        position += 1
        switch characters[position] {
        case "n": value.append("\n")
        case "t": value.append("\t")
        case "r": value.append("\r")
        case "0": value.append("\0")
        default: value.append(characters[position])
        }
      } else {
        value.append(characters[position])
      }
      position += 1
    }
    guard position < characters.count else { throw failure("expected the string's closing '\"'") }
    position += 1
    return PrintedAction.quoted(value)
  }

  private mutating func peek(_ character: Character) -> Bool {
    skipSpaces()
    return position < characters.count && characters[position] == character
  }

  private mutating func skipSpaces() {
    while position < characters.count, characters[position] == " " { position += 1 }
  }
}
