import Composable
import Foundation
import Sharing
import ValueDump

/// The debugger's one interpreter: answers every `:` command over a root store and its timeline, for the app's own
/// prompt and for a client attached from another terminal alike (each side keeps one per session), so both say the
/// same words. Which past it shows differs by side: the app draws its screens as they were, an attached client
/// prints the state.
@MainActor public final class StoreDebugger<State, Action> {
  /// The timeline the commands read.
  public let timeline: StoreTimeline<State, Action>
  /// Where the commands are typed.
  public let side: DebuggerCommand.Side
  private weak var store: Store<State, Action>?
  /// Actions from the text `:send` takes, and recordings for `:export`, when the app's actions are `Codable`.
  private let coding: ActionCoding<State, Action>?
  /// The action whose past is looked at, if any.
  public private(set) var viewing: Int?
  /// The rules `:filter` keeps, applied to listings, to what a following client is sent and to exports.
  public private(set) var filter = TimelineFilter()
  /// The last `:timeline` listing, so `:more` goes on with older entries.
  private var listing: (filter: String, shown: Int)?

  /// What a command answered.
  public enum Reply: @unchecked Sendable {
    /// Text to show (empty: nothing to say; the app shows its screen again).
    case text(String)
    /// Why the command was refused, in one line.
    case error(String)
    /// Text made away from the main actor: a large state's dump or diff, made on a client's thread.
    case later(@Sendable () -> String)
    /// Detach (an attached client's `:quit`).
    case quit
    /// Print actions as they happen (an attached client follows with `since` requests).
    case follow(count: Int?)
  }

  /// A debugger over `store`'s timeline (nil when it keeps none: see `Store.recordTimeline`), answering as `side`.
  /// When the app's actions are `Codable` it can also send one (`:send`) and export a recording (`:export`).
  public convenience init?(store: Store<State, Action>, side: DebuggerCommand.Side) {
    guard let timeline = store.timeline else { return nil }
    self.init(store: store, timeline: timeline, side: side, coding: ActionCoding<State, Action>.ifCodable())
  }

  init(
    store: Store<State, Action>, timeline: StoreTimeline<State, Action>, side: DebuggerCommand.Side,
    coding: ActionCoding<State, Action>?
  ) {
    self.store = store
    self.timeline = timeline
    self.side = side
    self.coding = coding
  }

  /// Parses and runs `line`; `pageSize` is how many actions a listing shows.
  public func run(_ line: String, pageSize: Int) -> Reply {
    switch DebuggerCommand.parse(line) {
    case let .failure(error): .error(error.message)
    case let .success(command): run(command, pageSize: pageSize)
    }
  }

  /// Runs `command`; `pageSize` is how many actions a listing shows.
  public func run(_ command: DebuggerCommand, pageSize: Int) -> Reply {
    guard let store else { return .error("The store is gone: there is nothing left to debug.") }
    switch command {
    case .help: return .text(DebuggerCommand.help(for: side))
    case let .timeline(filter): return list(filter: filter, from: 0, pageSize: pageSize)
    case .more:
      guard let listing else { return .error("Nothing to go on with: ':timeline' lists the last actions first.") }
      return list(filter: listing.filter, from: listing.shown, pageSize: pageSize)
    case let .at(text): return show(timeline.keptSequence(in: text, command: ":at"))
    case let .step(offset): return step(by: offset)
    case let .diff(text):
      let sides = timeline.keptSequence(in: text ?? viewing.map(String.init) ?? "", command: ":diff")
        .flatMap(timeline.sidesOfChange)
      return later(sides.map { sides in { sides.text() } })
    case let .filter(change): return .text(changeFilter(change))
    case let .find(text):
      switch StateQuery.parse(text) {
      case let .failure(error): return .error(error.message)
      case let .success(query):
        let kept = viewing.map { timeline.keptState(after: $0) } ?? .success(liveState(of: store))
        return later(kept.map { kept in { kept.found(query) } })
      }
    case let .slow(.list(count)): return .text(timeline.slowest(count))
    case let .slow(.timing(on)):
      timeline.timesReduces = on
      return .text(
        on
          ? "Timing each reduce from #\(timeline.lastSequence + 1) on (two clock readings an action): ':slow' lists "
            + "the slowest, ':slow off' stops."
          : "Reduces are no longer timed\(timeline.trace == nil ? "" : " but for the trace, which times them all").")
    case .effects: return .text(timeline.effectsReport)
    case .alive: return .text(store.alive(startersFrom: timeline).description)
    case let .send(text): return reply(send(text, to: store))
    case let .skip(text):
      return reply(timeline.keptSequence(in: text, command: ":skip").flatMap { skip($0, store) })
    case let .apply(text):
      return reply(timeline.keptSequence(in: text, command: ":apply").flatMap { apply($0, store) })
    case let .export(path): return reply(recording(of: store).flatMap { RecordingExport.write($0, to: path) })
    case let .follow(count):
      guard side == .attached else {
        return .error("':follow' is an attached debugger's (composable-debugger): this screen shows each action.")
      }
      return .follow(count: count)
    case .resume:
      guard viewing != nil else { return .text("Already on the live screen.") }
      viewing = nil
      return .text("Back to the live screen.")
    case .quit:
      guard side == .attached else { return .error("':quit' detaches an attached debugger; 'quit' leaves the app.") }
      return .quit
    }
  }

  /// Looks at the past from action `sequence` (a recording opened step by step), when it is kept.
  public func view(at sequence: Int) {
    if timeline.entry(sequence) != nil { viewing = sequence }
  }

  /// The kept actions as a recording (`:export`, and an attached client's `export` request), or why there is none.
  public func recording() -> Result<String, TimelineQueryError> {
    guard let store else { return .failure(TimelineQueryError("The store is gone: there is nothing to export.")) }
    return recording(of: store)
  }

  // MARK: Commands

  private func reply(_ result: Result<String, TimelineQueryError>) -> Reply {
    switch result {
    case let .success(text): .text(text)
    case let .failure(error): .error(error.message)
    }
  }

  private func later(_ result: Result<@Sendable () -> String, TimelineQueryError>) -> Reply {
    switch result {
    case let .success(make): .later(make)
    case let .failure(error): .error(error.message)
    }
  }

  private func list(filter text: String, from start: Int, pageSize: Int) -> Reply {
    let page = timeline.listing(filter: text, skipping: start, pageSize: pageSize, rules: filter)
    listing = page.shown.map { (text, $0) }
    return .text(page.text)
  }

  /// Changes the filter as `change` says (shows it when nil); the listing starts again from the newest.
  private func changeFilter(_ change: DebuggerCommand.FilterChange?) -> String {
    switch change {
    case nil: break
    case .clear: filter = TimelineFilter()
    case let .allow(rule): filter.add(rule, allowing: true)
    case let .deny(rule): filter.add(rule, allowing: false)
    }
    if change != nil { listing = nil }
    return filter.description
  }

  /// The store's state now, to search as a kept one is searched.
  private func liveState(of store: Store<State, Action>) -> KeptState<State> {
    KeptState(
      header: "The live state:", subject: "the live state", state: store.currentState, sharedChange: SharedHistory.now)
  }

  /// Looks at the past after action `sequence`: the app draws its screens then, a client prints the state.
  private func show(_ sequence: Result<Int, TimelineQueryError>) -> Reply {
    switch sequence.flatMap(timeline.keptState(after:)) {
    case let .failure(error): return .error(error.message)
    case let .success(kept):
      viewing = try? sequence.get()
      return side == .inApp ? .text("") : .later { kept.dump() }
    }
  }

  private func step(by offset: Int) -> Reply {
    guard let current = viewing else {
      return .error("You are on the live screen: ':at N' goes back to action N first.")
    }
    guard let range = timeline.keptRange else { return .error("Nothing has happened yet: the timeline is empty.") }
    let target = current + offset
    if target > range.upperBound {
      return .error("#\(current) is the last action: ':resume' returns to the live screen.")
    }
    if target < range.lowerBound { return .error("#\(current) is the first action kept.") }
    return show(.success(target))
  }

  private func recording(of store: Store<State, Action>) -> Result<String, TimelineQueryError> {
    guard let coding else {
      return .failure(TimelineQueryError("This app's actions are not Codable: there is no recording to export."))
    }
    return coding.export(timeline, store.rootDependencies.sharedStorage, filter)
  }

  /// Sends the action `text` describes into the live store.
  private func send(_ text: String, to store: Store<State, Action>) -> Result<String, TimelineQueryError> {
    guard let coding else {
      return .failure(TimelineQueryError("This app's actions are not Codable: the debugger cannot send one."))
    }
    guard !text.isEmpty else {
      return .failure(
        TimelineQueryError(
          "':send' takes an action as the timeline prints it, such as list.userTapped(3), or as a recording writes it."
        ))
    }
    let action: Action
    switch coding.decode(text) {
    case let .failure(error): return .failure(error)
    case let .success(decoded): action = decoded
    }
    let before = timeline.lastSequence
    let work = store.send(action)
    // The app's session takes it as the work of a command typed at its prompt.
    timeline.whenDebuggerSends?(work)
    let sent = timeline.entry(before + 1).map { "#\($0.sequence) \($0.path)" } ?? actionPath(action)
    let more = timeline.lastSequence - before - 1
    return .success("Sent \(sent)" + (more > 0 ? " (and \(more) action\(more == 1 ? "" : "s") it led to)." : "."))
  }
}
