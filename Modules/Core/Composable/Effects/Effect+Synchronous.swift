extension Effect {
  /// Whether the effect only sends synchronously (no task needed to run it).
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .cancelRemovedChildren: true
    case .run, .throttle: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isSynchronous)
    case let .cancellable(_, _, effect): effect.isSynchronous
    }
  }
}
