import Composable
import Foundation

/// A payload type explorations know how to make, and to make simpler when shrinking.
protocol ExplorableValue {
  /// A random value for the part of the state `state`, or nil when none makes sense there.
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> Self?
  /// Simpler values than this one, simplest first.
  func explorationSimplifications(using synthesizer: ActionSynthesizer) -> [Any]
}

extension ExplorableValue {
  func explorationSimplifications(using synthesizer: ActionSynthesizer) -> [Any] { [] }
}

/// One case path of an action enum, with its payload's type known when the program runs.
protocol CaseEmbedding {
  /// The case's name (from its property in `Cases`).
  var name: String { get set }
  /// The type of the case's payload.
  var payloadType: Any.Type { get }
  /// The case with a payload made for `state`, or nil when none can be made.
  func embedValue(using synthesizer: ActionSynthesizer, state: Any?, random: inout ExplorationRandom) -> Any?
  /// `root` with simpler payloads, when `root` is this case; nil when it is another case.
  func simplifiedRoots(of root: Any, using synthesizer: ActionSynthesizer) -> [Any]?
  /// The payload of `root` when `root` is this case.
  func payload(of root: Any) -> Any?
}

/// A `CasePath` with the name its `Cases` property gives it.
struct NamedCasePath<Root, Value>: CaseEmbedding {
  let path: CasePath<Root, Value>
  var name = ""

  var payloadType: Any.Type { Value.self }

  func embedValue(using synthesizer: ActionSynthesizer, state: Any?, random: inout ExplorationRandom) -> Any? {
    synthesizer.value(Value.self, state: state, random: &random).map(path.embed)
  }

  func simplifiedRoots(of root: Any, using synthesizer: ActionSynthesizer) -> [Any]? {
    guard let root = root as? Root, let payload = path.extract(root) else { return nil }
    return synthesizer.simplifications(of: payload).map(path.embed)
  }

  func payload(of root: Any) -> Any? {
    (root as? Root).flatMap(path.extract).map { $0 as Any }
  }
}

/// A navigation action (presentation, stack, identified element) seen through `Any`: whether it still makes sense
/// for the state it acts on, as a shrunk sequence must check before sending it.
protocol NavigationAction {
  /// Whether the child this action is for is in `state`.
  func isApplicable(to state: Any?, using synthesizer: ActionSynthesizer) -> Bool
}

extension PresentationAction: NavigationAction {
  func isApplicable(to state: Any?, using synthesizer: ActionSynthesizer) -> Bool {
    guard let state else { return false }
    guard case let .presented(action) = self, !(state is any ButtonActions) else { return true }
    return synthesizer.isApplicable(action, to: state)
  }
}

extension StackAction: NavigationAction {
  func isApplicable(to state: Any?, using synthesizer: ActionSynthesizer) -> Bool {
    let elements = (state as? any IdentifiedElements)?.identifiedElements ?? []
    switch self {
    case let .element(id, action):
      guard let element = elements.first(where: { $0.id as? StackElementID == id }) else { return false }
      return synthesizer.isApplicable(action, to: element.element)
    case let .popFrom(id): return elements.contains { $0.id as? StackElementID == id }
    case .push: return true
    }
  }
}

extension IdentifiedAction: NavigationAction {
  func isApplicable(to state: Any?, using synthesizer: ActionSynthesizer) -> Bool {
    guard case let .element(id, action) = self,
      let element = (state as? any IdentifiedElements)?.identifiedElements.first(where: { $0.id as? ID == id })
    else { return false }
    return synthesizer.isApplicable(action, to: element.element)
  }
}

/// A case path seen through `Any`, to be named.
protocol NameableCasePath {
  /// The path with its name.
  func named(_ name: String) -> any CaseEmbedding
}

extension CasePath: NameableCasePath {
  func named(_ name: String) -> any CaseEmbedding { NamedCasePath(path: self, name: name) }
}

/// A `Presents` wrapper seen through `Any`.
protocol PresentedValue {
  /// The presented state, or nil.
  var presentedValue: Any? { get }
}

extension Presents: PresentedValue {
  var presentedValue: Any? { wrappedValue.map { $0 as Any } }
}

/// An optional seen through `Any`.
protocol OptionalValue {
  /// The wrapped value, or nil.
  var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
  var wrappedValue: Any? { map { $0 as Any } }
}

/// An identified collection seen through `Any`: its ids with their elements.
protocol IdentifiedElements {
  /// Each element with its id, in order.
  var identifiedElements: [(id: Any, element: Any)] { get }
}

extension IdentifiedArray: IdentifiedElements {
  var identifiedElements: [(id: Any, element: Any)] { zip(ids, self).map { ($0 as Any, $1 as Any) } }
}

extension StackState: IdentifiedElements {
  var identifiedElements: [(id: Any, element: Any)] { ids.map { ($0 as Any, self[id: $0]! as Any) } }
}

/// An alert or a confirmation dialog: what its buttons send (nil for a button that only dismisses).
protocol ButtonActions {
  /// Each button's action.
  var buttonActions: [Any?] { get }
}

extension AlertState: ButtonActions {
  var buttonActions: [Any?] { buttons.map { $0.action.map { $0 as Any } } }
}

extension ConfirmationDialogState: ButtonActions {
  var buttonActions: [Any?] { buttons.map { $0.action.map { $0 as Any } } }
}

extension Int: ExplorableValue {
  static func explorationValue(state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom) -> Int? {
    random.chance(0.85) ? random.int(in: 0...9) : random.int(in: 10...100)
  }
}

extension String: ExplorableValue {
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> String? {
    random.text()
  }
}

extension Bool: ExplorableValue {
  static func explorationValue(state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom) -> Bool? {
    random.chance(0.5)
  }
}

extension Double: ExplorableValue {
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> Double? {
    Double(random.int(in: 0...1_000)) / 10
  }
}

extension UUID: ExplorableValue {
  static func explorationValue(state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom) -> UUID? {
    // A few fixed UUIDs, so two steps may name the same one, as a user picking twice does.
    UUID(uuidString: "00000000-0000-0000-0000-00000000000\(random.int(in: 0...3))")
  }
}

extension Optional: ExplorableValue {
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> Wrapped?? {
    if random.chance(0.2) { return .some(nil) }
    return synthesizer.value(Wrapped.self, state: state, random: &random).map { .some($0) }
  }

  func explorationSimplifications(using synthesizer: ActionSynthesizer) -> [Any] {
    guard let wrapped = self else { return [] }
    return [Wrapped?.none as Any] + synthesizer.simplifications(of: wrapped).map { Wrapped?.some($0) as Any }
  }
}

extension Array: ExplorableValue {
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> [Element]? {
    var elements: [Element] = []
    for _ in 0..<random.int(in: 0...3) {
      guard let element = synthesizer.value(Element.self, state: state, random: &random) else { return nil }
      elements.append(element)
    }
    return elements
  }

  func explorationSimplifications(using synthesizer: ActionSynthesizer) -> [Any] {
    isEmpty ? [] : [[Element]() as Any, Array(dropLast()) as Any]
  }
}

extension PresentationAction: ExplorableValue {
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> PresentationAction? {
    // Only while something is presented: an action for a child that is not there is a bug of the test, not of
    // the feature.
    guard let state else { return nil }
    if let alert = state as? any ButtonActions {
      guard let button = random.element(of: alert.buttonActions) else { return .dismiss }
      return button.flatMap { $0 as? Action }.map(PresentationAction.presented) ?? .dismiss
    }
    if random.chance(0.15) { return .dismiss }
    return synthesizer.value(Action.self, state: state, random: &random).map(PresentationAction.presented)
  }

  func explorationSimplifications(using synthesizer: ActionSynthesizer) -> [Any] {
    guard case let .presented(action) = self else { return [] }
    return synthesizer.simplifications(of: action).map { PresentationAction.presented($0) as Any }
  }
}

extension StackAction: ExplorableValue {
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> StackAction? {
    guard let stack = state as? any IdentifiedElements,
      let (id, element) = random.element(of: stack.identifiedElements), let id = id as? StackElementID
    else { return nil }
    if random.chance(0.2) { return .popFrom(id: id) }
    return synthesizer.value(Action.self, state: element, random: &random).map { .element(id: id, action: $0) }
  }

  func explorationSimplifications(using synthesizer: ActionSynthesizer) -> [Any] {
    guard case let .element(id, action) = self else { return [] }
    return synthesizer.simplifications(of: action).map { StackAction.element(id: id, action: $0) as Any }
  }
}

extension IdentifiedAction: ExplorableValue {
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> IdentifiedAction? {
    guard let elements = state as? any IdentifiedElements,
      let (id, element) = random.element(of: elements.identifiedElements), let id = id as? ID
    else { return nil }
    return synthesizer.value(Action.self, state: element, random: &random).map { .element(id: id, action: $0) }
  }

  func explorationSimplifications(using synthesizer: ActionSynthesizer) -> [Any] {
    guard case let .element(id, action) = self else { return [] }
    return synthesizer.simplifications(of: action).map { IdentifiedAction.element(id: id, action: $0) as Any }
  }
}

extension BindingAction: ExplorableValue where Root: CodableBindings {
  static func explorationValue(
    state: Any?, synthesizer: ActionSynthesizer, random: inout ExplorationRandom
  ) -> BindingAction? {
    var fields = Root.bindingFields
    while !fields.isEmpty {
      let field = fields.remove(at: random.int(in: 0...(fields.count - 1)))
      if let value = synthesizer.valueOfAny(field.valueType, random: &random),
        let action = field.action(setting: value)
      {
        return action
      }
    }
    return nil
  }

  func explorationSimplifications(using synthesizer: ActionSynthesizer) -> [Any] {
    guard let field = Root.bindingFields.first(where: { $0.keyPath == keyPath }) else { return [] }
    return synthesizer.simplificationsOfAny(value).compactMap { field.action(setting: $0) }
  }
}

extension ActionSynthesizer {
  /// A value of a type only known when the program runs (a bindable field's).
  func valueOfAny(_ type: Any.Type, random: inout ExplorationRandom) -> Any? {
    func make<T>(_ type: T.Type, random: inout ExplorationRandom) -> Any? { value(type, state: nil, random: &random) }
    return make(type, random: &random)
  }
}
