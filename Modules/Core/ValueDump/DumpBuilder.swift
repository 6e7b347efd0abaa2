import Foundation

/// Turns any value into a `DumpNode` tree by reflection, with stable ordering for sets and dictionaries.
struct DumpBuilder {
  /// Which enum values print their type's name before the case.
  enum EnumTypeNames {
    /// Only the value dumped, when it is an enum: inside it a case's type is clear from where it sits
    /// (`status: .loaded`), as custom-dump prints.
    case atTheRoot
    /// Every enum value.
    case everywhere
    /// Every enum value but those inside another enum's payload (`AppFeature.Action.list(.delegate(…))`).
    case outsidePayloads
  }

  /// Objects on the current path, so a reference cycle prints a marker instead of recursing forever.
  private var visiting: Set<ObjectIdentifier> = []
  /// The number each shared reference prints with, in the order they first appeared.
  private var referenceNumbers: [ObjectIdentifier: Int] = [:]
  /// Which enum values print their type's name.
  var enumTypeNames = EnumTypeNames.atTheRoot
  /// How many enum payloads the value being built is inside.
  private var enumDepth = 0
  /// How many containers the value being built is inside (0: the value dumped).
  private var depth = 0

  init(enumTypeNames: EnumTypeNames = .atTheRoot) {
    self.enumTypeNames = enumTypeNames
  }

  /// A node for a value inside the one being built (a field, an element, a payload, a wrapped optional).
  private mutating func child(_ value: Any) -> DumpNode {
    depth += 1
    defer { depth -= 1 }
    return node(for: value)
  }

  mutating func node(for value: Any) -> DumpNode {
    if let reference = value as? any ValueDumpReference { return referenceNode(reference) }
    if let wrapper = value as? any ValueDumpTransparent { return node(for: wrapper.valueDumpSubject) }
    if let custom = value as? any ValueDumpStringConvertible { return .leaf(custom.valueDumpDescription) }
    if let string = value as? any StringProtocol { return .text(String(string)) }
    if let character = value as? Character { return .text(String(character)) }
    if let leaf = Self.leaf(for: value) { return .leaf(leaf) }
    let mirror = (value as? any ValueDumpReflectable)?.valueDumpMirror ?? Mirror(reflecting: value)
    let typeName = DumpBuilder.typeName(of: type(of: value))
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .leaf("nil") }
      return child(wrapped)
    case .enum:
      return enumNode(value, mirror: mirror, typeName: typeName)
    case .tuple:
      return .container(open: "(", close: ")", style: .payload, children: payloadChildren(of: mirror))
    case .collection:
      let children = mirror.children.map { element in
        DumpNode.Child(label: nil, node: child(element.value), matchKey: Self.identity(of: element.value))
      }
      return .container(open: "[", close: "]", style: .elements, children: children)
    case .set:
      var children = mirror.children.map { DumpNode.Child(label: nil, node: child($0.value), matchKey: nil) }
      children.sort { $0.node.sortKey < $1.node.sortKey }
      return .container(open: "Set([", close: "])", style: .members, children: children)
    case .dictionary:
      // A dictionary's order is its hash seed's, different each run: sorted. A mirror that lists pairs in an order
      // of its own (KeyValuePairs, an ordered dictionary) keeps it.
      return dictionaryNode(mirror, sorted: value is any UnorderedDictionary)
    case .class:
      let object = ObjectIdentifier(value as AnyObject)
      guard !visiting.contains(object) else {
        var marker = DumpNode.leaf("\(typeName)(↩︎)")
        marker.printsOnItsOwnLine = true
        return marker
      }
      visiting.insert(object)
      defer { visiting.remove(object) }
      return .container(open: "\(typeName)(", close: ")", style: .fields, children: fieldChildren(of: mirror))
    case .struct, nil:
      if mirror.children.isEmpty, mirror.displayStyle == nil {
        return .leaf(value is any CustomStringConvertible ? String(describing: value) : "\(typeName)()")
      }
      return .container(open: "\(typeName)(", close: ")", style: .fields, children: fieldChildren(of: mirror))
    default:
      return .leaf(String(describing: value))
    }
  }

  // MARK: Kinds of values

  /// A shared reference's value after its number: `#1 3`, `#2 User(…)`.
  private mutating func referenceNode(_ reference: any ValueDumpReference) -> DumpNode {
    let identity = reference.valueDumpReferenceIdentity
    let number = referenceNumbers[identity] ?? (referenceNumbers.count + 1)
    referenceNumbers[identity] = number
    var node = node(for: reference.valueDumpSubject)
    let mark = "#\(number) "
    switch node.content {
    case let .leaf(text):
      node.content = .leaf(mark + text)
    case let .text(string):
      if !string.contains(where: \.isNewline) { node.content = .leaf(mark + DumpNode.dumpQuoted(string)) }
    case let .container(open, close, style, children):
      node.content = .container(open: mark + open, close: close, style: style, children: children)
    }
    node.printsOnItsOwnLine = true
    return node
  }

  private mutating func enumNode(_ value: Any, mirror: Mirror, typeName fullTypeName: String) -> DumpNode {
    let typeName =
      switch enumTypeNames {
      case .atTheRoot: depth == 0 ? fullTypeName : ""
      case .everywhere: fullTypeName
      case .outsidePayloads: enumDepth > 0 ? "" : fullTypeName
      }
    guard let payload = mirror.children.first else {
      return .leaf("\(typeName).\(Self.caseName(of: value))")
    }
    let name = payload.label ?? Self.caseName(of: value)
    enumDepth += 1
    defer { enumDepth -= 1 }
    let payloadMirror = Mirror(reflecting: payload.value)
    let children: [DumpNode.Child] =
      if payloadMirror.displayStyle == .tuple, !(payload.value is any ValueDumpReflectable) {
        payloadChildren(of: payloadMirror)
      } else {
        [DumpNode.Child(label: nil, node: child(payload.value), matchKey: nil)]
      }
    return .container(open: "\(typeName).\(name)(", close: ")", style: .payload, children: children)
  }

  private mutating func payloadChildren(of mirror: Mirror) -> [DumpNode.Child] {
    mirror.children.map { child in
      // Unlabelled tuple elements reflect as ".0", ".1"…; they print without a label.
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
      return DumpNode.Child(label: label, node: self.child(child.value), matchKey: nil)
    }
  }

  private mutating func fieldChildren(of mirror: Mirror) -> [DumpNode.Child] {
    var mirrors: [Mirror] = [mirror]
    while let parent = mirrors.last?.superclassMirror { mirrors.append(parent) }
    return mirrors.reversed().flatMap { mirror in
      mirror.children.map { child in
        DumpNode.Child(label: child.label.map(Self.fieldName), node: self.child(child.value), matchKey: nil)
      }
    }
  }

  private mutating func dictionaryNode(_ mirror: Mirror, sorted: Bool) -> DumpNode {
    var entries: [(key: String, node: DumpNode)] = []
    for entry in mirror.children {
      let pair = Array(Mirror(reflecting: entry.value).children)
      guard pair.count == 2 else { continue }
      let key = child(pair[0].value)
      entries.append((key.singleLine ?? key.sortKey, child(pair[1].value)))
    }
    if sorted { entries.sort { $0.key < $1.key } }
    let children = entries.map { DumpNode.Child(label: $0.key, node: $0.node, matchKey: $0.key) }
    return .container(open: "[", close: "]", style: .entries, children: children)
  }

  // MARK: Leaves

  /// One-line text for scalars and the Foundation values whose fields mean nothing to a reader.
  private static func leaf(for value: Any) -> String? {
    switch value {
    case let bool as Bool: return bool ? "true" : "false"
    case let integer as any BinaryInteger: return "\(integer)"
    case let number as any BinaryFloatingPoint: return "\(number)"
    case let uuid as UUID: return "UUID(\(uuid.uuidString))"
    case let date as Date: return "Date(\(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)))"
    case let url as URL: return "URL(\(url.absoluteString))"
    case let data as Data: return "Data(\(data.count) bytes)"
    case let decimal as Decimal: return "\(decimal)"
    case let duration as Duration: return "Duration(\(duration))"
    case let type as Any.Type:
      let spelling = swiftSpelling(of: type)
      return spelling.contains("->") ? "(\(spelling)).self" : "\(spelling).self"
    case let identifier as ObjectIdentifier: return "\(identifier)"
    default: return nil
    }
  }

  /// An element's id, when it is `Identifiable`, so a diff follows an element that moved or changed.
  private static func identity(of value: Any) -> AnyHashable? {
    func id<T: Identifiable>(_ element: T) -> AnyHashable { AnyHashable(element.id) }
    guard let identifiable = value as? any Identifiable else { return nil }
    return id(identifiable)
  }

  /// Property wrappers and lazy storage reflect as `_name` / `$__lazy_storage_$_name`; show the name.
  private static func fieldName(_ label: String) -> String {
    if label.hasPrefix("$__lazy_storage_$_") { return String(label.dropFirst("$__lazy_storage_$_".count)) }
    if label.hasPrefix("_"), label.count > 1 { return String(label.dropFirst()) }
    return label
  }

  // MARK: Names

  /// The type as a reader writes it in their module: qualified, without the module or generic arguments.
  static func typeName(of type: Any.Type) -> String {
    var withoutGenerics = ""
    var depth = 0
    for character in String(reflecting: type) {
      if character == "<" {
        depth += 1
      } else if character == ">" {
        depth -= 1
      } else if depth == 0 {
        withoutGenerics.append(character)
      }
    }
    let components = withoutGenerics.split(separator: ".")
    // A type declared in a function or private to a file reflects with anonymous contexts in its path
    // (`Module.Tests.(unknown context at $…).(unknown context at $…).User`): they go, the types around it stay
    // (`Tests.User`), as custom-dump prints it.
    let named = components.dropFirst().filter { !$0.hasPrefix("(") }
    return named.isEmpty ? String(withoutGenerics) : named.joined(separator: ".")
  }

  /// The name of the case `value` is, even when the enum customizes its description.
  static func caseName(of value: Any) -> String {
    func name<T>(_ value: T) -> String? {
      guard let pointer = enumCaseName(value) else { return nil }
      return String(cString: pointer)
    }
    return _openExistential(value, do: name) ?? String(describing: value)
  }
}

/// The Swift runtime's own lookup of an enum value's case name (what `print` uses).
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

extension DumpNode {
  /// Text that orders set elements and dictionary keys the same way on every run.
  var sortKey: String {
    var lines: [String] = []
    render(label: nil, indent: 0, suffix: "", into: &lines)
    return lines.joined(separator: "\n")
  }
}

/// A dictionary whose order means nothing (Swift's, by hash), which a dump sorts by key.
protocol UnorderedDictionary {}

extension Dictionary: UnorderedDictionary {}
