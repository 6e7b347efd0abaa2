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
    let entries = timeline.entries
    guard !entries.isEmpty else { return .text("Nothing has happened yet: the timeline is empty.") }
    let matching =
      filter.isEmpty
      ? entries
      : entries.filter {
        $0.path.localizedCaseInsensitiveContains(filter)
          || $0.origin.description.localizedCaseInsensitiveContains(filter)
      }
    guard !matching.isEmpty else { return .text("No kept action matches '\(filter)'.") }
    guard start < matching.count else {
      listing = nil
      return .text("No older actions\(filter.isEmpty ? "" : " match '\(filter)'").")
    }
    let page = max(pageSize, 1)
    let end = matching.count - start
    let first = max(end - page, 0)
    let shown = matching[first..<end]
    listing = (filter, start + shown.count)
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss.SSS"
    let numberWidth = String(timeline.lastSequence).count + 1
    // Changes other processes made to shared values go between the entries they came between.
    var elsewhere = timeline.sharedChangesElsewhere[...]
    func changesElsewhere(before limit: UInt64?) -> [String] {
      var rows: [String] = []
      while let change = elsewhere.first, limit.map({ change.number <= $0 }) ?? true {
        elsewhere.removeFirst()
        let blank = String(repeating: " ", count: numberWidth)
        let origin = "another process".padding(toLength: 16, withPad: " ", startingAt: 0)
        rows.append("\(blank)  \(formatter.string(from: change.date))  \(origin) \(change.file) changed")
      }
      return rows
    }
    if let first = shown.first, let before = timeline.sharedChange(before: first.sequence) {
      elsewhere = elsewhere.drop { $0.number <= before }
    }
    var lines: [String] = []
    for entry in shown {
      lines += changesElsewhere(before: entry.sharedChange)
      let number = ("#" + String(entry.sequence)).padding(toLength: numberWidth, withPad: " ", startingAt: 0)
      let origin = entry.origin.description.padding(toLength: 16, withPad: " ", startingAt: 0)
      let shared = changedSharedValues(entry) ? "  (changed shared values)" : ""
      lines.append("\(number)  \(formatter.string(from: entry.date))  \(origin) \(entry.path)\(shared)")
    }
    if end == matching.count { lines += changesElsewhere(before: nil) }
    let kept = timeline.keptRange.map { "#\($0.lowerBound)–#\($0.upperBound)" } ?? ""
    let what = filter.isEmpty ? "actions" : "actions matching '\(filter)'"
    var footer = "\(what.prefix(1).uppercased() + what.dropFirst()) \(first + 1)–\(end) of \(matching.count)"
    footer += " (kept: \(kept))"
    footer += first > 0 ? "; ':more' shows older ones." : "."
    lines.append(footer)
    return .text(lines.joined(separator: "\n"))
  }

  /// Whether the shared values `entry`'s state holds changed with it: the state read as of the change before
  /// it and as of its own differs (any shared value of the process may have changed meanwhile; only the state's
  /// count).
  private func changedSharedValues(_ entry: TimelineEntry<State, Action>) -> Bool {
    guard let before = sharedBase(of: entry), before != entry.sharedChange else { return false }
    let then = SharedHistory.reading(asOf: before) { ValueSnapshot(of: entry.state) }
    return SharedHistory.reading(asOf: entry.sharedChange) { valueDiff(then, entry.state) } != nil
  }

  /// The shared change number `entry`'s own changes are counted from: the one before it, or the last change
  /// another process made since (that one is its own row, not this action's doing).
  private func sharedBase(of entry: TimelineEntry<State, Action>) -> UInt64? {
    guard let before = timeline.sharedChange(before: entry.sequence) else { return nil }
    let elsewhere = timeline.sharedChangesElsewhere.last { $0.number > before && $0.number <= entry.sharedChange }
    return max(before, elsewhere?.number ?? before)
  }

  /// The action number in `text`, or why there is none to show.
  private func sequence(in text: String, command: String) -> Result<Int, TerminalDebuggerError> {
    guard !text.isEmpty else {
      return .failure(TerminalDebuggerError("'\(command)' takes an action number, such as '\(command) 12'."))
    }
    guard let number = Int(text) else {
      return .failure(TerminalDebuggerError("'\(text)' is not an action number; try '\(command) 12'."))
    }
    guard let range = timeline.keptRange else {
      return .failure(TerminalDebuggerError("Nothing has happened yet: the timeline is empty."))
    }
    guard number >= 1, number <= range.upperBound else {
      return .failure(
        TerminalDebuggerError("There is no action #\(number): actions go from #1 to #\(range.upperBound)."))
    }
    guard number >= range.lowerBound else {
      return .failure(
        TerminalDebuggerError(
          "Action #\(number) is no longer kept: the timeline keeps the last \(timeline.capacity) actions "
            + "(#\(range.lowerBound)–#\(range.upperBound))."))
    }
    return .success(number)
  }

  private func show(_ text: String, command: String) -> Reply {
    switch sequence(in: text, command: command) {
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
    switch sequence(in: text, command: ":diff") {
    case let .failure(error): return .error(error.message)
    case let .success(number):
      guard let entry = timeline.entry(number), let before = timeline.state(before: number),
        let sharedBefore = sharedBase(of: entry)
      else {
        return .error("Action #\(number) is no longer kept.")
      }
      let header = "#\(number) \(entry.path) (\(entry.origin))"
      // Each side with its shared values as they were then: a change of the sort order or of the favorites shows.
      let old = SharedHistory.reading(asOf: sharedBefore) { ValueSnapshot(of: before) }
      let changes = SharedHistory.reading(asOf: entry.sharedChange) { valueDiff(old, entry.state) }
      guard let changes else { return .text(header + " changed nothing.") }
      return .text(header + " changed:\n" + changes)
    }
  }

  private func effects() -> String {
    let running = timeline.runningEffects
    guard !running.isEmpty else { return "No effects are running." }
    var lines = ["\(running.count) effect\(running.count == 1 ? "" : "s") running:"]
    for effect in running {
      var line = "  effect \(effect.id)  \(effect.ageText)  started by #\(effect.startedBy) " + effect.actionPath
      if !effect.cancellationIDs.isEmpty { line += "  cancel id: " + effect.cancellationIDs.joined(separator: ", ") }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

/// Why a debugger command was refused.
struct TerminalDebuggerError: Error {
  let message: String

  init(_ message: String) { self.message = message }
}
