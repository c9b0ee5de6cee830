import Foundation
import TallyTestSupport
import Testing

/// The recipes of docs/automation.md, run against a real `tally serve`: each request is read from the page's
/// ```http blocks and sent as written (placeholders filled in), and what the page's YAML reads of the
/// answers (`value_json...`, `json_attributes`, `state_attr(...)`, `trigger.json...`) is checked against
/// the real answers.
@Suite(.serialized) struct AutomationRecipeTests {
    /// A server with one account, ana, and an API token of hers.
    struct Served {
        let tally: TallyBinary
        let server: ServerProcess
        let client: RecipeClient

        init() throws {
            tally = try TallyBinary()
            let added = try tally.run(["users", "add", "ana"], stdin: "plum tree 42\n")
            #expect(added.status == 0, "\(added.stderr)")
            let token = try tally.run(["tokens", "create", "home-assistant", "--user", "ana"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            server = try ServerProcess(data: tally)
            try server.start()
            client = RecipeClient(base: server.url)
            client.values = ["YOUR_TOKEN": token, "https://tally.example.com": server.url]
        }

        func stop() {
            server.stop()
            tally.remove()
        }
    }

    /// The value at a dotted path (`water.progress`) in a JSON answer.
    static func value(_ path: String, in object: Any) -> Any? {
        path.split(separator: ".").reduce(Optional(object)) { ($0 as? [String: Any])?[String($1)] }
    }

    @Test func theShortcutLogsAGlassAndTheSensorsReadToday() async throws {
        let doc = try AutomationDoc()
        let served = try Served()
        defer { served.stop() }
        let client = served.client

        // The Shortcut, twice ("Hey Siri, log a glass"), then a pee and a task done for the sensors to count.
        let glass = try #require(doc.request("POST", "/api/v1/water/entries"))
        #expect(glass.header("Content-Type") == "application/json")
        for _ in 0..<2 {
            let logged = client.send(glass)
            #expect(logged.status == 201, "\(logged.text)")
            #expect(try logged.json()["amountMl"] as? Double == 250)
        }
        let auth = [("Authorization", client.filled("Bearer YOUR_TOKEN"))]
        let json = auth + [("Content-Type", "application/json")]
        #expect(client.send("POST", "/api/v1/bathroom/events", headers: json, body: "{}").status == 201)
        let skill = try client.send("POST", "/api/v1/skills", headers: json, body: #"{"name": "Stretch"}"#).json()
        let skillID = try #require(skill["id"] as? String, "\(skill)")
        #expect(
            client.send("POST", "/api/v1/skills/\(skillID)/completions", headers: json, body: #"{"level": "full"}"#)
                .status < 300)
        _ = client.send("POST", "/api/v1/skills", headers: json, body: #"{"name": "Guitar"}"#)

        // The sensor's request (the Shortcut's "Water today" sends the same).
        let read = try #require(doc.request("GET", "/api/v1/today"))
        let answer = client.send(read)
        #expect(answer.status == 200, "\(answer.text)")
        let today = try answer.json()
        #expect(Self.value("water.totalMl", in: today) as? Double == 500)  // the Shortcut's Get Dictionary Value

        // Home Assistant's YAML: the resource is the request above, and what its templates read is there.
        let sensors = try #require(doc.yaml(containing: "platform: rest"))
        let resource = AutomationDoc.matches(#"resource: (\S+)"#, in: sensors).map { client.filled($0[0]) }
        #expect(resource == [served.server.url + read.target])
        #expect(sensors.contains("Authorization: \(read.header("Authorization") ?? "-")"))
        let paths = AutomationDoc.matches(#"value_json\.([A-Za-z.]+)"#, in: sensors).map { $0[0] }
        #expect(!paths.isEmpty)
        for path in paths { #expect(Self.value(path, in: today) is Double, "\(path) in \(answer.text)") }
        #expect(Self.value("water.progress", in: today) as? Double == 0.25)  // the state: 25 %
        let attributes = AutomationDoc.matches(#"(?m)^ +- (\w+)$"#, in: sensors).map { $0[0] }
        #expect(Set(attributes) == ["bathroomCount", "water", "tasks"])
        for attribute in attributes { #expect(today[attribute] != nil, "\(attribute)") }
        let reads = AutomationDoc.matches(#"state_attr\('sensor\.tally_water', '(\w+)'\)((?:\.\w+)*)"#, in: sensors)
        #expect(reads.count == 3)
        for read in reads {
            #expect(attributes.contains(read[0]))
            #expect(Self.value(read[0] + read[1], in: today) != nil, "\(read)")
        }
        #expect(Self.value("water.totalMl", in: today) as? Double == 500)
        #expect(today["bathroomCount"] as? Int == 1)
        // `selectattr('level', 'eq', 'full') | list | count`: Stretch is done, Guitar is not.
        #expect(sensors.contains("selectattr('level', 'eq', 'full')"))
        let tasks = try #require(today["tasks"] as? [[String: Any]])
        #expect(tasks.count == 2)
        #expect(tasks.filter { $0["level"] as? String == "full" }.count == 1)

        // A lost device's token, revoked as the page says, reads nothing more.
        let revoked = try served.tally.run(["tokens", "revoke", "home-assistant", "--user", "ana"])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        try await Task.sleep(for: .milliseconds(300))  // a running server refuses it within a tenth of a second
        #expect(client.send(read).status == 401)
    }

    @Test func theWidgetPresetLogsOnAPostWithoutCookiesAndATagOpensItsPage() throws {
        let doc = try AutomationDoc()
        let served = try Served()
        defer { served.stop() }
        let client = served.client
        let auth = [("Authorization", client.filled("Bearer YOUR_TOKEN"))]

        // Settings › Widgets: make the addresses and copy the status address shown.
        let form = auth + [("Content-Type", "application/x-www-form-urlencoded")]
        #expect(client.send("POST", "/settings/widgets", headers: form, body: "action=on").status == 303)
        let settings = client.send("GET", "/settings/widgets", headers: auth).text
        let shown = AutomationDoc.matches(#"value="([^"]+/status\.json)""#, in: settings).map { $0[0] }
        let status = try #require(shown.first, "\(settings)")
        #expect(status.hasPrefix(served.server.url + "/widget/"))
        let presets = try #require(
            client.send("GET", String(status.dropFirst(served.server.url.count))).json()["presets"]
                as? [[String: Any]])
        let add = try #require(presets.first { $0["amountMl"] as? Double == 250 }?["add"] as? String)
        let parts = AutomationDoc.matches(#"^/widget/([0-9a-f]{64})/add\?amount=250&signature=([^&]+)$"#, in: add)
        let secret = try #require(parts.first?[0], "\(add)")
        client.values["WIDGET_SECRET"] = secret
        client.values["SIGNATURE"] = try #require(parts.first?[1])

        // The rest_command: the same address, POST, no token, no cookie, no anti-forgery token.
        let press = try #require(doc.request("POST", "/widget/WIDGET_SECRET/add"))
        #expect(client.filled(press.target) == add && press.header("Authorization") == nil)
        let command = try #require(doc.yaml(containing: "rest_command:"))
        #expect(command.contains("method: post"))
        let url = AutomationDoc.matches(#"url: "([^"]+)""#, in: command).map { client.filled($0[0]) }
        #expect(url == [served.server.url + add])
        let pressed = client.send(press)
        #expect(pressed.status == 201, "\(pressed.text)")
        #expect(Self.value("water.totalMl", in: try pressed.json()) as? Double == 250)

        // The tag: a GET of the add address logs nothing and sends the browser on to the widget; the medium
        // widget the tag should hold shows the presets.
        let opened = client.send("GET", add)
        #expect(opened.status == 303, "\(opened.status) \(opened.text)")
        let unchanged = client.send("GET", String(status.dropFirst(served.server.url.count)))
        #expect(Self.value("water.totalMl", in: try unchanged.json()) as? Double == 250)
        let page = try #require(doc.request("GET", "/widget/WIDGET_SECRET"))
        let widget = client.send(page)
        #expect(widget.status == 200)
        // Its preset buttons are forms posting the add address (the page escapes its `&`).
        let escaped = add.replacingOccurrences(of: "&", with: "&amp;")
        #expect(widget.text.contains(#"<form method="post" action="\#(escaped)">"#), "\(widget.text)")
        let after = try client.send("GET", "/widget/\(secret)/status.json").json()
        #expect(Self.value("water.totalMl", in: after) as? Double == 250)

        // Replaced, the old addresses answer 404, the preset too.
        #expect(client.send("POST", "/settings/widgets", headers: form, body: "action=replace").status == 303)
        #expect(client.send(press).status == 404)
    }

    @Test func theWebhookChannelDeliversWhatTheAutomationReadsSigned() async throws {
        let doc = try AutomationDoc()
        let receiver = try await LoopbackReceiver(status: .ok)
        defer { receiver.stop() }
        let served = try Served()
        defer { served.stop() }
        let client = served.client
        client.values["http://homeassistant.local:8123"] = receiver.url
        // Sign-up is not open on this server, so it takes the receiver's loopback address, as it takes Home
        // Assistant's private one.
        let add = try #require(doc.request("POST", "/api/v1/notifications/channels"))
        let made = client.send(add)
        #expect(made.status == 201, "\(made.text)")
        let secret = try #require(try made.json()["secret"] as? String, "\(made.text)")

        let tested = client.send(
            "POST", "/api/v1/notifications/test?channel=Home%20Assistant",
            headers: [("Authorization", client.filled("Bearer YOUR_TOKEN"))])
        #expect(tested.status == 200, "\(tested.text)")
        let deadline = Date().addingTimeInterval(10)
        while receiver.requests.isEmpty && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        let delivered = try #require(receiver.requests.first)
        let webhookID = try #require(AutomationDoc.matches(#"webhook_id: (\S+)"#, in: doc.yaml.joined()).first?[0])
        #expect(delivered.path == "/api/webhook/" + webhookID)
        #expect(delivered.header("Content-Type") == "application/json")

        // What the automation reads as trigger.json.
        let body = try #require(try JSONSerialization.jsonObject(with: delivered.body) as? [String: Any])
        let automation = try #require(doc.yaml(containing: "platform: webhook"))
        let keys = AutomationDoc.matches(#"trigger\.json\.(\w+)"#, in: automation).map { $0[0] }
        #expect(keys == ["title", "body"])
        for key in keys { #expect((body[key] as? String)?.isEmpty == false, "\(key): \(body)") }

        // The signature, checked as the page says: openssl's HMAC of the exact body under the secret.
        let file = served.tally.dataDirectory.appendingPathComponent("body.json")
        try delivered.body.write(to: file)
        let digest = try ChildProcess.run(
            "/usr/bin/openssl", ["dgst", "-sha256", "-hmac", secret, file.path])
        let hex = String(decoding: digest.stdout, as: UTF8.self).split(separator: " ").last.map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(digest.status == 0)
        #expect(delivered.header("X-Tally-Signature") == "sha256=" + (hex ?? "-"))
    }
}
