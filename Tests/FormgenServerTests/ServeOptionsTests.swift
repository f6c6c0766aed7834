import FormgenCore
import FormgenServer
import Testing

@Test func serveOptionsPutMocksInsideAndSubmissionsBesideTheConfigs() {
    let options = ServeOptions(build: BuildOptions(configDirectory: "/site/configs", outputDirectory: "/site/public"))
    #expect(options.mocksDirectory == "/site/configs/mocks")
    #expect(options.submissionsFile == "/site/.formgen/submissions.jsonl")
    #expect(options.host == "127.0.0.1")
    #expect(options.port == 8080)
}
