/// How a feature appears in the terminal: its state as text, and the commands it accepts.
///
/// Each feature's Implementation module provides one; the shell composes them
/// and never needs to know a feature's internals.
public protocol TerminalView<State, Action> {
  /// The feature's state.
  associatedtype State
  /// The feature's actions.
  associatedtype Action

  /// The screen for `state`, styled with `style` (plain when colors are off).
  func render(_ state: State, style: TextStyle) -> String

  /// The commands the screen accepts in `state`.
  func commands(for state: State) -> [TerminalCommand<Action>]

  /// What the global `back` command sends in `state` (close the top screen), or nil when there is nothing to close.
  func backAction(for state: State) -> Action?

  /// Names the screen that `state` shows, so a session notices when another screen comes to the front.
  func screenID(for state: State) -> String

  /// What to send when this screen comes to the front (as SwiftUI's `task`), if anything.
  func appearAction(for state: State) -> Action?

  /// What to send when this screen comes to the front to start work that lasts as long as the screen (following
  /// the changes other sessions make): a live session neither shows it as work in progress nor lets Ctrl-C
  /// cancel it. The feature ends it when the screen goes (a dismissed screen's effects are cancelled).
  func followAction(for state: State) -> Action?

  /// Why the command just sent was refused, as `state` after it shows (a form that would not save), or nil.
  ///
  /// A command can parse and still be refused by the feature; the session prints this
  /// as the command's error, and a script stops with exit code 1, as for an unknown command.
  func refusal(in state: State) -> String?

  /// What to send when the screen gets `room` to draw in (the session starts, the terminal is resized), so a
  /// long list shows a page that fits.
  func fitActions(for room: TerminalSize, in state: State) -> [Action]

  /// What to send after Ctrl-C cancelled the work in progress, so the screen stops showing work that will never
  /// finish ("Loading…") and says what to type instead.
  func interruptedActions(in state: State) -> [Action]

  /// Whether a parent presenting this screen shows its own screen above it in `state` (an alert's is; a form's,
  /// which takes the whole screen, is not).
  func showsScreenBelow(for state: State) -> Bool

  /// Whether going from `old` to `new` can change what the screen shows: false lets a live session skip drawing
  /// it. A screen that shows a presented child or a stack's top screen asks only that screen, so a change of the
  /// state under it (a list reloading behind a pushed user) draws nothing.
  func screenChanges(from old: State, to new: State) -> Bool
}

extension TerminalView {
  /// A single screen has nothing to go back to.
  public func backAction(for state: State) -> Action? { nil }

  /// A single screen is always the same screen.
  public func screenID(for state: State) -> String { "" }

  /// By default a screen sends nothing when it appears.
  public func appearAction(for state: State) -> Action? { nil }

  /// By default a screen follows nothing while it shows.
  public func followAction(for state: State) -> Action? { nil }

  /// By default a screen refuses nothing once a command parsed.
  public func refusal(in state: State) -> String? { nil }

  /// By default a screen draws the same in any room.
  public func fitActions(for room: TerminalSize, in state: State) -> [Action] { [] }

  /// By default a screen shows no work of its own.
  public func interruptedActions(in state: State) -> [Action] { [] }

  /// By default a presented screen takes the whole screen.
  public func showsScreenBelow(for state: State) -> Bool { false }

  /// A screen whose state cannot be compared may change with any change.
  public func screenChanges(from old: State, to new: State) -> Bool { true }
}

extension TerminalView where State: Equatable {
  /// A screen drawn from its state alone changes when its state does.
  public func screenChanges(from old: State, to new: State) -> Bool { old != new }
}

extension TerminalView {
  /// Parses a typed line against this screen's commands: an action, or a one-line error.
  public func action(for line: String, in state: State) -> Result<Action, CommandError> {
    let words: [String]
    switch CommandLineWords.split(line) {
    case let .success(split): words = split
    case let .failure(error): return .failure(error)
    }
    guard let name = words.first else { return .failure(CommandError("Type a command; 'help' lists them.")) }
    guard let command = commands(for: state).first(where: { $0.name == name }) else {
      return .failure(CommandError("Unknown command '\(name)'; 'help' lists the commands of this screen."))
    }
    guard command.goesBack else { return command.parse(Array(words.dropFirst())) }
    guard words.count == 1 else { return .failure(CommandError("'\(name)' takes no arguments.")) }
    guard let back = backAction(for: state) else {
      return .failure(CommandError("There is nothing to go back to: this is the first screen."))
    }
    return .success(back)
  }

  /// What Tab offers for the word being typed: command names first, then the named command's argument values.
  public func completions(before words: [String], in state: State) -> [String] {
    completionCandidates(before: words, in: state).map(\.value)
  }

  /// What Tab offers for the word being typed, with the notes a listing of them shows (a row's user).
  public func completionCandidates(before words: [String], in state: State) -> [CompletionCandidate] {
    let commands = commands(for: state)
    guard let name = words.first else { return commands.map { CompletionCandidate($0.name) } }
    return commands.first { $0.name == name }?.candidates(Array(words.dropFirst())) ?? []
  }

  /// One line per command: usage, padded, then help.
  public func help(for state: State) -> String {
    let commands = commands(for: state)
    let width = commands.map(\.usage.count).max() ?? 0
    return commands.map { $0.usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.help }
      .joined(separator: "\n")
  }
}

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
