// The blocks of frames and the sources that deliver them are part of this module's API.
@_exported import HapticAudio
