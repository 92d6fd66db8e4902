// The umbrella module: `import HapticRender` brings every stage's public API, from the pattern
// model to the tools. The stages and their order are in docs/architecture.md.
@_exported import HapticAnalysis
@_exported import HapticAndroid
@_exported import HapticAudio
@_exported import HapticBreathing
@_exported import HapticFiles
@_exported import HapticInspection
@_exported import HapticModel
@_exported import HapticPipeline
@_exported import HapticPresets
@_exported import HapticPreview
@_exported import HapticReader
@_exported import HapticRegression
@_exported import HapticSynthesis
