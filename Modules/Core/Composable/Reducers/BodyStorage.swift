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
/// Only `Reducer.prepareForStore()` creates a storage, so it belongs to one
/// store's reducer tree and is used on that store's actor only.
public final class BodyStorage {
  /// Owns the `KeptBody`; nil until the first action.
  @usableFromInline @exclusivity(unchecked) var kept: AnyObject?
  /// The same object, unretained: reading it costs no reference counting on every action.
  @usableFromInline @exclusivity(unchecked) var address: UnsafeMutableRawPointer?

  /// An empty storage; the first reduce through it builds the body.
  @inlinable public init() {}

  /// Runs `reducer`'s body on `state`, building and preparing the body on the first call.
  @inlinable public func reduceBody<R: Reducer>(
    of reducer: R, into state: inout R.State, action: R.Action
  ) -> Effect<R.Action> where R.Body: Reducer, R.Body.State == R.State, R.Body.Action == R.Action {
    guard let address else { return keepBody(of: reducer, into: &state, action: action) }
    return Self.reduce(
      &Unmanaged<KeptBody<R.Body>>.fromOpaque(address).takeUnretainedValue().pointer.pointee,
      into: &state, action: action)
  }

  /// Runs `body` where it lies: an `inout` argument is borrowed in place, where a
  /// value read from memory would be copied first (hundreds of bytes and a retain
  /// for each reference in the tree).
  @inlinable static func reduce<Body: Reducer>(
    _ body: inout Body, into state: inout Body.State, action: Body.Action
  ) -> Effect<Body.Action> {
    body.reduce(into: &state, action: action)
  }

  /// The first action: builds, prepares and keeps the body, then runs it; out of line, as it runs once.
  @inline(never) @usableFromInline func keepBody<R: Reducer>(
    of reducer: R, into state: inout R.State, action: R.Action
  ) -> Effect<R.Action> where R.Body: Reducer, R.Body.State == R.State, R.Body.Action == R.Action {
    var body = reducer.body
    body.prepareForStore()
    let object = KeptBody(body)
    kept = object
    address = Unmanaged.passUnretained(object).toOpaque()
    return Self.reduce(&object.pointer.pointee, into: &state, action: action)
  }
}

/// A built, prepared body, in memory of its own so that it is run in place.
@usableFromInline final class KeptBody<Body> {
  @usableFromInline let pointer: UnsafeMutablePointer<Body>

  @usableFromInline init(_ body: Body) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: body)
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }
}
