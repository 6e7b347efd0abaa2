import Composable

/// Who sent an action that a timeline recorded.
public enum TimelineOrigin: Equatable, Sendable, CustomStringConvertible {
  /// Sent from outside the store: a typed command, the app starting, a test.
  case command
  /// Sent by an async effect (`id` in the trace) that the reduce of action `sequence` started.
  case effect(of: Int, id: UInt64)
  /// Sent while action `sequence` was being handled: a `.send` effect, or a send from a reducer or an observer.
  case immediately(after: Int)
  /// Sent when a timer of the store fired: a throttled effect let through at the end of its interval.
  case timer

  /// The origin the store's send loop packed.
  init(_ packed: PackedOrigin) {
    switch packed.kind {
    case PackedOrigin.effectKind: self = .effect(of: packed.sequence, id: packed.effect)
    case PackedOrigin.immediateKind: self = .immediately(after: packed.sequence)
    case PackedOrigin.timerKind: self = .timer
    default: self = .command
    }
  }

  /// "command", "effect of #12", "sent by #12".
  public var description: String {
    switch self {
    case .command: "command"
    case let .effect(sequence, _): "effect of #\(sequence)"
    case let .immediately(sequence): "sent by #\(sequence)"
    case .timer: "timer"
    }
  }
}
