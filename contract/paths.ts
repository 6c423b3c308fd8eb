/**
 * Every API path, so client, server and tests name a route the same way: the client calls a path
 * (`paths.subjects.one(id)`), the server declares its pattern (`routeOf(paths.subjects.one)`).
 */
import { apiBase, resource, template, uploads } from './path-kit';

export { apiBase, routeOf, type PathTemplate } from './path-kit';

export const paths = {
  health: `${apiBase}/health`,
  authUser: `${apiBase}/authUser`,
  refresh: `${apiBase}/auth/refresh`,
  register: `${apiBase}/Register`,
  /** POST { username, password, code }: the code mailed by /Register confirms the address. */
  registerConfirm: `${apiBase}/Register/confirm`,
  /** POST { username, password }: mails a new code to a registration still waiting for one. */
  registerResendCode: `${apiBase}/Register/resendCode`,
  updateFcmToken: `${apiBase}/updateFcmToken`,
  /** POST { fcmToken }: removes this device's token (sign-out). */
  removeFcmToken: `${apiBase}/removeFcmToken`,
  /** PUT { language }: the signed-in user's language, kept on the account (contract/account-language.ts). */
  accountLanguage: `${apiBase}/account/language`,
  schools: {
    all: `${apiBase}/schools/all`,
    one: template(`${apiBase}/schools/:id`),
    /** PUT { address, phoneNumber, email }: the admin's own school's certificate details. */
    update: template(`${apiBase}/schools/update/:tenantId`),
    /** PUT { absenceAlerts }: the admin's own school's switches (absence alerts, ranks on report cards). */
    settings: template(`${apiBase}/schools/settings/:tenantId`),
  },
  accounts: {
    pending: `${apiBase}/accounts/pending`,
    approve: template(`${apiBase}/accounts/:id/approve`),
    reject: template(`${apiBase}/accounts/:id/reject`),
    all: `${apiBase}/accounts/all`,
    page: `${apiBase}/accounts/pageNation/all`,
    resetPassword: template(`${apiBase}/accounts/:id/resetPassword`),
    deactivate: template(`${apiBase}/accounts/:id/deactivate`),
    reactivate: template(`${apiBase}/accounts/:id/reactivate`),
  },
  classes: {
    ...resource('classes'),
    ...uploads('classes'),
    /** PUT { teacherId | null }: the class teacher (admins). */
    classTeacher: template(`${apiBase}/classes/classTeacher/:id`),
  },
  students: { ...resource('students'), ...uploads('students') },
  teachers: { ...resource('teachers'), ...uploads('teachers') },
  subjects: resource('subjects'),
  classSubjects: {
    ...resource('classSubjects'),
    /** GET: the classes the signed-in user may mark and edit (all for admins). */
    myClasses: `${apiBase}/classSubjects/myClasses`,
  },

  admissions: {
    ...resource('admissions'),
    /** GET by admission number ("2025-0042"), for /admin/records/edit/{admissionNumber}. */
    byNumber: template(`${apiBase}/admissions/number/:admissionNumber`),
  },
  certificates: {
    all: `${apiBase}/certificates/all`,
    page: `${apiBase}/certificates/pageNation/all`,
    one: template(`${apiBase}/certificates/:id`),
    /** POST: issue one for a student; answers the register entry with its print data. */
    issue: template(`${apiBase}/certificates/:kind/:studentId`),
    print: template(`${apiBase}/certificates/print/:id`),
  },
  attendance: {
    remove: template(`${apiBase}/attendance/delete/:id`),
    markSheet: `${apiBase}/attendance/mark-sheet`,
    sheet: `${apiBase}/attendance/sheet`,
    student: template(`${apiBase}/attendance/student/:studentId`),
    classSummary: `${apiBase}/attendance/class-summary`,
  },
  sync: {
    pull: `${apiBase}/sync/pull`,
    /** Many outbox entries in one request (contract/sync-push.ts). */
    push: `${apiBase}/sync/push`,
  },
  contactedClient: {
    create: `${apiBase}/contacted_client/create`,
    all: `${apiBase}/contacted_client/all`,
    /** Operators only: sets or clears "contacted" (PUT, body { contacted }). */
    update: template(`${apiBase}/contacted_client/update/:id`),
  },
  /** The API describing itself: OpenAPI 3.1 (JSON) and the same as a page for people. */
  docs: {
    openapi: `${apiBase}/docs/openapi.json`,
    page: `${apiBase}/docs`,
  },
  /** Operators of the Kaksha service (docs/operators.md): sign-in without a school. */
  operatorSignIn: `${apiBase}/operator/signIn`,
  /** Password reset with a one-time code (tenant-scoped, public) and change (signed in). */
  forgotPassword: `${apiBase}/forgotPassword`,
  verifyOtp: `${apiBase}/verifyOtp`,
  resetPassword: `${apiBase}/resetPassword`,
  changePassword: `${apiBase}/changePassword`,
} as const;
