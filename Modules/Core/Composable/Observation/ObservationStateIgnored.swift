/// Leaves a stored field of an `ObservableState` out of observation, as TCA's `@ObservationStateIgnored` does: the
/// boilerplate plugin lists no `ObservableField` for it, so a send that changed only this field tells no observer
/// (`observe { }`, a SwiftUI view, the terminal), while the state, its equality, its dumps and a `TestStore` see it
/// as any other field. For what no view shows: a cache, a cursor, a timestamp of the last sync.
///
///     struct State: Equatable, ObservableState {
///       var query = ""
///       @ObservationStateIgnored var lastFetch: Date?
///     }
///
/// It changes nothing else: equality, hashing and coding are the wrapped value's (a state's JSON is the same).
@propertyWrapper
public struct ObservationStateIgnored<Value> {
  /// The field's value.
  public var wrappedValue: Value

  /// A field holding `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

extension ObservationStateIgnored: Equatable where Value: Equatable {}
extension ObservationStateIgnored: Hashable where Value: Hashable {}
extension ObservationStateIgnored: Sendable where Value: Sendable {}

extension ObservationStateIgnored: Encodable where Value: Encodable {
  /// Encodes the wrapped value alone, as the field would be without the wrapper.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension ObservationStateIgnored: Decodable where Value: Decodable {
  /// Decodes the wrapped value alone, as the field would be without the wrapper.
  public init(from decoder: any Decoder) throws {
    wrappedValue = try Value(from: decoder)
  }
}

extension ObservationStateIgnored: ValueDumpTransparent {
  /// Dumps as the wrapped value, so dumps and a test store's diffs show the field, not the wrapper.
  public var valueDumpSubject: Any { wrappedValue as Any }
}
