/** English texts of /admin/schools (our own; the spec shows none). */
export const schoolsTexts = {
  yourSchool: 'Your school',
  certificateNote: 'The address, phone and e-mail are printed on the certificates this school issues.',
  fields: {
    schoolName: 'School name',
    schoolId: 'School ID',
    tenantId: 'Tenant ID',
    address: 'Address',
    phoneNumber: 'Phone number',
    email: 'Email',
  },
  editHeading: 'Edit certificate details',
  phoneHint: 'A mobile number, or a landline with its STD code.',
  save: 'Save details',
  saving: 'Saving…',
  noChanges: 'No changes to save.',
  adminOnly: 'Only the school administrator edits these details.',
  loading: 'Loading…',
  retry: 'Try again',
  offline: 'You are offline. School details are read from the server: connect to the internet to see or change them.',
  offlineEditing: 'You are offline. Your changes stay in the form; save them once you are back online.',
};
