/// An action type whose feature's own logic sends some of its cases: effect responses, debounced follow-ups,
/// confirmations turned into requests. What a user cannot cause directly, so explorations of the feature leave them
/// to the effects.
///
/// The Boilerplate plugin writes the conformance in each Feature module, from the `send(.case…)` calls of its
/// logic; nobody keeps the list by hand.
public protocol FeatureSentCases {
  /// The names of the cases the feature's logic sends itself.
  static var casesSentByFeature: Set<String> { get }
}
