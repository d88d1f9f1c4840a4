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
  LegalDocument: /* GraphQL */ `
    query LegalDocument($kind: LegalKind!, $lang: String) {
      legalDocument(kind: $kind, lang: $lang) { kind version lang title body published_at }
    }`,
  PublicJobs: /* GraphQL */ `
    query PublicJobs($kind: String!, $filter: PublicJobFilter, $sort: String, $page: Int) {
      publicJobs(kind: $kind, filter: $filter, sort: $sort, page: $page) {
        total page size
        jobs { id kind title prefecture city station placeInOtherLanguage wage payType jobType nextDate openSeats company }
      }
    }`,
  PublicJob: /* GraphQL */ `
    query PublicJob($kind: String!, $id: ID!) {
      publicJob(kind: $kind, id: $id) {
        id kind title description prefecture city station placeInOtherLanguage wage payType jobType overtime jobWeek readSkill
        languages visaTypes headcount company createdAt publishUntil nextDate openSeats
        shifts { id date start end breakMinutes wage openSeats }
      }
    }`,
  RegisterCandidate: /* GraphQL */ `mutation RegisterCandidate($input: CandidateRegistrationInput!) { registerCandidate(input: $input) }`,
  ApplyToJob: /* GraphQL */ `
    mutation ApplyToJob($jobId: ID!, $shiftId: ID, $message: String) {
      applyToJob(jobId: $jobId, shiftId: $shiftId, message: $message) { applicationId conversationId }
    }`,
  ClockMyShift: /* GraphQL */ `mutation ClockMyShift($id: ID!, $event: String!) { clockMyShift(id: $id, event: $event) }`,
  ConfirmApplication: /* GraphQL */ `mutation ConfirmApplication($id: ID!) { confirmApplication(id: $id) }`,
  MyApplications: /* GraphQL */ `query MyApplications { myApplications { id jobId kind title date start end status stage confirmable clock createdAt conversationId } }`,
  MyChatMail: /* GraphQL */ `query MyChatMail { myChatMail }`,
  SetMyChatMail: /* GraphQL */ `mutation SetMyChatMail($enabled: Boolean!) { setMyChatMail(enabled: $enabled) }`,
  DailyJobShifts: /* GraphQL */ `
    query DailyJobShifts($id: ID!) {
      dailyJob(id: $id) { id status wage shifts { id date start end breakMinutes capacity filled wage applications } }
    }`,
  AddJobShifts: /* GraphQL */ `
    mutation AddJobShifts($jobId: ID!, $input: ShiftPlanInput!) { addJobShifts(jobId: $jobId, input: $input) { created skipped } }`,
  DeleteJobShift: /* GraphQL */ `mutation DeleteJobShift($id: ID!) { deleteJobShift(id: $id) }`,
  RoleMapsAdmin: /* GraphQL */ `
    query RoleMapsAdmin {
      roleMapsAdmin {
        roles { name kind ja en }
        pageRoles { code roles }
        actionRoles { code roles }
        history { id action actor_name at changes }
      }
    }`,
  SaveRoleMaps: /* GraphQL */ `
    mutation SaveRoleMaps($pageRoles: [RoleCodeInput!]!, $actionRoles: [RoleCodeInput!]!) {
      saveRoleMaps(pageRoles: $pageRoles, actionRoles: $actionRoles)
    }`,
  CrawlerRuns: /* GraphQL */ `
    query CrawlerRuns($sourceId: ID!) {
      crawlerRuns(sourceId: $sourceId) { id started_at finished_at status found imported updated skipped errors }
    }`,
  // The applicant record (issue 11 item 4).
  ApplicantRecord: /* GraphQL */ `
    query ApplicantRecord($id: ID!) {
      applicantRecord(id: $id) {
        id candidateName candidateEmail phone nationality visaType visaExpiry visaDaysLeft languages
        jobId jobKind jobTitle clientName shiftDate shiftStart shiftEnd
        status { value ja en } statusPath { value ja en } list moves { value ja en } conversationId
        messages { seq senderRole senderName content messageType createdAt }
        attendance { status clockIn clockOut breakMinutes recordedBy }
        history { at actor from to note }
        interviews { id startsAt minutes place onlineUrl interviewers status }
        documents { kind number expiresOn note staffId }
        createdAt updatedAt
      }
    }
  `,
  ScheduleInterview: /* GraphQL */ `mutation ScheduleInterview($applicationId: ID!, $input: InterviewInput!) { scheduleInterview(applicationId: $applicationId, input: $input) }`,
  // The notification bell (issue 11 item 8).
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
  // Money (issue 13).
  TransferBatches: /* GraphQL */ `query TransferBatches { transferBatches { id transferDate payees total createdBy createdAt } }`,
  TransferBatchFile: /* GraphQL */ `query TransferBatchFile($id: ID!) { transferBatchFile(id: $id) { name base64 } }`,
  Payslip: /* GraphQL */ `
    query Payslip($id: ID!) {
      payslip(id: $id) {
        id lang workerName companyJa companyEn periodStart periodEnd payDate status shifts workedMinutes overtimeMinutes over60Minutes lateNightMinutes holidayMinutes gross advances transferFee net
        lines { workDate jobJa jobEn workedMinutes overtimeMinutes lateNightMinutes holidayMinutes hourlyWage base overtimePremium lateNightPremium holidayPremium total }
      }
    }
  `,
  MyPayslip: /* GraphQL */ `
    query MyPayslip($id: ID!) {
      myPayslip(id: $id) {
        id lang workerName companyJa companyEn periodStart periodEnd payDate status shifts workedMinutes overtimeMinutes over60Minutes lateNightMinutes holidayMinutes gross advances transferFee net
        lines { workDate jobJa jobEn workedMinutes overtimeMinutes lateNightMinutes holidayMinutes hourlyWage base overtimePremium lateNightPremium holidayPremium total }
      }
    }
  `,
  InvoiceDocument: /* GraphQL */ `
    query InvoiceDocument($id: ID!) {
      invoiceDocument(id: $id) {
        id number clientJa clientEn companyJa companyEn registrationNumber periodStart periodEnd issueDate dueDate status net tax total
        byRate { rate net tax } lines { workDate descriptionJa descriptionEn minutes unitPrice amount taxRate } subject note
      }
    }
  `,
  CreateInvoices: /* GraphQL */ `mutation CreateInvoices($month: String!) { createInvoices(month: $month) { created updated skipped } }`,
  MyPay: /* GraphQL */ `
    query MyPay {
      myPay {
        companies { companyId companyJa companyEn quickPayEnabled earnedUnpaid available minAmount feePercent minFee }
        lines { id workDate companyJa companyEn jobJa jobEn workedMinutes total withholding net status }
        runs { id companyJa companyEn periodStart periodEnd payDate gross net status }
        advances { id requestedOn amount fee net status }
        bankAccount { bankCode bankName branchCode branchName accountType accountNumber holderKana }
      }
    }
  `,
  RequestQuickPay: /* GraphQL */ `mutation RequestQuickPay($companyId: ID!, $amount: Int!) { requestQuickPay(companyId: $companyId, amount: $amount) { id fee net } }`,
  SaveBankAccount: /* GraphQL */ `mutation SaveBankAccount($input: BankAccountInput!) { saveBankAccount(input: $input) { bankCode } }`,
  ResidenceCardCheck: /* GraphQL */ `
    query ResidenceCardCheck($id: ID!) {
      residenceCardCheck(id: $id) {
        id personName email nationality status reason cardNumber numberMatches visaTypeId visaJa visaEn expiry permission uploadedAt decidedAt decidedBy personVerified frontUrl backUrl
      }
    }
  `,
  DecideResidenceCard: /* GraphQL */ `mutation DecideResidenceCard($id: ID!, $input: CardDecisionInput!) { decideResidenceCard(id: $id, input: $input) { id status } }`,
  MyResidenceCard: /* GraphQL */ `
    query MyResidenceCard {
      myResidenceCard {
        verified visaTypeId expiry cardNumber permission
        latest { status reason cardNumber visaTypeId expiry permission uploadedAt frontUrl backUrl }
      }
    }
  `,
} as const;
