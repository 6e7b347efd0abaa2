import AppFeature
import Composable
import ComposableDebugger
import ComposableDebugServer
import Foundation
import TerminalApp

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

  /// With `--debug-server` or `COMPOSABLE_DEBUGGER=1`: serves the debugger to clients in other terminals, and says
  /// where on standard error. A socket that cannot be served is one line there: the session goes on without it.
  static func serveDebugger(
    _ store: Store<AppFeature.State, AppFeature.Action>, options: ShellOptions, io: IO
  ) -> DebugServer? {
    guard options.servesDebugger || io.environment["COMPOSABLE_DEBUGGER"] == "1", store.timeline != nil else {
      return nil
    }
    let port = io.environment["COMPOSABLE_DEBUGGER_PORT"]
    guard port == nil || UInt16(port!) != nil else {
      io.writeError(
        "users: COMPOSABLE_DEBUGGER_PORT is '\(port!)', not a port (0–65535); going on without the debugger.\n")
      return nil
    }
    do {
      let server = try store.serveDebugger(
        name: "users", loopbackPort: port.flatMap { UInt16($0) },
        in: DebugSocketFolder.url(environment: io.environment))
      io.writeError("users: \(server.servingLine)\n")
      return server
    } catch {
      io.writeError("users: cannot serve the debugger: \(error); going on without it.\n")
      return nil
    }
  }

  /// With `--replay FILE --step`: sends the recording's actions (their effects dropped, as in a replay) into
  /// the store, from the shared values it started with, and returns where the session opens: the failing action
  /// with what failed, for a recording an exploration wrote, else the first action; nil without `--step`.
  static func stepThroughRecording(
    _ options: ShellOptions, into store: Store<AppFeature.State, AppFeature.Action>, world: LiveWorld,
    gate: ReplayGate, io: IO
  ) throws(ShellExit) -> (sequence: Int, note: String?)? {
    guard options.stepsThroughReplay, let path = options.replayPath else { return nil }
    let recording = try readRecording(at: path, options: options, startingFrom: store.currentState, io: io)
    guard !recording.actions.isEmpty else { throw .cannotUse("\(path) holds no actions to step through.") }
    if let start = recording.start { world.storage.restore(start.sharedValues) }
    guard let first = gate.feed(recording.actions, into: store) else { return nil }
    return recording.opening(from: first)
  }

  /// The recording at `path`, or why it cannot be used: told by `state`'s shape which recordings other types made,
  /// it lists the lines that no longer decode, and leaves them out with `--skip-undecodable` (saying so).
  static func readRecording(
    at path: String, options: ShellOptions, startingFrom state: AppFeature.State, io: IO
  ) throws(ShellExit) -> OpenedRecording<AppFeature.Action> {
    let fingerprint = recordingFingerprint(of: state, actions: AppFeature.Action.self)
    switch OpenedRecording<AppFeature.Action>.read(
      path, fingerprint: fingerprint, skippingUndecodable: options.skipsUndecodable)
    {
    case let .success(recording):
      if let notice = recording.notice { io.writeError("users: \(notice)\n") }
      return recording
    case let .failure(error): throw .cannotUse(error.message)
    }
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
