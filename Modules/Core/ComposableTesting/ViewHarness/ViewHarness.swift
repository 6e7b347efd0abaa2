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
@MainActor public final class ViewHarness {
  private let root: HarnessNode
  private var renderLog: [String] = []
  private var renderCounts: [String: Int] = [:]

  /// Mounts `root` and renders it and its children once.
  public init(_ root: HarnessView) {
    self.root = HarnessNode(root)
    render(self.root)
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
    renderLog.append(node.view.name)
    renderCounts[node.view.name, default: 0] += 1
    let invalidated = node.beginRender()
    var content = HarnessContent()
    let body = node.view.body
    withObservationTracking {
      body(&content)
    } onChange: {
      invalidated.setValue(true)
    }
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
