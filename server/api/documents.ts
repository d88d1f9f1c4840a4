/**
 * The operation documents of server/api/operations.ts, typed from the schema by gql.tada
 * (`graphql-env.d.ts`, written by `npm run schema`): a screen that calls
 * `ctx.call(DOCS.PublicJobs, vars)` gets `data.publicJobs.jobs[0].title` typed, and a renamed
 * field fails the type check where it is read. OPS stays the plain text the browser bundles and
 * the remote ApiClient send; `satisfies` keeps the two lists the same.
 */
import { initGraphQLTada, type ResultOf, type TadaDocumentNode, type VariablesOf } from 'gql.tada';
import { print } from 'graphql';
import type { introspection } from './graphql-env.d.ts';
import { OPS } from './operations.ts';

export const graphql = initGraphQLTada<{ introspection: introspection; scalars: { ID: string } }>();

export const DOCS = {
  Login: graphql(OPS.Login),
  Logout: graphql(OPS.Logout),
  RenewSession: graphql(OPS.RenewSession),
  Me: graphql(OPS.Me),
  RoleMaps: graphql(OPS.RoleMaps),
  SubmitContact: graphql(OPS.SubmitContact),
  SubmitTrial: graphql(OPS.SubmitTrial),
  RequestPasswordReset: graphql(OPS.RequestPasswordReset),
  PasswordResetTokenValid: graphql(OPS.PasswordResetTokenValid),
  PasswordResetAccount: graphql(OPS.PasswordResetAccount),
  ResetPassword: graphql(OPS.ResetPassword),
  Enums: graphql(OPS.Enums),
  Languages: graphql(OPS.Languages),
  BoardChoices: graphql(OPS.BoardChoices),
  CreateJobEnum: graphql(OPS.CreateJobEnum),
  UpdateJobEnum: graphql(OPS.UpdateJobEnum),
  DeleteJobEnum: graphql(OPS.DeleteJobEnum),
  UpsertVisaType: graphql(OPS.UpsertVisaType),
  DeleteVisaType: graphql(OPS.DeleteVisaType),
  LegalDocument: graphql(OPS.LegalDocument),
  PublicJobs: graphql(OPS.PublicJobs),
  PublicJob: graphql(OPS.PublicJob),
  PublicAds: graphql(OPS.PublicAds),
  RegisterCandidate: graphql(OPS.RegisterCandidate),
  ApplyToJob: graphql(OPS.ApplyToJob),
  ClockMyShift: graphql(OPS.ClockMyShift),
  ConfirmApplication: graphql(OPS.ConfirmApplication),
  MyApplications: graphql(OPS.MyApplications),
  MyChatMail: graphql(OPS.MyChatMail),
  SetMyChatMail: graphql(OPS.SetMyChatMail),
  DailyJobShifts: graphql(OPS.DailyJobShifts),
  AddJobShifts: graphql(OPS.AddJobShifts),
  DeleteJobShift: graphql(OPS.DeleteJobShift),
  RoleMapsAdmin: graphql(OPS.RoleMapsAdmin),
  SaveRoleMaps: graphql(OPS.SaveRoleMaps),
  InboxReport: graphql(OPS.InboxReport),
  CrawlerRuns: graphql(OPS.CrawlerRuns),
  ApplicantRecord: graphql(OPS.ApplicantRecord),
  ScheduleInterview: graphql(OPS.ScheduleInterview),
  NotificationCount: graphql(OPS.NotificationCount),
  Notifications: graphql(OPS.Notifications),
  MarkNotificationRead: graphql(OPS.MarkNotificationRead),
  NotificationAdded: graphql(OPS.NotificationAdded),
  ChatMessageAdded: graphql(OPS.ChatMessageAdded),
  TransferBatches: graphql(OPS.TransferBatches),
  CreateTransferBatch: graphql(OPS.CreateTransferBatch),
  TransferFailures: graphql(OPS.TransferFailures),
  TransferBatchFile: graphql(OPS.TransferBatchFile),
  Payslip: graphql(OPS.Payslip),
  MyPayslip: graphql(OPS.MyPayslip),
  InvoiceDocument: graphql(OPS.InvoiceDocument),
  CreateInvoices: graphql(OPS.CreateInvoices),
  EditWorkerFacts: graphql(OPS.EditWorkerFacts),
  WorkerRecord: graphql(OPS.WorkerRecord),
  WorkerContract: graphql(OPS.WorkerContract),
  RecordDispatchComplaint: graphql(OPS.RecordDispatchComplaint),
  SetDispatchComplaintHandling: graphql(OPS.SetDispatchComplaintHandling),
  MyPay: graphql(OPS.MyPay),
  RequestQuickPay: graphql(OPS.RequestQuickPay),
  SaveBankAccount: graphql(OPS.SaveBankAccount),
  AssignableShifts: graphql(OPS.AssignableShifts),
  SetPlacementDispatch: graphql(OPS.SetPlacementDispatch),
  AssignShift: graphql(OPS.AssignShift),
  ShiftPeople: graphql(OPS.ShiftPeople),
  SwappablePlacements: graphql(OPS.SwappablePlacements),
  ShiftHoursLeft: graphql(OPS.ShiftHoursLeft),
  SwapShifts: graphql(OPS.SwapShifts),
  MyOpenShifts: graphql(OPS.MyOpenShifts),
  PersonDuplicates: graphql(OPS.PersonDuplicates),
  PersonMerges: graphql(OPS.PersonMerges),
  LinkStaffPerson: graphql(OPS.LinkStaffPerson),
  MergeStaffRows: graphql(OPS.MergeStaffRows),
  PointWallets: graphql(OPS.PointWallets),
  AdjustPoints: graphql(OPS.AdjustPoints),
  MyPoints: graphql(OPS.MyPoints),
  Integrations: graphql(OPS.Integrations),
  RomutenConnection: graphql(OPS.RomutenConnection),
  SaveRomutenConnection: graphql(OPS.SaveRomutenConnection),
  SyncRomuten: graphql(OPS.SyncRomuten),
  DisconnectRomuten: graphql(OPS.DisconnectRomuten),
  ScoutDesk: graphql(OPS.ScoutDesk),
  SendScoutOffer: graphql(OPS.SendScoutOffer),
  MyScout: graphql(OPS.MyScout),
  SaveMyScout: graphql(OPS.SaveMyScout),
  AnswerScoutOffer: graphql(OPS.AnswerScoutOffer),
  SurveyDetail: graphql(OPS.SurveyDetail),
  SurveyAudience: graphql(OPS.SurveyAudience),
  SurveyResponses: graphql(OPS.SurveyResponses),
  CreateSurvey: graphql(OPS.CreateSurvey),
  SendSurvey: graphql(OPS.SendSurvey),
  MySurvey: graphql(OPS.MySurvey),
  AnswerSurvey: graphql(OPS.AnswerSurvey),
  ResidenceCardCheck: graphql(OPS.ResidenceCardCheck),
  DecideResidenceCard: graphql(OPS.DecideResidenceCard),
  MyResidenceCard: graphql(OPS.MyResidenceCard),
  InboxList: graphql(OPS.InboxList),
  InboxOpen: graphql(OPS.InboxOpen),
  AssignConversation: graphql(OPS.AssignConversation),
  SetConversationStatus: graphql(OPS.SetConversationStatus),
  AddConversationNote: graphql(OPS.AddConversationNote),
  CannedReplies: graphql(OPS.CannedReplies),
  SaveCannedReply: graphql(OPS.SaveCannedReply),
  DeleteCannedReply: graphql(OPS.DeleteCannedReply),
} satisfies Record<keyof typeof OPS, unknown>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any typed document
export type AnyDocument = TadaDocumentNode<any, any>;
export type { ResultOf, VariablesOf };

const sources = new WeakMap<object, string>();
/** The text of a typed document, as the API takes it (printed once per document). */
export function sourceOf(doc: AnyDocument): string {
  let s = sources.get(doc);
  if (s === undefined) sources.set(doc, (s = print(doc)));
  return s;
}
