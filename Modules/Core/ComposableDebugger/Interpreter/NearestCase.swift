import Composable

/// The case of `type` whose name is nearest `tried` (a typo: at most a third of its letters off, and at least two),
/// spelled as Swift names a case with its labels (`userTapped(_:)`, `moved(from:to:)`, `refresh`); nil when
/// `type` does not list its cases (it is not `CasePathable`) or no case is that near.
func nearestCase(to tried: String, in type: Any.Type) -> String? {
  guard let pathable = type as? any CasePathable.Type else { return nil }
  let cases = listedCases(pathable)
  let allowed = max(2, tried.count / 3)
  let ranked = cases.map { (spelled: $0.spelled, distance: editDistance($0.name.lowercased(), tried.lowercased())) }
    .filter { $0.distance <= allowed }
  return ranked.min { $0.distance < $1.distance }?.spelled
}

/// The cases `Cases` lists, each with its name, its name spelled with its payload's labels, and its payload's type
/// (nil when the case path does not say).
func listedCases<Enum: CasePathable>(_: Enum.Type) -> [(name: String, spelled: String, payload: Any.Type?)] {
  Mirror(reflecting: Enum.Cases()).children.compactMap { child in
    guard let name = child.label else { return nil }
    let payload = (type(of: child.value) as? any PayloadTyped.Type)?.payloadType
    return (name, name + labels(of: payload), payload)
  }
}

/// A case path that says its payload's type, so a case's labels can be read from it.
private protocol PayloadTyped {
  static var payloadType: Any.Type { get }
}

extension CasePath: PayloadTyped {
  fileprivate static var payloadType: Any.Type { Value.self }
}

/// `(_:)` for one value, a tuple's labels (`(from:to:)`, `(_:_:)`), nothing for no payload (or an unknown one).
private func labels(of payload: Any.Type?) -> String {
  guard let payload, payload != Void.self else { return "" }
  let described = String(describing: payload)
  guard described.hasPrefix("("), described.hasSuffix(")") else { return "(_:)" }
  var elements: [String] = []
  var depth = 0
  var current = ""
  for character in described.dropFirst().dropLast() {
    if "([<".contains(character) { depth += 1 }
    if ")]>".contains(character) { depth -= 1 }
    if character == ",", depth == 0 {
      elements.append(current)
      current = ""
    } else {
      current.append(character)
    }
  }
  elements.append(current)
  let names = elements.map { element -> String in
    let trimmed = element.drop { $0 == " " }
    let label = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return trimmed.dropFirst(label.count).hasPrefix(":") && !label.isEmpty ? String(label) : "_"
  }
  return "(" + names.map { $0 + ":" }.joined() + ")"
}

/// How many letters must be inserted, removed or replaced to turn `a` into `b`.
private func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  guard !a.isEmpty else { return b.count }
  var previous = Array(0...b.count)
  for i in 1...a.count {
    var row = [i] + Array(repeating: 0, count: b.count)
    for j in 1...max(b.count, 1) where j <= b.count {
      row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    previous = row
  }
  return previous[b.count]
}
