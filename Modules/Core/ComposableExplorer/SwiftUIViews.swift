import Composable

/// The views of one explored sequence's declared stacks and presentations, as SwiftUI keeps them: rendered after
/// every step, each screen's view holding its store until the render after the one that last showed it (a popped
/// screen's view lingers while it animates away). SwiftUI's own writes are chosen from what they show and made
/// through their bindings.
@MainActor final class SwiftUIViews<State, Action> {
  private let declarations: [SwiftUIViewDeclaration<State, Action>]
  /// What each declaration's views showed at the last render.
  private var current: [RenderedViews]
  /// What they showed at the render before it.
  private var previous: [RenderedViews]

  /// The views of `declarations`, rendered from `store` as it starts; nil when nothing is declared.
  init?(_ declarations: [SwiftUIViewDeclaration<State, Action>], store: Store<State, Action>) {
    guard !declarations.isEmpty else { return nil }
    self.declarations = declarations
    current = declarations.map { $0.render(store) }
    previous = current
  }

  /// Renders the views again from `store`, the last render's views lingering one render more.
  func render(_ store: Store<State, Action>) {
    previous = current
    current = declarations.map { $0.render(store) }
  }

  /// A write SwiftUI could make now, from a declaration chosen by weight; nil when none could.
  func randomWrite(random: inout ExplorationRandom) -> SwiftUIWrite? {
    let candidates = declarations.indices.map { (index: $0, writes: writes(of: $0, random: &random)) }
      .filter { !$0.writes.isEmpty && declarations[$0.index].weight > 0 }
    let total = candidates.reduce(0) { $0 + declarations[$1.index].weight }
    guard total > 0 else { return nil }
    var pick = random.int(in: 0...(total - 1))
    let chosen = candidates.first { candidate in
      pick -= declarations[candidate.index].weight
      return pick < 0
    }!
    return random.element(of: chosen.writes)
  }

  /// Makes `write` through the views' bindings; false when the screen it writes from is no longer held (a
  /// replayed step whose screen was never shown).
  func perform(_ write: SwiftUIWrite, on store: Store<State, Action>) -> Bool {
    guard declarations.indices.contains(write.declaration) else { return false }
    guard case let .field(screen, field) = write.kind else {
      declarations[write.declaration].writeBinding(store, write.kind)
      return true
    }
    let fields = current[write.declaration].screens[screen] ?? previous[write.declaration].screens[screen]
    guard let fields, fields.indices.contains(field) else { return false }
    fields[field]()
    return true
  }

  /// The writes SwiftUI could make to declaration `index` now.
  private func writes(of index: Int, random: inout ExplorationRandom) -> [SwiftUIWrite] {
    let shown = current[index]
    let before = previous[index]
    let name = declarations[index].name
    func write(_ kind: SwiftUIWrite.Kind, _ cause: String, _ target: String? = nil) -> SwiftUIWrite {
      SwiftUIWrite(declaration: index, kind: kind, cause: cause, target: target ?? name)
    }
    var writes: [SwiftUIWrite] = []
    if let path = shown.path {
      if !path.isEmpty { writes.append(write(.path(Array(path.dropLast())), "swipe back")) }
      if path.count >= 2 {
        let kept = random.int(in: 0...(path.count - 2))
        let cause = kept == 0 ? "back to the root" : "back \(path.count - kept) screens"
        writes.append(write(.path(Array(path.prefix(kept))), cause))
      }
      if let old = before.path, old != path { writes.append(write(.path(old), "path as rendered before")) }
    } else if shown.isPresented {
      writes.append(write(.dismissal, "swiped down"))
    } else if before.isPresented {
      writes.append(write(.dismissal, "written nil again as it goes"))
    }
    // A field of a screen shown now, or of one whose view lingers from the render before.
    let screens = Set(shown.screens.keys).union(before.screens.keys).sorted {
      ($0?.rawValue ?? -1) < ($1?.rawValue ?? -1)
    }
    for screen in screens {
      let cause = shown.screens[screen] == nil ? "as its screen goes" : "text committed"
      let place = screen.map { "\(name)[\($0)]" } ?? name
      for (field, fieldName) in declarations[index].fieldNames.enumerated() {
        writes.append(write(.field(screen: screen, field: field), cause, "\(place).\(fieldName)"))
      }
    }
    return writes
  }
}
