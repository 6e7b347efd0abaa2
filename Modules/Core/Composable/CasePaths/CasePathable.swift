/// An enum whose cases are listed as case paths in a nested `Cases` struct.
///
/// Conforming lets operators take `\.counter` the way TCA's do: the key path
/// picks a case path out of `Cases`, once, when the operator is built.
///
///     extension Action: CasePathable {
///       public struct Cases: CaseList {
///         public init() {}
///         public let counter = CasePath(Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
///       }
///     }
public protocol CasePathable {
  /// The struct listing one `CasePath` property per case.
  associatedtype Cases: CaseList
}

/// The list of an enum's case paths; a plain struct with a no-argument initializer.
public protocol CaseList {
  /// Builds the list; each property is a constant case path.
  init()
}

extension CasePathable {
  /// The case path that `keyPath` names in `Cases`.
  @inlinable public static func casePath<Value>(
    _ keyPath: KeyPath<Cases, CasePath<Self, Value>>
  ) -> CasePath<Self, Value> {
    Cases()[keyPath: keyPath]
  }

  /// The payload of the case `keyPath` names, if `self` is that case (handy in tests).
  @inlinable public subscript<Value>(case keyPath: KeyPath<Cases, CasePath<Self, Value>>) -> Value? {
    Self.casePath(keyPath).extract(self)
  }

  /// Whether `self` is the case `keyPath` names.
  @inlinable public func `is`<Value>(_ keyPath: KeyPath<Cases, CasePath<Self, Value>>) -> Bool {
    Self.casePath(keyPath).extract(self) != nil
  }
}

/// A key path naming one case of `Root` in its `Cases` list, as operators take it.
public typealias CaseKeyPath<Root: CasePathable, Value> = KeyPath<Root.Cases, CasePath<Root, Value>>

/// How messages name a case key path, as a test writes it: `\.onAppear`, `\.view.delete`.
public func caseKeyPathName<Root: CasePathable, Value>(_ keyPath: CaseKeyPath<Root, Value>) -> String {
  // The description reads `\Cases.view.<computed 0x… (…)>`: the first case by name, the deeper ones not at all.
  let description = "\(keyPath)"
  let afterCases = description.range(of: "Cases.").map { description[$0.upperBound...] } ?? description.dropFirst()
  let first = afterCases.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
  return "\\." + first + Root.casePath(keyPath).deeperCaseNames
}
