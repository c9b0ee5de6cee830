import Foundation
import Testing

@testable import TallyCore

/// The one parser of channel addresses: ports that fit, no characters a parser could read two ways, the
/// edge cases of WHATWG's URL standard refused rather than guessed, and agreement with Foundation's `URL`
/// (what the HTTP client reads) on every address it accepts.
@Suite struct ChannelURLTests {
    @Test func portsOutsideOneTo65535AreRefused() throws {
        for bad in [
            "http://127.0.0.1:65536/x", "http://127.0.0.1:0/x", "http://[::1]:0/x", "http://example.com:99999999999/",
            "http://example.com:-1/", "http://example.com:+80/", "http://example.com:8o/", "http://example.com:/x",
            "http://example.com:80:80/",
        ] {
            #expect(throws: TallyError.self, "\(bad)") { try ChannelURL(parsing: bad) }
        }
        #expect(try ChannelURL(parsing: "http://127.0.0.1:65535/x").port == 65535)
        #expect(try ChannelURL(parsing: "http://127.0.0.1:1").effectivePort == 1)
        #expect(try ChannelURL(parsing: "https://ntfy.sh/topic").effectivePort == 443)
        let error = #expect(throws: TallyError.self) { try ChannelURL(parsing: "http://127.0.0.1:65536/x") }
        #expect(error?.description == "URL: the port '65536' is not a number from 1 to 65535")
    }

    @Test func controlCharactersSpacesAndBackslashesAreRefused() {
        for bad in [
            "http://example.com/a\u{0}b", "http://example.com/\r\nX-Evil: 1", "http://exa\tmple.com/", "http://a b/",
            "http://example.com/a b", "http://example.com\\@evil.example/", "http://example.com/\u{200B}",
            "http://example.com/\u{7F}", "http://example.com/\u{85}", "http://example.com/\u{2028}",
        ] {
            #expect(throws: TallyError.self, "\(bad.debugDescription)") { try ChannelURL(parsing: bad) }
        }
    }

    @Test func whatwgEdgeCasesAreRefusedNotGuessed() {
        for bad in [
            "http://127.1/", "http://0x7f.0.0.1/", "http://2130706433/", "http://0177.0.0.1/", "http://127.0.0.01/",
            "http://①②⑦.0.0.1/", "http://%65xample.com/", "http:/example.com/", "http:example.com", "//example.com/",
            "http://user:pass@example.com/", "http://@example.com/", "ftp://example.com/", "javascript://x/%0a",
            "http://[::1/", "http://[::1]x/", "http://[fe80::1%25eth0]/", "http://[1:2:3:4:5:6:7:8:9]/",
            "http://[::1::2]/", "http://exämple.com/", "http://-example.com/", "http://example..com/",
            "http://example.com/#top", "http://example.com/%zz", "http://example.com/<script>", "http:///x",
            "http://", "http://example.com/\"",
        ] {
            #expect(throws: TallyError.self, "\(bad)") { try ChannelURL(parsing: bad) }
        }
    }

    @Test func acceptedAddressesAreNormalised() throws {
        #expect(try ChannelURL(parsing: "HTTPS://NTFY.SH/My-Topic").text == "https://ntfy.sh/My-Topic")
        #expect(try ChannelURL(parsing: " http://example.com ").text == "http://example.com/")
        #expect(try ChannelURL(parsing: "http://example.com?x=1").text == "http://example.com/?x=1")
        #expect(try ChannelURL(parsing: "http://example.com/café").text == "http://example.com/caf%C3%A9")
        #expect(try ChannelURL(parsing: "http://[::FFFF:127.0.0.1]:8080/x").hostText == "[::ffff:127.0.0.1]")
        #expect(try ChannelURL(parsing: "http://example.com./x").hostText == "example.com.")
        let hook = try ChannelURL(parsing: "http://hooks.local:8123/api/webhook/a_b-c?token=%2F~")
        #expect(hook.host == .name("hooks.local") && hook.port == 8123)
        #expect(hook.pathAndQuery == "/api/webhook/a_b-c?token=%2F~")
    }

    @Test func addressesKnowWhatIsPublic() {
        for inner in [
            "127.0.0.1", "10.0.0.1", "169.254.169.254", "192.168.1.1", "172.16.0.1", "100.64.0.1", "0.0.0.0",
            "224.0.0.1", "::1", "::", "::127.0.0.1", "::ffff:127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe",
            "64:ff9b:1::1", "2002:7f00:1::", "2001:0:1::1", "2001:db8::1", "fe80::1", "fc00::1", "fd12:3456::1",
            "ff02::1",
        ] {
            #expect(IPAddress(inner)?.isPublic == false, "\(inner)")
        }
        for outer in ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "64:ff9b::5db8:d822", "2002:5db8:d822::"] {
            #expect(IPAddress(outer)?.isPublic == true, "\(outer)")
        }
        for notAnAddress in ["127.1", "256.0.0.1", "1.2.3.4.5", "::1::", "12345::", "1:2:3:4:5:6:7:8:9", "01.2.3.4"] {
            #expect(IPAddress(notAnAddress) == nil, "\(notAnAddress)")
        }
    }

    /// Random text built from the characters URL parsers disagree on: whatever is accepted, Foundation's
    /// `URL` (what AsyncHTTPClient reads) parses too, to the same host and port, and the port fits.
    @Test func acceptedAddressesMeanTheSameToFoundation() throws {
        var random = SplitMix64(seed: 46)
        let pieces = [
            "http://", "https://", "HTTP://", "http:/", "example.com", "127.0.0.1", "[::1]", "[64:ff9b::7f00:1]",
            "0x7f", ".", "..", ":", ":80", ":0", ":65535", ":65536", "@", "user", "/", "//", "?", "#", "%", "%2F",
            "%zz", "\\", " ", "\t", "\n", "\u{0}", "é", "a", "-", "_", "[", "]", "~", "'", "\"", "<", "1", "00",
        ]
        var accepted = 0
        for _ in 0..<20_000 {
            let count = Int(random.next() % 8) + 1
            var text = random.next() % 2 == 0 ? "http://" : ""
            for _ in 0..<count { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            guard let parsed = try? ChannelURL(parsing: text) else { continue }
            accepted += 1
            let foundation = try #require(URL(string: parsed.text), "\(text.debugDescription) → \(parsed.text)")
            #expect(foundation.scheme == parsed.scheme.rawValue, "\(text.debugDescription)")
            #expect(foundation.port == parsed.port, "\(text.debugDescription)")
            let host = foundation.host(percentEncoded: false) ?? ""
            let bare = parsed.hostText.hasPrefix("[") ? String(parsed.hostText.dropFirst().dropLast()) : parsed.hostText
            #expect(host == bare || host == parsed.hostText, "\(text.debugDescription): \(host)")
            #expect((1...65535).contains(parsed.effectivePort))
            #expect(!parsed.text.unicodeScalars.contains { $0.value < 0x21 || $0.value > 0x7E })
            #expect(try ChannelURL(parsing: parsed.text) == parsed, "normalising twice changes nothing")
        }
        #expect(accepted > 200, "the generator reaches valid addresses (\(accepted))")
    }
}
