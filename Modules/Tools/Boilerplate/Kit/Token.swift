/// One lexical unit of Swift source, as far as declarations care: comments and whitespace are gone.
public struct Token: Equatable, Sendable {
  /// What kind of unit it is.
  public enum Kind: Equatable, Sendable {
    /// A name or keyword, backticks kept: `case`, `Action`, `` `default` ``.
    case word
    /// One punctuation character (`{`, `<`, `,`, `.`) or `->`.
    case punctuation
    /// `@` and the attribute's name: `@Sendable`.
    case attribute
    /// A compiler directive: `#if`, `#elseif`, `#else`, `#endif`, `#warning`…; `argument` holds an `#if`'s condition.
    case directive
    /// A string, number or other literal; its text is not needed.
    case literal
  }

  /// The kind.
  public var kind: Kind
  /// The text as written.
  public var text: String
  /// Where it starts, from 1.
  public var line: Int
  /// The column it starts at, from 1.
  public var column: Int
  /// Whether it is the first token on its line (declarations and expressions end at line breaks).
  public var startsLine: Bool
  /// The `///` comment lines right above it, without the slashes.
  public var documentation: [String]
  /// The condition of an `#if` or `#elseif`, as written.
  public var argument: String

  /// A token.
  public init(
    _ kind: Kind, _ text: String, line: Int, column: Int, startsLine: Bool = false, documentation: [String] = [],
    argument: String = ""
  ) {
    self.kind = kind
    self.text = text
    self.line = line
    self.column = column
    self.startsLine = startsLine
    self.documentation = documentation
    self.argument = argument
  }

  /// Whether this is the punctuation or word `text`.
  public func `is`(_ text: String) -> Bool {
    (kind == .punctuation || kind == .word) && self.text == text
  }
}
