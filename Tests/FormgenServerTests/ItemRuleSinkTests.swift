import FormgenCore
import FormgenServer
import FormgenTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The preview's sink applies a repeating section's rules per item, for JSON and for a post without JavaScript.
@Suite struct ItemRuleSinkTests {
    static let config = """
        id: pets
        title: Pets
        sections:
          - id: pets
            title: Your pets
            repeat: {min: 1, itemLabel: "Pet {n}"}
            fields:
              - {id: pet_name, label: Name, required: true}
              - {id: kind, label: Kind, type: radio, options: [Dog, Other]}
              - {id: kind_other, label: Describe the pet, required: true, validation: {required: {value: true, message: Describe the pet}}}
        rules:
          - {when: kind, condition: equals, value: Other, action: show, otherwise: hide, targets: [kind_other]}

        """

    @Test func anItemFieldIsAskedOnlyInTheItemsItsRuleShowsItIn() async throws {
        let site = try TestSite.make(build: false)
        defer { site.remove() }
        try site.write("configs/forms/pets.yaml", Self.config)
        _ = try SiteBuilder(options: site.buildOptions).build()
        try await site.withClient { client in
            try await client.execute(uri: "/__formgen/submit/pets", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: #"{"pets":[{"pet_name":"Rex","kind":"Dog","kind_other":"x"},{"pet_name":"Kit","kind":"Other"}]}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.text == #"{"errors":{"pets[1].kind_other":"Pet 2: Describe the pet"}}"# + "\n")
            }
            let body = "pets%5B0%5D.pet_name=Rex&pets%5B0%5D.kind=Dog&pets%5B0%5D.kind_other=Lizard&pets%5B1%5D.pet_name=Kit&pets%5B1%5D.kind=Other&pets%5B1%5D.kind_other=Gecko"
            try await client.execute(uri: "/__formgen/submit/pets", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                     body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
            }
        }
        let line = try site.read(".formgen/submissions.jsonl").split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.contains(#""data":{"pets":[{"kind":"Dog","pet_name":"Rex"},{"kind":"Other","kind_other":"Gecko","pet_name":"Kit"}]}"#))
    }
}
