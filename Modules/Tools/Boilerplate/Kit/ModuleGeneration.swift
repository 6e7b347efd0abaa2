import Foundation

/// One module's generation: its sources read and scanned, and the generated text or the errors that stop it.
public enum ModuleGeneration {
  /// The generated text for the module made of the files at `sources`, or its errors in the compiler's format.
  public static func generate(_ sources: [String]) -> Result<String, GenerationErrors> {
    var scanned: [ScannedFile] = []
    var errors: [String] = []
    for path in sources {
      guard let data = FileManager.default.contents(atPath: path) else {
        errors.append("\(path):1:1: error: cannot read this file")
        continue
      }
      do throws(ScanError) {
        scanned.append(try SourceScanner.scan(String(decoding: data, as: UTF8.self), file: path))
      } catch {
        errors.append(error.description)
      }
    }
    guard errors.isEmpty else { return .failure(GenerationErrors(lines: errors)) }
    do throws(GenerationFailure) {
      return .success(try BoilerplateGenerator(files: scanned).generate())
    } catch {
      return .failure(GenerationErrors(lines: error.errors.map(\.description)))
    }
  }
}

/// The errors of one module's generation, each a line in the compiler's format.
public struct GenerationErrors: Error {
  /// One line per error (`FILE:LINE:COLUMN: error: …`).
  public let lines: [String]
}
