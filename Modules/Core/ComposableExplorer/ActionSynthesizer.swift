import Composable
import Foundation

/// Makes actions from their types alone, guided by the state they are sent to.
///
/// An action enum's cases come from its generated `Cases`; a payload is made from its type: numbers, text, flags,
/// UUIDs, `CaseIterable` enums, optionals, arrays, nested child actions (recursively), and the navigation
/// wrappers, whose values come from the state: an action for a presented child only while it is presented (an
/// alert's from its buttons), a stack element's only for an id in the stack, an id of a type the state keeps in
/// an identified array or stack mostly from those ids. Cases the feature's own logic sends (`FeatureSentCases`)
/// and `delegate` cases are left out: a user cannot cause them. A payload of any other type (a struct, a tuple of
/// several values) needs a generator from the test; without one its case is not sent.
struct ActionSynthesizer {
  /// The test's payload makers and nested case weights.
  let settings: SynthesisSettings
  /// The names of the cases this value is nested in, each followed by a dot (`list.`), to find case weights.
  var path = ""
  /// The state of the whole feature at this step.
  let rootState: Any
  /// The identifiers the state holds (identified arrays' and stacks'), by their type.
  let ids: [ObjectIdentifier: [Any]]
  /// How deep in nested actions this value is: a bound against types that contain themselves.
  var depth = 0

  /// A synthesizer for a step from `rootState`; without `collectingIDs` it only checks and simplifies actions.
  init(
    rootState: Any, settings: SynthesisSettings = SynthesisSettings(), collectingIDs: Bool = true
  ) {
    self.rootState = rootState
    self.settings = settings
    var found: [ObjectIdentifier: [Any]] = [:]
    if collectingIDs { collectIDs(in: rootState, into: &found, depth: 0) }
    ids = found
  }

  /// Whether `action` still makes sense for `state`: every child it is for is there (presented, in the stack, in
  /// the identified array). A shrunk sequence whose step lost its child is not a sequence a user can play.
  func isApplicable(_ action: Any, to state: Any?) -> Bool {
    guard depth < 12 else { return true }
    var deeper = self
    deeper.depth += 1
    if let navigation = action as? any NavigationAction { return navigation.isApplicable(to: state, using: deeper) }
    guard let enumeration = action as? any CasePathable else { return true }
    return deeper.isCaseApplicable(enumeration, to: state)
  }

  private func isCaseApplicable<Action: CasePathable>(_ action: Action, to state: Any?) -> Bool {
    for embedding in caseEmbeddings(of: Action.self) {
      guard let payload = embedding.payload(of: action) else { continue }
      switch childState(for: embedding, in: state) {
      case .unavailable: return false
      case let .child(child): return isApplicable(payload, to: child)
      case .whole: return isApplicable(payload, to: state)
      }
    }
    return true
  }

  /// A value of `type` for the part of the state `state` (nil: none in particular), or nil when none can be made.
  func value<T>(_ type: T.Type, state: Any?, random: inout ExplorationRandom) -> T? {
    guard depth < 12 else { return nil }
    if let make = settings.payloads[ObjectIdentifier(type)] { return make(rootState, &random) as? T }
    if type == Void.self { return () as? T }
    if let known = ids[ObjectIdentifier(type)], !known.isEmpty, random.chance(0.8) {
      return random.element(of: known) as? T
    }
    if let explorable = type as? any ExplorableValue.Type {
      var deeper = self
      deeper.depth += 1
      return explorable.explorationValue(state: state, synthesizer: deeper, random: &random) as? T
    }
    if let iterable = type as? any CaseIterable.Type { return randomCase(of: iterable, random: &random) as? T }
    if let enumeration = type as? any CasePathable.Type {
      var deeper = self
      deeper.depth += 1
      return deeper.action(of: enumeration, state: state, random: &random) as? T
    }
    return nil
  }

  /// An action of `type` for `state`: one of the cases a user can cause there, picked at random (as the test
  /// weighted them: `list.userTapped`) until one can be made.
  func action<Action: CasePathable>(of type: Action.Type, state: Any?, random: inout ExplorationRandom) -> Action? {
    var cases = userCases(of: type).map { ($0, settings.caseWeights[path + $0.name] ?? 1) }.filter { $0.1 > 0 }
    while !cases.isEmpty {
      var pick = random.int(in: 0...(cases.reduce(0) { $0 + $1.1 } - 1))
      let index = cases.firstIndex { _, weight in
        pick -= weight
        return pick < 0
      }!
      if let action = make(cases[index].0, state: state, random: &random) as? Action { return action }
      cases.remove(at: index)
    }
    return nil
  }

  /// The case `embedding` with a payload for `state`, or nil when it cannot be sent there: its child is not
  /// presented, or its payload cannot be made.
  func make(_ embedding: any CaseEmbedding, state: Any?, random: inout ExplorationRandom) -> Any? {
    var inside = self
    inside.path += embedding.name + "."
    switch childState(for: embedding, in: state) {
    case .unavailable: return nil
    case let .child(child): return embedding.embedValue(using: inside, state: child, random: &random)
    case .whole: return embedding.embedValue(using: inside, state: state, random: &random)
    }
  }

  /// The cases of `type` a user can cause: not `delegate`, not those its feature's logic sends.
  func userCases<Action: CasePathable>(of type: Action.Type) -> [any CaseEmbedding] {
    let sent = (type as? any FeatureSentCases.Type)?.casesSentByFeature ?? []
    return caseEmbeddings(of: type).filter { $0.name != "delegate" && !sent.contains($0.name) }
  }

  /// Where a case's payload gets its state from.
  enum ChildState {
    /// The case acts on a child that is not there (not presented, another case of an enum state).
    case unavailable
    /// The case acts on this child.
    case child(Any)
    /// The case acts on the state as a whole (its payload is a plain value, or no field is named after it).
    case whole
  }

  /// The state a case acts on: for a child action, the field (or enum case) named after the case, as TCA's
  /// conventions name them (`list` and `case list(…)`, `@Presents var alert` and `case alert(…)`).
  func childState(for embedding: any CaseEmbedding, in state: Any?) -> ChildState {
    guard embedding.payloadType is any CasePathable.Type, let state else { return .whole }
    let mirror = Mirror(reflecting: state)
    if mirror.displayStyle == .enum {
      guard let child = mirror.children.first, child.label == embedding.name else { return .unavailable }
      return .child(child.value)
    }
    let field = mirror.children.first { $0.label == embedding.name || $0.label == "_" + embedding.name }
    guard let field else { return .whole }
    guard let value = unwrapped(field.value) else { return .unavailable }
    return .child(value)
  }

  /// The simpler versions of `value` shrinking tries: empty text, zero, false, nil, fewer elements, and the same
  /// for a case's payload.
  func simplifications<T>(of value: T) -> [T] {
    var candidates: [Any] = []
    switch value {
    case let text as String where !text.isEmpty:
      candidates = text.count > 1 ? ["", String(text.prefix(text.count / 2))] : [""]
    case let number as Int where number != 0:
      candidates = number / 2 == 0 ? [0] : [0, number / 2]
    case let flag as Bool where flag:
      candidates = [false]
    case let number as Double where number != 0:
      candidates = [0.0]
    case let simplifiable as any ExplorableValue:
      candidates = simplifiable.explorationSimplifications(using: self)
    default:
      if let enumeration = value as? any CasePathable {
        candidates = caseSimplifications(of: enumeration)
      }
    }
    return candidates.compactMap { $0 as? T }
  }

  /// The simpler versions of an enum value: its case with a simpler payload.
  private func caseSimplifications<Action: CasePathable>(of value: Action) -> [Any] {
    for embedding in caseEmbeddings(of: Action.self) {
      if let simpler = embedding.simplifiedRoots(of: value, using: self) { return simpler }
    }
    return []
  }

  /// The same `simplifications`, for a value whose type is only known when the program runs.
  func simplificationsOfAny(_ value: Any) -> [Any] {
    func open<T>(_ value: T) -> [Any] { simplifications(of: value) }
    return open(value)
  }

  /// A random value of a `CaseIterable` type.
  private func randomCase<T: CaseIterable>(of type: T.Type, random: inout ExplorationRandom) -> T? {
    random.element(of: Array(type.allCases))
  }
}

/// A value without its optional or `Presents` wrapping; nil when there is none.
func unwrapped(_ value: Any) -> Any? {
  if let wrapper = value as? any PresentedValue { return wrapper.presentedValue.flatMap(unwrapped) }
  if let optional = value as? any OptionalValue { return optional.wrappedValue.flatMap(unwrapped) }
  return value
}

/// The case paths of an action enum, from its generated `Cases`.
func caseEmbeddings<Action: CasePathable>(of type: Action.Type) -> [any CaseEmbedding] {
  Mirror(reflecting: Action.Cases()).children.compactMap { child in
    guard let path = child.value as? any NameableCasePath, let label = child.label else { return nil }
    return path.named(label)
  }
}

/// Gathers, by type, the ids of every identified array and stack in `value`, and of every `Identifiable` value
/// it holds (the rows of a page in a plain array, a shown item), nested ones too.
private func collectIDs(in value: Any, into ids: inout [ObjectIdentifier: [Any]], depth: Int) {
  guard depth < 8 else { return }
  if let elements = value as? any IdentifiedElements {
    for (id, element) in elements.identifiedElements {
      ids[ObjectIdentifier(type(of: id)), default: []].append(id)
      collectIDs(in: element, into: &ids, depth: depth + 1)
    }
    return
  }
  guard let value = unwrapped(value) else { return }
  if let identifiable = value as? any Identifiable {
    let id: any Hashable = identifiable.id
    ids[ObjectIdentifier(type(of: id)), default: []].append(id)
  }
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .struct?, .enum?, .tuple?, .collection?:
    for child in mirror.children { collectIDs(in: child.value, into: &ids, depth: depth + 1) }
  default:
    return
  }
}
