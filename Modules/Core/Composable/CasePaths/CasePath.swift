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
@dynamicMemberLookup
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a payload in the case.
  public let embed: @Sendable (Value) -> Root
  /// Returns the payload if `root` is this case.
  public let extract: @Sendable (Root) -> Value?
  /// The names of the cases this path goes through after its first, like `.delete` in `\.view.delete`:
  /// a key path's description cannot show them, and failure messages name the case.
  public let deeperCaseNames: String

  /// A case path from the case's constructor and a pattern match.
  @inlinable public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
    deeperCaseNames = ""
  }

  /// A case path that goes through the cases `deeperCaseNames` names after its first.
  @usableFromInline init(
    embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?,
    deeperCaseNames: String
  ) {
    self.embed = embed
    self.extract = extract
    self.deeperCaseNames = deeperCaseNames
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
    CasePath<Root, Next>(
      embed: { embed(next.embed($0)) }, extract: { extract($0).flatMap(next.extract) },
      deeperCaseNames: deeperCaseNames + next.deeperCaseNames)
  }
}

extension CasePath where Value: CasePathable {
  /// The path one case deeper, so `\.delegate.selected` names `.delegate(.selected(…))`.
  public subscript<Next>(dynamicMember keyPath: KeyPath<Value.Cases, CasePath<Value, Next>>) -> CasePath<Root, Next> {
    let next = Value.casePath(keyPath)
    let joined = appending(next)
    return CasePath<Root, Next>(
      embed: joined.embed, extract: joined.extract,
      deeperCaseNames: deeperCaseNames + "." + caseKeyPathName(keyPath).dropFirst(2) + next.deeperCaseNames)
  }
}

extension CasePath where Value == Void {
  /// A case path for a case without a payload, like `.onAppear`.
  public init(_ root: Root, matches: @escaping @Sendable (Root) -> Bool) where Root: Sendable {
    self.init({ _ in root }, extract: { matches($0) ? () : nil })
  }
}

extension CasePath {
  /// The path into one stack element's actions, so `\.path[id: 0].detail` names `.path(.element(id: 0, action: .detail(…)))`.
  public subscript<ElementState, ElementAction>(id id: StackElementID) -> CasePath<Root, ElementAction>
  where Value == StackAction<ElementState, ElementAction> {
    CasePath<Root, ElementAction>(
      embed: { [embed] action in embed(.element(id: id, action: action)) },
      extract: { [extract] root in
        guard case let .element(elementID, action) = extract(root), elementID == id else { return nil }
        return action
      },
      deeperCaseNames: deeperCaseNames + "[id: \(id.rawValue)]")
  }

  /// The path into one row's actions, so `\.rows[id: 7].delete` names `.rows(.element(id: 7, action: .delete))`.
  public subscript<ID: Hashable & Sendable, ElementAction>(id id: ID) -> CasePath<Root, ElementAction>
  where Value == IdentifiedAction<ID, ElementAction> {
    CasePath<Root, ElementAction>(
      embed: { [embed] action in embed(.element(id: id, action: action)) },
      extract: { [extract] root in
        guard case let .element(elementID, action) = extract(root), elementID == id else { return nil }
        return action
      },
      deeperCaseNames: deeperCaseNames + "[id: \(id)]")
  }
}
