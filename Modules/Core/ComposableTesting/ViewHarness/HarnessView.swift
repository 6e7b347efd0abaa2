/// A view as a `ViewHarness` renders it, standing in for a SwiftUI view: a name for reports, what identifies it
/// among its siblings (for a feature's view, its store), and a body that reads stores and shows lines of text and
/// child views.
///
///     func counterView(_ store: StoreOf<Counter>) -> HarnessView {
///       HarnessView("Counter", store: store) { content in
///         content.text("Count: \(store.count)")
///         if let child = store.scope(state: \.child, action: \.child.presented) {
///           content.show(childView(child))
///         }
///       }
///     }
public struct HarnessView {
  /// The name renders are counted under (`ViewHarness.renders(of:)`).
  public let name: String
  /// What tells this view from its siblings across renders: a child keeps its place, and is not rendered again,
  /// while its parent's body shows a view of the same name and identity.
  public let identity: AnyHashable
  let body: @MainActor (inout HarnessContent) -> Void

  /// A view identified by `identity` among its siblings.
  public init(
    _ name: String, identity: some Hashable & Sendable, body: @escaping @MainActor (inout HarnessContent) -> Void
  ) {
    self.name = name
    self.identity = AnyHashable(identity)
    self.body = body
  }

  /// A feature's view: identified by its store, as SwiftUI keeps a child view while its store is the same one.
  public init<State, Action>(
    _ name: String, store: Store<State, Action>, body: @escaping @MainActor (inout HarnessContent) -> Void
  ) {
    self.init(name, identity: ObjectIdentifier(store), body: body)
  }

  /// The key a parent keeps this view's rendered node under.
  var key: HarnessViewKey { HarnessViewKey(name: name, identity: identity) }
}

/// What a body shows: lines of text and child views, in order.
public struct HarnessContent {
  /// The lines of text, in the order the body showed them.
  public private(set) var texts: [String] = []
  var children: [HarnessView] = []

  init() {}

  /// Shows a line of text (a `Text`).
  public mutating func text(_ line: String) {
    texts.append(line)
  }

  /// Shows a child view; its body is tracked on its own.
  public mutating func show(_ child: HarnessView) {
    children.append(child)
  }
}

/// A child view's place among its siblings: its name and identity.
struct HarnessViewKey: Hashable {
  let name: String
  let identity: AnyHashable
}
