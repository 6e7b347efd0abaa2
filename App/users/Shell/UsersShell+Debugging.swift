import AppFeature
import Composable
import Foundation

extension UsersShell {
  /// Starts the debugger's timeline (unless `--timeline 0`) and the `--trace` file, and returns the trace.
  ///
  /// A trace that cannot be opened, or whose disk fills up later, is one line on standard error: the session
  /// goes on without it.
  static func startDebugging(
    _ store: Store<AppFeature.State, AppFeature.Action>, options: ShellOptions, dataFolder: URL, io: IO
  ) -> TraceFile? {
    var trace: TraceFile?
    if let path = options.tracePath {
      do {
        trace = try TraceFile(url: URL(fileURLWithPath: path), processName: "users") { reason in
          io.writeError("users: \(reason).\n")
        }
      } catch {
        io.writeError("users: \(error); going on without a trace.\n")
      }
    }
    // A trace is written from the timeline's hooks, so it keeps one (of one action) even with `--timeline 0`.
    guard options.timelineCapacity > 0 || trace != nil else { return nil }
    // The trace shows the changes and saves of the shared values kept in the data folder too.
    store.recordTimeline(capacity: max(options.timelineCapacity, 1), trace: trace, sharedFilesIn: dataFolder)
    return trace
  }

  /// With `--replay FILE --step`: sends the recording's actions (their effects dropped, as in a replay) into
  /// the store and returns the first one's number, which the session opens on; nil otherwise.
  static func stepThroughRecording(
    _ options: ShellOptions, into store: Store<AppFeature.State, AppFeature.Action>, gate: ReplayGate
  ) throws(ShellExit) -> Int? {
    guard options.stepsThroughReplay, let path = options.replayPath else { return nil }
    let url = URL(fileURLWithPath: path)
    let actions: [AppFeature.Action]
    do {
      let log = try String(contentsOf: url, encoding: .utf8)
      actions = try recordedActions(in: log, of: AppFeature.Action.self)
      try recordingHeader(in: log, of: SharedValuesAtStart.self)?.restore(in: store.currentState)
    } catch let error as ReplayError {
      throw .cannotUse("\(path) is not a recording of this app: \(error)")
    } catch {
      throw .cannotUse("cannot read the recording \(path): \(FileProblem.describe(error, at: url)).")
    }
    guard !actions.isEmpty else { throw .cannotUse("\(path) holds no actions to step through.") }
    let first = (store.timeline?.lastSequence ?? 0) + 1
    gate.isReplaying = true
    // As in a replay: the recorded writes to shared values were saved when they were recorded.
    let pause = SharedSaves.pause()
    for action in actions { store.send(action) }
    pause.end()
    gate.isReplaying = false
    return first
  }

  /// Lists on standard error the effects still running as the session ends (in debug builds, and under
  /// `--trace`): a leak is an effect nobody cancelled. An effect that was cancelled is not running, so not listed.
  /// Gives effects that were just told to end (a watch whose stream finished) up to 200 ms to do so, when a
  /// timeline counts them: only then does a leak report see them.
  static func letEffectsEnd(_ store: Store<AppFeature.State, AppFeature.Action>) async {
    let deadline = ContinuousClock.now + .milliseconds(200)
    while let timeline = store.timeline, !timeline.runningEffects.isEmpty, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  static func reportLeakedEffects(_ store: Store<AppFeature.State, AppFeature.Action>, traced: Bool, io: IO) {
    #if DEBUG
      let reports = true
    #else
      let reports = traced
    #endif
    guard reports, let running = store.timeline?.runningEffects, !running.isEmpty else { return }
    var lines = ["users: \(running.count) effect\(running.count == 1 ? " was" : "s were") still running at the end:"]
    for effect in running {
      lines.append(
        "  effect \(effect.id), started by #\(effect.startedBy) \(effect.actionPath), running for \(effect.ageText)")
    }
    io.writeError(lines.joined(separator: "\n") + "\n")
  }
}

/// Drops the effects of the actions sent while a recording is stepped into the store: the recording already
/// holds every action those effects sent.
@MainActor final class ReplayGate {
  /// Whether the store is being fed a recording.
  var isReplaying = false

  /// `reducer`, whose effects are dropped while replaying; the store still prepares it (its bodies kept).
  func discardingEffectsWhileReplaying(
    _ reducer: Reduce<AppFeature.State, AppFeature.Action>
  ) -> Reduce<AppFeature.State, AppFeature.Action> {
    Reduce(reducer.modified(by: ReplayEffectsDrop(gate: self)))
  }
}

/// Drops the effects of what the gate's store is fed while it replays.
struct ReplayEffectsDrop: ReducerModifier {
  let gate: ReplayGate

  func reduce(
    into state: inout AppFeature.State, action: AppFeature.Action,
    next: (inout AppFeature.State, AppFeature.Action) -> Effect<AppFeature.Action>
  ) -> Effect<AppFeature.Action> {
    let effect = next(&state, action)
    // Reducers run on the store's main actor.
    return MainActor.assumeIsolated { gate.isReplaying } ? .none : effect
  }
}
