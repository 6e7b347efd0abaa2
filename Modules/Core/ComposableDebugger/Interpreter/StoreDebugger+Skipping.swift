import Composable
import Foundation
import Sharing
import ValueDump

// `:skip` and `:apply`: the kept actions reduced again without one of them.
extension StoreDebugger {
  /// What the state would be now without action `sequence`: the kept actions after it reduced again from the
  /// state before it, their effects not run, the live store untouched (shared values the reduces write are put
  /// back, and nothing is saved).
  func skip(_ sequence: Int, _ store: Store<State, Action>)
    -> Result<String, TimelineQueryError>
  {
    recompute(skipping: sequence, store).map { recomputed in
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
  func apply(_ sequence: Int, _ store: Store<State, Action>)
    -> Result<String, TimelineQueryError>
  {
    recompute(skipping: sequence, store).flatMap { recomputed in
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
    skipping sequence: Int, _ store: Store<State, Action>
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
}
