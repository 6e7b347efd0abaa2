/// Where a store keeps a child feature's built `body`, so that it is built once, not on every action.
///
/// A feature's `body` is a pure function of the feature's stored properties,
/// like a SwiftUI view's, yet Swift builds it anew each time it is read: for a
/// child five levels down, that is five bodies (key paths, case paths, closures,
/// child values) per action. A prepared combinator (`Scope`, `forEach`, `ifLet`,
/// presentation, stack) owns one storage per child reducer; the first action that
/// reaches the child builds and prepares the body under the dependencies in
/// effect, and later actions run it in place. Building on first use, rather than
/// during preparation, is what lets a feature contain itself (a recursive
/// presentation) without an infinite build.
///
/// Only a store's preparation (`prepareReducer(_:)`) creates a storage, so it belongs to one
/// store's reducer tree and is used on that store's actor only.
public final class _BodyStorage {
  /// Where the built, prepared body lies; nil until the first action.
  @usableFromInline @exclusivity(unchecked) var address: UnsafeMutableRawPointer?
  /// Deinitializes and frees the body at `address`; set with it, as only the builder knows the body's type.
  @usableFromInline var destroy: ((UnsafeMutableRawPointer) -> Void)?

  /// An empty storage; the first reduce through it builds the body.
  @inlinable public init() {}

  deinit {
    if let address, let destroy { destroy(address) }
  }

  /// Runs `reducer`'s body on `state`, building and preparing the body on the first call.
  @inlinable @inline(__always) public func reduceBody<R: Reducer>(
    of reducer: R, into state: inout R.State, action: R.Action
  ) -> Effect<R.Action> where R.Body: Reducer, R.Body.State == R.State, R.Body.Action == R.Action {
    guard let address else { return keepBody(of: reducer, into: &state, action: action) }
    return Self.reduce(&address.assumingMemoryBound(to: R.Body.self).pointee, into: &state, action: action)
  }

  /// Runs `body` where it lies: an `inout` argument is borrowed in place, where a
  /// value read from memory would be copied first (hundreds of bytes and a retain
  /// for each reference in the tree).
  @inlinable @inline(__always) static func reduce<Body: Reducer>(
    _ body: inout Body, into state: inout Body.State, action: Body.Action
  ) -> Effect<Body.Action> {
    body.reduce(into: &state, action: action)
  }

  /// The first action: builds, prepares and keeps the body, then runs it; out of line, as it runs once.
  @inline(never) @usableFromInline func keepBody<R: Reducer>(
    of reducer: R, into state: inout R.State, action: R.Action
  ) -> Effect<R.Action> where R.Body: Reducer, R.Body.State == R.State, R.Body.Action == R.Action {
    var body = reducer.body
    DependencyValues.current.bodyBuildCount?.kept.add(1)
    prepareReducer(&body)
    let pointer = UnsafeMutablePointer<R.Body>.allocate(capacity: 1)
    pointer.initialize(to: body)
    destroy = { raw in
      let typed = raw.assumingMemoryBound(to: R.Body.self)
      typed.deinitialize(count: 1)
      typed.deallocate()
    }
    address = UnsafeMutableRawPointer(pointer)
    return Self.reduce(&pointer.pointee, into: &state, action: action)
  }
}
