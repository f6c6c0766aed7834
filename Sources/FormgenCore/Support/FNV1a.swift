import Foundation

/// 128 bits of FNV-1a (two 64-bit lanes with different offsets): fast, and plenty to notice a change.
struct FNV1a {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            for byte in buffer {
                a = (a ^ UInt64(byte)) &* Self.prime
                b = (b ^ UInt64(byte)) &* Self.prime &+ 0x9e37_79b9
            }
        }
        a = (a ^ UInt64(data.count)) &* Self.prime
    }

    mutating func add(_ text: String) { add(Data(text.utf8)) }

    var hex: String { String(format: "%016llx%016llx", a, b) }
}
