/// A way into one case of an enum: embed a payload as that case, or extract the payload back.
///
/// Swift has key paths for struct fields but nothing for enum cases, and macros
/// would need swift-syntax. So each case is described once, by hand, in the enum's
/// `Cases` struct (see `CasePathable`):
///
///     public let counter = CasePath(Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
///
/// Embedding is the case's own constructor and extracting is one pattern match,
/// so both are cheap enough to run for every action that passes through a `Scope`.
// Both compile to a direct call with no reflection or allocation.
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a payload in the case.
  public let embed: @Sendable (Value) -> Root
  /// Returns the payload if `root` is this case.
  public let extract: @Sendable (Root) -> Value?

  /// A case path from the case's constructor and a pattern match.
  @inlinable public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// A case path from the case's constructor and a trailing pattern-match closure.
  @inlinable public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    _ extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.init(embed, extract: extract)
  }

  /// Goes one case deeper: from `Root` through `Value` into one of `Value`'s cases.
  public func appending<Next>(_ next: CasePath<Value, Next>) -> CasePath<Root, Next> {
    CasePath<Root, Next>({ embed(next.embed($0)) }, extract: { extract($0).flatMap(next.extract) })
  }
}

extension CasePath where Value == Void {
  /// A case path for a case without a payload, like `.onAppear`.
  public init(_ root: Root, matches: @escaping @Sendable (Root) -> Bool) where Root: Sendable {
    self.init({ _ in root }, extract: { matches($0) ? () : nil })
  }
}
