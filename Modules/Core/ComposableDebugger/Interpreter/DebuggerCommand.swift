import Foundation

/// One debugger command, as typed after `:` at the app's own prompt or in `composable-debugger`: parsed here, and
/// only here, so both sides take the same words and refuse in the same words.
public enum DebuggerCommand: Equatable, Sendable {
  /// `:help`: the commands of the side asking.
  case help
  /// `:timeline [text]`: the last actions, only those whose path or sender has the text.
  case timeline(filter: String)
  /// `:more`: older actions of the last listing.
  case more
  /// `:at N`: the past after action N (as typed: the timeline says whether it is kept).
  case at(String)
  /// `:next` (+1) or `:prev` (-1): a step through the past.
  case step(by: Int)
  /// `:diff [N]`: what action N changed (the action looked at when no number is given).
  case diff(String?)
  /// `:slow [N]`: the N slowest kept actions; `:slow on` / `:slow off` times each reduce from now on, or stops.
  case slow(Slow)
  /// `:effects`: the effects running now.
  case effects
  /// `:alive`: what is alive under the store.
  case alive
  /// `:send ACTION`: an action sent into the live store.
  case send(String)
  /// `:skip N`: how the state now would differ without action N.
  case skip(String)
  /// `:apply N`: the state without action N made the live state.
  case apply(String)
  /// `:filter [allow RULE | deny RULE | clear]`: the rules that hide actions from listings and exports (shown
  /// when given nothing).
  case filter(FilterChange?)
  /// `:find TEXT` or `:find KEY=VALUE`: where the state looked at (or the live one) has it.
  case find(String)
  /// `:export FILE`: the kept actions written as a recording.
  case export(path: String)
  /// `:follow [N]`: actions printed as they happen (an attached debugger's).
  case follow(count: Int?)
  /// `:resume`: back to the live app.
  case resume
  /// `:quit`: detach (an attached debugger's).
  case quit

  /// What `:slow` asks.
  public enum Slow: Equatable, Sendable {
    /// List the slowest kept actions, this many.
    case list(Int)
    /// Time each reduce from now on (`true`), or stop (`false`).
    case timing(Bool)
  }

  /// What `:filter` changes.
  public enum FilterChange: Equatable, Sendable {
    /// Show only actions matching this rule (or another allow rule).
    case allow(String)
    /// Hide actions matching this rule.
    case deny(String)
    /// Remove every rule.
    case clear
  }

  /// Where a command is typed: each side lists and takes the commands it can run.
  public enum Side: Sendable {
    /// At the app's own prompt (`runInTerminal`, the `users` shell): the past shows as its screens.
    case inApp
    /// In `composable-debugger`, attached from another terminal: the past shows as a state dump.
    case attached
  }

  /// The command `line` names (its leading `:` may be left out), or why it names none.
  public static func parse(_ line: String) -> Result<DebuggerCommand, TimelineQueryError> {
    var text = line.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix(":") { text.removeFirst() }
    let name = String(text.prefix { $0 != " " })
    let argument = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
    switch name {
    case "": return .failure(TimelineQueryError("A debugger command follows ':'; ':help' lists them."))
    case "help": return .success(.help)
    case "timeline": return .success(.timeline(filter: argument))
    case "more": return .success(.more)
    case "at": return .success(.at(argument))
    case "next": return .success(.step(by: 1))
    case "prev": return .success(.step(by: -1))
    case "diff": return .success(.diff(argument.isEmpty ? nil : argument))
    case "effects": return .success(.effects)
    case "alive": return .success(.alive)
    case "send": return .success(.send(argument))
    case "skip": return .success(.skip(argument))
    case "apply": return .success(.apply(argument))
    case "filter": return filter(argument)
    case "find": return .success(.find(argument))
    case "slow": return slow(argument)
    case "export":
      guard !argument.isEmpty else {
        return .failure(TimelineQueryError("':export' takes a file to write, such as ':export session.jsonl'."))
      }
      return .success(.export(path: argument))
    case "follow":
      guard !argument.isEmpty else { return .success(.follow(count: nil)) }
      guard let count = Int(argument), count >= 1 else {
        return .failure(
          TimelineQueryError("':follow' takes a number of actions to wait for, such as ':follow 3'."))
      }
      return .success(.follow(count: count))
    case "resume": return .success(.resume)
    case "quit", "exit": return .success(.quit)
    default: return .failure(TimelineQueryError("Unknown debugger command ':\(name)'; ':help' lists them."))
    }
  }

  /// `:filter` with `argument`: shown (nothing), cleared, or a rule added.
  private static func filter(_ argument: String) -> Result<DebuggerCommand, TimelineQueryError> {
    let word = String(argument.prefix { $0 != " " })
    let rule = argument.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
    switch (word, rule.isEmpty) {
    case ("", _): return .success(.filter(nil))
    case ("clear", true): return .success(.filter(.clear))
    case ("allow", false): return .success(.filter(.allow(rule)))
    case ("deny", false): return .success(.filter(.deny(rule)))
    default:
      return .failure(
        TimelineQueryError(
          "':filter' takes 'allow RULE', 'deny RULE' or 'clear' (a rule is a path prefix such as list. or a pattern such as *Tapped*)."
        ))
    }
  }

  /// `:slow` with `argument`: a listing of that many (10 when none), or timing turned on or off.
  private static func slow(_ argument: String) -> Result<DebuggerCommand, TimelineQueryError> {
    switch argument {
    case "": return .success(.slow(.list(10)))
    case "on": return .success(.slow(.timing(true)))
    case "off": return .success(.slow(.timing(false)))
    default:
      guard let count = Int(argument), count >= 1 else {
        return .failure(
          TimelineQueryError("':slow' takes a number of actions to list, such as ':slow 5', or 'on' or 'off'."))
      }
      return .success(.slow(.list(count)))
    }
  }

  /// The commands `side` takes, one line each, as `:help` lists them.
  public static func help(for side: Side) -> String {
    helpLines.compactMap { line in line.sides.contains(side) ? line.text(side) : nil }.joined(separator: "\n")
  }

  /// One line of the help: the usage, what it does on each side, and the sides that take it.
  private struct HelpLine {
    let usage: String
    let inApp: String?
    let attached: String?

    var sides: [Side] { (inApp == nil ? [] : [.inApp]) + (attached == nil ? [] : [.attached]) }

    func text(_ side: Side) -> String {
      usage.padding(toLength: 18, withPad: " ", startingAt: 0) + ((side == .inApp ? inApp : attached) ?? "")
    }

    init(_ usage: String, _ both: String) {
      (self.usage, inApp, attached) = (usage, both, both)
    }

    init(_ usage: String, inApp: String?, attached: String?) {
      (self.usage, self.inApp, self.attached) = (usage, inApp, attached)
    }
  }

  private static let helpLines: [HelpLine] = [
    HelpLine(
      ":timeline [text]", "List the last actions, newest last (only those whose path or sender has the text)."),
    HelpLine(":more", "Go on with older actions of the last listing."),
    HelpLine(
      ":follow [N]", inApp: nil, attached: "Print actions as they happen (until N arrived, or until you press Enter)."
    ),
    HelpLine(
      ":at N", inApp: "Show the screens as they were after action N.",
      attached: "Show the state after action N."),
    HelpLine(":next, :prev", "Step to the next or previous action while looking at the past."),
    HelpLine(":diff [N]", "Show what action N changed in the state, shared values included."),
    HelpLine(
      ":filter [RULES]",
      "Show the filter, or 'allow RULE', 'deny RULE', 'clear': a path prefix (list.) or pattern (*Tapped*) that "
        + "shows or hides actions in :timeline, :follow and :export."),
    HelpLine(":find TEXT", "List where the state looked at (else the live one) has TEXT, or a field KEY=VALUE."),
    HelpLine(":slow [N|on|off]", "List the N slowest actions (reduce, then effects); 'on' times each reduce."),
    HelpLine(":effects", "List the effects running now: who started them, for how long, their cancel ids."),
    HelpLine(":alive", "Count what is alive under the store: child stores, followers, watches, effects."),
    HelpLine(":send ACTION", "Send an action, as the timeline prints it (list.userTapped(3)) or as JSON."),
    HelpLine(":skip N", "Show how the state now would differ without action N (the app is untouched)."),
    HelpLine(":apply N", "Make the state without action N the live state (state only: never shared values)."),
    HelpLine(":export FILE", "Write the kept actions as a recording: '--replay FILE --step' opens it anywhere."),
    HelpLine(":resume", "Back to the live screen."),
    HelpLine(":quit", inApp: nil, attached: "Detach."),
  ]
}
