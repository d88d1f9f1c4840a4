/**
 * The GraphQL operation documents the web tier and the islands send. Every one is validated
 * against the schema by a test (operations.test.ts), so a renamed field fails the build.
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
  Me: /* GraphQL */ `query Me { me { id email name role companyId clientId lang } }`,
  RoleMaps: /* GraphQL */ `query RoleMaps { roleMaps { pageRoles { code roles } actionRoles { code roles } } }`,
  SubmitContact: /* GraphQL */ `mutation SubmitContact($input: ContactInput!) { submitContact(input: $input) }`,
  SubmitTrial: /* GraphQL */ `mutation SubmitTrial($input: TrialInput!) { submitTrial(input: $input) }`,
  RequestPasswordReset: /* GraphQL */ `mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }`,
  PasswordResetTokenValid: /* GraphQL */ `query PasswordResetTokenValid($token: String!) { passwordResetTokenValid(token: $token) }`,
  PasswordResetAccount: /* GraphQL */ `query PasswordResetAccount($token: String!) { passwordResetAccount(token: $token) }`,
  ResetPassword: /* GraphQL */ `
    mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String!) {
      resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)
    }`,
  Enums: /* GraphQL */ `
    query Enums {
      enums {
        enums { id type name label value enName sswField simpleLabour enum_job_translate_value { language_key value } }
        visaTypes { id ja en name }
      }
    }`,
  Languages: /* GraphQL */ `query Languages { languages { id code ja en } }`,
  // The public boards' search choices: only the job types, visa types and languages they offer
  // (not every enumeration with every translation), in one call.
  BoardChoices: /* GraphQL */ `
    query BoardChoices {
      enums {
        jobTypes { id enum_job_translate_value { language_key value } }
        visaTypes { id ja en }
      }
      languages { code ja en }
    }`,
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
  PublicAds: /* GraphQL */ `
    query PublicAds($placement: String!, $featured: Boolean, $exceptJob: ID) {
      publicAds(placement: $placement, featured: $featured, exceptJob: $exceptJob) { id kind title body imageUrl clickUrl job { kind prefecture city wage payType } }
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
  InboxReport: /* GraphQL */ `
    query InboxReport($weeks: Int) {
      inboxReport(weeks: $weeks) { week staffId staffName responses responseMedianSeconds responseAverageSeconds resolutions resolutionMedianSeconds }
    }`,
  CrawlerRuns: /* GraphQL */ `
    query CrawlerRuns($sourceId: ID!) {
      crawlerRuns(sourceId: $sourceId) { id started_at finished_at status found imported updated skipped errors }
    }`,
  // The applicant record.
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
        languageNames interviewClashes { interviewId startsAt minutes shiftDate shiftStart shiftEnd jobTitle }
        dispatch dispatchEditable createdAt updatedAt
      }
    }
  `,
  ScheduleInterview: /* GraphQL */ `mutation ScheduleInterview($applicationId: ID!, $input: InterviewInput!) { scheduleInterview(applicationId: $applicationId, input: $input) }`,
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
  // Money.
  TransferBatches: /* GraphQL */ `query TransferBatches { transferBatches { id transferDate payees total createdBy createdAt } }`,
  CreateTransferBatch: /* GraphQL */ `mutation CreateTransferBatch($transferDate: String!) { createTransferBatch(transferDate: $transferDate) { transferDate transferred batches { id payees total } failed { worker workDate reason } } }`,
  TransferFailures: /* GraphQL */ `query TransferFailures { transferFailures { lineId worker workDate reason } }`,
  TransferBatchFile: /* GraphQL */ `query TransferBatchFile($id: ID!) { transferBatchFile(id: $id) { name base64 } }`,
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
  // The worker record on /admin/worker.
  EditWorkerFacts: /* GraphQL */ `mutation EditWorkerFacts($id: ID!, $input: PersonFactsInput!) { editWorkerFacts(id: $id, input: $input) { id } }`,
  WorkerRecord: /* GraphQL */ `
    query WorkerRecord($id: ID!) {
      workerRecord(id: $id) {
        id name email phone nationality visaJa visaEn visaExpiry cardVerified cardCheckId cardCheckStatus permissionOutsideStatus languages
        shifts { applicationId shiftId date start end breakMinutes upcoming jobId jobJa jobEn clientJa clientEn attendance clockIn clockOut }
        pay { thisMonth total lines workedMinutes runs { id periodStart periodEnd payDate gross net status } }
        documents { kind number expiresOn note }
        jobs { id titleJa titleEn clientJa clientEn }
        birthDate nameKana address sex sswField
        dispatchLedger { applicationId date client place work start end breakMinutes minutes recorded supervisor complaints }
        dispatchComplaints { id applicationId shiftDate client work receivedOn complaint handling }
        employmentReport { name nameKana status stayUntil birthDate sex nationality permission cardNumber hiredOn leftOn }
      }
    }
  `,
  WorkerContract: /* GraphQL */ `
    query WorkerContract($workerId: ID!, $jobId: ID!, $lang: String!) {
      workerContract(workerId: $workerId, jobId: $jobId, lang: $lang) { lang title body workerName company client job place startDate endDate wage }
    }
  `,
  RecordDispatchComplaint: /* GraphQL */ `mutation RecordDispatchComplaint($input: DispatchComplaintInput!) { recordDispatchComplaint(input: $input) }`,
  SetDispatchComplaintHandling: /* GraphQL */ `mutation SetDispatchComplaintHandling($id: ID!, $handling: String!) { setDispatchComplaintHandling(id: $id, handling: $handling) }`,
  CreateInvoices: /* GraphQL */ `mutation CreateInvoices($month: String!) { createInvoices(month: $month) { created updated skipped } }`,
  MyPay: /* GraphQL */ `
    query MyPay {
      myPay {
        companies { companyId companyJa companyEn quickPayEnabled earnedUnpaid available minAmount feePercent minFee }
        lines { id workDate companyJa companyEn jobJa jobEn workedMinutes total withholding taxColumn net status }
        runs { id companyJa companyEn periodStart periodEnd payDate gross net status }
        advances { id requestedOn amount fee net status }
        bankAccount { bankCode bankName branchCode branchName accountType accountNumber holderKana }
      }
    }
  `,
  RequestQuickPay: /* GraphQL */ `mutation RequestQuickPay($companyId: ID!, $amount: Int!) { requestQuickPay(companyId: $companyId, amount: $amount) { id fee net } }`,
  SaveBankAccount: /* GraphQL */ `mutation SaveBankAccount($input: BankAccountInput!) { saveBankAccount(input: $input) { bankCode } }`,
  // Points.
  AssignableShifts: /* GraphQL */ `query AssignableShifts { assignableShifts { id date start end titleJa titleEn filled capacity } }`,
  SetPlacementDispatch: /* GraphQL */ `mutation SetPlacementDispatch($applicationId: ID!, $dispatch: Boolean!) { setPlacementDispatch(applicationId: $applicationId, dispatch: $dispatch) }`,
  AssignShift: /* GraphQL */ `mutation AssignShift($shiftId: ID!, $personId: ID) { assignShift(shiftId: $shiftId, personId: $personId) { applicationId } }`,
  ShiftPeople: /* GraphQL */ `query ShiftPeople($search: String!) { shiftPeople(search: $search) { id name email } }`,
  SwappablePlacements: /* GraphQL */ `query SwappablePlacements { swappablePlacements { applicationId name date start end titleJa titleEn } }`,
  ShiftHoursLeft: /* GraphQL */ `query ShiftHoursLeft($week: String!) { shiftHoursLeft(week: $week) { personId name status shifts minutesLeft note } }`,
  MyOpenShifts: /* GraphQL */ `query MyOpenShifts($date: String!) { myOpenShifts(date: $date) { shiftId jobId date start end breakMinutes titleJa titleEn companyJa companyEn place wage seatsLeft minutesLeft refusal } }`,
  SwapShifts: /* GraphQL */ `mutation SwapShifts($a: ID!, $b: ID!) { swapShifts(a: $a, b: $b) }`,
  PointWallets: /* GraphQL */ `query PointWallets { pointWallets { companyId nameJa nameEn } }`,
  AdjustPoints: /* GraphQL */ `mutation AdjustPoints($input: PointAdjustInput!) { adjustPoints(input: $input) { balance } }`,
  MyPoints: /* GraphQL */ `
    query MyPoints {
      myPoints {
        balances { companyId companyJa companyEn balance }
        entries { id createdAt companyJa companyEn kind points reasonJa reasonEn expiresOn }
        referralCode
      }
    }`,
  // Integrations.
  Integrations: /* GraphQL */ `
    query Integrations($companyId: ID) {
      integrations(companyId: $companyId) { companies { id nameJa nameEn } entries { companyId companyJa companyEn provider state lastSyncAt lastSyncStatus } }
    }
  `,
  RomutenConnection: /* GraphQL */ `
    query RomutenConnection($companyId: ID) {
      romutenConnection(companyId: $companyId) {
        companyId companyJa companyEn companies { id nameJa nameEn }
        configured baseUrl apiKeySet apiKeyLast4 secretSet secretLast4 enabled state lastSyncAt lastSyncStatus keyAvailable
        syncs { id startedAt finishedAt status actorName workersPushed attendancePushed unchanged statusesPulled failed retries errors }
        items { entity remoteStatus count }
      }
    }
  `,
  SaveRomutenConnection: /* GraphQL */ `mutation SaveRomutenConnection($companyId: ID, $input: RomutenConnectionInput!) { saveRomutenConnection(companyId: $companyId, input: $input) }`,
  SyncRomuten: /* GraphQL */ `mutation SyncRomuten($companyId: ID) { syncRomuten(companyId: $companyId) { id status } }`,
  DisconnectRomuten: /* GraphQL */ `mutation DisconnectRomuten($companyId: ID) { disconnectRomuten(companyId: $companyId) }`,
  ScoutDesk: /* GraphQL */ `
    query ScoutDesk($candidateId: ID) {
      scoutDesk(candidateId: $candidateId) {
        quota { used limit }
        candidate { id initials nationality languages area availability }
        jobs { id kind titleJa titleEn companyJa companyEn shifts { id date start end } }
      }
    }`,
  SendScoutOffer: /* GraphQL */ `mutation SendScoutOffer($candidateId: ID!, $jobId: ID!, $shiftId: ID, $message: String!) { sendScoutOffer(candidateId: $candidateId, jobId: $jobId, shiftId: $shiftId, message: $message) { id conversationId } }`,
  MyScout: /* GraphQL */ `
    query MyScout {
      myScout {
        enabled shareNationality shareLanguages shareResidence shareAttendance prefecture availability intro
        levels { code level }
        offers { id state kind jobId jobJa jobEn companyJa companyEn date start message expiresAt sentAt conversationId applicationId }
      }
    }`,
  SaveMyScout: /* GraphQL */ `mutation SaveMyScout($input: ScoutProfileInput!) { saveMyScout(input: $input) }`,
  AnswerScoutOffer: /* GraphQL */ `mutation AnswerScoutOffer($id: ID!, $accept: Boolean!) { answerScoutOffer(id: $id, accept: $accept) { status applicationId } }`,
  SurveyDetail: /* GraphQL */ `
    query SurveyDetail($id: ID!) {
      surveyDetail(id: $id) {
        id companyId companyJa companyEn titleJa titleEn createdAt createdBy sentAt recipients responses
        questions { id position kind textJa textEn required options { id labelJa labelEn } }
        results { questionId answered counts texts }
      }
    }`,
  SurveyAudience: /* GraphQL */ `
    query SurveyAudience($id: ID!, $jobId: ID, $clientId: ID, $date: String) {
      surveyAudience(id: $id, jobId: $jobId, clientId: $clientId, date: $date) {
        jobs { id ja en } clients { id ja en } workers { userId name lang sent answered }
      }
    }`,
  SurveyResponses: /* GraphQL */ `query SurveyResponses($id: ID!) { surveyResponses(id: $id) { userId name submittedAt answers { questionId valueJa valueEn } } }`,
  CreateSurvey: /* GraphQL */ `mutation CreateSurvey($input: SurveyInput!) { createSurvey(input: $input) }`,
  SendSurvey: /* GraphQL */ `mutation SendSurvey($id: ID!, $userIds: [ID!]!) { sendSurvey(id: $id, userIds: $userIds) { sent skipped } }`,
  MySurvey: /* GraphQL */ `
    query MySurvey($id: ID!) {
      mySurvey(id: $id) { id companyJa companyEn titleJa titleEn answeredAt questions { id position kind textJa textEn required options { id labelJa labelEn } } }
    }`,
  AnswerSurvey: /* GraphQL */ `mutation AnswerSurvey($id: ID!, $answers: [SurveyAnswerInput!]!) { answerSurvey(id: $id, answers: $answers) }`,
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
  PersonDuplicates: /* GraphQL */ `query PersonDuplicates($staffId: ID) { personDuplicates(staffId: $staffId) { kind staffId staffName otherId otherName otherEmail reasons } }`,
  PersonMerges: /* GraphQL */ `query PersonMerges { personMerges { id kind intoStaffId intoName fromLabel reasons fields mergedBy mergedAt } }`,
  LinkStaffPerson: /* GraphQL */ `mutation LinkStaffPerson($staffId: ID!, $userId: ID!) { linkStaffPerson(staffId: $staffId, userId: $userId) { mergeId } }`,
  MergeStaffRows: /* GraphQL */ `mutation MergeStaffRows($fromId: ID!, $intoId: ID!) { mergeStaffRows(fromId: $fromId, intoId: $intoId) { mergeId } }`,
  // The staff inbox (/admin/inbox, docs/inbox.md): the list (also refetched by the InboxList island), the open conversation, what its forms do.
  InboxList: /* GraphQL */ `
    query InboxList($filter: InboxFilter, $after: String) {
      inbox(filter: $filter, after: $after) {
        rows { id kind candidateId candidateName companyName companyNameEn jobId jobTitleJa jobTitleEn clientId clientName clientNameEn shiftId shiftDate applicationId status snoozedUntil assigneeId assigneeName unread lastMessageAt lastMessage lastSenderRole }
        next
      }
    }`,
  InboxOpen: /* GraphQL */ `
    query InboxOpen($id: ID!) {
      inboxOpen(conversationId: $id) {
        conversation { id kind type candidateId candidateName companyName companyNameEn jobId jobTitleJa jobTitleEn clientId clientName clientNameEn shiftId shiftDate applicationId status snoozedUntil assigneeId assigneeName unread lastMessageAt lastMessage lastSenderRole }
        notes { id authorName body mentions createdAt }
        history { kind actorName assigneeName snoozedUntil at }
        colleagues { id name }
        replies { id title text lang }
        glance { statusJa statusEn nextShift { date start end titleJa titleEn } cardExpiry lang }
        translateTemplate
      }
    }`,
  AssignConversation: /* GraphQL */ `mutation AssignConversation($id: ID!, $assigneeId: ID) { assignConversation(conversationId: $id, assigneeId: $assigneeId) }`,
  SetConversationStatus: /* GraphQL */ `mutation SetConversationStatus($id: ID!, $status: String!, $until: String) { setConversationStatus(conversationId: $id, status: $status, snoozedUntil: $until) }`,
  AddConversationNote: /* GraphQL */ `mutation AddConversationNote($id: ID!, $body: String!, $mentions: [ID!]) { addConversationNote(conversationId: $id, body: $body, mentions: $mentions) { id } }`,
} as const;
