/**
 * The GraphQL operation documents the web tier and the islands send. Every one is validated
 * against the schema by a test (operations.test.ts), so a renamed field fails the build.
 */
export const OPS = {
  Login: /* GraphQL */ `
    mutation Login($email: String!, $password: String!) {
      login(email: $email, password: $password) { token user { id email name role companyId clientId lang } }
    }`,
  Logout: /* GraphQL */ `mutation Logout { logout }`,
  Me: /* GraphQL */ `query Me { me { id email name role companyId clientId lang } }`,
  RoleMaps: /* GraphQL */ `query RoleMaps { roleMaps { pageRoles { code roles } actionRoles { code roles } } }`,
  SubmitContact: /* GraphQL */ `mutation SubmitContact($input: ContactInput!) { submitContact(input: $input) }`,
  SubmitTrial: /* GraphQL */ `mutation SubmitTrial($input: TrialInput!) { submitTrial(input: $input) }`,
  RequestPasswordReset: /* GraphQL */ `mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }`,
  PasswordResetTokenValid: /* GraphQL */ `query PasswordResetTokenValid($token: String!) { passwordResetTokenValid(token: $token) }`,
  ResetPassword: /* GraphQL */ `
    mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String!) {
      resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)
    }`,
  Enums: /* GraphQL */ `
    query Enums {
      enums {
        enums { id type name label value enName enum_job_translate_value { language_key value } }
        visaTypes { id ja en name }
      }
    }`,
  Languages: /* GraphQL */ `query Languages { languages { id code ja en } }`,
  CreateJobEnum: /* GraphQL */ `mutation CreateJobEnum($type: Int!, $input: JobEnumInput!) { createJobEnum(type: $type, input: $input) { id } }`,
  UpdateJobEnum: /* GraphQL */ `mutation UpdateJobEnum($id: Int!, $input: JobEnumInput!) { updateJobEnum(id: $id, input: $input) { id } }`,
  DeleteJobEnum: /* GraphQL */ `mutation DeleteJobEnum($id: Int!) { deleteJobEnum(id: $id) }`,
  UpsertVisaType: /* GraphQL */ `mutation UpsertVisaType($id: Int, $input: JobEnumInput!) { upsertVisaType(id: $id, input: $input) { id } }`,
  DeleteVisaType: /* GraphQL */ `mutation DeleteVisaType($id: Int!) { deleteVisaType(id: $id) }`,
} as const;
