/// What `--presented-by AppFeature` or `--pushed-by AppFeature` adds to the app: a case of its `Destination` or
/// `Path`, the route that closes the feature when it finishes, and a test of that route. The shell shows the case
/// through the feature's linked view, with no edit of its own.
struct AppWiring {
  let request: FeatureRequest
  let placement: FeatureRequest.Placement
  let tree: any SourceTree

  private var name: String { request.name }
  private var caseName: String { FeatureTemplate.lowerFirst(name) }
  private var isPushed: Bool {
    if case .pushedBy = placement { return true }
    return false
  }
  private var enumFile: String {
    "Modules/Features/App/Feature/AppFeature+\(isPushed ? "Path" : "Destination").swift"
  }
  private let bodyFile = "Modules/Features/App/Feature/AppFeature.swift"
  private var testFile: String {
    "Tests/AppFeatureTests/\(name)\(isPushed ? "Push" : "Presentation")Tests.swift"
  }

  /// Wiring for `request`; fails unless the host is AppFeature.
  init(request: FeatureRequest, placement: FeatureRequest.Placement, tree: any SourceTree) throws(ScaffoldError) {
    let option = isPushedPlacement(placement) ? "--pushed-by" : "--presented-by"
    guard placement.host == "AppFeature" else {
      throw ScaffoldError(
        "\(option) \(placement.host): only AppFeature has a Destination and a Path this scaffolder adds cases to; "
          + "present it by hand")
    }
    self.request = request
    self.placement = placement
    self.tree = tree
  }

  /// The edited enum and body, and the new test.
  func changes(
    templates: (String) throws(ScaffoldError) -> String
  ) throws(ScaffoldError) -> [Scaffolder.FileChange] {
    guard let enumSource = tree.contents(of: enumFile), let body = tree.contents(of: bodyFile) else {
      throw ScaffoldError("cannot read \(enumFile) and \(bodyFile)")
    }
    guard !tree.exists(testFile) else { throw ScaffoldError("'\(name)' is taken: \(testFile) already exists") }
    let edited = try AppFeatureEditor.addingCase(
      caseName, holding: name, summary: "\(name): say what the app shows it for.",
      toEnum: isPushed ? "AppFeature.Path" : "AppFeature.Destination", in: enumSource, file: enumFile)
    let routed = try AppFeatureEditor.addingRoute(
      route, catchingAllOf: isPushed ? "path" : "destination", importing: "\(name)Interface", in: body, file: bodyFile)
    let test = try FeatureTemplate.render(
      try templates(isPushed ? "PushTests.swift" : "PresentationTests.swift"), name: name, child: nil)
    return [
      Scaffolder.FileChange(path: testFile, contents: test, isNew: true),
      Scaffolder.FileChange(path: enumFile, contents: edited, isNew: false),
      Scaffolder.FileChange(path: bodyFile, contents: routed, isNew: false),
    ]
  }

  /// The `case` clause that closes the feature when it finishes: dismissed, or popped from the stack.
  private var route: [String] {
    isPushed
      ? [
        "case let .path(.element(id: id, action: .\(caseName)(.delegate(.finished)))):",
        "  state.path.pop(from: id)",
        "  return .none",
      ]
      : [
        "case .destination(.presented(.\(caseName)(.delegate(.finished)))):",
        "  state.destination = nil",
        "  return .none",
      ]
  }

  /// What the wiring did, and how to open the feature.
  var summary: [String] {
    let opening =
      isPushed
      ? "state.path.append(.\(caseName)(\(name).State()))" : "state.destination = .\(caseName)(\(name).State())"
    return [
      "  \(enumFile): case \(caseName)(\(name))",
      "  \(bodyFile): the route that \(isPushed ? "pops" : "closes") it on .delegate(.finished)",
      "  Package.swift: \"\(name)\" in appFeatures (AppFeature, its tests and the shell get its targets)",
      "  \(testFile)  (that route, tested)",
      "To open it, write \(opening) in AppFeature's route for the delegate action of the screen that offers it",
      "(as .list(.delegate(.settingsRequested)) opens Settings).",
    ]
  }
}

private func isPushedPlacement(_ placement: FeatureRequest.Placement) -> Bool {
  if case .pushedBy = placement { return true }
  return false
}
