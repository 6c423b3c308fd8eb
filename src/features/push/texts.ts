/** English texts of the push prompt and in-app notices (our own; the spec shows none). */
export const pushTexts = {
  prompt: 'Get notices from the school on this device, such as absence alerts and holidays.',
  allow: 'Allow notifications',
  notNow: 'Not now',
  denied: 'Notifications are blocked for this app. You can allow them in the browser’s site settings.',
  failed: 'Notifications could not be turned on here. You still get every notice when the app syncs.',
  enabled: 'Notifications are on for this device.',
  open: 'Open',
  label: 'Notifications',
};
