/** English texts of the install and update prompts (our own design). */
export const pwaTexts = {
  regionLabel: 'App updates and installation',
  updateReady: 'A new version is ready.',
  updateHint: 'Your changes are kept on this device while it reloads.',
  reload: 'Reload',
  reloading: 'Reloading…',
  later: 'Later',
  installTitle: 'Install Kaksha on this device',
  installHint: 'Opens from your home screen and works without a network.',
  install: 'Install',
  notNow: 'Not now',
} as const;
