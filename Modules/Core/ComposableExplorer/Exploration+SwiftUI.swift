import Composable

/// A stack or a presentation whose views SwiftUI writes to by itself, declared with `Exploration.swiftUI(…)`.
struct SwiftUIViewDeclaration<State, Action> {
  /// The stack's or the presentation's name in steps (`path`, `sheet`).
  let name: String
  /// How often it is chosen among the declarations when a step is SwiftUI's own write.
  let weight: Int
  /// The names of the fields its screens' views write.
  let fieldNames: [String]
  /// What its views show now: the path or the presented child, and each screen's store, held as its view holds
  /// it, with its fields' writes.
  let render: @MainActor (Store<State, Action>) -> RenderedViews
  /// Writes its binding as SwiftUI does: the path a `.path` write holds, nil for a `.dismissal`.
  let writeBinding: @MainActor (Store<State, Action>, SwiftUIWrite.Kind) -> Void
}

/// What a declaration's views showed at one render: what SwiftUI's next writes start from.
struct RenderedViews {
  /// The stack's screen ids, bottom first (nil for a presentation).
  var path: [StackElementID]?
  /// Whether the presentation showed its child (false for a stack).
  var isPresented = false
  /// Each screen's view (by its id on the stack; nil: the presented child) with its fields' writes, which hold
  /// the screen's store as the view does.
  var screens: [StackElementID?: [@MainActor () -> Void]] = [:]
}

extension Exploration where Action: CasePathable {
  /// Lets SwiftUI write to the navigation stack at `toStack` by itself between the user's steps, as a
  /// `NavigationStack(path:)` bound to `store.path(state:action:)` does: a swipe back, a long press on the back
  /// button to a screen further down (the popped screens' effects may still run), the path as SwiftUI rendered it
  /// one step before (after a push: a push and a pop before the next render; after the feature popped itself:
  /// nothing to pop), and each of `fields` written once more by a screen's view, as it goes too.
  @MainActor public mutating func swiftUI<ElementState, ElementAction>(
    stack toStack: KeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    fields: [ViewField<ElementState, ElementAction>] = [], weight: Int = 1
  ) {
    swiftUIViews.append(
      SwiftUIViewDeclaration(
        name: keyPathName(toStack), weight: weight, fieldNames: fields.map(\.name),
        render: { store in
          let screens = store.scope(state: toStack, action: toStackAction)
          var rendered = RenderedViews(path: screens.map(\.id))
          for screen in screens {
            let store = screen.store
            rendered.screens[screen.id] = fields.map { field in { @MainActor [write = field.write] in write(store) } }
          }
          return rendered
        },
        writeBinding: { store, kind in
          guard case let .path(ids) = kind else { return }
          store.path(state: toStack, action: toStackAction).wrappedValue = ids
        }))
  }

  /// Lets SwiftUI write to the presentation of the child at `toChild` by itself between the user's steps, as a
  /// `.sheet(item:)` bound to `store.presentation(state:action:)` does: nil when the user swipes it down, nil once
  /// more as a sheet the feature dismissed goes away, and each of `fields` written once more by the child's view,
  /// as it goes too. A child presented from a child is declared by the paths through both
  /// (`\.sheet?.confirmation`, `\.sheet.presented.confirmation`): its dismissal comes from two levels deep.
  @MainActor public mutating func swiftUI<ChildState, ChildAction>(
    presentation toChild: KeyPath<State, ChildState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fields: [ViewField<ChildState, ChildAction>] = [], weight: Int = 1
  ) {
    swiftUIViews.append(
      SwiftUIViewDeclaration(
        name: keyPathName(toChild), weight: weight, fieldNames: fields.map(\.name),
        render: { store in
          let binding = store.presentation(state: toChild, action: toPresentationAction)
          guard let child = binding.wrappedValue else { return RenderedViews() }
          let writes = fields.map { field in { @MainActor [write = field.write] in write(child) } }
          return RenderedViews(isPresented: true, screens: [nil: writes])
        },
        writeBinding: { store, kind in
          guard kind == .dismissal else { return }
          store.presentation(state: toChild, action: toPresentationAction).wrappedValue = nil
        }))
  }
}
