import Composable
import IssueReporting
import Observation

/// Renders a tree of `HarnessView`s the way SwiftUI does, to test what a feature's views would show and which of
/// their bodies would run: each body is rendered under `withObservationTracking` on its own, is rendered again (at
/// the next `settle()`, SwiftUI's next frame) only when Observation tells it that something it read changed, and
/// keeps its children by name and identity, so a child whose store is the same one is kept and not rendered again
/// because its parent was.
///
///     let harness = ViewHarness(counterView(store))
///     store.send(.incrementButtonTapped)
///     #expect(harness.settle() == ["Counter"])
///     #expect(harness.screen == ["Count: 1"])
///
/// Kept by `.observe`, each body is kept by `observe { }` instead, as a view outside SwiftUI is (swift-navigation's
/// `observe`): it renders again by itself when a send changed what it read, and `settle()` only reports what
/// rendered since the last call.
@MainActor public final class ViewHarness {
  /// What keeps a body up to date.
  public enum Tracking: CaseIterable, Sendable {
    /// SwiftUI's way: one-shot `withObservationTracking` per render, rendered again at `settle()`.
    case observation
    /// `observe { }`: the body runs again by itself, when the send that changed what it read returns.
    case observe
  }

  private let root: HarnessNode
  private let tracking: Tracking
  private var renderLog: [String] = []
  private var renderCounts: [String: Int] = [:]

  /// Mounts `root` and renders it and its children once, each body kept by `tracking`.
  public init(_ root: HarnessView, keptBy tracking: Tracking = .observation) {
    self.root = HarnessNode(root)
    self.tracking = tracking
    render(self.root)
    renderLog = []
  }

  /// The texts shown, depth first: each view's lines, then its children's.
  public var screen: [String] {
    root.screen
  }

  /// How many times a body of that name has rendered since the harness was made (mounts included).
  public func renders(of name: String) -> Int {
    renderCounts[name, default: 0]
  }

  /// Renders again, parents before their children, every body Observation told of a change, until none is left
  /// (as SwiftUI renders a frame); returns the names of the bodies that rendered, in order.
  @discardableResult
  public func settle() -> [String] {
    defer { renderLog = [] }
    // Bodies kept by `observe { }` rendered by themselves; the log since the last call is what rendered.
    guard tracking == .observation else { return renderLog }
    renderLog = []
    var passes = 0
    while let node = root.firstInvalidated() {
      passes += 1
      guard passes <= 1_000 else {
        reportIssue(
          "The views did not settle after 1,000 renders: a body changes what it reads at each render (\(node.view.name))."
        )
        break
      }
      render(node)
    }
    return renderLog
  }

  private func render(_ node: HarnessNode) {
    switch tracking {
    case .observation:
      let invalidated = node.beginRender()
      draw(node) { body in
        withObservationTracking(body) { invalidated.setValue(true) }
      }
    case .observe:
      // The first run is the mount; later ones are the token's own.
      node.token = observe { [weak self, weak node] in
        guard let self, let node else { return }
        self.draw(node) { $0() }
      }
    }
  }

  /// Runs `node`'s body under `tracked`, then keeps, mounts and unmounts its children as the body showed them.
  private func draw(_ node: HarnessNode, tracked: (() -> Void) -> Void) {
    renderLog.append(node.view.name)
    renderCounts[node.view.name, default: 0] += 1
    var content = HarnessContent()
    let body = node.view.body
    tracked { body(&content) }
    var kept: [HarnessViewKey: HarnessNode] = [:]
    for child in node.children { kept[child.view.key] = child }
    var mounted: [HarnessNode] = []
    node.texts = content.texts
    node.children = content.children.map { view in
      if let existing = kept.removeValue(forKey: view.key) {
        // SwiftUI keeps the view and its state, and takes the new body (it may capture newer values).
        existing.view = view
        return existing
      }
      let fresh = HarnessNode(view)
      mounted.append(fresh)
      return fresh
    }
    for removed in kept.values { removed.unmount() }
    for child in mounted { render(child) }
  }
}

/// One rendered view: its last content, its children, and whether Observation told it to render again.
@MainActor final class HarnessNode {
  var view: HarnessView
  var texts: [String] = []
  var children: [HarnessNode] = []
  /// What keeps the body up to date when the harness tracks by `observe { }`.
  var token: ObserveToken?
  /// The flag of the current render's tracking: a render's onChange may come after the next render began, and
  /// must then not invalidate it.
  private var invalidated = LockIsolated(false)

  init(_ view: HarnessView) {
    self.view = view
  }

  /// Starts a render: a fresh flag that only this render's tracking sets.
  func beginRender() -> LockIsolated<Bool> {
    invalidated = LockIsolated(false)
    return invalidated
  }

  /// Stops listening: a view gone from the tree is not rendered again.
  func unmount() {
    invalidated = LockIsolated(false)
    token?.cancel()
    token = nil
    for child in children { child.unmount() }
  }

  /// The first node, parent before children, that Observation told of a change.
  func firstInvalidated() -> HarnessNode? {
    if invalidated.value { return self }
    for child in children {
      if let node = child.firstInvalidated() { return node }
    }
    return nil
  }

  var screen: [String] {
    texts + children.flatMap(\.screen)
  }
}
