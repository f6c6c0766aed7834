import Foundation

/// 128 bits of FNV-1a (two 64-bit lanes with different offsets): fast, and plenty to notice a change.
struct FNV1a {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { add(bytes: $0) }
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    private mutating func add(bytes buffer: UnsafeRawBufferPointer) {
        for byte in buffer {
            a = (a ^ UInt64(byte)) &* Self.prime
            b = (b ^ UInt64(byte)) &* Self.prime &+ 0x9e37_79b9
        }
        a = (a ^ UInt64(buffer.count)) &* Self.prime
    }

    /// The 128 bits as 32 lower-case hex digits, written straight into the string's storage (a cache key is made for
    /// every output of every build).
    var hex: String {
        let (a, b) = (a, b)
        return String(unsafeUninitializedCapacity: 32) { buffer in
            for index in 0..<16 {
                let digitOfA = UInt8((a >> UInt64(60 - index * 4)) & 0xf), digitOfB = UInt8((b >> UInt64(60 - index * 4)) & 0xf)
                buffer[index] = digitOfA < 10 ? 0x30 + digitOfA : 0x57 + digitOfA
                buffer[16 + index] = digitOfB < 10 ? 0x30 + digitOfB : 0x57 + digitOfB
            }
            return 32
        }
    }
}
