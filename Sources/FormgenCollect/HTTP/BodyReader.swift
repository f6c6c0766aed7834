import Hummingbird
import NIOCore

/// Reads a request's whole body within a size limit and a deadline, so a client that trickles its body (or stops
/// sending it) cannot hold a connection and a task for as long as it likes.
enum BodyReader {
    /// Why a body was not read.
    enum Failure: Error, Equatable {
        /// More bytes than the limit (413).
        case tooLarge
        /// Not all there within the deadline (408); the connection's input is closed.
        case tooSlow
        /// The connection ended, or the server is stopping, before the body's end (400): nothing may be stored from it.
        case incomplete
    }

    /// The body of `request`, read on `channel` within `deadline`.
    static func read(_ request: Request, upTo maxBytes: Int, within deadline: Duration, channel: any Channel) async throws -> ByteBuffer {
        let body: ByteBuffer?
        do {
            body = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask {
                    var request = request
                    return try await request.collectBody(upTo: maxBytes)
                }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    return nil
                }
                let first = try await group.next() ?? nil
                if first == nil { channel.close(mode: .input, promise: nil) }
                group.cancelAll()
                return first
            }
        } catch is NIOTooManyBytesError {
            throw Failure.tooLarge
        } catch {
            throw Failure.incomplete
        }
        guard let body else { throw Failure.tooSlow }
        // A read cut short by cancellation ends like a complete one: check that the whole body is there.
        if Task.isCancelled { throw Failure.incomplete }
        if let length = request.headers[.contentLength].flatMap(Int.init), length != body.readableBytes { throw Failure.incomplete }
        return body
    }
}
