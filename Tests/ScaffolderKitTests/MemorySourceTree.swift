import ScaffolderKit

/// A repository in memory: files by path; folders are the prefixes of their paths.
struct MemorySourceTree: SourceTree {
  var files: [String: String]

  func contents(of path: String) -> String? { files[path] }

  func entries(in path: String) -> [String] {
    let prefix = path + "/"
    let names = files.keys.filter { $0.hasPrefix(prefix) }.compactMap {
      $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
    }
    return Set(names).sorted()
  }

  func swiftFiles(under path: String) -> [String] {
    files.keys.filter { $0.hasPrefix(path + "/") && $0.hasSuffix(".swift") }.sorted()
  }
}
