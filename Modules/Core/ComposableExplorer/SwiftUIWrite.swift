import Composable

/// One write SwiftUI makes by itself, not the user through the feature's actions: a navigation stack's path written
/// shorter (a swipe back, a long press on the back button) or as it was one render ago, a presentation's binding
/// written nil (swiped down, or once more as the sheet goes), a field of a screen's view written once more (a text
/// field committing as its screen goes). It goes through the bindings a view holds, as SwiftUI's would.
public struct SwiftUIWrite: Hashable, Sendable, CustomStringConvertible {
  /// What is written.
  enum Kind: Hashable, Sendable {
    /// The stack's path, as these screen ids.
    case path([StackElementID])
    /// The presentation's binding, as nil.
    case dismissal
    /// A field of the view of the screen with this id (nil: the presented child), by its place in the
    /// declaration's fields.
    case field(screen: StackElementID?, field: Int)
  }

  /// The declaration that makes it, by its place in `Exploration.swiftUIViews`.
  let declaration: Int
  /// What is written.
  let kind: Kind
  /// What the user did that made SwiftUI write it (`swipe back`, `path as rendered before`, `swiped down`).
  let cause: String
  /// The declared stack, presentation or field written (`path`, `sheet`, `sheet.label`, `path[#1].label`).
  let target: String

  /// `SwiftUI (swipe back): path = [#0]`, `SwiftUI (as its screen goes): path[#1].label written`.
  public var description: String {
    switch kind {
    case let .path(ids): "SwiftUI (\(cause)): \(target) = [\(ids.map(\.description).joined(separator: ", "))]"
    case .dismissal: "SwiftUI (\(cause)): \(target) = nil"
    case .field: "SwiftUI (\(cause)): \(target) written"
    }
  }

  /// The same write, told as made by `cause`.
  func madeBy(_ cause: String) -> SwiftUIWrite {
    SwiftUIWrite(declaration: declaration, kind: kind, cause: cause, target: target)
  }
}

/// A field a screen's view writes through a binding (a text field, a toggle, a picker): SwiftUI writes it once
/// more, with what the view shows, as the screen goes away.
public struct ViewField<ScreenState, ScreenAction> {
  /// The field's name in reports (`label`).
  let name: String
  /// Writes the field through a binding of `store`, with the value the view shows.
  let write: @MainActor @Sendable (Store<ScreenState, ScreenAction>) -> Void

  /// The field at `field`, written through the screen store's `binding(_:)`.
  public static func binding<Value: Equatable & Sendable>(
    _ field: WritableKeyPath<ScreenState, Value> & Sendable
  ) -> Self where ScreenAction: BindableAction, ScreenAction.State == ScreenState {
    ViewField(name: keyPathName(field)) { store in
      let binding = store.binding(field)
      binding.wrappedValue = binding.wrappedValue
    }
  }
}

/// A key path's name without its root type: `path`, `sheet?.inner` for `\State.path`, `\State.sheet?.inner`.
func keyPathName(_ keyPath: AnyKeyPath) -> String {
  let text = String(describing: keyPath)
  guard text.hasPrefix("\\"), let dot = text.firstIndex(of: ".") else { return text }
  return String(text[text.index(after: dot)...])
}
