/// The largest of any run of values, in O(log n) per query: a segment tree built in O(n).
package struct RangeMaximum: Sendable {
  /// `tree[count + i]` is value `i`; `tree[i]` for `1 ≤ i < count` is the larger of its children.
  private let tree: [Double]
  private let count: Int

  package init(_ values: [Double]) {
    count = values.count
    var tree = [Double](repeating: -.infinity, count: 2 * values.count)
    tree.replaceSubrange(values.count..., with: values)
    for index in stride(from: values.count - 1, to: 0, by: -1) {
      tree[index] = max(tree[2 * index], tree[2 * index + 1])
    }
    self.tree = tree
  }

  /// The largest value at indices `range`; −∞ when it is empty.
  package func maximum(of range: Range<Int>) -> Double {
    var low = range.lowerBound + count
    var high = range.upperBound + count
    var largest = -Double.infinity
    while low < high {
      if low & 1 == 1 {
        largest = max(largest, tree[low])
        low += 1
      }
      if high & 1 == 1 {
        high -= 1
        largest = max(largest, tree[high])
      }
      low /= 2
      high /= 2
    }
    return largest
  }
}
