extension CompiledTemplate {
    /// What a template renders with: the stack of values sections pushed, the partial indentation and the blocks
    /// an inheriting template (`{{<base}}`) overrides.
    struct Context {
        let templates: [String: CompiledTemplate]
        var stack: [TemplateValue]
        var indentation: String?
        var inherited: [String: CompiledTemplate]?

        /// Renders `body` with `value` on top of the stack, then takes it off: one stack for a whole list, where a copy
        /// per item was a tenth of rendering a long one.
        mutating func with(_ value: TemplateValue, _ body: (inout Context) -> Void) {
            stack.append(value)
            body(&self)
            stack.removeLast()
        }

        func indented(by indentation: String?) -> Context {
            guard let indentation else { return self }
            var context = self
            context.indentation = (self.indentation ?? "") + indentation
            return context
        }

        func inheriting(_ overrides: [String: CompiledTemplate]?) -> Context {
            guard let overrides else { return self }
            var context = self
            context.inherited = inherited.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
            return context
        }
    }

    /// Renders the template named `name` of `templates` with `context`; nil when there is no such template.
    static func render(_ name: String, in templates: [String: CompiledTemplate], context: [String: TemplateValue]) -> String? {
        guard let template = templates[name] else { return nil }
        var output = ""
        output.reserveCapacity(32_768)
        var context = Context(templates: templates, stack: [.object(context)])
        template.render(into: &output, context: &context)
        return output
    }

    /// Writes the tokens; inside an indented partial, a token written at the start of a line (of this template's own
    /// output) is indented first.
    func render(into output: inout String, context: inout Context) {
        guard let indentation = context.indentation, !indentation.isEmpty else {
            for token in tokens { render(token, into: &output, context: &context) }
            return
        }
        var own = ""
        for token in tokens {
            var piece = ""
            render(token, into: &piece, context: &context)
            if !piece.isEmpty, own.last == "\n" { own += indentation }
            own += piece
        }
        output += own
    }

    private func render(_ token: Token, into output: inout String, context: inout Context) {
        switch token {
        case .text(let text):
            output += text
        case .variable(let name, let escaped):
            guard let value = Self.lookUp(name, in: context.stack) else { return }
            output += escaped ? HTMLEscaping.escape(value.renderedText) : value.renderedText
        case .section(let name, let body, let inverted):
            let value = Self.lookUp(name, in: context.stack)
            if inverted {
                body.renderInverted(value, into: &output, context: &context)
            } else {
                body.renderSection(value, into: &output, context: &context)
            }
        case .blockExpansion(let name, let defaultTemplate, let indentation):
            let template = context.inherited?[name] ?? defaultTemplate
            var inner = context.indented(by: indentation)
            template.render(into: &output, context: &inner)
        case .partial(let name, let indentation, let overrides):
            guard let partial = context.templates[name] else { return }
            var inner = context.indented(by: indentation).inheriting(overrides)
            partial.render(into: &output, context: &inner)
        case .blockDefinition:
            break
        }
    }

    private func renderSection(_ value: TemplateValue?, into output: inout String, context: inout Context) {
        switch value {
        case .list(let items)?:
            for item in items { context.with(item) { render(into: &output, context: &$0) } }
        case .bool(let shown)?:
            if shown { render(into: &output, context: &context) }
        case let value?:
            context.with(value) { render(into: &output, context: &$0) }
        case nil:
            break
        }
    }

    private func renderInverted(_ value: TemplateValue?, into output: inout String, context: inout Context) {
        switch value {
        case .list(let items)?:
            if items.isEmpty { context.with(.list(items)) { render(into: &output, context: &$0) } }
        case .bool(let shown)?:
            if !shown { render(into: &output, context: &context) }
        case .some:
            break
        case nil:
            render(into: &output, context: &context)
        }
    }

    /// Mustache's lookup: the first part in the innermost value that has it (or in the current value only for
    /// an anchored name), the other parts inside that.
    private static func lookUp(_ name: Name, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var found: TemplateValue?
        if name.anchored {
            found = stack.last?.member(first)
        } else {
            for value in stack.reversed() {
                if let member = value.member(first) {
                    found = member
                    break
                }
            }
        }
        for part in name.parts.dropFirst() {
            guard let value = found else { return nil }
            found = value.member(part)
        }
        return found
    }
}
