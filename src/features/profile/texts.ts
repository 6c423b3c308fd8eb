/** English texts of the profile screens (our own; the field names are the settings page's, src/i18n). */

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const profileTitles = {
  profile: 'My profile',
};

export const profileTexts = {
  childrenHeading: 'Children',
  noChildren: 'No children are linked to this account yet. The school links them when it approves the account.',
  passwordHeading: 'Password',
  passwordHint: 'Change your password on the Settings page.',
  toSettings: 'Go to Settings',
};
