/**
 * The Firebase web app config the build was given (VITE_FIREBASE_CONFIG, a JSON object), read by
 * the page and the service worker alike. Without it, or without VITE_FIREBASE_VAPID_KEY, the app
 * offers no push and loads nothing of Firebase.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  appId: string;
  messagingSenderId: string;
  [key: string]: string;
}

const required = ['apiKey', 'projectId', 'appId', 'messagingSenderId'] as const;

export function firebaseWebConfig(raw: string | undefined): FirebaseWebConfig | undefined {
  if (!raw?.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('VITE_FIREBASE_CONFIG is not JSON: phone push is off.');
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const entries = Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const config = Object.fromEntries(entries) as FirebaseWebConfig;
  if (required.some((key) => !config[key])) {
    console.warn(`VITE_FIREBASE_CONFIG lacks ${required.filter((key) => !config[key]).join(', ')}: phone push is off.`);
    return undefined;
  }
  return config;
}
