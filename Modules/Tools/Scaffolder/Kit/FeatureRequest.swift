/// What `Scripts/new-feature` was asked for: a feature's name, the feature it presents, and how the app shows it.
public struct FeatureRequest: Equatable, Sendable {
  /// How a host feature shows the new one.
  public enum Placement: Equatable, Sendable {
    /// A case of the host's `Destination`, closed when the feature finishes (`--presented-by AppFeature`).
    case presentedBy(String)
    /// A case of the host's `Path`, popped when the feature finishes (`--pushed-by AppFeature`).
    case pushedBy(String)

    /// The host feature's name.
    public var host: String {
      switch self {
      case let .presentedBy(host), let .pushedBy(host): host
      }
    }
  }

  /// What the command line asks for.
  public enum Command: Equatable, Sendable {
    /// Print the usage.
    case help
    /// Scaffold a feature.
    case scaffold(FeatureRequest)
  }

  /// The new feature's name: a type and the prefix of its five targets.
  public var name: String
  /// The feature it presents (`--presents`), if any.
  public var presents: String?
  /// How the app shows it, if it does.
  public var placement: Placement?

  /// A request for feature `name`.
  public init(name: String, presents: String? = nil, placement: Placement? = nil) {
    self.name = name
    self.presents = presents
    self.placement = placement
  }

  /// The command `arguments` (without the program's name) ask for, or why they are wrong.
  public static func parse(_ arguments: [String]) throws(ScaffoldError) -> Command {
    var name: String?
    var presents: String?
    var placement: Placement?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        return .help
      case "--presents":
        presents = try value(of: argument, from: &remaining, naming: "the name of the feature to present")
      case "--presented-by", "--pushed-by":
        guard placement == nil else { throw ScaffoldError("give one of --presented-by and --pushed-by, once") }
        let host = try value(of: argument, from: &remaining, naming: "the host feature: AppFeature")
        placement = argument == "--presented-by" ? .presentedBy(host) : .pushedBy(host)
      default:
        guard !argument.hasPrefix("-") else { throw ScaffoldError("unknown option '\(argument)' (see --help)") }
        if let name { throw ScaffoldError("one feature at a time: got '\(name)' and '\(argument)'") }
        name = argument
      }
    }
    guard let name else { throw ScaffoldError("give the new feature's name (see --help)") }
    return .scaffold(FeatureRequest(name: name, presents: presents, placement: placement))
  }

  private static func value(
    of option: String, from remaining: inout ArraySlice<String>, naming what: String
  ) throws(ScaffoldError) -> String {
    guard let value = remaining.popFirst(), !value.hasPrefix("-") else {
      throw ScaffoldError("\(option) needs \(what)")
    }
    return value
  }
}
