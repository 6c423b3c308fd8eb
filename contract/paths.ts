/** Every API path, so client, server and tests name a route the same way. */
export const apiBase = '/api';

function resource(entity: string) {
  const base = `${apiBase}/${entity}`;
  return {
    all: `${base}/all`,
    one: (id: string) => `${base}/${encodeURIComponent(id)}`,
    page: `${base}/pageNation/all`,
    searchColumn: `${base}/search-using-column-pageNation`,
    create: `${base}/create`,
    update: (id: string) => `${base}/update/${encodeURIComponent(id)}`,
    remove: (id: string) => `${base}/delete/${encodeURIComponent(id)}`,
    upload: `${base}/upload`,
  };
}

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
  schools: {
    all: `${apiBase}/schools/all`,
    one: (id: string) => `${apiBase}/schools/${encodeURIComponent(id)}`,
    /** PUT { address, phoneNumber, email }: the admin's own school's certificate details. */
    update: (tenantId: string) => `${apiBase}/schools/update/${encodeURIComponent(tenantId)}`,
  },
  accounts: {
    pending: `${apiBase}/accounts/pending`,
    approve: (id: string) => `${apiBase}/accounts/${encodeURIComponent(id)}/approve`,
    reject: (id: string) => `${apiBase}/accounts/${encodeURIComponent(id)}/reject`,
    all: `${apiBase}/accounts/all`,
    page: `${apiBase}/accounts/pageNation/all`,
    resetPassword: (id: string) => `${apiBase}/accounts/${encodeURIComponent(id)}/resetPassword`,
    deactivate: (id: string) => `${apiBase}/accounts/${encodeURIComponent(id)}/deactivate`,
    reactivate: (id: string) => `${apiBase}/accounts/${encodeURIComponent(id)}/reactivate`,
  },
  classes: {
    ...resource('classes'),
    template: `${apiBase}/classes/upload/template`,
    /** PUT { teacherId | null }: the class teacher (admins). */
    classTeacher: (id: string) => `${apiBase}/classes/classTeacher/${encodeURIComponent(id)}`,
  },
  students: { ...resource('students'), template: `${apiBase}/students/upload/template` },
  teachers: { ...resource('teachers'), template: `${apiBase}/teachers/upload/template` },
  subjects: resource('subjects'),
  classSubjects: {
    ...resource('classSubjects'),
    /** GET: the classes the signed-in user may mark and edit (all for admins). */
    myClasses: `${apiBase}/classSubjects/myClasses`,
  },
  admissions: {
    ...resource('admissions'),
    /** GET by admission number ("2025-0042"), for /admin/records/edit/{admissionNumber}. */
    byNumber: (admissionNumber: string) => `${apiBase}/admissions/number/${encodeURIComponent(admissionNumber)}`,
  },
  certificates: {
    all: `${apiBase}/certificates/all`,
    page: `${apiBase}/certificates/pageNation/all`,
    one: (id: string) => `${apiBase}/certificates/${encodeURIComponent(id)}`,
    /** POST: issue one for a student; answers the register entry with its print data. */
    issue: (kind: 'bonafide' | 'transfer' | 'studentDetails', studentId: string) =>
      `${apiBase}/certificates/${kind}/${encodeURIComponent(studentId)}`,
    print: (id: string) => `${apiBase}/certificates/print/${encodeURIComponent(id)}`,
  },
  attendance: {
    ...resource('attendance'),
    markSheet: `${apiBase}/attendance/mark-sheet`,
    sheet: `${apiBase}/attendance/sheet`,
    student: (id: string) => `${apiBase}/attendance/student/${encodeURIComponent(id)}`,
    classSummary: `${apiBase}/attendance/class-summary`,
  },
  sync: {
    pull: `${apiBase}/sync/pull`,
  },
  contactedClient: {
    create: `${apiBase}/contacted_client/create`,
    all: `${apiBase}/contacted_client/all`,
    /** Operators only: sets or clears "contacted" (PUT, body { contacted }). */
    update: (id: string) => `${apiBase}/contacted_client/update/${encodeURIComponent(id)}`,
  },
  /** Operators of the Kaksha service (docs/operators.md): sign-in without a school. */
  operatorSignIn: `${apiBase}/operator/signIn`,
  /** Password reset with a one-time code (tenant-scoped, public) and change (signed in). */
  forgotPassword: `${apiBase}/forgotPassword`,
  verifyOtp: `${apiBase}/verifyOtp`,
  resetPassword: `${apiBase}/resetPassword`,
  changePassword: `${apiBase}/changePassword`,
} as const;

/** Route patterns as Fastify declares them (same strings as above, with `:id`). */
export function routePattern(path: string): string {
  return path.startsWith(apiBase) ? path.slice(apiBase.length) : path;
}
