import Foundation

/// A view's answer for one state: the text it shows, the commands it accepts, and what it sends over its life.
///
/// Computed in one walk of the view tree; a session takes everything it needs for that state from it. A feature's
/// view usually gives only `text` and `commands`; modifiers (`onAppear`, `following`, `onResize`, `onInterrupt`)
/// and the views that compose screens (presenting, stacks) fill in the rest.
public struct TerminalScreen<State, Action> {
  /// Draws the screen as text: called only when the screen shows, so a screen under another (a list under a pushed
  /// user) is never drawn, and what a drawing reads is what the screen depends on.
  public var draw: () -> String
  /// Lists the commands the screen accepts: called only when a line is parsed or completed, or help is asked for, so
  /// the screen a command leads to costs no list of commands until the next line.
  public var listCommands: () -> [TerminalCommand<Action>]
  /// What the global `back` command sends (close the top screen), or nil when there is nothing to close.
  public var backAction: Action?
  /// Names the screen, so a session notices when another screen comes to the front.
  public var id: String
  /// The ids of the screens under this one that stay in the tree while it shows, bottom first, each as it reads
  /// when that screen is in front (the list under a pushed user, the user under its form): their work over their
  /// life (`following`) goes on while they are covered, as SwiftUI keeps a covered view's `task`.
  public var screensBelow: [String] = []
  /// Why the command just sent was refused, as this state shows it (a form that would not save), or nil.
  ///
  /// A command can parse and still be refused by the feature; a session prints this as the command's error, and a
  /// script stops with exit code 1, as for an unknown command.
  public var refusal: String?
  /// Whether a parent presenting this screen shows its own screen above it (an alert's does; a form's, which takes
  /// the whole screen, does not).
  public var showsScreenBelow: Bool
  /// What to send when the screen comes to the front (as SwiftUI's `task`), if anything.
  public var appearAction: Action?
  /// What to send when the screen first comes to the front to start work that lasts as long as the screen: a live
  /// session neither shows it as work in progress nor lets Ctrl-C cancel it, and sends it again only after the
  /// screen left the tree (see `screensBelow`).
  public var followAction: Action?
  /// What to send for the room the context gave (none when it gave none), so a long list shows a page that fits.
  public var fitActions: [Action]
  /// What to send after Ctrl-C cancelled the work in progress, so the screen stops showing work that will never
  /// finish ("Loading…").
  public var interruptedActions: [Action]

  /// A screen of `text` accepting `commands`.
  public init(
    text: @autoclosure @escaping () -> String, commands: @autoclosure @escaping () -> [TerminalCommand<Action>] = [],
    backAction: Action? = nil,
    id: String = "", refusal: String? = nil, showsScreenBelow: Bool = false, appearAction: Action? = nil,
    followAction: Action? = nil, fitActions: [Action] = [], interruptedActions: [Action] = []
  ) {
    draw = text
    listCommands = commands
    self.backAction = backAction
    self.id = id
    self.refusal = refusal
    self.showsScreenBelow = showsScreenBelow
    self.appearAction = appearAction
    self.followAction = followAction
    self.fitActions = fitActions
    self.interruptedActions = interruptedActions
  }

  /// The screen as text, drawn at each use.
  public var text: String { draw() }

  /// The commands the screen accepts, listed at each use; set, the screen accepts these.
  public var commands: [TerminalCommand<Action>] {
    get { listCommands() }
    set { listCommands = { newValue } }
  }

  /// This screen as a parent shows it: its actions embedded by `embed`.
  public func embedded<ParentState, ParentAction>(
    action embed: @escaping (Action) -> ParentAction
  ) -> TerminalScreen<ParentState, ParentAction> {
    var screen = TerminalScreen<ParentState, ParentAction>(
      text: draw(), commands: listCommands().map { $0.map(embed) }, backAction: backAction.map(embed), id: id,
      refusal: refusal, showsScreenBelow: showsScreenBelow, appearAction: appearAction.map(embed),
      followAction: followAction.map(embed), fitActions: fitActions.map(embed),
      interruptedActions: interruptedActions.map(embed))
    screen.screensBelow = screensBelow
    return screen
  }

  /// This screen and the screens below it named as a parent shows them (`rename` wraps each id).
  public func renamed(_ rename: (String) -> String) -> Self {
    var screen = self
    screen.id = rename(id)
    screen.screensBelow = screensBelow.map(rename)
    return screen
  }
}

extension TerminalScreen {
  /// Parses a typed line against the screen's commands: an action, or a one-line error.
  public func action(for line: String) -> Result<Action, CommandError> {
    let words: [String]
    switch CommandLineWords.split(line) {
    case let .success(split): words = split
    case let .failure(error): return .failure(error)
    }
    guard let name = words.first else { return .failure(CommandError("Type a command; 'help' lists them.")) }
    guard let command = commands.first(where: { $0.name == name }) else {
      return .failure(CommandError("Unknown command '\(name)'; 'help' lists the commands of this screen."))
    }
    guard command.goesBack else { return command.parse(Array(words.dropFirst())) }
    guard words.count == 1 else { return .failure(CommandError("'\(name)' takes no arguments.")) }
    guard let backAction else {
      return .failure(CommandError("There is nothing to go back to: this is the first screen."))
    }
    return .success(backAction)
  }

  /// What Tab offers for the word being typed, with the notes a listing of them shows (a row's user): command
  /// names first, then the named command's argument values.
  public func completionCandidates(before words: [String]) -> [CompletionCandidate] {
    guard let name = words.first else { return commands.map { CompletionCandidate($0.name) } }
    return commands.first { $0.name == name }?.candidates(Array(words.dropFirst())) ?? []
  }

  /// One line per command: usage, padded, then help.
  public var help: String {
    let width = commands.map(\.usage.count).max() ?? 0
    return commands.map { $0.usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.help }
      .joined(separator: "\n")
  }
}
