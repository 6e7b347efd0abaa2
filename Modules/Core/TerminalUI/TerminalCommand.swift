/// One command a screen accepts: its name, its arguments, one help line, and how its words become an action.
public struct TerminalCommand<Action> {
  /// What the user types first (`search`, `open`).
  public let name: String
  /// The arguments, as help shows them (`<query>`, `[n]`).
  public let arguments: [String]
  /// One line saying what it does.
  public let help: String
  /// Turns the words after the name into an action, or a message saying what was wrong.
  public let parse: ([String]) -> Result<Action, CommandError>
  /// What Tab offers for the next argument, given the arguments typed before it, each with a note for listings.
  public private(set) var candidates: ([String]) -> [CompletionCandidate]
  /// Whether the command does what `back` does (an alert's Cancel, whose screen has no action of its own for it).
  public private(set) var goesBack = false

  /// What Tab offers for the next argument, given the arguments typed before it.
  public var completions: ([String]) -> [String] {
    let candidates = candidates
    return { candidates($0).map(\.value) }
  }

  /// A command from its parts; `completions` suggests argument values for Tab (none by default).
  public init(
    _ name: String, arguments: [String] = [], help: String,
    completions: @escaping ([String]) -> [String] = { _ in [] },
    parse: @escaping ([String]) -> Result<Action, CommandError>
  ) {
    self.name = name
    self.arguments = arguments
    self.help = help
    self.candidates = { completions($0).map { CompletionCandidate($0) } }
    self.parse = parse
  }

  /// The same command, with Tab offering `candidates` (from the screen's state: rows, names, a field's value).
  public func completing(_ candidates: @escaping ([String]) -> [CompletionCandidate]) -> Self {
    var command = self
    command.candidates = candidates
    return command
  }

  /// A command without arguments that sends `action`; extra words are an error.
  public static func simple(_ name: String, help: String, action: Action) -> Self {
    Self(name, help: help) { words in
      words.isEmpty ? .success(action) : .failure(CommandError("'\(name)' takes no arguments."))
    }
  }

  /// A command without arguments that does what `back` does on the screen it is typed on: an alert's Cancel in an
  /// enum destination, whose actions have no case for dismissing it (the presenting parent's `back` does that).
  public static func back(_ name: String, help: String) -> Self {
    var command = Self(name, help: help) { _ in .failure(CommandError("'\(name)' goes back; it sends nothing.")) }
    command.goesBack = true
    return command
  }

  /// A command taking the rest of the line as one text argument (which may be empty only if `allowEmpty`).
  public static func text(
    _ name: String, argument: String, help: String, allowEmpty: Bool = false, action: @escaping (String) -> Action
  ) -> Self {
    Self(name, arguments: ["<\(argument)>"], help: help) { words in
      let text = words.joined(separator: " ")
      if text.isEmpty, !allowEmpty { return .failure(CommandError("'\(name)' needs <\(argument)>.")) }
      return .success(action(text))
    }
  }

  /// A command taking one whole number between `range`'s bounds (a row number, say); a number out of range is
  /// refused naming `noun` (the argument's name unless given: `page <n>` says "No page 9").
  public static func number(
    _ name: String, argument: String, naming noun: String? = nil, in range: ClosedRange<Int>, help: String,
    action: @escaping (Int) -> Action
  ) -> Self {
    Self(name, arguments: ["<\(argument)>"], help: help) { words in
      guard words.count == 1, let value = Int(words[0]) else {
        return .failure(CommandError("'\(name)' needs one number <\(argument)>."))
      }
      guard range.contains(value) else {
        return .failure(
          CommandError("No \(noun ?? argument) \(value): choose \(range.lowerBound)–\(range.upperBound)."))
      }
      return .success(action(value))
    }
  }

  /// A command taking one of `Option`'s raw values (`sort name|city|id`); anything else is refused, listing them.
  /// A listing of the choices marks `current`, the value in force.
  public static func choice<Option: RawRepresentable & CaseIterable>(
    _ name: String, of option: Option.Type, current: Option? = nil, help: String,
    action: @escaping (Option) -> Action
  ) -> Self where Option.RawValue == String {
    let names = Option.allCases.map(\.rawValue)
    let candidates = names.map { CompletionCandidate($0, note: $0 == current?.rawValue ? "(current)" : "") }
    return Self(name, arguments: [names.joined(separator: "|")], help: help) { words in
      guard words.count == 1, let value = Option(rawValue: words[0]) else {
        return .failure(CommandError("'\(name)' needs one of: \(names.joined(separator: ", "))."))
      }
      return .success(action(value))
    }
    .completing { $0.isEmpty ? candidates : [] }
  }

  /// `name <arg>  help`, for a help listing.
  public var usage: String { ([name] + arguments).joined(separator: " ") }

  /// The same command sending `transform`ed actions (how a parent screen embeds a child's commands).
  public func map<T>(_ transform: @escaping (Action) -> T) -> TerminalCommand<T> {
    let parse = self.parse
    var command = TerminalCommand<T>(name, arguments: arguments, help: help) { parse($0).map(transform) }
      .completing(candidates)
    command.goesBack = goesBack
    return command
  }
}

/// Why a typed command was refused; shown to the user on one line.
public struct CommandError: Error, Equatable, CustomStringConvertible {
  /// The message.
  public let message: String

  /// An error with a message.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
