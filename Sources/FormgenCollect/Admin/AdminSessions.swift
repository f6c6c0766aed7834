import Foundation

/// Signed-in admin sessions, in memory (a restart signs everyone out): a random id (the cookie) → the user, the CSRF
/// token every state-changing form carries, and when it ends (`lifetime` after sign-in).
public actor AdminSessions {
    public struct Session: Sendable, Equatable {
        public var user: String
        public var csrf: String
        public var expires: Date
    }

    private var sessions: [String: Session] = [:]
    public let lifetime: TimeInterval

    public init(lifetime: TimeInterval = 8 * 3600) {
        self.lifetime = lifetime
    }

    /// A new session for `user`; returns its id.
    public func start(user: String, now: Date) -> String {
        sessions = sessions.filter { $0.value.expires > now }
        let id = AdminRandom.token(bytes: 32)
        sessions[id] = Session(user: user, csrf: AdminRandom.token(bytes: 32), expires: now.addingTimeInterval(lifetime))
        return id
    }

    /// The live session with this id, or nil.
    public func session(_ id: String, now: Date) -> Session? {
        guard let session = sessions[id] else { return nil }
        guard session.expires > now else {
            sessions[id] = nil
            return nil
        }
        return session
    }

    public func end(_ id: String) {
        sessions[id] = nil
    }
}
