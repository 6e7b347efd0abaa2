import Composable
import ComposableDebugger
import Foundation
import Sharing

/// The answers a root store gives an attached debugger, over its timeline: the same words the in-app debugger says.
@MainActor final class StoreDebugService<State, Action> {
  private weak var store: Store<State, Action>?
  /// The app as the greeting names it.
  private let appName: String
  /// An action from the JSON a recording holds for one, when the app's actions are `Codable`.
  private let decodeAction: ((String) throws -> Action)?
  /// A recording of the kept actions, when the app's actions are `Codable`.
  private let exportRecording: ((StoreTimeline<State, Action>, SharedStorage) -> Result<String, TimelineQueryError>)?

  init(
    store: Store<State, Action>, appName: String, decodeAction: ((String) throws -> Action)?,
    exportRecording: ((StoreTimeline<State, Action>, SharedStorage) -> Result<String, TimelineQueryError>)?
  ) {
    self.store = store
    self.appName = appName
    self.decodeAction = decodeAction
    self.exportRecording = exportRecording
  }

  /// The answer to `request`, or the work that makes it off the main actor (a state's dump or diff).
  func reply(to request: DebugRequest) -> DebugReply {
    guard let store, let timeline = store.timeline else {
      return .answer(.refusal("The store is gone: there is nothing left to debug.", id: request.id))
    }
    let argument = request.argument?.trimmingCharacters(in: .whitespaces) ?? ""
    let (id, last) = (request.id, timeline.lastSequence)
    func later(_ result: Result<@Sendable () -> String, TimelineQueryError>) -> DebugReply {
      switch result {
      case let .success(make): return .later { .text(make(), id: id, last: last) }
      case let .failure(error): return .answer(.refusal(error.message, id: id, last: last))
      }
    }
    switch request.command {
    case "at":
      return later(
        timeline.keptSequence(in: argument, command: ":at").flatMap(timeline.keptState(after:)).map { state in
          { state.dump() }
        })
    case "diff":
      return later(
        timeline.keptSequence(in: argument, command: ":diff").flatMap(timeline.sidesOfChange).map { sides in
          { sides.text() }
        })
    default: return .answer(answer(request))
    }
  }

  /// The answer to `request`, made on the main actor.
  func answer(_ request: DebugRequest) -> DebugAnswer {
    guard let store, let timeline = store.timeline else {
      return .refusal("The store is gone: there is nothing left to debug.", id: request.id)
    }
    let argument = request.argument?.trimmingCharacters(in: .whitespaces) ?? ""
    let id = request.id
    func reply(_ result: Result<String, TimelineQueryError>) -> DebugAnswer {
      switch result {
      case let .success(text): return .text(text, id: id, last: timeline.lastSequence)
      case let .failure(error): return .refusal(error.message, id: id, last: timeline.lastSequence)
      }
    }
    switch request.command {
    case "hello":
      let kept = timeline.keptRange.map { ", kept #\($0.lowerBound)–#\($0.upperBound)" } ?? ""
      let text =
        "Attached to \(appName) (process \(ProcessInfo.processInfo.processIdentifier)): "
        + "\(timeline.lastSequence) action\(timeline.lastSequence == 1 ? "" : "s") so far\(kept)."
      return .text(text, id: id, last: timeline.lastSequence)
    case "timeline":
      let page = timeline.listing(filter: argument, skipping: request.from ?? 0, pageSize: request.pageSize ?? 20)
      return .text(page.text, id: id, last: timeline.lastSequence, shown: page.shown)
    case "since":
      guard let after = Int(argument), after >= 0 else {
        return reply(.failure(TimelineQueryError("'since' takes the number of the last action seen, such as 12.")))
      }
      return .text(timeline.rows(after: after).joined(separator: "\n"), id: id, last: timeline.lastSequence)
    case "effects": return reply(.success(timeline.effectsReport))
    case "alive": return reply(.success(store.alive(startersFrom: timeline).description))
    case "send": return reply(send(argument, to: store, timeline: timeline))
    case "skip":
      return reply(timeline.keptSequence(in: argument, command: ":skip").flatMap { skip($0, store, timeline) })
    case "apply":
      return reply(timeline.keptSequence(in: argument, command: ":apply").flatMap { apply($0, store, timeline) })
    case "export":
      guard let exportRecording else {
        return reply(
          .failure(TimelineQueryError("This app's actions are not Codable: there is no recording to export.")))
      }
      return reply(exportRecording(timeline, store.rootDependencies.sharedStorage))
    default:
      return reply(.failure(TimelineQueryError("Unknown command '\(request.command)'; ':help' lists them.")))
    }
  }

  /// Sends the action `json` describes into the live store.
  private func send(_ json: String, to store: Store<State, Action>, timeline: StoreTimeline<State, Action>)
    -> Result<String, TimelineQueryError>
  {
    guard let decodeAction else {
      return .failure(TimelineQueryError("This app's actions are not Codable: the debugger cannot send one."))
    }
    guard !json.isEmpty else {
      return .failure(TimelineQueryError("':send' takes an action as a recording writes it, such as {\"task\":{}}."))
    }
    let action: Action
    do {
      action = try decodeAction(json)
    } catch {
      return .failure(TimelineQueryError("\(json) is not an action of \(typeName(Action.self)): \(briefly(error))"))
    }
    let before = timeline.lastSequence
    store.send(action)
    let sent = timeline.entry(before + 1).map { "#\($0.sequence) \($0.path)" } ?? actionPath(action)
    let more = timeline.lastSequence - before - 1
    return .success("Sent \(sent)" + (more > 0 ? " (and \(more) action\(more == 1 ? "" : "s") it led to)." : "."))
  }

  /// What the state would be now without action `sequence`: the kept actions after it reduced again from the
  /// state before it, their effects not run, the live store untouched (shared values the reduces write are put
  /// back, and nothing is saved).
  private func skip(_ sequence: Int, _ store: Store<State, Action>, _ timeline: StoreTimeline<State, Action>)
    -> Result<String, TimelineQueryError>
  {
    recompute(skipping: sequence, store, timeline).map { recomputed in
      let header =
        "Without #\(sequence) \(recomputed.skippedPath), the \(recomputed.reduced) "
        + "action\(recomputed.reduced == 1 ? "" : "s") after it reduced again (effects not run; the app is untouched)"
      guard let difference = recomputed.difference else { return header + ": the state now would be the same." }
      return header + ", the state now would differ (- live, + without it):\n" + difference + "\n"
        + (recomputed.changesSharedValues
          ? "It changes shared values too: ':apply' cannot apply it."
          : "':apply \(sequence)' makes it the live state.")
    }
  }

  /// Makes the state without action `sequence` (as `skip` shows it) the live state. Refused when leaving the
  /// action out would change shared values: those live in files other processes read, and are not the debugger's
  /// to rewrite.
  private func apply(_ sequence: Int, _ store: Store<State, Action>, _ timeline: StoreTimeline<State, Action>)
    -> Result<String, TimelineQueryError>
  {
    recompute(skipping: sequence, store, timeline).flatMap { recomputed in
      guard !recomputed.changesSharedValues else {
        return .failure(
          TimelineQueryError(
            "Without #\(sequence) the shared values would differ too: the debugger applies state only, never "
              + "what is saved in files."))
      }
      guard recomputed.difference != nil else {
        return .success("Without #\(sequence) nothing changes: nothing applied.")
      }
      store.replaceRootState(recomputed.state)
      return .success(
        "Applied: the live state is the state without #\(sequence) \(recomputed.skippedPath). The timeline keeps "
          + "its actions as they were; the next action's diff starts from the applied state.")
    }
  }

  /// The state now without action `sequence`, reduced again as `skip` says, with what it takes to compare it.
  private func recompute(
    skipping sequence: Int, _ store: Store<State, Action>, _ timeline: StoreTimeline<State, Action>
  ) -> Result<Recomputed, TimelineQueryError> {
    guard let reduce = store.rootReducer, let start = timeline.state(before: sequence),
      let startShared = timeline.sharedChange(before: sequence), let skipped = timeline.entry(sequence),
      let live = store.rootState
    else {
      return .failure(TimelineQueryError("Action #\(sequence) is no longer kept."))
    }
    let following = ((sequence + 1)...max(sequence + 1, timeline.lastSequence)).compactMap {
      timeline.entry($0)?.action
    }
    let storage = store.rootDependencies.sharedStorage
    let now = storage.snapshot()
    let then = SharedHistory.reading(asOf: startShared) { storage.snapshot() }
    let liveSnapshot = ValueSnapshot(of: live)
    return .success(
      SharedSaves.paused {
        storage.restore(then)
        var state = start
        store.withRootDependencies {
          for action in following { _ = reduce(&state, action) }
        }
        let difference = valueDiff(liveSnapshot, state)
        let sharedAfter = storage.snapshot()
        storage.restore(now)
        return Recomputed(
          state: state, difference: difference, changesSharedValues: sharedAfter != now, reduced: following.count,
          skippedPath: skipped.path)
      })
  }

  /// A state reduced again without one action.
  private struct Recomputed {
    let state: State
    /// How it differs from the live state, if it does.
    let difference: String?
    /// Whether the shared values it left differ from the live ones.
    let changesSharedValues: Bool
    /// How many actions were reduced again.
    let reduced: Int
    /// The left-out action's path.
    let skippedPath: String
  }

  private func briefly(_ error: any Error) -> String {
    switch error {
    case let DecodingError.dataCorrupted(context): return context.debugDescription
    case let DecodingError.keyNotFound(key, _): return "no '\(key.stringValue)'"
    case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
      return context.debugDescription
    default: return "\(error)"
    }
  }
}

/// A type's name with the types it is nested in (`AppFeature.Action`), without its module or a private scope.
private func typeName(_ type: Any.Type) -> String {
  let parts = String(reflecting: type).split(separator: ".").filter { !$0.hasPrefix("(") && !$0.hasSuffix(")") }
  return parts.dropFirst().joined(separator: ".")
}
