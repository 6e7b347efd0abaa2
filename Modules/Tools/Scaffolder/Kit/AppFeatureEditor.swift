import BoilerplateKit

/// Wires a new feature into AppFeature through its sources' declarations: a case of its `Destination` or `Path`
/// enum, and the route that closes the feature when it finishes, before the body's catch-all case.
public enum AppFeatureEditor {
  /// `source` (the file declaring enum `enumName`, such as `AppFeature.Destination`) with
  /// `case caseName(feature)` after its last case, documented by `summary`, and the feature's Interface imported.
  public static func addingCase(
    _ caseName: String, holding feature: String, summary: String, toEnum enumName: String, in source: String,
    file: String
  ) throws(ScaffoldError) -> String {
    let scanned: ScannedFile
    do throws(ScanError) {
      scanned = try SourceScanner.scan(source, file: file)
    } catch {
      throw ScaffoldError("cannot read \(file): \(error.description)")
    }
    guard let enumeration = scanned.types.first(where: { $0.kind == .enum && $0.qualifiedName == enumName }) else {
      throw ScaffoldError("\(file) declares no enum \(enumName) to add the case to")
    }
    guard !enumeration.cases.contains(where: { $0.name == caseName }) else {
      throw ScaffoldError("\(enumName) already has a case '\(caseName)'")
    }
    guard let last = enumeration.cases.last else {
      throw ScaffoldError("\(enumName) in \(file) has no case to add one after")
    }
    var edit = try SourceEdit(source, file: file)
    // After the last case's whole declaration: before the next line that starts with a token (its enum's `}`, or
    // a nested declaration's doc comment).
    guard let caseToken = edit.tokens.lastIndex(where: { $0.line == last.line && $0.text == last.name }),
      let next = edit.nextLineStart(after: caseToken)
    else {
      throw ScaffoldError("cannot find where \(enumName)'s last case ends in \(file)")
    }
    var line = edit.tokens[next].line - edit.tokens[next].documentation.count
    while line - 1 > last.line, edit.lines[line - 2].allSatisfy({ $0 == " " }) { line -= 1 }
    let indentation = edit.indentation(of: last.line)
    edit.insert(["\(indentation)/// \(summary)", "\(indentation)case \(caseName)(\(feature))"], before: line)
    edit.addImport("\(feature)Interface")
    return edit.text
  }

  /// `source` (AppFeature.swift) with `route` (the lines of one `case` clause) added to the switch of `body`,
  /// before its catch-all clause (`case .list, .path, .destination, .error:`), which names `wrapper`, and the
  /// feature's Interface imported.
  public static func addingRoute(
    _ route: [String], catchingAllOf wrapper: String, importing module: String, in source: String, file: String
  ) throws(ScaffoldError) -> String {
    var edit = try SourceEdit(source, file: file)
    let tokens = edit.tokens
    guard let body = tokens.indices.first(where: { tokens[$0].is("body") && $0 > 0 && tokens[$0 - 1].is("var") })
    else { throw ScaffoldError("\(file) has no 'var body' to add the route to") }
    let catchAll = tokens.indices.dropFirst(body).first { index in
      guard tokens[index].is("case"), tokens[index].startsLine else { return false }
      let pattern = tokens[(index + 1)...].prefix { !$0.is(":") }
      // A catch-all names whole cases only: `.list, .path`, with no payload pattern and no `let`.
      let names = pattern.filter { $0.kind == .word }.map(\.text)
      return !pattern.contains { $0.is("(") || $0.is("let") || $0.is("var") } && names.contains(wrapper)
    }
    guard let catchAll else {
      throw ScaffoldError(
        "\(file): its body's switch has no catch-all case naming .\(wrapper) (as `case .list, .path, .destination, "
          + ".error:`) to add the route before")
    }
    let line = tokens[catchAll].line - tokens[catchAll].documentation.count
    let indentation = edit.indentation(of: tokens[catchAll].line)
    edit.insert(route.map { $0.isEmpty ? "" : indentation + $0 } + [""], before: line)
    edit.addImport(module)
    return edit.text
  }
}
