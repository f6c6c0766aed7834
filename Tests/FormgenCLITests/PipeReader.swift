import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects what a child process writes to a pipe, on a thread of its own that reads until end of file.
///
/// Not `FileHandle.readabilityHandler`: on Linux that runs on a dispatch source, and many such sources over pipes
/// crash libdispatch (`_dispatch_event_loop_drain`, swift-corelibs-foundation issue 3276), as a CI run did.
final class PipeReader: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    init() {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                lock.withLock { bytes += buffer[0..<count] }
            }
        }
        thread.start()
    }

    /// Everything read so far, as UTF-8 text.
    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
}
