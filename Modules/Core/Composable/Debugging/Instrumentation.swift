import Foundation

/// One measurement: how long an action took to reduce, or how long an effect ran.
public struct InstrumentationEvent: Sendable, Equatable {
  /// What was measured.
  public enum Kind: String, Sendable, Equatable {
    /// The reducer's synchronous work for one action.
    case reduce
    /// One async effect, from its start to its end (or cancellation).
    case effect
  }

  /// What was measured.
  public let kind: Kind
  /// The action reduced, or the action whose reduce started the effect (see `actionLabel`).
  public let action: String
  /// How long it took.
  public let duration: Duration
  /// For effects: whether it ended because it was cancelled.
  public let wasCancelled: Bool

  /// An event from its parts.
  public init(kind: Kind, action: String, duration: Duration, wasCancelled: Bool = false) {
    self.kind = kind
    self.action = action
    self.duration = duration
    self.wasCancelled = wasCancelled
  }

  /// One line: `reduce list.search 12µs` or `effect list.search 250ms (cancelled)`.
  public var line: String {
    let micros = Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    let amount = micros >= 1_000 ? String(format: "%.1fms", micros / 1_000) : String(format: "%.0fµs", micros)
    return "\(kind.rawValue) \(action) \(amount)\(wasCancelled ? " (cancelled)" : "")"
  }
}

/// Where `instrument` reports measurements (Linux has no signposts, so a closure).
public struct InstrumentationSink: Sendable {
  /// Receives each event; effects report from their own task.
  public let report: @Sendable (InstrumentationEvent) -> Void

  /// A sink from a closure.
  public init(_ report: @escaping @Sendable (InstrumentationEvent) -> Void) {
    self.report = report
  }

  /// Writes one line per event to standard error.
  public static let standardError = InstrumentationSink { event in
    FileHandle.standardError.write(Data(("[instrument] " + event.line + "\n").utf8))
  }
}

extension Reducer {
  /// Measures each action's reduce time and each effect's duration, and reports them to `sink`.
  ///
  /// Costs two clock reads per action, plus a label built from the action (a
  /// reflection walk): fine for finding a slow action, not for production hot paths.
  public func instrument(
    to sink: InstrumentationSink = .standardError
  ) -> ModifiedReducer<Self, Instrumented<State, Action>> {
    modified(by: Instrumented(sink: sink))
  }
}

/// What `instrument` puts around a reducer: the time of each reduce and of every async effect it returns.
public struct Instrumented<State, Action>: ReducerModifier {
  let sink: InstrumentationSink

  /// Runs the reducer, timing it and every async effect it returns.
  public func reduce(
    into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    let clock = ContinuousClock()
    let start = clock.now
    let effect = next(&state, action)
    let duration = clock.now - start
    let label = actionLabel(action)
    sink.report(InstrumentationEvent(kind: .reduce, action: label, duration: duration))
    return effect.timingRuns { [sink] elapsed, cancelled in
      sink.report(InstrumentationEvent(kind: .effect, action: label, duration: elapsed, wasCancelled: cancelled))
    }
  }
}

extension Effect {
  /// The same effect, calling `report` with each async part's duration when it ends.
  func timingRuns(_ report: @escaping @Sendable (Duration, Bool) -> Void) -> Self {
    mapRuns { run in
      run.wrappingBody { body, send in
        let clock = ContinuousClock()
        let start = clock.now
        await body(send)
        report(clock.now - start, Task.isCancelled)
      }
    }
  }
}
