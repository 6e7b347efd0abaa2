import Composable
import Foundation
import Sharing
import ValueDump

/// Why a question about a timeline has no answer: one line a debugger shows as it is.
public struct TimelineQueryError: Error, Equatable, Sendable {
  /// The line that says what is wrong.
  public let message: String

  /// The error saying `message`.
  public init(_ message: String) { self.message = message }
}

/// A page of a timeline's listing: its text, and how many matching entries (newest first) it and the pages before
/// it showed, so the next page goes on from there.
public struct TimelineListing: Equatable, Sendable {
  /// The rows, then a footer.
  public let text: String
  /// Matching entries shown so far, counted from the newest; nil when there is nothing more to page through.
  public let shown: Int?
  /// Whether older matching entries remain.
  public let hasOlder: Bool
}

// The answers every debugger gives, whatever shows them: the app's own prompt and a client attached from another
// terminal say the same words.
extension StoreTimeline {
  /// The kept entries whose path or sender has `filter` (all when empty) and that `rules` admit, newest last: the
  /// page that starts `skipping` entries before the newest and holds up to `pageSize`.
  public func listing(
    filter: String, skipping start: Int = 0, pageSize: Int, rules: TimelineFilter = TimelineFilter()
  ) -> TimelineListing {
    let kept = self.entries
    let entries = rules.isEmpty ? kept : kept.filter { rules.admits($0.path) }
    let hidden = kept.count - entries.count
    guard !kept.isEmpty else {
      return TimelineListing(text: "Nothing has happened yet: the timeline is empty.", shown: nil, hasOlder: false)
    }
    let matching =
      filter.isEmpty
      ? entries
      : entries.filter {
        $0.path.localizedCaseInsensitiveContains(filter)
          || $0.origin.description.localizedCaseInsensitiveContains(filter)
      }
    guard !matching.isEmpty else {
      let text =
        filter.isEmpty
        ? "The filter hides all \(hidden) kept actions (':filter' shows it)."
        : "No kept action\(hidden > 0 ? " the filter shows" : "") matches '\(filter)'."
      return TimelineListing(text: text, shown: nil, hasOlder: false)
    }
    guard start < matching.count else {
      let text = "No older actions\(filter.isEmpty ? "" : " match '\(filter)'")."
      return TimelineListing(text: text, shown: nil, hasOlder: false)
    }
    let end = matching.count - start
    let first = max(end - max(pageSize, 1), 0)
    let shown = matching[first..<end]
    var lines = rows(of: Array(shown), upToNow: end == matching.count)
    let keptText = keptRange.map { "#\($0.lowerBound)–#\($0.upperBound)" } ?? ""
    let what = filter.isEmpty ? "actions" : "actions matching '\(filter)'"
    var footer = "\(what.prefix(1).uppercased() + what.dropFirst()) \(first + 1)–\(end) of \(matching.count)"
    footer += " (kept: \(keptText)\(hidden > 0 ? "; \(hidden) hidden by ':filter'" : ""))"
    footer += first > 0 ? "; ':more' shows older ones." : "."
    lines.append(footer)
    return TimelineListing(text: lines.joined(separator: "\n"), shown: start + shown.count, hasOlder: first > 0)
  }

  /// The kept entries after action `sequence` that `rules` admit, one row each, as a listing shows them (with the changes other
  /// processes made between them): what a debugger following the store live prints as they arrive.
  public func rows(after sequence: Int, rules: TimelineFilter = TimelineFilter()) -> [String] {
    let newer = entries.filter { $0.sequence > sequence && rules.admits($0.path) }
    return newer.isEmpty ? [] : rows(of: newer, upToNow: true)
  }

  /// One row per entry, with the changes other processes made to shared values between the entries they came
  /// between (and after the last, when `upToNow`).
  private func rows(of shown: [TimelineEntry<State, Action>], upToNow: Bool) -> [String] {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss.SSS"
    let numberWidth = String(lastSequence).count + 1
    var elsewhere = sharedChangesElsewhere[...]
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
    if let first = shown.first, let before = sharedChange(before: first.sequence) {
      elsewhere = elsewhere.drop { $0.number <= before }
    }
    var lines: [String] = []
    for entry in shown {
      lines += changesElsewhere(before: entry.sharedChange)
      let number = ("#" + String(entry.sequence)).padding(toLength: numberWidth, withPad: " ", startingAt: 0)
      let origin = entry.origin.description.padding(toLength: 16, withPad: " ", startingAt: 0)
      let shared = changedSharedValues(entry) ? "  (changed shared values)" : ""
      let slow = entry.reduceDuration.flatMap { $0 >= Self.slowReduce ? "  (slow reduce: \(spoken($0)))" : nil } ?? ""
      lines.append("\(number)  \(formatter.string(from: entry.date))  \(origin) \(entry.path)\(shared)\(slow)")
    }
    if upToNow { lines += changesElsewhere(before: nil) }
    return lines
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
    guard let before = sharedChange(before: entry.sequence) else { return nil }
    let elsewhere = sharedChangesElsewhere.last { $0.number > before && $0.number <= entry.sharedChange }
    return max(before, elsewhere?.number ?? before)
  }

  /// The kept action number `text` names, or why it names none; `command` is how the error suggests writing one.
  public func keptSequence(in text: String, command: String) -> Result<Int, TimelineQueryError> {
    guard !text.isEmpty else {
      return .failure(TimelineQueryError("'\(command)' takes an action number, such as '\(command) 12'."))
    }
    guard let number = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text) else {
      return .failure(TimelineQueryError("'\(text)' is not an action number; try '\(command) 12'."))
    }
    guard let range = keptRange else {
      return .failure(TimelineQueryError("Nothing has happened yet: the timeline is empty."))
    }
    guard number >= 1, number <= range.upperBound else {
      return .failure(
        TimelineQueryError("There is no action #\(number): actions go from #1 to #\(range.upperBound)."))
    }
    guard number >= range.lowerBound else {
      return .failure(
        TimelineQueryError(
          "Action #\(number) is no longer kept: the timeline keeps the last \(capacity) actions "
            + "(#\(range.lowerBound)–#\(range.upperBound))."))
    }
    return .success(number)
  }

  /// The states on each side of action `sequence`, to compare later, on any thread (`ChangeSides.text()`).
  public func sidesOfChange(_ sequence: Int) -> Result<ChangeSides<State>, TimelineQueryError> {
    guard let entry = entry(sequence), let before = state(before: sequence), let sharedBefore = sharedBase(of: entry)
    else {
      return .failure(TimelineQueryError("Action #\(sequence) is no longer kept."))
    }
    return .success(
      ChangeSides(
        header: "#\(sequence) \(entry.path) (\(entry.origin))", before: before, sharedBefore: sharedBefore,
        after: entry.state, sharedAfter: entry.sharedChange))
  }

  /// The state after action `sequence`, to dump later, on any thread (`KeptState.dump()`).
  public func keptState(after sequence: Int) -> Result<KeptState<State>, TimelineQueryError> {
    guard let entry = entry(sequence) else {
      return .failure(TimelineQueryError("Action #\(sequence) is no longer kept."))
    }
    return .success(
      KeptState(
        header: "#\(sequence) \(entry.path) (\(entry.origin)), the state after it:",
        subject: "the state after #\(sequence)", state: entry.state, sharedChange: entry.sharedChange))
  }

  /// A reduce that takes longer than a frame at 60 Hz: the timeline marks it.
  public static var slowReduce: Duration { .milliseconds(16) }

  /// The `count` slowest kept actions by their reduce and the effects they started together, as `:slow` lists
  /// them; says what to do when nothing was timed.
  public func slowest(_ count: Int) -> String {
    let timed = entries.compactMap {
      entry -> (entry: TimelineEntry<State, Action>, reduce: Duration?, effects: Duration?)? in
      let effects = effectsDuration(of: entry.sequence)
      guard entry.reduceDuration != nil || effects != nil else { return nil }
      return (entry, entry.reduceDuration, effects)
    }
    let timing = timesReduces ? "" : " (':slow on' times each reduce from now on)"
    guard !timed.isEmpty else { return "No kept action was timed and none started an effect\(timing)." }
    let ranked = timed.sorted {
      ($0.reduce ?? .zero) + ($0.effects ?? .zero) > ($1.reduce ?? .zero) + ($1.effects ?? .zero)
    }
    .prefix(count)
    let numberWidth = String(lastSequence).count + 1
    var lines = [
      "The \(ranked.count) slowest kept action\(ranked.count == 1 ? "" : "s"), by reduce and effects\(timing):"
    ]
    for (entry, reduce, effects) in ranked {
      let number = ("#" + String(entry.sequence)).padding(toLength: numberWidth, withPad: " ", startingAt: 0)
      let reduceText = ("reduce " + (reduce.map(spoken) ?? "—")).padding(toLength: 16, withPad: " ", startingAt: 0)
      let effectsText = ("effects " + (effects.map(spoken) ?? "—")).padding(toLength: 17, withPad: " ", startingAt: 0)
      lines.append("  \(number)  \(reduceText)  \(effectsText)  \(entry.path)")
    }
    return lines.joined(separator: "\n")
  }

  /// The effects running now, one line each, as `:effects` lists them.
  public var effectsReport: String {
    let running = runningEffects
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

/// A kept state taken off the timeline, dumped where the caller likes: a debugger serving another process dumps a
/// large state on its client's thread, not on the main actor the app runs on.
///
/// Unchecked: a state is a value, and the shared values it holds are read through their locks, as of a past change
/// number kept per thread.
public struct KeptState<State>: @unchecked Sendable {
  /// The line above the dump.
  public let header: String
  /// Which state it is, as a search names it ("the state after #12", "the live state").
  let subject: String
  let state: State
  let sharedChange: UInt64

  /// The header, then the state with its shared values as they were then.
  public func dump() -> String {
    header + "\n" + SharedHistory.reading(asOf: sharedChange) { valueDump(state) }
  }
}

/// The states on each side of an action, compared where the caller likes (see `KeptState`).
public struct ChangeSides<State>: @unchecked Sendable {
  /// `#N path (origin)`.
  public let header: String
  let before: State
  let sharedBefore: UInt64
  let after: State
  let sharedAfter: UInt64

  /// What changed, each side with its shared values as they were then: a change of the sort order or of the
  /// favorites shows.
  public func text() -> String {
    let old = SharedHistory.reading(asOf: sharedBefore) { ValueSnapshot(of: before) }
    let changes = SharedHistory.reading(asOf: sharedAfter) { valueDiff(old, after) }
    guard let changes else { return header + " changed nothing." }
    return header + " changed:\n" + changes
  }
}

/// A duration as a person reads it: `850 ns`, `12.4 µs`, `3.1 ms`, `2.05 s`.
func spoken(_ duration: Duration) -> String {
  let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
  switch nanoseconds {
  case ..<1_000: return "\(Int(nanoseconds)) ns"
  case ..<1_000_000: return String(format: "%.1f µs", nanoseconds / 1e3)
  case ..<1_000_000_000: return String(format: "%.1f ms", nanoseconds / 1e6)
  default: return String(format: "%.2f s", nanoseconds / 1e9)
  }
}
