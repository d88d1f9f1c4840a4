/**
 * The GraphQL operation documents that the browser's islands send (bundled as text), that several
 * modules share, and the session's own. An operation one screen alone sends is declared beside it
 * (`operation()`, server/api/documents.ts). Every one is validated against the schema by a test
 * (operations.test.ts; the screens' own by server/web/screens/found.test.ts), so a renamed field
 * fails the build.
 */
/** A payslip's fields: staff open a worker's and a worker their own, and both draw the same document. */
const PAYSLIP = /* GraphQL */ `
  id lang workerName companyJa companyEn periodStart periodEnd payDate status shifts workedMinutes overtimeMinutes over60Minutes lateNightMinutes holidayMinutes gross advances transferFee net taxColumn
  deductions { key labelJa labelEn amount } notes { ja en }
  lines { workDate jobJa jobEn workedMinutes overtimeMinutes lateNightMinutes holidayMinutes hourlyWage base overtimePremium lateNightPremium holidayPremium total }
`;

export const OPS = {
  Login: /* GraphQL */ `
    mutation Login($email: String!, $password: String!, $device: String) {
      login(email: $email, password: $password, device: $device) { token device user { id email name role companyId clientId lang } }
    }`,
  Logout: /* GraphQL */ `mutation Logout { logout }`,
  RenewSession: /* GraphQL */ `mutation RenewSession { renewSession { token expiresAt endsAt } }`,
  SetMyLanguage: /* GraphQL */ `mutation SetMyLanguage($lang: String!) { setMyLanguage(lang: $lang) }`,
  Me: /* GraphQL */ `query Me { me { id email name role companyId clientId lang } }`,
  RoleMaps: /* GraphQL */ `query RoleMaps { roleMaps { pageRoles { code roles } actionRoles { code roles } } }`,
  Enums: /* GraphQL */ `
    query Enums {
      enums {
        enums { id type name label value enName sswField simpleLabour enum_job_translate_value { language_key value } }
        visaTypes { id ja en name }
      }
    }`,
  ApplyToJob: /* GraphQL */ `
    mutation ApplyToJob($jobId: ID!, $shiftId: ID, $message: String) {
      applyToJob(jobId: $jobId, shiftId: $shiftId, message: $message) { applicationId conversationId }
    }`,
  SaveRoleMaps: /* GraphQL */ `
    mutation SaveRoleMaps($pageRoles: [RoleCodeInput!]!, $actionRoles: [RoleCodeInput!]!) {
      saveRoleMaps(pageRoles: $pageRoles, actionRoles: $actionRoles)
    }`,
  // The notification bell.
  NotificationCount: /* GraphQL */ `query NotificationCount { notificationCount { notification document } }`,
  Notifications: /* GraphQL */ `
    query Notifications($type: Int!, $current: Int!, $size: Int!) {
      notifications(type: $type, current: $current, size: $size) { current size total data { id type title body link is_read created_at } }
    }
  `,
  MarkNotificationRead: /* GraphQL */ `mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) }`,
  NotificationAdded: /* GraphQL */ `subscription NotificationAdded { notificationAdded { id type title body link is_read created_at } }`,
  ChatMessageAdded: /* GraphQL */ `
    subscription ChatMessageAdded($conversationId: ID, $support: Boolean) {
      chatMessageAdded(conversationId: $conversationId, support: $support) {
        id conversation_id seq sender_id sender_role sender_name message_type content client_msg_id created_at conversation_type support
      }
    }`,
  // Money: a payslip and an invoice, drawn on their pages and as PDFs.
  Payslip: /* GraphQL */ `query Payslip($id: ID!) { payslip(id: $id) { ${PAYSLIP} } }`,
  MyPayslip: /* GraphQL */ `query MyPayslip($id: ID!) { myPayslip(id: $id) { ${PAYSLIP} } }`,
  InvoiceDocument: /* GraphQL */ `
    query InvoiceDocument($id: ID!) {
      invoiceDocument(id: $id) {
        id number clientJa clientEn companyJa companyEn registrationNumber periodStart periodEnd issueDate dueDate status net tax total
        byRate { rate net tax } lines { workDate descriptionJa descriptionEn minutes unitPrice amount taxRate } subject note
        payTo { bank bankCode branch branchCode accountType accountNumber holder }
      }
    }
  `,
  // The worker's employment contract (the record on /admin/worker and its PDF).
  WorkerContract: /* GraphQL */ `
    query WorkerContract($workerId: ID!, $jobId: ID!, $lang: String!, $templateId: ID) {
      workerContract(workerId: $workerId, jobId: $jobId, lang: $lang, templateId: $templateId) { lang title body workerName company client job place startDate endDate wage }
    }
  `,
  // The staff inbox's list (/admin/inbox, docs/inbox.md), also refetched by the InboxList island.
  InboxList: /* GraphQL */ `
    query InboxList($filter: InboxFilter, $after: String) {
      inbox(filter: $filter, after: $after) {
        rows { id kind candidateId candidateName companyName companyNameEn jobId jobTitleJa jobTitleEn clientId clientName clientNameEn shiftId shiftDate applicationId status snoozedUntil assigneeId assigneeName unread lastMessageAt lastMessage lastSenderRole }
        next
      }
    }`,
} as const;
