// Runs the boilerplate tool on a module's Swift sources before it compiles; its one output joins the module.
import PackagePlugin

/// The build-tool plugin every module of the package uses: generated case paths, enum features and client inits.
@main
struct BoilerplatePlugin: BuildToolPlugin {
  /// One command per module: all its Swift files in, one generated file out (rerun when any input changes).
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
    let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Boilerplate.swift")
    return [
      .buildCommand(
        displayName: "Generating the boilerplate of \(target.name)",
        executable: try context.tool(named: "BoilerplateTool").url,
        arguments: ["--output", output.path] + sources.map(\.path),
        inputFiles: sources,
        outputFiles: [output])
    ]
  }
}
