import OutputText
import Testing

/// Credentials are hidden however a server or proxy echoes them.
@Suite struct SecretRedactionTests {
    @Test func aSecretIsHiddenInAnyCase() {
        let text = "rejected Web-Auth-Secret-123 and WEB-AUTH-SECRET-123 and web-auth-secret-123"
        #expect(
            SecretRedaction.redact(text, secrets: ["web-auth-SECRET-123"])
                == "rejected ‹redacted› and ‹redacted› and ‹redacted›")
    }

    @Test func tokenParametersAreHiddenWhateverTheirValueAndCase() {
        let echoed = "bad request /records/query?ckapitoken=abc%2bdef&ckwebauthtoken=xyz789 \"CKWEBAUTHTOKEN=q\""
        #expect(
            SecretRedaction.redact(echoed)
                == "bad request /records/query?ckapitoken=‹redacted›&ckwebauthtoken=‹redacted› \"CKWEBAUTHTOKEN=‹redacted›\""
        )
        #expect(SecretRedaction.redact("x-trips-admin-token: s3cr3t sent") == "x-trips-admin-token: ‹redacted› sent")
    }

    @Test func aPasswordInAURLIsHiddenButTheRestOfTheURLStays() {
        #expect(
            SecretRedaction.redact("could not reach https://fan:Hunter2@cloud.example.com:8443/db?x=1")
                == "could not reach https://fan:‹redacted›@cloud.example.com:8443/db?x=1")
        #expect(
            SecretRedaction.redact("http://fan@cloud.test/ and ftp://a:b@h")
                == "http://fan@cloud.test/ and ftp://a:‹redacted›@h")
    }

    @Test func textWithoutCredentialsIsUntouched() {
        let text = "the cloud refused the request (THROTTLED, HTTP 429): slow down — see https://cloud.test/help"
        #expect(SecretRedaction.redact(text, secrets: ["", "absent-token"]) == text)
    }
}
