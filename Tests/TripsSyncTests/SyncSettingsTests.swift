import CloudKitClient
import Foundation
import Testing

@testable import TripsStore
@testable import TripsSync

/// `config.json` beside the store, environment overrides, and what counts as configured.
@Suite struct SyncSettingsTests {
    private func configPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cfg-\(UUID().uuidString)/config.json").path
    }

    @Test func theFileIsWrittenReadableOnlyByItsOwner() throws {
        let path = configPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let file = ConfigFile(path: path)

        try file.update(.cloudAPIToken, to: "secret-token")

        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try file.load() == ["cloud.apiToken": "secret-token"])
    }

    @Test func aPasswordInTheCloudURLIsNeitherShownNorPartOfTheStoredIdentity() throws {
        let settings = SyncSettings(
            fileValues: ["cloud.url": "https://fan:Hunter2-secret@cloud.test/", "cloud.container": "iCloud.a"],
            environment: ["TRIPS_CLOUD_API_TOKEN": "token-123456"])

        let identity = SyncSettings.identity(of: try settings.cloudConfiguration())

        #expect(settings.entry(.cloudURL).displayValue == "https://fan:‹redacted›@cloud.test/")
        #expect(settings.entry(.cloudAPIToken).displayValue == "‹redacted›")
        #expect(identity == "https://fan:‹redacted›@cloud.test/ iCloud.a development")
    }

    @Test func updatingOneKeyKeepsTheOthersIncludingUnknownOnes() throws {
        let path = configPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let file = ConfigFile(path: path)
        try file.save(["cloud.container": "iCloud.a", "future.key": "kept"])

        try file.update(.cloudURL, to: "http://127.0.0.1:9")
        try file.update(.cloudContainer, to: nil)

        #expect(try file.load() == ["cloud.url": "http://127.0.0.1:9", "future.key": "kept"])
    }

    @Test func aDamagedFileIsAClearError() throws {
        let path = configPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))

        #expect(throws: ConfigError.unreadable(path: path, reason: "not a JSON object of strings")) {
            try ConfigFile(path: path).load()
        }
    }

    @Test func environmentVariablesOverrideTheFile() throws {
        let settings = SyncSettings(
            fileValues: ["cloud.url": "http://file.example", "cloud.container": "iCloud.file", "cloud.apiToken": "f"],
            environment: [
                "TRIPS_CLOUD_URL": "http://env.example", "TRIPS_CLOUD_API_TOKEN": "",
                "TRIPS_CLOUD_ENVIRONMENT": "production",
            ])

        let configuration = try settings.cloudConfiguration()

        #expect(configuration.baseURL.absoluteString == "http://env.example")
        #expect(configuration.container == "iCloud.file")
        #expect(configuration.apiToken == "f")  // an empty variable does not override
        #expect(configuration.environment == "production")
        #expect(settings.entry(.cloudURL).source == .environment("TRIPS_CLOUD_URL"))
        #expect(settings.entry(.cloudContainer).source == .file)
    }

    @Test func theEnvironmentDefaultsToDevelopmentAndTheURLToApple() throws {
        let settings = SyncSettings(
            fileValues: ["cloud.container": "iCloud.c", "cloud.apiToken": "t"], environment: [:])

        let configuration = try settings.cloudConfiguration()

        #expect(configuration.environment == "development")
        #expect(configuration.baseURL == CloudConfiguration.appleBaseURL)
    }

    @Test func withoutContainerAndTokenNoCloudIsConfigured() {
        let settings = SyncSettings(fileValues: ["cloud.url": "http://127.0.0.1:1"], environment: [:])

        #expect(throws: SyncSetupError.notConfigured(missing: [.cloudContainer, .cloudAPIToken])) {
            try settings.cloudConfiguration()
        }
        let message = SyncSetupError.notConfigured(missing: [.cloudContainer, .cloudAPIToken]).description
        #expect(!message.contains("\n"))
        #expect(message.contains("TRIPS_CLOUD_CONTAINER"))
    }

    @Test func tokensAreShownRedacted() {
        let settings = SyncSettings(
            fileValues: ["cloud.apiToken": "s3cr3t", "cloud.container": "iCloud.c"],
            environment: ["TRIPS_CLOUD_WEB_AUTH_TOKEN": "w3b"])

        let shown = settings.entries.compactMap(\.displayValue).joined(separator: " ")

        #expect(!shown.contains("s3cr3t"))
        #expect(!shown.contains("w3b"))
        #expect(shown.contains("iCloud.c"))
    }

    @Test(arguments: [
        (ConfigKey.cloudURL, "ftp://x"), (.cloudURL, "not a url"), (.syncPageSize, "0"), (.syncPageSize, "201"),
        (.syncOverlapSeconds, "-1"), (.cloudContainer, "two words"), (.cloudAPIToken, "  "),
    ])
    func invalidValuesAreRefused(key: ConfigKey, value: String) {
        #expect(throws: ConfigError.self) { try key.validate(value) }
    }

    @Test func aBadValueInTheFileIsReportedWhenUsed() {
        let settings = SyncSettings(
            fileValues: ["cloud.container": "iCloud.c", "cloud.apiToken": "t", "sync.pageSize": "lots"],
            environment: [:])

        #expect(throws: SyncSetupError.self) { try settings.syncOptions() }
    }

    @Test func keysAreMatchedIgnoringCase() {
        #expect(ConfigKey(name: "CLOUD.APITOKEN") == .cloudAPIToken)
        #expect(ConfigKey(name: "cloud.token") == nil)
    }
}
