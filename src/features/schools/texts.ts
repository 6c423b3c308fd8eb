/** English texts of /admin/schools (our own; the spec shows none). */

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const schoolsTitles = {
  schools: 'School details',
};

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
  alertsHeading: 'Absence alerts',
  alertsLabel: 'Tell parents when their child is marked absent or late',
  alertsHint: 'Each linked parent gets one notification (and a phone push) per child and day; a correction to present sends a short correction.',
  alertsOn: 'On',
  alertsOff: 'Off',
  alertsOffline: 'You are offline. Connect to the internet to change this.',
  ranksHeading: 'Ranks on report cards',
  ranksLabel: 'Show each student’s rank in class on report cards',
  ranksHint: 'Off, report cards and results leave the rank out (CBSE no longer publishes merit ranks; many schools leave them out too).',
  offlineEditing: 'You are offline. Your changes stay in the form; save them once you are back online.',
};
