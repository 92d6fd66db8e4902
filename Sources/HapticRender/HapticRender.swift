// The umbrella module: `import HapticRender` brings every stage's public API, from the pattern
// model to the tools. The stages and their order are in docs/architecture.md.
@_exported import HapticFiles
@_exported import HapticModel
@_exported import HapticPipeline
@_exported import HapticReader
@_exported import HapticSupport
@_exported import HapticSynthesis
@_exported import HapticTools
