/// FormgenCore's callers see the runtime twin's types (FormSpec, FormValidator, SubmissionBody…) as before.
@_exported import FormgenRuntime
