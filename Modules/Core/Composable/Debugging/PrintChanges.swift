import Foundation
import ValueDump

/// Where `printChanges` writes: a closure taking each report (standard error unless given).
public struct ChangeSink: Sendable {
  /// Receives one report per action.
  public let write: @Sendable (String) -> Void

  /// A sink from a closure.
  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Writes to standard error, so reports never mix with a command-line app's output.
  public static let standardError = ChangeSink { FileHandle.standardError.write(Data($0.utf8)) }
}

extension Reducer {
  /// Reports each action this reducer receives and the diff of state it caused, for debugging.
  ///
  /// ```
  /// received action:
  ///   Counter.Action.increment
  ///   Counter.State(
  /// -   count: 0
  /// +   count: 1
  ///   )
  /// ```
  /// Dumps cost microseconds per action: use it while debugging, not in production.
  public func printChanges(
    to sink: ChangeSink = .standardError
  ) -> ModifiedReducer<Self, PrintChanges<State, Action>> {
    modified(by: PrintChanges(sink: sink))
  }
}

/// What `printChanges` puts around a reducer: each action, then the diff of state it caused.
public struct PrintChanges<State, Action>: ReducerModifier {
  let sink: ChangeSink

  /// Runs the reducer, then writes the action and the state diff.
  public func reduce(
    into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    // A snapshot, not a copy: shared values change in place, so a copy would show no change to them.
    let before = ValueSnapshot(of: state)
    let effect = next(&state, action)
    // The action's type, case and labels on one line, nested cases written `.case`: `A.Action.child(.tap)`.
    let line = "  " + valueDumpLine(action, abbreviatingNestedCases: true)
    let change = valueDiff(before, state).map { "\n" + $0 } ?? "\n  (No state changes)"
    sink.write("received action:\n" + line + change + "\n")
    return effect
  }
}
