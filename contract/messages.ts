/**
 * Every user-facing string of the spec (sections 2, 5 and 8), verbatim, in one place.
 * Server and client both import from here so a message can never drift between them.
 */
export const messages = {
  tenant: {
    missing: 'Please select school before login.',
  },
  auth: {
    badCredentials: 'The username or password you entered is incorrect.',
    sessionExpired: 'Your session has expired. Please log in to continue.',
    forbidden: 'You do not have permission to perform this action.',
    pendingApproval:
      'Your account is waiting for approval by your school administrator. You can sign in once it is approved.',
    rejected: 'Your registration was not approved by your school. Please contact your school administrator.',
    inactive: 'Your account has been deactivated. Please contact your school administrator.',
    tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
    loginSuccessServer: 'Login successful',
    refreshed: 'Session renewed.',
  },
  network: {
    noResponse:
      'Could not connect to the server. This might be due to an issue with your internet connection or our server being temporarily unavailable. Please check your connection and try again.',
    unexpected: 'An unexpected error occurred. Please try again later.',
  },
  status: {
    400: 'The request was malformed. Please check your input.',
    401: 'Please provide valid credentials.',
    403: 'You do not have permission to perform this action.',
    404: 'The requested resource was not found.',
    500: "Something went wrong on our end. We're working to fix it!",
    other: (code: number) => `An API error occurred (Status: ${code}). Please try again.`,
  },
  login: {
    usernameRequired: 'Username (Email) is required.',
    emailInvalid: 'Please enter a valid email address.',
    passwordRequired: 'Password is required.',
    schoolRequired: 'Please select a school first.',
    failed: 'Login failed. Please check your credentials.',
    invalidResponse: 'Login failed. Invalid response format from server.',
    invalidProfile: 'Login failed. Invalid profile data from server.',
    unexpected: 'An unexpected error occurred during login. Please try again later.',
    success: 'Login successful!',
  },
  register: {
    emailRequired: 'Email ID is required.',
    emailInvalid: 'Enter a valid email ID.',
    passwordRequired: 'Password is required.',
    confirmRequired: 'Confirm Password is required.',
    mismatch: 'Passwords do not match.',
    termsRequired: 'You must agree to the terms and conditions.',
    roleRequired: 'Please select a role.',
    failedUnexpected: 'Registration failed. An unexpected error occurred.',
    network: 'A network error occurred during registration. Please check your connection.',
    success: 'Registration successful!',
    failed: 'Registration failed. Please try again.',
    successActive: 'Registration successful! You can sign in now.',
    successPending:
      'Registration successful! Your school administrator must approve your account before you can sign in.',
    invalidRole: 'Please select a role.',
    weakPassword: 'Password must be at least 8 characters long.',
    // Our own (docs/decisions.md "Hardening"): confirming the address with a mailed code. No answer tells whether the
    // address already has an account or is on a school record.
    codeSent:
      'Almost done: we have e-mailed a 6-digit code to this address. Enter it to confirm the address is yours. If the address already has an account at this school, the e-mail says so instead.',
    codeResent: 'If this registration is still waiting for its code, a new code is on its way.',
    confirmedPending:
      'Registration successful! Your e-mail address is confirmed. Your school administrator must approve your account before you can sign in.',
    codeMailSubject: 'Your Kaksha registration code',
    existingMailSubject: 'Someone tried to register with your e-mail address on Kaksha',
  },
  forgotPassword: {
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
  },
  otp: {
    incomplete: 'Please enter the complete OTP.',
    invalid: 'Invalid OTP. Please try again.',
  },
  contact: {
    duplicatePhone:
      'A request with this phone number has already been submitted. Please use a different number or contact us directly.',
    duplicateEmail:
      'A request with this email address has already been submitted. Please use a different email or contact us directly.',
    unexpected: 'An unexpected error occurred. Please try again.',
    // Our own (docs/decisions.md "Public site and account recovery"): validation of the public form, the answers of the contact endpoints.
    fullNameRequired: 'Please enter your full name.',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
    instituteRequired: 'Please enter the name of your school or institute.',
    phoneInvalid: 'Please enter a valid phone number, or leave it empty.',
    tooLong: (field: string, max: number) => `${field} must be at most ${max} characters long.`,
    received: 'Thank you! Your request has reached the Kaksha team.',
    /** The 409 of a duplicate carries the constraint's name; the client looks for it. */
    duplicate: (constraint: string) =>
      `A contact request with these details already exists (unique constraint "${constraint}").`,
    notFound: 'Contact request not found.',
    markedContacted: 'Marked as contacted.',
    markedNotContacted: 'Marked as not contacted yet.',
    tooManyRequests: (seconds: number) =>
      `You have sent several requests in a short time. Please try again in ${seconds} seconds or write to us directly.`,
  },
  /** Our own (docs/decisions.md "Public site and account recovery"): password reset with a one-time code, and changing a password. */
  recovery: {
    codeSent:
      'If an account with this email exists at this school, we have sent a 4-digit code to it. The code is valid for 10 minutes.',
    codeVerified: 'Code verified. Choose a new password.',
    passwordReset: 'Your password has been changed. Please sign in with your new password.',
    resetSessionExpired: 'Your reset session has expired. Please request a new code.',
    codeExpired: 'This code has expired. Please request a new one.',
    tooManyTries: 'Too many incorrect codes. Please request a new one.',
    tooManyRequests: (seconds: number) =>
      `Too many password reset requests. Please try again in ${seconds} seconds.`,
    mailSubject: 'Your Kaksha password reset code',
  },
  password: {
    tooShort: 'Password must be at least 8 characters long.',
    tooLong: 'Password must be at most 256 characters long.',
    letterAndDigit: 'Password must contain at least one letter and one number.',
    notEmail: 'Password must not be your email address.',
    sameAsCurrent: 'The new password must be different from your current password.',
    currentRequired: 'Please enter your current password.',
    currentWrong: 'Your current password is incorrect.',
    changed: 'Your password has been changed. Your other devices have been signed out.',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    /** The strength rules as a checklist shown before submitting. */
    rules: {
      length: 'At least 8 characters',
      letterAndDigit: 'At least one letter and one number',
      notEmail: 'Not your email address',
      notCurrent: 'Different from your current password',
    },
  },
  /** Our own (docs/i18n.md): the language kept on the account. */
  account: {
    languageSaved: 'Language saved.',
  },
  /** Our own: the people who run the Kaksha service (docs/operators.md). */
  operators: {
    signedIn: 'Signed in as operator.',
  },
  profileLoad: {
    title: 'Profile Load Error',
    body: 'Logged in successfully, but failed to load your detailed profile from storage. Please try logging in again.',
  },
  schools: {
    fetchFailed: 'Could not fetch list of schools for selection. Please check network.',
    loadFailed: 'Failed to load schools. Please check your network connection or try again.',
    noneFound: 'No schools found. Try a different name.',
    selectToSignIn: 'Please select a school to sign in.',
    notFound: 'School not found.',
    // Our own: an admin edits the details printed on certificates.
    updated: 'School details updated.',
    settingsUpdated: 'School settings updated.',
  },
  settings: {
    localLoadFailed: 'Could not load your profile details from local storage. Please log in again.',
    loadFailed: 'An error occurred loading your profile. Please try again.',
    noData: 'No profile data available. Please ensure you are logged in.',
  },
  classes: {
    added: 'Class added successfully!',
    updated: 'Class updated successfully!',
    deleted: 'Class deleted successfully!',
    uploaded: 'Classes uploaded successfully!',
    formErrors: 'Please correct the form errors.',
    selectFile: 'Please select a file to upload.',
    fetchPageFailed: 'Failed to fetch paginated classes.',
    fetchAllFailed: 'Failed to fetch all classes.',
    fetchOneFailed: (id: string) => `Failed to fetch class with ID: ${id}.`,
    addFailed: 'Failed to add class.',
    updateFailed: 'Failed to update class.',
    deleteFailed: 'Failed to delete class.',
    uploadServerFailure: 'Server reported upload failure.',
    searchFailed: 'Failed to search classes by column',
    uploadFailed: 'Failed to upload classes.',
    genericFailed: 'An unexpected error occurred.',
    notFound: 'Class not found.',
    duplicate: 'A class with this name and section already exists.',
    invalidColumn: 'This column cannot be searched.',
    hasStudents: (count: number) =>
      `This class still has ${count} student${count === 1 ? '' : 's'}. Move them to another class before deleting it.`,
  },
  students: {
    deleteFailed: (name: string, error: string) => `Failed to delete student ${name}: ${error}`,
    deletionCancelled: 'Deletion cancelled.',
    operationFailed: 'Operation failed!',
    selectExactlyOne: 'Please select exactly one student to edit.',
    selectAtLeastOne: 'Please select at least one student to delete.',
    selectOnlyOne: 'Please select only one student for deletion at a time.',
    // Our own (docs/records-server.md): the student records' answers.
    added: 'Student added successfully!',
    updated: 'Student updated successfully!',
    deleted: 'Student deleted successfully!',
    uploaded: 'Students uploaded successfully!',
    notFound: 'Student not found.',
    duplicateAdmissionId: 'A student with this admission ID already exists.',
    invalidColumn: 'This column cannot be searched.',
    notYourClass: 'You can only change students of the classes you teach.',
  },
  accounts: {
    approved: 'Account approved.',
    rejected: 'Registration rejected.',
    notFound: 'Account not found.',
    notPending: 'This account is not waiting for approval.',
    chooseStudent: 'Choose the student record this account belongs to.',
    chooseTeacher: 'Choose the teacher record this account belongs to.',
    chooseChildren: "Choose the parent's children.",
    studentNotFound: 'Student not found.',
    teacherNotFound: 'Teacher not found.',
    // Our own (docs/records-server.md): managing accounts.
    passwordReset: "Password reset. The user's other sessions have been signed out.",
    deactivated: 'Account deactivated. The user has been signed out everywhere.',
    reactivated: 'Account reactivated.',
    notActive: 'Only an active account can be deactivated.',
    notInactive: 'Only a deactivated account can be reactivated.',
    notYourself: 'You cannot do this to your own account.',
    // Our own: registration claims (docs/decisions.md "Registration claims").
    unconfirmedAddress:
      'This address was never confirmed with the code we e-mailed to it, so anyone could have registered it. Approve it only if you know the person who registered it owns this address.',
  },
  /** Our own (docs/records-server.md): field checks shared by every school record and its bulk import. */
  records: {
    /** A create whose record id is in use (in this school or any other: the answer does not say). */
    idTaken: 'This record cannot be saved under the id it was sent with. Please create it again.',
    fields: {
      required: (field: string) => `${field} is required.`,
      text: (field: string) => `${field} must be text.`,
      tooLong: (field: string, max: number) => `${field} must be at most ${max} characters long.`,
      email: (field: string) => `${field} must be a valid email address.`,
      date: (field: string) => `${field} must be a real date, for example 12/04/2014 or 2014-04-12.`,
      pastDate: (field: string) => `${field} must be a real date in the past, for example 12/04/2014.`,
      mobile: (field: string) => `${field} must be a 10-digit Indian mobile number starting with 6, 7, 8 or 9.`,
      phone: (field: string) => `${field} must be an Indian phone number: 10 digits with the STD code, or a mobile number.`,
      gender: 'Gender must be Male, Female or Other.',
      aadhaar: 'Aadhaar number must be 12 digits, not starting with 0 or 1, with a valid check digit.',
      apaar: 'APAAR ID must be exactly 12 digits.',
      uuid: (field: string) => `${field} is not a valid record id.`,
    },
  },
  teachers: {
    added: 'Teacher added successfully!',
    updated: 'Teacher updated successfully!',
    deleted: 'Teacher deleted successfully!',
    uploaded: 'Teachers uploaded successfully!',
    notFound: 'Teacher not found.',
    duplicateEmployeeId: 'A teacher with this employee ID already exists.',
    duplicateEmail: 'A teacher with this email address already exists.',
    invalidColumn: 'This column cannot be searched.',
  },
  subjects: {
    added: 'Subject added successfully!',
    updated: 'Subject updated successfully!',
    deleted: 'Subject deleted successfully!',
    notFound: 'Subject not found.',
    duplicate: 'A subject with this name already exists.',
    invalidColumn: 'This column cannot be searched.',
    stillMapped: (count: number) =>
      `This subject is still taught in ${count} class${count === 1 ? '' : 'es'}. Remove it from the class mapping first.`,
  },
  classSubjects: {
    added: 'Subject added to the class.',
    updated: 'Class subject updated.',
    deleted: 'Subject removed from the class.',
    notFound: 'Class subject not found.',
    duplicate: 'This class already takes this subject.',
    invalidColumn: 'This column cannot be searched.',
    classTeacherSet: 'Class teacher saved.',
    classTeacherCleared: 'Class teacher removed.',
  },

  admissions: {
    added: (admissionNumber: string) => `Admission recorded with admission number ${admissionNumber}.`,
    updated: 'Admission updated successfully!',
    cancelled: 'Admission cancelled. Its number stays in the register.',
    notFound: 'Admission not found.',
    alreadyCancelled: 'This admission is already cancelled.',
    numberTaken: (admissionNumber: string) =>
      `A student already has admission ID ${admissionNumber}. Change that student's admission ID first.`,
    dateOutsideYear: (academicYear: string) =>
      `The admission date must stay within the academic year ${academicYear}: the admission number belongs to it.`,
    invalidColumn: 'This column cannot be searched.',
    pendingNumber: 'Pending',
  },
  certificates: {
    issued: (serial: string) => `Certificate ${serial} issued.`,
    notFound: 'Certificate not found.',
    studentNotFound: 'Student not found.',
    titles: {
      bonafide: 'Bonafide Certificate',
      transfer: 'Transfer Certificate',
      studentDetails: 'Student Details',
    },
  },
  imports: {
    selectFile: 'Please select a file to upload.',
    notMultipart: 'Upload the file as multipart/form-data in the field "file".',
    tooLarge: (megabytes: number) => `The file is too large. Upload a file of at most ${megabytes} MB.`,
    unpackedTooLarge: 'The file is too large once unpacked. Split it into smaller files and try again.',
    wrongType: 'This file type is not accepted. Upload an .xlsx, .xls or .csv file.',
    unreadable: 'The file could not be read. It may be damaged; save it again from your spreadsheet program and retry.',
    tooSlow: 'Reading the file took too long. It may be damaged or too complex; save it again and retry.',
    busy: 'Too many imports are running right now. Please try again in a minute.',
    empty: 'The file has no rows to import.',
    tooManyRows: (max: number) => `The file has more than ${max} rows. Split it into smaller files.`,
    rejected: (count: number) =>
      `The file has ${count} problem${count === 1 ? '' : 's'}. Nothing was imported; correct ${count === 1 ? 'it' : 'them'} and upload the file again.`,
    unknownColumn: (name: string) => `Unknown column "${name}".`,
    unnamedColumn: 'This column has values but no header.',
    missingColumn: (name: string) => `Column "${name}" is missing.`,
    duplicateColumn: (name: string) => `Column "${name}" appears twice.`,
    duplicateInFile: (field: string, row: number) => `The same ${field} is already on row ${row}.`,
    classNotFound: (name: string) => `Class ${name} does not exist. Add it (or import the classes) first.`,
    otherSchool: (schoolName: string) => `This row belongs to another school; this is ${schoolName}.`,
    cellTooLong: (max: number) => `The cell is longer than ${max} characters.`,
    unstorableCell: 'The cell contains a character that cannot be saved (a NUL character or a broken character).',
  },
  // Our own (docs/decisions.md "Absence alerts"): what a parent is told when their child is marked absent or late, and corrected.
  absenceAlerts: {
    title: (name: string, status: 'absent' | 'late') => (status === 'absent' ? `${name} is absent` : `${name} is late`),
    message: (name: string, status: 'absent' | 'late', date: string, className: string) => `${name} was marked ${status} on ${date} in ${className}.`,
    correctionTitle: (name: string, status: 'present' | 'leave') => (status === 'present' ? `Correction: ${name} is present` : `Correction: ${name} is on leave`),
    correctionMessage: (name: string, status: 'present' | 'leave', date: string, className: string) =>
      status === 'present' ? `${name} was marked present on ${date} in ${className}.` : `${name} was marked on leave on ${date} in ${className}.`,
  },
  fcm: {
    saved: 'Device token saved.',
    removed: 'Device token removed.',
    otherUser: 'You can only register a device token for your own account.',
  },
  idempotency: {
    invalidKey: 'Idempotency-Key must be a UUID.',
    inFlight: 'This request is still being processed. Try again in a moment.',
    keyReused: 'This Idempotency-Key was already used for a different request.',
  },
  syncPull: {
    pulled: 'Changes since your last sync.',
    reset: 'What you may see has changed. Start again from an empty cursor.',
  },
  syncPush: {
    answered: (ran: number, sent: number) =>
      ran === sent ? `${sent} change${sent === 1 ? '' : 's'} answered.` : `${ran} of ${sent} changes answered; send the rest again.`,
  },
  attendance: {
    saved: 'Attendance saved.',
    savedWithConflicts: (count: number) =>
      `Attendance saved. ${count} mark${count === 1 ? ' was' : 's were'} changed elsewhere; yours ${count === 1 ? 'is' : 'are'} kept in the record's history.`,
    deleted: 'Attendance record deleted.',
    notFound: 'Attendance record not found.',
    classNotFound: 'Class not found.',
    studentNotFound: 'Student not found.',
    invalidDate: 'Use a real calendar date like 2025-06-22.',
    invalidMonth: 'Use a month like 2025-06.',
    invalidRange: 'The start date must not be after the end date, and a range covers at most 366 days.',
    duplicateStudent: 'A student appears more than once on this sheet.',
    notInClass: 'Some students on this sheet are not in this class.',
    changedElsewhere: 'Changed elsewhere: the school kept the other version; yours is in the history.',
    deletedElsewhere: 'Deleted elsewhere: this record was removed; your change is in the history.',
    notYourClass: 'You can only mark attendance for the classes you teach.',
  },
  common: {
    ok: 'OK',
    notFound: 'The requested resource was not found.',
    payloadTooLarge: 'The request is too large.',
    unsupportedMediaType: 'This content type is not accepted. Send JSON.',
    unstorableText:
      'This contains a character that cannot be saved (a NUL character or a broken character). Remove it and try again.',
    tooDeeplyNested: 'The request is nested too deeply.',
    rateLimited: (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`,
    /** 503: the rate limits cannot be counted (Redis does not answer), so a limited request is not taken. */
    limitsUnavailable: 'The server cannot take this request right now. Please try again in a minute.',
    internal: "Something went wrong on our end. We're working to fix it!",
    healthy: 'Kaksha is running.',
  },
  sync: {
    storageFull:
      'This device is out of storage space, so the change was not saved. Free some space and try again.',
    dependencyRejected: 'Not sent: an earlier change it depends on was not accepted by the school.',
    conflict: 'Changed elsewhere: the school kept another version.',
    /** A 2xx answer the app could not read, again and again (another server version, a proxy's page). */
    unreadableAnswer:
      "The school's answer to this change could not be read (this app may need an update). It may have been saved: check it after the next sync.",
    /** A record update whose baseRev lost (contract/sync.ts): the answer's message and its notice's. */
    recordChanged: 'Someone else changed this record first; their version was kept and yours is in its history.',
    recordDeleted: 'Someone else deleted this record first; your change is in its history.',
    waiting: (count: number) =>
      `${count} change${count === 1 ? ' has' : 's have'} not reached the school yet.`,
  },
  ui: {
    loading: 'Loading...',
    initializing: 'Initializing application...',
    errorBoundary: 'Oops! Something went wrong.',
    productName: 'Kaksha',
  },
} as const;
