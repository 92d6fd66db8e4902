// `import CoreHaptics` and `import UIKit` bring Foundation on Apple platforms, so code written for
// them uses `TimeInterval`, `CGFloat`, `DispatchQueue`, `Date`, `URL`, `Bundle` or
// `JSONSerialization` without importing it: `import OfflineCoreHaptics` brings it too.
@_exported import Foundation
