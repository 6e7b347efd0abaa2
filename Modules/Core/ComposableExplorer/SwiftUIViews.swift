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

  /// Makes `write` through the views' bindings, and returns it told by what made it now: a replayed write whose
  /// steps before it were shrunk away may be a swipe back where it was made as a pop back to the root. Nil, and
  /// nothing written, when SwiftUI could not make it now (its screen was never shown, the path it writes is not
  /// one SwiftUI would, the sheet it dismisses never opened).
  func perform(_ write: SwiftUIWrite, on store: Store<State, Action>) -> SwiftUIWrite? {
    guard declarations.indices.contains(write.declaration) else { return nil }
    let causes = causes(of: write.kind, in: write.declaration)
    guard let cause = causes.first else { return nil }
    if case let .field(screen, field) = write.kind {
      let fields = current[write.declaration].screens[screen] ?? previous[write.declaration].screens[screen]
      guard let fields, fields.indices.contains(field) else { return nil }
      fields[field]()
    } else {
      declarations[write.declaration].writeBinding(store, write.kind)
    }
    return causes.contains(write.cause) ? write : write.madeBy(cause)
  }

  /// What could make SwiftUI write `kind` to declaration `index` now, the likeliest first; empty when nothing
  /// could. The same causes `writes(of:random:)` gives the writes it offers.
  private func causes(of kind: SwiftUIWrite.Kind, in index: Int) -> [String] {
    let shown = current[index]
    let before = previous[index]
    switch kind {
    case let .path(ids):
      guard let path = shown.path else { return [] }
      var causes: [String] = []
      if !path.isEmpty, ids == Array(path.dropLast()) { causes.append("swipe back") }
      if ids.count + 2 <= path.count, Array(path.prefix(ids.count)) == ids {
        causes.append(ids.isEmpty ? "back to the root" : "back \(path.count - ids.count) screens")
      }
      if let old = before.path, old != path, old == ids { causes.append("path as rendered before") }
      return causes
    case .dismissal:
      if shown.isPresented { return ["swiped down"] }
      return before.isPresented ? ["written nil again as it goes"] : []
    case let .field(screen, _):
      if shown.screens[screen] != nil { return ["text committed"] }
      return before.screens[screen] != nil ? ["as its screen goes"] : []
    }
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
