import Composable
import ComposableDebugger
import Foundation
import Sharing
import TerminalUI

/// The debugger every terminal app gets: commands that start with `:`, which no feature command can, over the
/// store's timeline.
///
/// `:timeline [text]` lists the last actions, `:at N` shows the screens as they were after action N (`:next`,
/// `:prev` step, `:resume` returns), `:diff N` shows what action N changed, `:effects` lists the effects running
/// now, `:alive` what is alive under the store. While a past state is shown, feature commands are refused: nothing
/// is applied to a past state.
@MainActor final class TerminalDebugger<State, Action> {
  let timeline: StoreTimeline<State, Action>
  let view: any TerminalView<State, Action>
  /// The action whose state is shown, while looking at the past.
  private(set) var viewing: Int?
  /// Lines shown under the banner while an action is shown, by its number (the failure a recording ends with).
  var notes: [Int: String] = [:]
  /// The last `:timeline` listing, so `:more` goes on with older entries.
  private var listing: (filter: String, shown: Int)?

  /// What is alive under the store now (nil once it is gone).
  private let alive: @MainActor () -> AliveCounts?

  init(
    timeline: StoreTimeline<State, Action>, view: any TerminalView<State, Action>,
    alive: @escaping @MainActor () -> AliveCounts? = { nil }
  ) {
    self.timeline = timeline
    self.view = view
    self.alive = alive
  }

  /// What a command answered: text to show, or one line saying why it was refused.
  enum Reply: Equatable {
    case text(String)
    case error(String)
  }

  /// The debugger's commands, as `help` lists them.
  static var help: String {
    """
    :timeline [text]  List the last actions, newest last (only those whose path or sender has the text).
    :more             Go on with older actions of the last listing.
    :at N             Show the screens as they were after action N.
    :next, :prev      Step to the next or previous action while looking at the past.
    :diff N           Show what action N changed in the state, shared values included.
    :effects          List the effects running now: who started them, for how long, their cancel ids.
    :alive            Count what is alive under the store: child stores, followers, watches, effects.
    :resume           Back to the live screen.
    """
  }

  /// Whether `line` is a debugger command.
  static func isCommand(_ line: String) -> Bool { line.hasPrefix(":") }

  /// The line that refuses a feature command while a past state is shown.
  var pastRefusal: String? {
    viewing.map {
      "You are looking at the past (#\($0)): nothing is applied to a past state. ':resume' returns to the live screen."
    }
  }

  /// The screen while looking at the past: a banner, then the screens as they were; nil when live.
  func screen(style: TextStyle) -> String? {
    guard let sequence = viewing, let entry = timeline.entry(sequence) else { return nil }
    let banner =
      style.bold("#\(sequence) of \(timeline.lastSequence) — :next, :prev, :resume")
      + style.dim("  (\(entry.path), \(entry.origin))")
    let note = notes[sequence].map { "\n" + style.red($0) } ?? ""
    // The state's shared values as they were after that action, not as they are now.
    return banner + note + "\n"
      + SharedHistory.reading(asOf: entry.sharedChange) { view.render(entry.state, style: style) }
  }

  /// Runs a `:` command; `pageSize` is how many actions a listing shows.
  func handle(_ line: String, pageSize: Int) -> Reply {
    let words = line.dropFirst().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let command = words.first else { return .error("A debugger command follows ':'; ':help' lists them.") }
    let argument = words.dropFirst().joined(separator: " ")
    switch command {
    case "help": return .text(Self.help)
    case "timeline": return list(filter: argument, from: 0, pageSize: pageSize)
    case "more":
      guard let listing else { return .error("Nothing to go on with: ':timeline' lists the last actions first.") }
      return list(filter: listing.filter, from: listing.shown, pageSize: pageSize)
    case "at": return show(argument, command: ":at")
    case "next", "prev":
      guard let current = viewing else {
        return .error("You are on the live screen: ':at N' goes back to action N first.")
      }
      return step(from: current, by: command == "next" ? 1 : -1)
    case "diff": return diff(argument.isEmpty ? viewing.map(String.init) ?? "" : argument)
    case "effects": return .text(effects())
    case "alive":
      guard let counts = alive() else { return .error("The store is gone: nothing is alive under it.") }
      return .text(counts.description)
    case "resume":
      guard viewing != nil else { return .text("Already on the live screen.") }
      viewing = nil
      return .text("Back to the live screen.")
    default:
      return .error("Unknown debugger command ':\(command)'; ':help' lists them.")
    }
  }

  /// Looks at the past from action `sequence` (used by `--replay … --step`).
  func view(at sequence: Int) {
    if timeline.entry(sequence) != nil { viewing = sequence }
  }

  // MARK: Commands

  private func list(filter: String, from start: Int, pageSize: Int) -> Reply {
    let page = timeline.listing(filter: filter, skipping: start, pageSize: pageSize)
    listing = page.shown.map { (filter, $0) }
    return .text(page.text)
  }

  private func show(_ text: String, command: String) -> Reply {
    switch timeline.keptSequence(in: text, command: command) {
    case let .failure(error): return .error(error.message)
    case let .success(number):
      viewing = number
      return .text("")
    }
  }

  private func step(from current: Int, by offset: Int) -> Reply {
    let target = current + offset
    guard let range = timeline.keptRange else { return .error("Nothing has happened yet: the timeline is empty.") }
    if target > range.upperBound {
      return .error("#\(current) is the last action: ':resume' returns to the live screen.")
    }
    if target < range.lowerBound {
      return .error("#\(current) is the first action kept.")
    }
    viewing = target
    return .text("")
  }

  private func diff(_ text: String) -> Reply {
    switch timeline.keptSequence(in: text, command: ":diff").flatMap(timeline.changes(of:)) {
    case let .failure(error): return .error(error.message)
    case let .success(text): return .text(text)
    }
  }

  private func effects() -> String { timeline.effectsReport }
}
