import Composable

/// The fields of an `ObservableState` that some code read, to tell later whether a change of the state concerns
/// it: what a terminal screen read while it was answered and drawn, as `observe { }` keeps what its closure read of a store.
///
///     let reads = StateFieldReads<Counter.State>()
///     reads.record(\.count)
///     reads.changed(from: old, to: new)   // true only when `count` differs
///
/// Reading a key path that is not one stored field (a computed property, a field of a field) counts as reading
/// every field: a change is then never missed, only sometimes reported when it did not concern the reader.
public final class StateFieldReads<State: ObservableState> {
  // Built once per recorder: the generated list is a computed property that makes its index at each access.
  private let fields = State.observableFields
  private var read = FieldSet()

  /// Reads of nothing yet.
  public init() {}

  /// Notes that `keyPath` of the state was read.
  public func record(_ keyPath: PartialKeyPath<State>) {
    read.formUnion(fields.reads(keyPath))
  }

  /// Notes that the whole state was read (handed to code that takes a state).
  public func recordWholeState() {
    read.formUnion(.all)
  }

  /// Whether a field that was read differs between `old` and `new`.
  public func changed(from old: State, to new: State) -> Bool {
    fields.changesBetween(old, new).intersects(read)
  }

  /// Whether any field differs between `old` and `new`, read or not.
  public static func anyFieldChanged(from old: State, to new: State) -> Bool {
    !State.observableFields.changesBetween(old, new).isEmpty
  }
}
