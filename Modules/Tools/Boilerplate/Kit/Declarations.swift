/// What a scan of a module's files found: the declarations generated code is written from.

/// Which kind of declaration a scanned type is, as its keyword spells it.
public enum DeclarationKind: String, Equatable, Sendable {
  /// `struct`.
  case `struct`
  /// `enum`.
  case `enum`
  /// `class`.
  case `class`
  /// `actor`.
  case actor
  /// `protocol`.
  case `protocol`
  /// `extension`.
  case `extension`
}

/// An access level, as its modifier spells it.
public enum AccessLevel: String, Equatable, Sendable {
  /// `open`.
  case open
  /// `public`.
  case `public`
  /// `package`.
  case package
  /// `internal`, also what no modifier means.
  case `internal`
  /// `fileprivate`.
  case `fileprivate`
  /// `private`.
  case `private`

  /// Whether another file of the module cannot see what has this level.
  public var hidesFromOtherFiles: Bool { self == .private || self == .fileprivate }
}

/// A type declaration or an extension, with where it sits.
public struct TypeDeclaration: Equatable, Sendable {
  /// What it is: a struct, an enum, an extension…
  public var kind: DeclarationKind
  /// The full name from the top of the module: `AppFeature.Destination.State`.
  public var qualifiedName: String
  /// The declaration's own access level, or its extension's.
  public var access: AccessLevel
  /// Whether this or an enclosing declaration is `private` or `fileprivate`, so another file cannot see it.
  public var isHiddenFromOtherFiles: Bool
  /// The inheritance clause, one entry per protocol or superclass, as written.
  public var inherited: [String]
  /// The cases, for an enum.
  public var cases: [EnumCase]
  /// The stored properties, for a struct: `var`/`let` members without a getter.
  public var storedProperties: [StoredProperty]
  /// The names of the types and type aliases declared directly inside it.
  public var memberTypes: [String]
  /// The names of the functions and properties declared directly inside it (`body`, `reduce`).
  public var memberNames: [String]
  /// Its initializers, in order (the scaffolder checks that a feature's `State` has a `public init()`).
  public var initializers: [InitializerDeclaration] = []
  /// The protocol compositions its type aliases stand for, by alias name: `StateConformances` → `Equatable & Codable`.
  public var typeAliases: [String: String]
  /// The `#if` conditions it sits under, joined with `&&`; empty when it is always compiled.
  public var condition: String
  /// The file it is declared in.
  public var file: String
  /// Where the declaration's name is.
  public var line: Int
  /// The column of the declaration's name.
  public var column: Int

  /// The last component of `qualifiedName`.
  public var name: String { String(qualifiedName.split(separator: ".").last ?? "") }

  /// Whether the inheritance clause names `name` (with or without a module prefix).
  public func inherits(_ name: String) -> Bool {
    inherited.contains { $0 == name || $0.hasSuffix(".\(name)") }
  }
}

/// An initializer of a type: `public init(id: User.ID)`.
public struct InitializerDeclaration: Equatable, Sendable {
  /// Its own access level.
  public var access: AccessLevel
  /// The first name of each parameter, `_` included: `["id"]`; empty for `init()`.
  public var parameterNames: [String]

  /// An initializer with `access` and these parameters.
  public init(access: AccessLevel, parameterNames: [String]) {
    self.access = access
    self.parameterNames = parameterNames
  }
}

/// One case of an enum: `case element(id: ID, action: Action)`.
public struct EnumCase: Equatable, Sendable {
  /// The name, backticks kept.
  public var name: String
  /// The associated values, in order; empty for a case without a payload.
  public var payload: [PayloadValue]
  /// The first line of the case's `///` comment, if any.
  public var summary: String?
  /// The `#if` conditions it sits under inside its enum, joined with `&&`; empty when always compiled.
  public var condition: String
  /// Where the case's name is.
  public var line: Int
}

/// One associated value of a case: `id: ID`, or `ErrorReport` without a label.
public struct PayloadValue: Equatable, Sendable {
  /// The label, or nil.
  public var label: String?
  /// The type, as written (spacing normalized).
  public var type: String

  /// A value with a label (or nil) and a type.
  public init(label: String?, type: String) {
    self.label = label
    self.type = type
  }
}

/// A stored property of a struct: `public var load: @Sendable () async throws -> [User]`.
public struct StoredProperty: Equatable, Sendable {
  /// The name.
  public var name: String
  /// The type annotation as written (spacing normalized), or nil when the type is inferred.
  public var type: String?
  /// Whether it is declared with `let`.
  public var isConstant: Bool
  /// Whether it has an initial value, so an initializer need not set it.
  public var hasInitialValue: Bool
  /// The property's own access level.
  public var access: AccessLevel
  /// The first line of its `///` comment, if any.
  public var summary: String?
  /// Where the name is.
  public var line: Int
  /// Whether it is marked `@ObservationStateIgnored`: left out of observation on purpose.
  public var isObservationIgnored = false
}

/// An `import` and the `#if` conditions it sits under.
public struct ImportDeclaration: Equatable, Hashable, Sendable {
  /// The whole declaration: `@testable import Composable`.
  public var text: String
  /// The conditions, joined with `&&`; empty when always compiled.
  public var condition: String

  /// An import under conditions.
  public init(text: String, condition: String) {
    self.text = text
    self.condition = condition
  }
}

/// Everything a scan of one file found.
public struct ScannedFile: Equatable, Sendable {
  /// The file's path as given.
  public var path: String
  /// Its imports.
  public var imports: [ImportDeclaration]
  /// Its type declarations and extensions, outermost first.
  public var types: [TypeDeclaration]
  /// The action cases its code sends itself (`await send(.loaded(…))`, `.send(.next)`), in order, each once.
  public var sentCaseNames: [String] = []
  /// The action cases it names through their type (`List.Action.userTapped`), as commands do, each once.
  public var qualifiedCaseNames: [String] = []
}
