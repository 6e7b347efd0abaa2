import Foundation

/// The files the scaffolder reads, from a folder on disk or (in tests) from memory.
public protocol SourceTree {
  /// The text of the file at `path` (relative to the repository's root), or nil when there is none.
  func contents(of path: String) -> String?
  /// The names of the entries directly inside the folder `path` (none when it does not exist).
  func entries(in path: String) -> [String]
  /// The paths of the `.swift` files under the folder `path`, at any depth, relative to the root.
  func swiftFiles(under path: String) -> [String]
}

extension SourceTree {
  /// Whether `path` is a file or a folder.
  public func exists(_ path: String) -> Bool {
    contents(of: path) != nil || !entries(in: path).isEmpty
  }
}

/// The repository on disk, from its root folder.
public struct DiskSourceTree: SourceTree {
  /// The repository's root.
  public let root: URL

  /// The tree under `root`.
  public init(root: URL) {
    self.root = root
  }

  /// The file's text, if it exists and is UTF-8.
  public func contents(of path: String) -> String? {
    try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The folder's entries, sorted.
  public func entries(in path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(path).path)) ?? []).sorted()
  }

  /// Every `.swift` file under the folder, sorted.
  public func swiftFiles(under path: String) -> [String] {
    let folder = root.appendingPathComponent(path)
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "\(path)/\($0)" }.sorted()
  }
}
